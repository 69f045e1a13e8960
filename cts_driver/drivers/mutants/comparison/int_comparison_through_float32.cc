// A deliberately wrong driver: int32 / int64 comparisons decode both operands
// through float32 first (how Arm NN 20.08's CpuRef reads a Signed32 tensor), so
// integers above 2^24 that round to one float32 compare equal: 33554435 ==
// 33554436 is true. Caught by the valid-model properties of the six
// comparisons, whose directed case 0 of int32 / int64 pairs adjacent integers
// sharing one float32 (conformance/specs/comparison_spec.cc).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/comparison.h"
#include "reference/ops/core/op_util.h"

namespace {

nnrt::Status IntComparisonThroughFloat32(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& x1 = ctx.inputs[0];
  const nnrt::TensorArg& x2 = ctx.inputs[1];
  const bool integer = x1.dtype() == nnrt::DataType::kInt32 || x1.dtype() == nnrt::DataType::kInt64;
  if (!integer || x1.quantized()) return nnrt::ComparisonKernel(ctx);
  nnrt::TensorArg& y = ctx.outputs[0];
  const nnrt::NodeType type = ctx.node->type;
  nnrt::ForEachBroadcastPair(x1.dims, x2.dims, y.dims, [&](size_t i1, size_t i2, size_t o) {
    const float a = static_cast<float>(nnrt::LoadAsInt64(x1.dtype(), x1.data, i1));
    const float b = static_cast<float>(nnrt::LoadAsInt64(x2.dtype(), x2.data, i2));
    nnrt::StoreInt64(nnrt::DataType::kBool, y.mutable_data, o, nnrt::CompareDoubles(type, a, b) ? 1 : 0);
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-int-comparison-through-float32";
    options.vendor_name = "NNRt CTS sample wrong driver";
    for (nnrt::NodeType t : {nnrt::NodeType::EQUAL, nnrt::NodeType::NOT_EQUAL, nnrt::NodeType::LESS,
                             nnrt::NodeType::LESS_EQUAL, nnrt::NodeType::GREATER, nnrt::NodeType::GREATER_EQUAL}) {
      options.overrides.push_back(nnrt::KernelOverride{t, IntComparisonThroughFloat32});
    }
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
