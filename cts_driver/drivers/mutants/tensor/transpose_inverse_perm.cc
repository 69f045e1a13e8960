// A deliberately wrong driver: TRANSPOSE reads x through the inverse
// permutation (output axis k takes x's stride along inv[k], not perm[k]), the
// slip of a kernel that scatters by perm where it should gather. Swaps and the
// identity are their own inverses, so only perms with a cycle of three or more
// axes show it. Caught by the valid-model property of TRANSPOSE.
#include <cstring>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/transpose.h"

namespace {

nnrt::Status TransposeInversePerm(nnrt::OpContext& ctx) {
  const nnrt::TransposeParams& p = ctx.Params<nnrt::TransposeParams>();
  const nnrt::TensorArg& x = ctx.inputs[0];
  std::vector<int64_t> perm;
  NNRT_RETURN_IF_ERROR(nnrt::ReadIntTensor(ctx.inputs[1], "perm", &perm));
  const std::vector<int64_t> strides = nnrt::RowMajorStrides(x.dims);
  std::vector<int64_t> wrong(perm.size());
  for (size_t k = 0; k < perm.size(); ++k) wrong[static_cast<size_t>(perm[k])] = strides[k];  // stride[inv[k]]
  nnrt::TensorArg& y = ctx.outputs[0];
  const size_t es = nnrt::DataTypeSize(y.dtype());
  const int64_t count = x.elements() > 0 ? x.elements() : 1;
  nnrt::ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    const int64_t at = nnrt::OffsetOf(index, wrong) % count;
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, x.data + static_cast<size_t>(at) * es, es);
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-transpose-inverse-perm";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::TRANSPOSE, TransposeInversePerm}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
