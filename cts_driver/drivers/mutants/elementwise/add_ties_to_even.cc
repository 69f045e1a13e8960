// A driver whose quantized ADD_FUSION rounds ties to even instead of away
// from zero (quantization_semantics 6.2 / 4.3). This is NOT a conformance
// failure by design: the default +-1 LSB tolerance exists to admit RHE and
// fixed-point pipelines (quantization_semantics 5.1, C-84). It is the
// suite's check that strict mode (NNRT_CTS_MODE=strict / --strict), meant for
// drivers claiming the exact pipeline, does catch a tie-rule difference.
#include <cmath>

#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/arithmetic.h"

namespace {

int64_t RoundHalfToEvenAddZeroPointAndClamp(double t, int32_t zero_point, int64_t qmin, int64_t qmax) {
  if (std::isnan(t)) return zero_point < qmin ? qmin : (zero_point > qmax ? qmax : zero_point);
  if (t > 0x1p62) return qmax;
  if (t < -0x1p62) return qmin;
  // The real value t + zp = n + frac with n integer, frac in [0, 1) exact.
  const double f = std::floor(t);
  const double frac = t - f;
  int64_t n = static_cast<int64_t>(f) + zero_point;
  if (frac > 0.5 || (frac == 0.5 && (n & 1) != 0)) n += 1;  // tie: to the even neighbour
  return n < qmin ? qmin : (n > qmax ? qmax : n);
}

nnrt::Status AddTiesToEven(nnrt::OpContext& ctx) {
  return nnrt::RunArithmeticWithRounding(ctx, nnrt::NodeType::ADD_FUSION, RoundHalfToEvenAddZeroPointAndClamp);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "sample-add-ties-to-even";
    options.vendor_name = "NNRt CTS sample driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ADD_FUSION, AddTiesToEven}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
