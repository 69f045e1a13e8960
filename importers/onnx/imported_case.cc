#include "importers/onnx/imported_case.h"

#include <memory>
#include <utility>
#include <vector>

#include "reference/cases/run_on_reference.h"
#include "reference/device/interpreter.h"

namespace nnrt {
namespace onnx_import {
namespace {

// The reference's outputs for the imported case. The interpreter takes the
// case's model instead of copying it and gives it back after the run, so the
// weights are held once, never twice, at every moment of the run
// (docs/onnx_import.md "Import peak memory").
Status RunReferenceHoldingWeightsOnce(TestCase* c, std::vector<HostTensor>* outputs) {
  std::vector<HostTensor> inputs;
  NNRT_RETURN_IF_ERROR(CaseInputs(*c, &inputs));
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareInterpreterTakingModel(&c->model, InterpreterOptions(), &prepared));
  const Status run = prepared->Run(inputs, outputs);
  c->model = ReleaseInterpreterModel(std::move(prepared));
  return run;
}

}  // namespace

ImportedCase ImportAndRunReference(const std::string& model_path, const ImportOptions& options) {
  ImportedCase out;
  out.status = ImportOnnxModel(model_path, options, &out.import);
  if (!out.status.ok()) return out;
  out.stage = ImportStage::kReferenceRun;
  TestCase& c = out.import.test_case;
  // The outputs are named as the model's output tensors: the case's expected values.
  std::vector<HostTensor> outputs;
  out.status = RunReferenceHoldingWeightsOnce(&c, &outputs);
  if (!out.status.ok()) return out;
  c.expected = std::move(outputs);
  out.stage = ImportStage::kDone;
  out.has_onnx_expected = !out.import.onnx_expected.empty();
  if (out.has_onnx_expected) out.agreement = CompareWithOnnxExpected(c.expected, out.import.onnx_expected);
  return out;
}

}  // namespace onnx_import
}  // namespace nnrt
