// A deliberately wrong driver: CONCAT resolves a negative axis as
// axis + rank - 1 instead of axis + rank (the off-by-one of a kernel that
// counts from the last index), so -1 joins along the second-to-last dim.
// Non-negative axes are right. Caught by the valid-model property of CONCAT
// (its generator gives the axis negative half of the time).
#include <cstring>
#include <vector>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status ConcatNegativeAxisOffByOne(nnrt::OpContext& ctx) {
  const int64_t rank = static_cast<int64_t>(ctx.inputs[0].dims.size());
  int64_t axis = nnrt::IntAttr(*ctx.node, "axis");
  if (axis < 0) axis = axis + rank - 1 < 0 ? 0 : axis + rank - 1;
  const auto at = static_cast<size_t>(axis);
  const size_t es = nnrt::DataTypeSize(ctx.outputs[0].dtype());
  // Dims before the (wrong, smaller) axis are common to every input.
  const int64_t outer = nnrt::DimProduct(ctx.inputs[0].dims, 0, at);
  uint8_t* dst = ctx.outputs[0].mutable_data;
  for (int64_t o = 0; o < outer; ++o) {
    for (const nnrt::TensorArg& in : ctx.inputs) {
      const size_t bytes = static_cast<size_t>(nnrt::DimProduct(in.dims, at, in.dims.size())) * es;
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
    options.device_name = "mutant-concat-negative-axis-off-by-one";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONCAT, ConcatNegativeAxisOffByOne}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
