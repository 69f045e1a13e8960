// A driver whose float -> integer CAST maps NaN to the type's minimum (what
// x86 cvttss2si produces for int32) instead of 0 (C-182). CAST is exact in
// every mode (quantization_semantics 5.2 row 1), so the suite must fail it.
#include <cmath>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/cast.h"

namespace {

nnrt::Status CastNanToIntMin(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::CastKernel(ctx));
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  if (!nnrt::IsFloatType(x.dtype()) || !nnrt::IsIntegerType(y.dtype())) return nnrt::Status::Ok();
  for (size_t i = 0; i < static_cast<size_t>(x.elements()); ++i) {
    if (std::isnan(nnrt::LoadAsDouble(x.dtype(), x.data, i))) {
      nnrt::StoreInt64(y.dtype(), y.mutable_data, i, nnrt::QuantMin(y.dtype()));
    }
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-cast-nan-to-int-min";
    options.vendor_name = "NNRt CTS sample driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CAST, CastNanToIntMin}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
