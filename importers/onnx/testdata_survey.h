// The survey of Debian's libonnx-testdata (node tests, converted PyTorch
// models and operators, simple models): every model imported with its
// test_data_set_0, run on the reference and compared with ONNX's expected
// outputs; one row per model with its outcome and the reason.
#ifndef NNRT_IMPORTERS_ONNX_TESTDATA_SURVEY_H_
#define NNRT_IMPORTERS_ONNX_TESTDATA_SURVEY_H_

#include <string>
#include <vector>

namespace nnrt {
namespace onnx_import {

constexpr const char* kOnnxTestdataRoot = "/usr/share/libonnx-testdata/data";

// agrees: imported, run, within C-791 of ONNX's outputs. unmapped: the
// importer lists what it cannot map. rejected: the reference refuses the
// imported model (a data type or attribute value it does not implement).
// differs: runs but disagrees with ONNX (each such model needs an entry in
// the known-differences list with the semantic reason).
struct SurveyRow {
  std::string model;     // "node/test_relu"
  std::string outcome;   // agrees | unmapped | rejected | differs
  std::string reason;    // one line
};

// The model directories under `root`'s node, pytorch-converted,
// pytorch-operator and simple folders that hold model.onnx and
// test_data_set_0, sorted.
std::vector<std::string> TestdataModels(const std::string& root);

SurveyRow SurveyModel(const std::string& root, const std::string& model);

// "outcome model | reason" lines.
std::string FormatSurvey(const std::vector<SurveyRow>& rows);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_TESTDATA_SURVEY_H_
