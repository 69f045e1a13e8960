// Prints the libonnx-testdata survey table (testdata_survey.h); `bazel run
// //importers/onnx:onnx_testdata_survey > importers/onnx/testdata_survey.txt`
// regenerates the checked-in table the testdata test compares with.
#include <iostream>

#include "importers/onnx/testdata_survey.h"

int main(int argc, char** argv) {
  const std::string root = argc > 1 ? argv[1] : nnrt::onnx_import::kOnnxTestdataRoot;
  std::vector<nnrt::onnx_import::SurveyRow> rows;
  for (const std::string& m : nnrt::onnx_import::TestdataModels(root)) rows.push_back(nnrt::onnx_import::SurveyModel(root, m));
  std::cout << nnrt::onnx_import::FormatSurvey(rows);
  return 0;
}
