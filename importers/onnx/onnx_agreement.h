// The reference's outputs of an imported model against ONNX's expected
// outputs (output_K.pb), under the tolerance ONNX's own backend tests use
// (C-791): numpy.testing.assert_allclose with rtol 1e-3, atol 1e-7 for
// floats (NaN equals NaN), exact for integers and bool; dims and data type
// must match. Near-zero differences (C-895) are reported apart.
#ifndef NNRT_IMPORTERS_ONNX_ONNX_AGREEMENT_H_
#define NNRT_IMPORTERS_ONNX_ONNX_AGREEMENT_H_

#include <string>
#include <vector>

#include "reference/text_format/text_format.h"

namespace nnrt {
namespace onnx_import {

constexpr double kOnnxRelativeTolerance = 1e-3;
constexpr double kOnnxAbsoluteTolerance = 1e-7;
// The absolute resolution of a float32 peer near zero (C-895): ONNX Runtime
// evaluates σ, tanh and the softmax family as 0.5 + t, 1 − t or a quotient of
// numbers of magnitude ~1, so a result near 0 carries an absolute error of a
// few ulp(0.5) = 2^-24 whatever its size (observed: σ = 2·2^-24 vs the exact
// 1.2e-7). 2^-21 is 8 such ulps. An element outside C-791's bound whose
// |ref − onnx| ≤ 2^-21 and where both values are ≤ 2^-21 in magnitude is a
// near-zero difference: counted and listed apart, not a disagreement.
constexpr double kNearZeroAbsolute = 0x1p-21;
// Up to this magnitude of both values a difference within kNearZeroAbsolute
// counts as near-zero; above it C-791's relative term (1e-3 * 2^-11 > 2^-21 -
// 1e-7) already allows such a difference, so the two rules meet (C-895).
constexpr double kNearZeroValues = 0x1p-11;

struct Agreement {
  bool agrees = true;
  // Elements outside C-791's bound only by a near-zero difference (C-895).
  size_t near_zero_differences = 0;
  // One line per output: "y: agrees (worst |diff| 1.2e-08 at 5, allowed 1.0e-03)" or why not.
  std::string report;
};

// reference[i] is compared with the expected tensor of the same name.
Agreement CompareWithOnnxExpected(const std::vector<HostTensor>& reference, const std::vector<HostTensor>& onnx_expected);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_ONNX_AGREEMENT_H_
