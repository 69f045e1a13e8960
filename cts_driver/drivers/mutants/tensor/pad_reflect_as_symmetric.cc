// A deliberately wrong driver: PAD_FUSION's REFLECT mode mirrors with the edge
// element repeated (SYMMETRIC's rule), the classic off-by-one between the two
// mirror modes. Any REFLECT case with a non-zero amount gets wrong values.
// Caught by the valid-model property of PAD_FUSION.
#include <cstring>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/pad.h"

namespace {

nnrt::Status PadReflectAsSymmetric(nnrt::OpContext& ctx) {
  const nnrt::PadParams& p = ctx.Params<nnrt::PadParams>();
  const nnrt::PaddingMode mode = p.mode == nnrt::PaddingMode::kReflect ? nnrt::PaddingMode::kSymmetric : p.mode;
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  const size_t es = nnrt::DataTypeSize(y.dtype());
  const std::vector<int64_t> strides = nnrt::RowMajorStrides(p.in);
  nnrt::ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d) {
      const int64_t i = nnrt::PadSourceIndex(mode, index[d] - p.before[d], p.in[d]);
      if (i < 0) {
        offset = -1;
        break;
      }
      offset += i * strides[d];
    }
    const uint8_t* src = offset < 0 ? p.fill.data() : x.data + static_cast<size_t>(offset) * es;
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, src, es);
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-pad-reflect-as-symmetric";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::PAD_FUSION, PadReflectAsSymmetric}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
