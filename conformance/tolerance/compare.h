// Element-wise comparison of a candidate's output tensor against the
// reference's, under a Tolerance from tolerance.h. The reference side supplies
// per-element information the bounds need (ReferenceAux): the op input x for
// transcendental bounds, the magnitude sum(|a*b|) for dot products, skip
// flags for out-of-contract elements (quantization_semantics 5.1 last
// paragraph).
#ifndef NNRT_CONFORMANCE_COMPARE_H_
#define NNRT_CONFORMANCE_COMPARE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "conformance/tolerance/tolerance.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace cts {

// A borrowed tensor buffer: `elements` values of `dtype` at `data`.
struct OutputView {
  DataType dtype = DataType::kUnknown;
  const uint8_t* data = nullptr;
  size_t elements = 0;
};

struct ReferenceAux {
  // kAbsError: the op's input value feeding each output element.
  std::vector<double> input_x;
  // kDotProduct and enableFloat16: sum(|terms|) per output element, computed
  // by the reference in double on |inputs| (TOSA "bounds mode").
  std::vector<double> magnitude;
  // kDotProduct: number of rounded terms per output element (KS, + 1 for bias).
  int64_t dot_terms = 0;
  // kDotProduct, normalisations (C-965): per output element, the largest factor
  // by which an intermediate rounding into the subnormal range (absolute error
  // s_min / 2) reaches the output. Empty: none beyond the per-term C-964 part.
  std::vector<double> underflow_gain;
  // Elements the reference marks out of contract (skipped and counted).
  std::vector<bool> skip;
};

struct CompareResult {
  bool pass = true;
  size_t elements = 0;
  size_t mismatches = 0;  // elements outside their bound
  size_t skipped = 0;
  // The element with the largest error relative to its bound (-1: none differed).
  int64_t worst_index = -1;
  double worst_expected = 0;
  double worst_actual = 0;
  double worst_error = 0;    // in `unit`
  double worst_allowed = 0;  // in `unit`
  const char* unit = "";     // "ulp", "lsb" or "abs"
  // Quantized: counts of +1 / -1 differences and mean signed error (bias),
  // reported even when the tensor passes (a systematic +1 reveals the tie rule).
  size_t plus_one = 0;
  size_t minus_one = 0;
  double mean_signed_error = 0;
  // Two-sided sign-test p-value of the +-1 differences (1 when not tested).
  double bias_p_value = 1;
  // Dot products: the tensor-level RMS check (TOSA: sum err^2 <= 1.6 ksb T).
  bool rms_checked = false;
  double rms_sum = 0;
  double rms_limit = 0;
  std::string message;  // empty on pass; otherwise why
  std::string ToString() const;
};

// Units-in-the-last-place of x in a float type with `fraction_bits`
// (23 float32, 10 float16, 52 float64): 2^(floor(log2|x|) - fraction_bits),
// floored at the ulp of the smallest normal (quantization_semantics 5.2).
double UlpOf(double x, int fraction_bits);
// Smallest positive normal of that type.
double SmallestNormal(int fraction_bits);

// The allowed |impl - ref| for float element i of a tensor of `out_type`
// under `tol` (what CompareTensor accepts around `ref`); +inf means "no
// requirement". Sets *error when `aux` lacks what the row needs.
double FloatAllowedError(const Tolerance& tol, DataType out_type, double ref, size_t i, const ReferenceAux& aux,
                         std::string* error);

// Compares two tensors of the same dtype and element count. Integer and bool
// outputs compare as integers (kLsb allows +-lsb, everything else exact);
// float outputs follow the rules of quantization_semantics 5.2: a NaN
// reference needs some NaN, infinities must match unless the bound overflows
// the type, +0 == -0 and an output flushed to zero is accepted when the
// reference lies below the smallest normal (both not in strict mode).
CompareResult CompareTensor(const Tolerance& tol, const OutputView& expected, const OutputView& actual,
                            const ReferenceAux& aux);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_COMPARE_H_
