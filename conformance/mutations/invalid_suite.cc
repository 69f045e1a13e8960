// The invalid-model property over spec x family (invalid_model.h): options
// from the environment, the rejection case files and their replay, the
// rapidcheck property that mutates valid cases, and the report counts.
#include <algorithm>
#include <cstdlib>
#include <iomanip>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/mutations/index_probes.h"
#include "conformance/mutations/invalid_model.h"
#include "conformance/mutations/isolated_child.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "conformance/suite_environment.h"
#include "conformance/time_budget.h"

namespace nnrt {
namespace cts {

using invalid_model_internal::CodeName;

// ---- The property ----------------------------------------------------------------------------------

InvalidSuiteOptions InvalidSuiteOptionsFromEnv() {
  const PropertyOptions p = PropertyOptionsFromEnv();
  InvalidSuiteOptions o;
  o.cases = std::max(1, p.cases / 20);
  if (const EnvValue& n = ProcessSuiteEnvironment().invalid_cases) {
    const int v = std::atoi(n->c_str());
    if (v > 0) o.cases = v;
  }
  o.seed = p.seed;
  o.isolate = p.isolate;
  o.timeout_seconds = p.timeout_seconds;
  o.out_dir = p.out_dir;
  return o;
}

namespace {

void ConfigFromRejectionMeta(const TestCase& c, ModelConfig* config, MutationLevel* level, int64_t* node) {
  CompareMode mode;
  ConfigFromMeta(c, config, &mode);
  for (const auto& kv : c.meta) {
    if (kv.first == "cts.performance_mode") config->performance_mode = std::atoi(kv.second.c_str());
    if (kv.first == "cts.priority") config->priority = std::atoi(kv.second.c_str());
    if (kv.first == "cts.mutated_node") *node = std::atoll(kv.second.c_str());
    if (kv.first == "cts.mutation_level") {
      *level = kv.second == "config" ? MutationLevel::kConfig
               : kv.second == "node" ? MutationLevel::kNode
                                     : MutationLevel::kStructure;
    }
  }
}

std::string MetaValue(const TestCase& c, const std::string& key) {
  for (const auto& kv : c.meta) {
    if (kv.first == key) return kv.second;
  }
  return "";
}

std::string Stem(const std::string& spec, const std::string& what, uint64_t seed) {
  return "invalid_" + spec + "_" + what + "_seed" + std::to_string(seed);
}

TestCase MakeRunRejectionCase(const NodeSpec& spec, const GeneratedCase& g, const RunProbeResult& r,
                              const InvalidSuiteOptions& options, const std::string& driver, const std::string& file) {
  TestCase c = g.test_case;
  c.expected.clear();
  c.meta = {{"cts.expect", "run_rejection"},
            {"cts.run_probe", r.probe},
            {"cts.expected_rejection", "Run returns an error code for '" + r.probe + "' (C-213)"},
            {"cts.candidate_answer", r.message},
            {"cts.spec", spec.name},
            {"cts.seed", std::to_string(options.seed)},
            {"cts.driver", driver},
            {"cts.enable_float16", g.config.enable_float16 ? "true" : "false"},
            {"cts.performance_mode", std::to_string(g.config.performance_mode)},
            {"cts.priority", std::to_string(g.config.priority)},
            {"cts.replay", options.replay_binary + " replay " + file + " --driver " + driver}};
  return c;
}

}  // namespace

TestCase MakeRejectionCase(const NodeSpec& spec, const MutationFamily& family, const MutatedCase& mutated,
                           const DeviceAnswers& reference, const RejectionVerdict& verdict,
                           const InvalidSuiteOptions& options, const std::string& driver) {
  TestCase c = mutated.test_case;
  c.expected.clear();
  const std::string stem = Stem(spec.name, family.name, options.seed);
  const std::string expected =
      std::string(family.level == MutationLevel::kStructure ? "GetSupportedOperation: error code; "
                  : family.level == MutationLevel::kNode   ? "GetSupportedOperation: error code or node " +
                                                                std::to_string(mutated.mutated_node) + " false; "
                                                           : "") +
      "PrepareModel: error code and no prepared model (C-211; the reference answers " +
      CodeName(reference.prepare_code) + ")";
  c.meta = {{"cts.expect", "rejection"},
            {"cts.mutation", family.name},
            {"cts.mutation_level", MutationLevelName(family.level)},
            {"cts.rule", family.rule},
            {"cts.detail", mutated.detail},
            {"cts.mutated_node", std::to_string(mutated.mutated_node)},
            {"cts.expected_rejection", expected},
            {"cts.candidate_answer", verdict.message},
            {"cts.spec", spec.name},
            {"cts.seed", std::to_string(options.seed)},
            {"cts.driver", driver},
            {"cts.enable_float16", mutated.config.enable_float16 ? "true" : "false"},
            {"cts.performance_mode", std::to_string(mutated.config.performance_mode)},
            {"cts.priority", std::to_string(mutated.config.priority)},
            {"cts.replay", options.replay_binary + " replay " + options.out_dir + "/" + stem +
                               ".nnrtcase --driver " + driver}};
  return c;
}

std::string CaseExpectation(const TestCase& c) { return MetaValue(c, "cts.expect"); }

bool ReplayExpectedRejection(const Candidate& candidate, const TestCase& c, bool isolate, int timeout_seconds,
                             std::string* report) {
  ModelConfig config;
  MutationLevel level = MutationLevel::kStructure;
  int64_t node = 0;
  ConfigFromRejectionMeta(c, &config, &level, &node);
  std::ostringstream os;
  if (CaseExpectation(c) == "run_rejection") {
    const std::string probe = MetaValue(c, "cts.run_probe");
    std::string skipped;
    const std::vector<RunProbeResult> results =
        ProbeWrongRunInputs(candidate, c, config, isolate, timeout_seconds, probe, &skipped);
    if (results.empty()) {
      os << "run probe '" << probe << "' not run: " << (skipped.empty() ? "unknown probe" : skipped);
      *report = os.str();
      return false;
    }
    bool all = true;
    for (const RunProbeResult& r : results) {
      os << "run probe " << r.probe << ": " << (r.passed ? "rejected" : "NOT rejected") << " -- " << r.message << "\n";
      all = all && r.passed;
    }
    *report = os.str();
    return all;
  }
  MutatedCase m;
  m.test_case = c;
  m.config = config;
  m.mutated_node = node;
  m.detail = MetaValue(c, "cts.detail");
  const DeviceAnswers a = AskCandidate(candidate, level, m, isolate, timeout_seconds);
  const RejectionVerdict v = JudgeRejection(level, m, a);
  os << "mutation " << MetaValue(c, "cts.mutation") << " (" << MutationLevelName(level) << "): " << m.detail << "\n"
     << "  expected: " << MetaValue(c, "cts.expected_rejection") << "\n"
     << "  candidate: " << (v.rejected ? "rejected -- " : "NOT rejected -- ") << v.message << "\n";
  *report = os.str();
  return v.rejected;
}

// Directed valid cases per index-taking spec that get the index probes.
constexpr int kDirectedIndexProbeCases = 2;

InvalidSuiteResult RunInvalidModelProperty(const NodeSpec& spec, const Candidate& candidate,
                                           const InvalidSuiteOptions& options) {
  InvalidSuiteResult result;
  std::ostringstream failures;
  std::map<std::string, bool> written;  // one case file per family / probe

  auto fail_family = [&](const MutationFamily& f, const MutatedCase& m, const DeviceAnswers& ref,
                         const RejectionVerdict& v) {
    result.passed = false;
    failures << spec.name << " / " << f.name << " (" << m.detail << "): " << v.message << "\n";
    if (written[f.name] || options.out_dir.empty()) return;
    written[f.name] = true;
    std::string error;
    const std::string path = WriteCounterexample(options.out_dir, Stem(spec.name, f.name, options.seed),
                                                 MakeRejectionCase(spec, f, m, ref, v, options, candidate.path), &error);
    if (!path.empty()) {
      result.case_files.push_back(path);
      failures << "  case file: " << path << "\n";
    }
  };

  // Counts one probe result of a valid case `g`; a failure writes the
  // probe's case file once.
  auto judge_probe = [&](const GeneratedCase& g, const RunProbeResult& r) {
    FamilyCounts& counts = result.run_probes[r.probe];
    if (!r.applicable) {
      ++counts.not_applicable;
      return;
    }
    if (r.passed) {
      ++counts.rejected;
      return;
    }
    ++counts.not_rejected;
    result.passed = false;
    failures << spec.name << " / run probe " << r.probe << ": " << r.message << "\n";
    if (written["run:" + r.probe] || options.out_dir.empty()) return;
    written["run:" + r.probe] = true;
    const std::string stem = Stem(spec.name, "run_" + r.probe, options.seed);
    const std::string file = options.out_dir + "/" + stem + ".nnrtcase";
    std::string error;
    const std::string path = WriteCounterexample(options.out_dir, stem,
                                                 MakeRunRejectionCase(spec, g, r, options, candidate.path, file), &error);
    if (!path.empty()) {
      result.case_files.push_back(path);
      failures << "  case file: " << path << "\n";
    }
  };

  auto property = [&]() {
    const DataType dtype = *rc::gen::elementOf(spec.dtypes);
    const GeneratedCase g = spec.generate(spec, dtype);
    if (RunBudgetExhausted()) {  // C-264: not started
      AddSkippedCases(1);
      ++result.skipped;
      return;
    }
    for (const MutationFamily& f : AllMutationFamilies()) {
      FamilyCounts& counts = result.families[f.name];
      MutatedCase m;
      if (!f.mutate(spec, g, &m)) {
        ++counts.not_applicable;
        continue;
      }
      DeviceAnswers ref;
      if (options.check_reference) {
        ref = AskReference(f.level, m);
        const RejectionVerdict rv = JudgeRejection(f.level, m, ref);
        if (!rv.rejected) {  // the mutation list has rotted: this model is not invalid for the reference
          ++counts.reference_accepted;
          result.passed = false;
          failures << spec.name << " / " << f.name << " (" << m.detail << "): SELF-CHECK: the reference "
                   << rv.message << "\n";
          continue;
        }
      }
      const DeviceAnswers a = AskCandidate(candidate, f.level, m, options.isolate, options.timeout_seconds);
      const RejectionVerdict v = JudgeRejection(f.level, m, a);
      if (v.rejected) {
        ++counts.rejected;
      } else {
        ++counts.not_rejected;
        fail_family(f, m, ref, v);
      }
    }
    if (!options.run_probes) return;
    std::string skipped;
    for (const RunProbeResult& r :
         ProbeWrongRunInputs(candidate, g.test_case, g.config, options.isolate, options.timeout_seconds, "", &skipped)) {
      judge_probe(g, r);
    }
  };

  // The directed index probes (C-913): for a spec with index inputs, its
  // directed cases (fixed seed, DirectedCaseIndex k; their index inputs are
  // run-time inputs) get the index probes in every run, whatever the seed.
  size_t directed_case = 0;
  auto directed_index_property = [&]() {
    const size_t k = directed_case++;
    const DataType dtype = spec.dtypes[k % spec.dtypes.size()];
    GeneratedCase g;
    {
      ScopedEdgeSweep sweep(k);
      g = spec.generate(spec, dtype);
    }
    if (RunBudgetExhausted()) return;
    for (const std::string& probe : IndexProbeNames()) {
      std::string skipped;
      for (const RunProbeResult& r : ProbeWrongRunInputs(candidate, g.test_case, g.config, options.isolate,
                                                         options.timeout_seconds, probe, &skipped)) {
        judge_probe(g, r);
      }
    }
  };
  if (options.run_probes && !spec.index_inputs.empty()) {
    rc::detail::TestMetadata directed_metadata;
    directed_metadata.id = spec.name + "_index_probes";
    directed_metadata.description = directed_metadata.id;
    rc::detail::TestParams directed_params;
    directed_params.seed = kDirectedEdgeSeed;
    directed_params.maxSuccess = kDirectedIndexProbeCases;
    directed_params.disableShrinking = true;
    rc::detail::checkProperty(rc::detail::toProperty(directed_index_property), directed_metadata, directed_params);
  }

  rc::detail::TestMetadata metadata;
  metadata.id = spec.name + "_invalid";
  metadata.description = metadata.id;
  rc::detail::TestParams params;
  params.seed = options.seed;
  params.maxSuccess = options.cases;
  params.disableShrinking = true;  // every family is judged per case; nothing throws
  rc::detail::checkProperty(rc::detail::toProperty(property), metadata, params);
  result.message = failures.str();
  return result;
}

void MergeInvalidResult(const InvalidSuiteResult& from, InvalidSuiteResult* into) {
  into->passed = into->passed && from.passed;
  into->message += from.message;
  into->skipped += from.skipped;
  auto merge = [](const std::map<std::string, FamilyCounts>& a, std::map<std::string, FamilyCounts>* b) {
    for (const auto& kv : a) {
      FamilyCounts& c = (*b)[kv.first];
      c.rejected += kv.second.rejected;
      c.not_rejected += kv.second.not_rejected;
      c.not_applicable += kv.second.not_applicable;
      c.reference_accepted += kv.second.reference_accepted;
    }
  };
  merge(from.families, &into->families);
  merge(from.run_probes, &into->run_probes);
  into->case_files.insert(into->case_files.end(), from.case_files.begin(), from.case_files.end());
}

std::string FormatInvalidCounts(const InvalidSuiteResult& result) {
  std::ostringstream os;
  auto table = [&](const char* title, const std::map<std::string, FamilyCounts>& rows,
                   const std::vector<std::string>& order) {
    os << std::left << std::setw(34) << title << " | rejected | NOT rejected | n/a   | ref accepted\n"
       << std::string(80, '-') << "\n";
    for (const std::string& name : order) {
      auto it = rows.find(name);
      if (it == rows.end()) continue;
      const FamilyCounts& c = it->second;
      os << std::setw(34) << name << " | " << std::setw(8) << c.rejected << " | " << std::setw(12) << c.not_rejected
         << " | " << std::setw(5) << c.not_applicable << " | " << c.reference_accepted << "\n";
    }
  };
  std::vector<std::string> families;
  for (const MutationFamily& f : AllMutationFamilies()) families.push_back(f.name);
  table("mutation family", result.families, families);
  if (!result.run_probes.empty()) {
    os << "\n";
    table("run probe (valid model, wrong IO)", result.run_probes, RunProbeNames());
  }
  return os.str();
}

}  // namespace cts
}  // namespace nnrt
