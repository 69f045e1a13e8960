// Whether the reference's and oneDNN's outputs of one benchmark case agree,
// which shows that both sides of a ratio computed the same function.
#ifndef NNRT_BENCH_OUTPUT_AGREEMENT_H_
#define NNRT_BENCH_OUTPUT_AGREEMENT_H_

#include <cstdint>
#include <string>
#include <vector>

namespace nnrt {
namespace bench {

// "agree (...)" or "DIFFER (...)" with the largest difference:
// int8: in LSB, agreeing up to 1 LSB (oneDNN rounds ties to even, the
// reference half away from zero; C-527 and quantization.md 4.3);
// float32: the largest |difference| relative to the largest |output|,
// agreeing up to 1e-3. This is a same-function check, not a conformance
// verdict (the suite's comparator does that): a wrong tap, weight, window or
// layout moves outputs by O(1) of their magnitude, while a different
// summation order moves a float32 sum of K terms by a few sqrt(K) * 2^-24 of
// the sum of |terms| in practice (a priori at most (K - 1) * 2^-24 of it per
// side); with K <= 576 and |x|, |w| <= 2 that stays near 1e-6 of the outputs.
std::string CompareOutputs(const std::vector<uint8_t>& reference, const std::vector<uint8_t>& onednn, bool int8);

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_OUTPUT_AGREEMENT_H_
