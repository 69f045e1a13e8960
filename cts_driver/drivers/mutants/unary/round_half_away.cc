// A driver whose float ROUND rounds ties away from zero (the "四舍五入" reading
// of ops_catalog #102) instead of to even (C-172). ROUND's float tolerance is
// 0.5 ulp (correctly rounded, quantization_semantics 5.2 row 1), so the suite
// must fail it on a tie such as 0.5 or -2.5.
#include <cmath>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/elementwise/unary_math.h"

namespace {

nnrt::Status RoundHalfAway(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::UnaryMathKernel(ctx));  // validation, integer and quantized paths
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  if (!nnrt::IsFloatType(y.dtype())) return nnrt::Status::Ok();
  for (size_t i = 0; i < static_cast<size_t>(x.elements()); ++i) {
    nnrt::StoreDouble(y.dtype(), y.mutable_data, i, std::round(nnrt::LoadAsDouble(x.dtype(), x.data, i)));
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-round-half-away";
    options.vendor_name = "NNRt CTS sample driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ROUND, RoundHalfAway}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
