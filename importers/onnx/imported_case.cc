#include "importers/onnx/imported_case.h"

#include <utility>
#include <vector>

#include "reference/cases/run_on_reference.h"

namespace nnrt {
namespace onnx_import {

ImportedCase ImportAndRunReference(const std::string& model_path, const ImportOptions& options) {
  ImportedCase out;
  out.status = ImportOnnxModel(model_path, options, &out.import);
  if (!out.status.ok()) return out;
  out.stage = ImportStage::kReferenceRun;
  TestCase& c = out.import.test_case;
  // The outputs are named as the model's output tensors: the case's expected values.
  std::vector<HostTensor> outputs;
  out.status = RunCaseOnReference(c, &outputs);
  if (!out.status.ok()) return out;
  c.expected = std::move(outputs);
  out.stage = ImportStage::kDone;
  out.has_onnx_expected = !out.import.onnx_expected.empty();
  if (out.has_onnx_expected) out.agreement = CompareWithOnnxExpected(c.expected, out.import.onnx_expected);
  return out;
}

}  // namespace onnx_import
}  // namespace nnrt
