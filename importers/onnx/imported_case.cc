#include "importers/onnx/imported_case.h"

#include "conformance/runner.h"

namespace nnrt {
namespace onnx_import {

ImportedCase ImportAndRunReference(const std::string& model_path, const ImportOptions& options) {
  ImportedCase out;
  out.status = ImportOnnxModel(model_path, options, &out.import);
  if (!out.status.ok()) return out;
  out.stage = ImportStage::kReferenceRun;
  TestCase& c = out.import.test_case;
  std::vector<HostTensor> outputs;
  out.status = cts::RunReference(c, &outputs);
  if (!out.status.ok()) return out;
  c.expected.clear();
  for (size_t k = 0; k < outputs.size() && k < c.model.outputs.size(); ++k) {
    NamedTensor t;
    t.name = c.model.tensors[c.model.outputs[k]].name;
    t.data_type = outputs[k].dtype;
    t.dims = outputs[k].dims;
    t.data = std::move(outputs[k].bytes);
    c.expected.push_back(std::move(t));
  }
  out.stage = ImportStage::kDone;
  out.has_onnx_expected = !out.import.onnx_expected.empty();
  if (out.has_onnx_expected) out.agreement = CompareWithOnnxExpected(c.expected, out.import.onnx_expected);
  return out;
}

}  // namespace onnx_import
}  // namespace nnrt
