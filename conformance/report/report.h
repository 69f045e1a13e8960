// The run report (docs/conformance.md "Reports"): writers of the results the
// suite collected (conformance/results.h), the coverage / result matrix (node
// type x data type x mode) as JSON and as a self-contained HTML page (inline
// CSS, no scripts, no external resources).
#ifndef NNRT_CONFORMANCE_REPORT_H_
#define NNRT_CONFORMANCE_REPORT_H_

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/directories.h"
#include "conformance/results.h"
#include "conformance/runner.h"
#include "conformance/suite_environment.h"

namespace nnrt {
namespace cts {

std::string ReportJson(const ResultsCollector& results);
// The "models" member of the JSON (",\n  \"models\": [...]"; "" when there are
// none) and the HTML model section (report_models.cc).
std::string ModelsJson(const std::vector<ModelEntry>& models);
std::string ModelsHtml(const std::vector<ModelEntry>& models);
// A JSON string literal of `s`, and `s` escaped for HTML text and attributes.
std::string JsonStringLiteral(const std::string& s);
std::string HtmlEscape(const std::string& s);
std::string ReportHtml(const ResultsCollector& results);


// Writes <dir>/<stem>.json and <dir>/<stem>.html (creating dir); *paths gets both.
Status WriteReport(const ResultsCollector& results, const std::string& dir, const std::string& stem,
                   std::vector<std::string>* paths);

// "cts_report_<test target>[_shard<i>of<n>]" from TEST_TARGET / TEST_SHARD_INDEX /
// TEST_TOTAL_SHARDS, so the shards of one target do not overwrite each other.
std::string ReportStem(const SuiteEnvironment& env, const std::string& fallback_target);
// ReportStem of this process's environment.
std::string ReportStemFromEnv(const std::string& fallback_target);

// For a gtest main: writes the report of GlobalResults() to
// $TEST_UNDECLARED_OUTPUTS_DIR (or /tmp) when the test program ends and prints
// the paths. Returns the status for the caller to print.
Status WriteReportFromEnv(const std::string& fallback_target, std::vector<std::string>* paths);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_REPORT_H_
