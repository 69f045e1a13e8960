// Import, then run on the reference: the imported case with the reference's
// outputs as its expected section, and their agreement with ONNX's expected
// outputs. What `nnrt_cts import` and the testdata test both do.
#ifndef NNRT_IMPORTERS_ONNX_IMPORTED_CASE_H_
#define NNRT_IMPORTERS_ONNX_IMPORTED_CASE_H_

#include <string>

#include "importers/onnx/onnx_agreement.h"
#include "importers/onnx/onnx_import.h"

namespace nnrt {
namespace onnx_import {

enum class ImportStage { kImport, kReferenceRun, kDone };

struct ImportedCase {
  ImportResult import;   // import.test_case.expected = the reference's outputs when stage is kDone
  ImportStage stage = ImportStage::kImport;  // where it stopped
  Status status;         // why it stopped (ok when kDone)
  bool has_onnx_expected = false;
  Agreement agreement;   // against ONNX's expected outputs (when there are any)
};

// Never fails as a whole: the outcome says how far it got and why.
ImportedCase ImportAndRunReference(const std::string& model_path, const ImportOptions& options);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_IMPORTED_CASE_H_
