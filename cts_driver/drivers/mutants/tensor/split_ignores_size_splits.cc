// A deliberately wrong driver: SPLIT ignores sizeSplits when it picks where
// each piece starts: piece i is read from slice i * (length / N) along the
// axis (the equal-split offset), with its declared size (clamped to the axis).
// Equal splits are right. Caught by the valid-model property of SPLIT.
#include <algorithm>
#include <cstring>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status SplitIgnoresSizeSplits(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& x = ctx.inputs[0];
  const int64_t rank = static_cast<int64_t>(x.dims.size());
  int64_t axis = nnrt::IntAttr(*ctx.node, "axis");
  if (axis < 0) axis += rank;
  const auto at = static_cast<size_t>(axis);
  const int64_t length = x.dims[at];
  const int64_t n = static_cast<int64_t>(ctx.outputs.size());
  const int64_t outer = nnrt::DimProduct(x.dims, 0, at);
  const int64_t inner = nnrt::DimProduct(x.dims, at + 1, x.dims.size());
  const size_t es = nnrt::DataTypeSize(x.dtype());
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < n; ++i) {
      nnrt::TensorArg& y = ctx.outputs[static_cast<size_t>(i)];
      const int64_t size = y.dims[at];
      const int64_t start = std::min(i * (length / n), length - size);
      const size_t bytes = static_cast<size_t>(size * inner) * es;
      std::memcpy(y.mutable_data + static_cast<size_t>(o) * bytes,
                  x.data + static_cast<size_t>((o * length + start) * inner) * es, bytes);
    }
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-split-ignores-size-splits";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::SPLIT, SplitIgnoresSizeSplits}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
