// A deliberately wrong driver: GATHER counts a negative index from the end
// (numpy / ONNX style: -1 is the last slice) instead of rejecting it, which
// C-351 requires (NNRT_INVALID_INPUT from Run for a run-time index outside
// [0, x.dims[axis])). Indices past the end are still rejected. Implemented as
// an InferFn that wraps the index values in [-n, -1] before the reference's
// shape inference reads them. Caught by the invalid-model part of GATHER: its
// directed cases hold run-time indices and the run probe index_negative
// expects the documented error in every run (C-913).
#include <cstdint>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/tensor/gather_scatter.h"

namespace {

nnrt::Status InferGatherWrappingNegatives(nnrt::OpContext& ctx) {
  nnrt::TensorArg& indices = ctx.inputs[1];
  const nnrt::TensorArg& x = ctx.inputs[0];
  const nnrt::TensorArg& axis_input = ctx.inputs[2];
  if (indices.data == nullptr || axis_input.data == nullptr || x.dims.empty() || indices.elements() <= 0) {
    return nnrt::InferGather(ctx);
  }
  const auto rank = static_cast<int64_t>(x.dims.size());
  int64_t axis = nnrt::LoadAsInt64(axis_input.dtype(), axis_input.data, 0);
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank || x.dims[static_cast<size_t>(axis)] <= 0) return nnrt::InferGather(ctx);
  const int64_t n = x.dims[static_cast<size_t>(axis)];
  const size_t count = static_cast<size_t>(indices.elements());
  std::vector<uint8_t> wrapped(indices.data, indices.data + count * nnrt::DataTypeSize(indices.dtype()));
  for (size_t i = 0; i < count; ++i) {
    const int64_t v = nnrt::LoadAsInt64(indices.dtype(), wrapped.data(), i);
    if (v < 0 && v >= -n) nnrt::StoreInt64(indices.dtype(), wrapped.data(), i, v + n);
  }
  const uint8_t* original = indices.data;
  indices.data = wrapped.data();
  const nnrt::Status status = nnrt::InferGather(ctx);
  indices.data = original;
  return status;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-gather-negative-index-wraps",
      {nnrt::KernelOverride{nnrt::NodeType::GATHER, nnrt::GatherKernel, InferGatherWrappingNegatives}});
  return driver;
}
