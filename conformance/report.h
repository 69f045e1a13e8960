// The run report (issue 5 item 8; docs/conformance.md "Reports"): an
// in-process collector that the property runner records every searched case
// into, and writers for the coverage / result matrix (node type x data type x
// mode) as JSON and as a self-contained HTML page (inline CSS, no scripts, no
// external resources).
#ifndef NNRT_CONFORMANCE_REPORT_H_
#define NNRT_CONFORMANCE_REPORT_H_

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
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
  std::string mode;   // "default", "fp16", "cache", ... (conformance/modes.h)
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
  void Clear();

  std::map<CellKey, CellCounts> cells() const;
  std::string note(const CellKey& cell) const;
  std::vector<FailureEntry> failures() const;
  std::vector<std::pair<std::string, std::string>> info() const;
  CellCounts Totals() const;

 private:
  mutable std::mutex mu_;
  std::map<CellKey, CellCounts> cells_;
  std::map<CellKey, std::string> notes_;
  std::vector<FailureEntry> failures_;
  std::vector<std::pair<std::string, std::string>> info_;
};

ResultsCollector& GlobalResults();

std::string ReportJson(const ResultsCollector& results);
std::string ReportHtml(const ResultsCollector& results);

// Creates `dir` and its missing parents (mkdir -p); an error names the part that failed.
Status MakeDirectories(const std::string& dir);

// Writes <dir>/<stem>.json and <dir>/<stem>.html (creating dir); *paths gets both.
Status WriteReport(const ResultsCollector& results, const std::string& dir, const std::string& stem,
                   std::vector<std::string>* paths);

// "cts_report_<test target>[_shard<i>of<n>]" from TEST_TARGET / TEST_SHARD_INDEX /
// TEST_TOTAL_SHARDS, so the shards of one target do not overwrite each other.
std::string ReportStemFromEnv(const std::string& fallback_target);

// For a gtest main: writes the report of GlobalResults() to
// $TEST_UNDECLARED_OUTPUTS_DIR (or /tmp) when the test program ends and prints
// the paths. Returns the status for the caller to print.
Status WriteReportFromEnv(const std::string& fallback_target, std::vector<std::string>* paths);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_REPORT_H_
