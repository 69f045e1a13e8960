// The reference's outputs of an imported model against ONNX's expected
// outputs (output_K.pb), under the tolerance ONNX's own backend tests use
// (C-791): numpy.testing.assert_allclose with rtol 1e-3, atol 1e-7 for
// floats (NaN equals NaN), exact for integers and bool; dims and data type
// must match.
#ifndef NNRT_IMPORTERS_ONNX_ONNX_AGREEMENT_H_
#define NNRT_IMPORTERS_ONNX_ONNX_AGREEMENT_H_

#include <string>
#include <vector>

#include "reference/text_format/text_format.h"

namespace nnrt {
namespace onnx_import {

constexpr double kOnnxRelativeTolerance = 1e-3;
constexpr double kOnnxAbsoluteTolerance = 1e-7;

struct Agreement {
  bool agrees = true;
  // One line per output: "y: agrees (worst |diff| 1.2e-08 at 5, allowed 1.0e-03)" or why not.
  std::string report;
};

// reference[i] is compared with the expected tensor of the same name.
Agreement CompareWithOnnxExpected(const std::vector<NamedTensor>& reference, const std::vector<NamedTensor>& onnx_expected);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_ONNX_AGREEMENT_H_
