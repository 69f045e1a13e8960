// The run's results as the suite records them (docs/conformance.md "Reports"):
// every searched case counted per cell (node type x data type x mode), the
// failures worth listing, the model rows and the run's metadata, in one
// thread-safe collector. The report writers (conformance/report/) read it.
#ifndef NNRT_CONFORMANCE_RESULTS_H_
#define NNRT_CONFORMANCE_RESULTS_H_

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "conformance/runner.h"

namespace nnrt {
namespace cts {

// What happened to one case, as the report counts it.
// kSkipped: not started because the run's time budget was exhausted (C-264).
enum class CaseResult { kPassed, kFailed, kUnsupported, kCrashed, kTimeout, kWaived, kSkipped };
constexpr size_t kCaseResultCount = 7;
const char* CaseResultName(CaseResult r);  // "passed", "failed", ...

// Verdict + message -> report class. kInvalidCase counts as failed (the
// suite's own generator is wrong, which must be visible); a failing verdict
// whose message comes from the isolation layer (conformance/isolation.cc)
// is crashed or timeout (C-254).
CaseResult ClassifyOutcome(Verdict verdict, const std::string& message);

struct CellKey {
  std::string node_type;
  std::string dtype;  // "float32", "int8(q)"
  std::string mode;   // "default", "fp16", "cache", ... (conformance/modes/modes.h)
  bool operator<(const CellKey& o) const {
    return std::tie(node_type, dtype, mode) < std::tie(o.node_type, o.dtype, o.mode);
  }
};
using CellCounts = std::array<int64_t, kCaseResultCount>;

// A failing (or waived) case worth listing under the matrix.
struct FailureEntry {
  CellKey cell;
  CaseResult result = CaseResult::kFailed;
  std::string message;
  std::string case_file;  // counterexample file (may be empty)
  std::string replay;     // command that replays it
  std::string waiver;     // "reason (link)" when waived
};

// One model run of the model part (docs/conformance.md "Model-level
// comparison"): a row of the report's model section, model x data type x mode.
struct ModelEntry {
  std::string model;  // the case file's stem or the built-in network's name
  std::string dtype;  // "float32", "int8(q)" (the first quantized tensor's type, else input 0's)
  std::string mode;   // "default", "fp16" (enableFloat16), "strict"
  CaseResult result = CaseResult::kPassed;  // passed, failed, unsupported, crashed, timeout, skipped
  std::string localised_node;  // failed: "node 3 'conv_1' (CONV2D_FUSION)"
  std::string case_file;       // failed: the node's replayable single-node case
  std::string replay;          // the command that replays it
  std::string unsupported;     // unsupported: the node types, comma-separated
  std::string agreement;       // classifiers: "probs: top-1 4/4, top-5 4/4"
  std::string message;
};

// Thread-safe; one per process (GlobalResults) is what the tests and nnrt_cts use.
class ResultsCollector {
 public:
  // `note`: why (kept per cell for the first non-passed case: e.g. the
  // reason a mode is unsupported), shown in the JSON and as the cell tooltip.
  void Record(const CellKey& cell, CaseResult result, const std::string& note = "");
  void AddFailure(const FailureEntry& failure);
  // Adds `counts` to the cell (merging reports); `note` as Record's.
  void AddCounts(const CellKey& cell, const CellCounts& counts, const std::string& note = "");
  // Run metadata printed in the report header (driver, device, seed, cases, ...).
  void SetInfo(const std::string& key, const std::string& value);
  void AddModel(const ModelEntry& model);
  void Clear();

  std::map<CellKey, CellCounts> cells() const;
  std::string note(const CellKey& cell) const;
  std::vector<FailureEntry> failures() const;
  std::vector<std::pair<std::string, std::string>> info() const;
  std::vector<ModelEntry> models() const;
  CellCounts Totals() const;

 private:
  mutable std::mutex mu_;
  std::map<CellKey, CellCounts> cells_;
  std::map<CellKey, std::string> notes_;
  std::vector<FailureEntry> failures_;
  std::vector<ModelEntry> models_;
  std::vector<std::pair<std::string, std::string>> info_;
};

ResultsCollector& GlobalResults();

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_RESULTS_H_
