// A deliberately wrong driver: SPARSE_TO_DENSE keeps the first of duplicate
// indices (a kernel that skips positions already written) where the
// reference lets a later one overwrite (C-622). Every case with two
// different values at one index gets wrong values. Caught by the
// valid-model property of SPARSE_TO_DENSE.
#include <cstring>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ir/ir.h"
#include "reference/ops/tensor/gather_scatter.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/tensor/sparse_to_dense.h"

namespace {

nnrt::Status FirstDuplicateWins(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::ScatterNdKernel(ctx));
  const nnrt::ScatterNdParams& p = ctx.Params<nnrt::ScatterNdParams>();
  const size_t es = nnrt::DataTypeSize(ctx.outputs[0].dtype());
  for (size_t m = p.offsets.size(); m-- > 0;) {
    const size_t from = p.one_update ? 0 : m * es;
    std::memcpy(ctx.outputs[0].mutable_data + static_cast<size_t>(p.offsets[m]) * es, ctx.inputs[1].data + from, es);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-sparse-to-dense-first-duplicate-wins";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {
        nnrt::KernelOverride{nnrt::NodeType::SPARSE_TO_DENSE, FirstDuplicateWins, nnrt::InferSparseToDense}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
