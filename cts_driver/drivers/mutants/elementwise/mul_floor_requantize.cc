// A deliberately wrong driver: quantized MUL requantizes with floor instead
// of rounding to nearest (quantization_semantics 4.3). Every element stays
// within the +-1 LSB bound, but about half of them are one LSB low and none
// high: a bias of half an LSB on every element. Caught by the comparator's
// sign test on the +-1 differences (docs/conformance.md "Rounding bias").
#include <cmath>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/arithmetic.h"

namespace {

int64_t FloorAddZeroPointAndClamp(double t, int32_t zero_point, int64_t qmin, int64_t qmax) {
  if (std::isnan(t)) return zero_point < qmin ? qmin : (zero_point > qmax ? qmax : zero_point);
  if (t > 0x1p62) return qmax;
  if (t < -0x1p62) return qmin;
  const int64_t n = static_cast<int64_t>(std::floor(t)) + zero_point;
  return n < qmin ? qmin : (n > qmax ? qmax : n);
}

nnrt::Status MulFloorRequantize(nnrt::OpContext& ctx) {
  return nnrt::RunArithmeticWithRounding(ctx, nnrt::NodeType::MUL_FUSION, FloorAddZeroPointAndClamp);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-mul-floor-requantize";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::MUL_FUSION, MulFloorRequantize}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
