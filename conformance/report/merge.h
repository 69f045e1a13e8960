// One report for a sharded run: `bazel test //conformance` writes one report
// per test shard (cts_report_<target>[_shard<i>of<n>].json in each shard's
// undeclared outputs); MergeReports reads them back and sums them into one
// collector, which WriteReport turns into the same JSON + HTML a single
// `nnrt_cts run --report` writes (docs/conformance.md "Reports").
#ifndef NNRT_CONFORMANCE_REPORT_MERGE_H_
#define NNRT_CONFORMANCE_REPORT_MERGE_H_

#include <string>
#include <vector>

#include "conformance/report/report.h"

namespace nnrt {
namespace cts {

// Adds one report's JSON (format "nnrt-cts-report-1") to `into`: cell counts
// summed, the first note per cell kept, failures appended, info keys merged
// (a key whose values differ between reports lists each distinct value once,
// comma-separated). `source` names the report in error messages.
Status MergeReportJson(const std::string& json, const std::string& source, ResultsCollector* into);

// The report files under `paths`: each path is a report .json or a directory
// searched recursively for cts_report*.json (Bazel's testlogs tree with
// --nozip_undeclared_test_outputs, or the test.outputs dirs). Sorted, so the
// merge is the same whatever order the file system lists them in.
Status FindReportFiles(const std::vector<std::string>& paths, std::vector<std::string>* files);

// FindReportFiles + MergeReportJson over every file; info "merged reports" = the count.
Status MergeReports(const std::vector<std::string>& paths, ResultsCollector* into);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_REPORT_MERGE_H_
