// The parts of `nnrt_cts run` after the node specs (run_parts.h).
#include "cts_driver/run_parts.h"

#include <algorithm>
#include <iostream>
#include <map>

#include "conformance/golden_replay.h"
#include "conformance/graph_generator.h"
#include "conformance/invalid_model.h"
#include "conformance/node_spec.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// The invalid-model part of `run` (C-211, C-213): same specs, seed, isolation and out dir.
bool RunInvalidPart(const std::vector<std::string>& only, const Candidate& candidate,
                    const PropertyOptions& property_options) {
  InvalidSuiteOptions options = InvalidSuiteOptionsFromEnv();
  options.cases = std::max(1, property_options.cases / 20);
  options.seed = property_options.seed;
  options.isolate = property_options.isolate;
  options.out_dir = property_options.out_dir;
  options.replay_binary = property_options.replay_binary;
  std::cout << "\ninvalid models: " << options.cases << " valid case(s) per node spec, each mutated by every family\n";
  InvalidSuiteResult total;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    if (!only.empty() && std::find(only.begin(), only.end(), spec.name) == only.end()) continue;
    const InvalidSuiteResult r = RunInvalidModelProperty(spec, candidate, options);
    std::cout << (r.passed ? "  PASS  " : "  FAIL  ") << spec.name << " (invalid models)"
              << (r.skipped > 0 ? " [" + std::to_string(r.skipped) + " case(s) skipped: time budget]" : "") << "\n";
    if (!r.passed) std::cout << r.message;
    MergeInvalidResult(r, &total);
  }
  std::cout << "\n" << FormatInvalidCounts(total);
  std::cout << "invalid models: " << (total.passed ? "all rejected" : "NOT all rejected") << "\n";
  return total.passed;
}

// Random multi-node graphs (docs/conformance.md "Random graphs"): cases/4 graphs.
bool RunGraphPart(const Candidate& candidate, const PropertyOptions& base) {
  PropertyOptions options = base;
  options.cases = std::max(1, base.cases / 4);
  options.mode_label = "graph";
  std::cout << "\nrandom graphs: " << options.cases << " graphs\n";
  const PropertyResult r = RunGraphProperty(candidate, options, GraphGenOptionsFromEnv());
  std::cout << (r.passed ? "  PASS  " : "  FAIL  ") << "random graphs"
            << (r.skipped > 0 ? " [" + std::to_string(r.skipped) + " graph(s) skipped: time budget]" : "") << "\n";
  if (!r.passed) std::cout << r.message << "\n";
  return r.passed;
}

// The golden files (docs/golden.md), replayed on the candidate.
bool RunGoldenPart(const char* argv0, const Candidate& candidate, const PropertyOptions& options) {
  const std::string dir = DefaultGoldenDir(argv0);
  const std::vector<std::string> files = GoldenFilesIn(dir);
  if (files.empty()) {
    std::cout << "\ngolden files: none found (set NNRT_CTS_GOLDEN=/abs/golden/data or run through bazel run)\n";
    return false;
  }
  std::map<GoldenVerdict, int> counts;
  bool all_ok = true;
  for (const std::string& rel : files) {
    TestCase c;
    const Status st = ReadCaseFile(dir + "/" + rel, &c);
    const GoldenReplayResult r = st.ok() ? ReplayGoldenCase(candidate, c, options)
                                         : GoldenReplayResult{GoldenVerdict::kFailed, st.ToString()};
    ++counts[r.verdict];
    if (r.verdict != GoldenVerdict::kFailed) continue;
    all_ok = false;
    std::cout << "  FAIL  golden " << rel << ": " << r.message << "\n  replay with: " << options.replay_binary
              << " replay " << dir << "/" << rel << " --driver " << candidate.path << "\n";
  }
  std::cout << "\ngolden files: " << files.size() << " replayed:";
  for (const auto& kv : counts) std::cout << " " << kv.second << " " << GoldenVerdictName(kv.first) << ",";
  std::cout << "\n";
  return all_ok;
}

// The execution modes of `run --modes` (docs/conformance.md "Execution modes").
bool RunModesPart(const std::vector<std::string>& only, const std::vector<ExecMode>& modes, const Candidate& candidate,
                  const PropertyOptions& base) {
  bool all_ok = true;
  for (ExecMode mode : modes) {
    PropertyOptions options = base;
    ConfigurePropertyForMode(mode, &options);
    std::cout << "\nmode " << ExecModeName(mode) << ": " << options.cases << " cases per node spec\n";
    for (const NodeSpec& spec : AllNodeSpecs()) {
      if (!only.empty() && std::find(only.begin(), only.end(), spec.name) == only.end()) continue;
      if (!ModeAppliesTo(mode, spec)) continue;
      const PropertyResult r = RunSpecProperty(spec, candidate, options);
      if (r.skipped > 0) {
        std::cout << "  SKIP  " << spec.name << " (" << ExecModeName(mode) << "): " << r.skipped
                  << " case(s) not run: time budget\n";
      }
      if (r.passed) continue;
      all_ok = false;
      std::cout << "  FAIL  " << spec.name << " (" << ExecModeName(mode) << ")\n" << r.message << "\n\n";
    }
  }
  return all_ok;
}

}  // namespace cts
}  // namespace nnrt
