// The model part of the suite (`nnrt_cts run --models [DIR]`,
// //conformance:models_test; docs/conformance.md "Model-level comparison"):
// which model cases run (the model zoo's golden files, a directory of
// imported cases, the built-in networks) and one model case on the candidate
// with its row in the report's model section.
#ifndef NNRT_CONFORMANCE_MODEL_SUITE_H_
#define NNRT_CONFORMANCE_MODEL_SUITE_H_

#include <string>
#include <vector>

#include "conformance/model/check.h"
#include "conformance/model/networks.h"
#include "conformance/property.h"
#include "conformance/report/report.h"

namespace nnrt {
namespace cts {

// $NNRT_CTS_MODELS, else the zoo's golden model files in the runfiles
// (golden/data/models), else "".
std::string DefaultModelsDir(const std::string& argv0);

// Every *.nnrt / *.nnrtcase file under `dir` (recursively, sorted), named by
// its path relative to `dir` without the extension. A file that does not
// parse is an error naming it.
Status ReadModelCases(const std::string& dir, std::vector<NamedModelCase>* out);

// The report labels of a model case: input 0's data type, or the first
// quantized tensor's as "int8(q)"; the mode "fp16" (enableFloat16), "strict"
// or "default".
std::string ModelDtypeLabel(const TestCase& c);
std::string ModelModeLabel(const ModelConfig& config, CompareMode mode);

// Runs one model case (CheckModel with the options' mode, isolation, timeout
// within the run's budget and out dir), records its row into GlobalResults()
// and returns it; *result (optional) gets the check's details.
ModelEntry RunModelCase(const Candidate& candidate, const NamedModelCase& model, const PropertyOptions& options,
                        ModelCheckResult* result = nullptr);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODEL_SUITE_H_
