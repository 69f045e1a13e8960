#include "cts_driver/merge_reports_command.h"

#include <iostream>
#include <string>
#include <vector>

#include "conformance/report/merge.h"

namespace nnrt {
namespace cts {

int MergeReportsCommand(int argc, char** argv) {
  std::string out_dir = "cts_report";
  std::vector<std::string> paths;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--out") {
      if (i + 1 >= argc) {
        std::cerr << "nnrt_cts merge-reports: --out needs a directory\n";
        return 2;
      }
      out_dir = argv[++i];
    } else {
      paths.push_back(arg);
    }
  }
  if (paths.empty()) {
    std::cerr << "usage: nnrt_cts merge-reports [--out DIR] REPORT.json|DIR...\n"
                 "  e.g. nnrt_cts merge-reports --out /tmp/cts bazel-testlogs/conformance\n";
    return 2;
  }
  ResultsCollector merged;
  Status st = MergeReports(paths, &merged);
  std::vector<std::string> written;
  if (st.ok()) st = WriteReport(merged, out_dir, "cts_report", &written);
  if (!st.ok()) {
    std::cerr << "nnrt_cts merge-reports: " << st.ToString() << "\n";
    return 2;
  }
  const CellCounts t = merged.Totals();
  for (const auto& kv : merged.info()) {
    if (kv.first == "merged reports") std::cout << "merged " << kv.second << " report(s)\n";
  }
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    std::cout << (i ? ", " : "") << t[i] << " " << CaseResultName(static_cast<CaseResult>(i));
  }
  std::cout << "\n";
  for (const std::string& p : written) std::cout << "report: " << p << "\n";
  const auto bad = [&](CaseResult r) {
    return r == CaseResult::kFailed || r == CaseResult::kCrashed || r == CaseResult::kTimeout;
  };
  bool failed = false;
  for (size_t i = 0; i < kCaseResultCount; ++i) failed = failed || (t[i] > 0 && bad(static_cast<CaseResult>(i)));
  for (const ModelEntry& m : merged.models()) failed = failed || bad(m.result);  // the model section
  return failed ? 1 : 0;
}

}  // namespace cts
}  // namespace nnrt
