// The model part of `nnrt_cts run` (run_parts.h; docs/conformance.md
// "Model-level comparison"): whole networks on the candidate, each judged
// node by node and end to end, a failure localised to a replayable node case.
// One unit per model case.
#include <map>

#include "conformance/model/suite.h"
#include "cts_driver/run_parts.h"

namespace nnrt {
namespace cts {
namespace {

// A model section that only prints `text` and fails (the cases could not be read).
RunSection FailedModelSection(const std::string& text) {
  RunSection section;
  section.part = RunPart::kModels;
  section.close = [text](const std::vector<UnitResult>&, bool* ok) {
    *ok = false;
    return text;
  };
  return section;
}

}  // namespace

RunSection ModelSection(const char* argv0, const std::string& dir, const Candidate& candidate,
                        const PropertyOptions& options) {
  std::vector<NamedModelCase> models;
  const std::string from = dir.empty() ? DefaultModelsDir(argv0) : dir;
  if (!from.empty()) {
    const Status st = ReadModelCases(from, &models);
    if (!st.ok()) return FailedModelSection("\nmodels: " + st.ToString() + "\n");
  }
  if (!dir.empty() && models.empty()) return FailedModelSection("\nmodels: no *.nnrt model case under " + dir + "\n");
  if (dir.empty()) {  // the built-in zoo: its golden files (when found) and the built-in networks
    std::vector<NamedModelCase> built_in;
    const Status st = BuiltInNetworks(&built_in);
    if (!st.ok()) return FailedModelSection("\nmodels: the built-in networks: " + st.ToString() + "\n");
    models.insert(models.end(), built_in.begin(), built_in.end());
  }
  RunSection section;
  section.part = RunPart::kModels;
  section.header = "\nmodels: " + std::to_string(models.size()) + " model case(s)" +
                   (from.empty() ? " (built-in networks; no zoo golden files found)" : " from " + from) + "\n";
  for (const NamedModelCase& m : models) {
    section.units.push_back([m, &candidate, options] {
      ModelCheckResult r;
      const ModelEntry e = RunModelCase(candidate, m, options, &r);
      UnitResult u;
      ++u.verdicts[static_cast<int>(e.result)];
      u.ok = e.result == CaseResult::kPassed || e.result == CaseResult::kUnsupported;
      u.text = std::string(u.ok ? "  PASS  " : "  FAIL  ") + m.name + " (" + e.dtype + ", " + e.mode +
               "): " + (e.result == CaseResult::kSkipped ? e.message : DescribeModelResult(r)) + "\n";
      return u;
    });
  }
  section.close = [](const std::vector<UnitResult>& results, bool* ok) {
    std::map<int, int64_t> counts;
    *ok = true;
    for (const UnitResult& u : results) {
      *ok = *ok && u.ok;
      for (const auto& kv : u.verdicts) counts[kv.first] += kv.second;
    }
    std::string text = "models:";
    for (const auto& kv : counts) {
      text += " " + std::to_string(kv.second) + " " + CaseResultName(static_cast<CaseResult>(kv.first)) + ",";
    }
    return text + "\n";
  };
  return section;
}

}  // namespace cts
}  // namespace nnrt
