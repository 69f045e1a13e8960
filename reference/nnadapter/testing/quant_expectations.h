// Expected quantised values for the API tests, written from the formulas of
// docs/quantization.md (sections 3, 4 and 6) and not from the reference's
// numerics, so that a test compares the reference with an independent
// evaluation.
#ifndef NNRT_REFERENCE_NNADAPTER_TESTING_QUANT_EXPECTATIONS_H_
#define NNRT_REFERENCE_NNADAPTER_TESTING_QUANT_EXPECTATIONS_H_

#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

namespace nnrt {
namespace nna {
namespace testing {

// One quantisation: scale (float32, as NNAdapter carries it), zero point and
// the code range of the data type.
struct QuantCode {
  float scale;
  int32_t zero_point;
  int64_t qmin;
  int64_t qmax;
};

inline QuantCode Int8Code(float scale) { return {scale, 0, -128, 127}; }
inline QuantCode Uint8Code(float scale, int32_t zero_point) { return {scale, zero_point, 0, 255}; }

// Section 4: r = (q - z) * s, exact for 8-bit codes and float32 scales.
inline double ExpectDequantize(int64_t q, const QuantCode& c) {
  return static_cast<double>(q - c.zero_point) * static_cast<double>(c.scale);
}

// Section 3: t = fl64(r / s); q = clamp(RHA(t + z)) with the real sum t + z
// rounded once, half away from zero; NaN -> z; +-inf saturate.
inline int64_t ExpectQuantize(double r, const QuantCode& c) {
  auto clamp = [&c](int64_t v) { return v < c.qmin ? c.qmin : (v > c.qmax ? c.qmax : v); };
  if (std::isnan(r)) return clamp(c.zero_point);
  const double t = r / static_cast<double>(c.scale);
  if (t > 1e18) return c.qmax;
  if (t < -1e18) return c.qmin;
  const double f = std::floor(t);
  const double frac = t - f;  // exact
  int64_t n = static_cast<int64_t>(f) + c.zero_point;
  if (frac > 0.5 || (frac == 0.5 && n >= 0)) ++n;
  return clamp(n);
}

// Each real quantised once.
inline std::vector<int64_t> ExpectQuantizeAll(const std::vector<double>& reals, const QuantCode& c) {
  std::vector<int64_t> v;
  for (double r : reals) v.push_back(ExpectQuantize(r, c));
  return v;
}

// Section 6: each code through f in binary64, quantised once.
inline std::vector<int64_t> ExpectTable(const std::function<double(double)>& f, const std::vector<int64_t>& codes,
                                        const QuantCode& in, const QuantCode& out) {
  std::vector<int64_t> y;
  for (int64_t q : codes) y.push_back(ExpectQuantize(f(ExpectDequantize(q, in)), out));
  return y;
}

}  // namespace testing
}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_TESTING_QUANT_EXPECTATIONS_H_
