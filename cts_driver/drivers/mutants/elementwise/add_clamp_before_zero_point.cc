// A deliberately wrong driver: quantized ADD_FUSION saturates the rounded
// value to the int8/uint8 range BEFORE adding the output zero point, then
// adds it and saturates again (quantization_semantics 4.3: q =
// clamp(round(t + zp)); the clamp comes after the zero point). The bug shows
// whenever t lies outside the type range but t + zp does not, e.g. t = 150,
// zp = -50: correct 100, this driver 77 -- far beyond the +-1 LSB tolerance.
// Realistic: an implementation that stores the rounded intermediate in the
// output type before the zero-point add. Only the quantizing step changes,
// through the reference's RunArithmeticWithRounding hook.
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/arithmetic.h"

namespace {

int64_t RoundClampThenAddZeroPoint(double t, int32_t zero_point, int64_t qmin, int64_t qmax) {
  const int64_t rounded = nnrt::RoundAddZeroPointAndClamp(t, 0, qmin, qmax);  // RHA(t), saturated
  const int64_t q = rounded + zero_point;
  return q < qmin ? qmin : (q > qmax ? qmax : q);
}

nnrt::Status AddClampBeforeZeroPoint(nnrt::OpContext& ctx) {
  return nnrt::RunArithmeticWithRounding(ctx, nnrt::NodeType::ADD_FUSION, RoundClampThenAddZeroPoint);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-add-clamp-before-zero-point";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ADD_FUSION, AddClampBeforeZeroPoint}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
