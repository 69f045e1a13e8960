// The model part of `nnrt_cts run` (run_parts.h; docs/conformance.md
// "Model-level comparison"): whole networks on the candidate, each judged
// node by node and end to end, a failure localised to a replayable node case.
#include <iostream>
#include <map>

#include "conformance/model_suite.h"
#include "cts_driver/run_parts.h"

namespace nnrt {
namespace cts {

bool RunModelsPart(const char* argv0, const std::string& dir, const Candidate& candidate,
                   const PropertyOptions& options) {
  std::vector<NamedModelCase> models;
  const std::string from = dir.empty() ? DefaultModelsDir(argv0) : dir;
  if (!from.empty()) {
    const Status st = ReadModelCases(from, &models);
    if (!st.ok()) {
      std::cout << "\nmodels: " << st.ToString() << "\n";
      return false;
    }
  }
  if (!dir.empty() && models.empty()) {
    std::cout << "\nmodels: no *.nnrt model case under " << dir << "\n";
    return false;
  }
  if (dir.empty()) {  // the built-in zoo: its golden files (when found) and the built-in networks
    std::vector<NamedModelCase> built_in;
    const Status st = BuiltInNetworks(&built_in);
    if (!st.ok()) {
      std::cout << "\nmodels: the built-in networks: " << st.ToString() << "\n";
      return false;
    }
    models.insert(models.end(), built_in.begin(), built_in.end());
  }
  std::cout << "\nmodels: " << models.size() << " model case(s)"
            << (from.empty() ? " (built-in networks; no zoo golden files found)" : " from " + from) << "\n";
  std::map<CaseResult, int> counts;
  bool all_ok = true;
  for (const NamedModelCase& m : models) {
    ModelCheckResult r;
    const ModelEntry e = RunModelCase(candidate, m, options, &r);
    ++counts[e.result];
    const bool ok = e.result == CaseResult::kPassed || e.result == CaseResult::kUnsupported;
    all_ok = all_ok && ok;
    std::cout << (ok ? "  PASS  " : "  FAIL  ") << m.name << " (" << e.dtype << ", " << e.mode << "): "
              << (e.result == CaseResult::kSkipped ? e.message : DescribeModelResult(r)) << "\n";
  }
  std::cout << "models:";
  for (const auto& kv : counts) std::cout << " " << kv.second << " " << CaseResultName(kv.first) << ",";
  std::cout << "\n";
  return all_ok;
}

}  // namespace cts
}  // namespace nnrt
