// A deliberately wrong driver: STACK resolves a negative axis against the
// input rank (axis + rank) instead of the output rank (axis + rank + 1), so
// -1 stacks before the last input dim instead of after it. Non-negative axes
// are right. Caught by the valid-model property of STACK (its generator
// gives the axis negative half of the time).
#include <cstring>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status StackNegativeAxisOnInputRank(nnrt::OpContext& ctx) {
  const nnrt::Dims& piece = ctx.inputs[0].dims;
  const int64_t rank = static_cast<int64_t>(piece.size());
  int64_t axis = nnrt::IntAttr(*ctx.node, "axis");
  if (axis < 0) axis = axis + rank < 0 ? 0 : axis + rank;
  const auto at = static_cast<size_t>(axis);
  const size_t bytes = static_cast<size_t>(nnrt::DimProduct(piece, at, piece.size())) *
                       nnrt::DataTypeSize(ctx.outputs[0].dtype());
  const int64_t outer = nnrt::DimProduct(piece, 0, at);
  uint8_t* dst = ctx.outputs[0].mutable_data;
  for (int64_t o = 0; o < outer; ++o) {
    for (const nnrt::TensorArg& in : ctx.inputs) {
      std::memcpy(dst, in.data + static_cast<size_t>(o) * bytes, bytes);
      dst += bytes;
    }
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-stack-negative-axis-on-input-rank";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::STACK, StackNegativeAxisOnInputRank}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
