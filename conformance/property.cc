#include "conformance/property.h"

#include <sys/stat.h>

#include <cstdlib>
#include <iomanip>
#include <random>
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <rapidcheck.h>

#include "conformance/directories.h"
#include "conformance/generators.h"
#include "conformance/results.h"
#include "conformance/suite_environment.h"
#include "conformance/time_budget.h"
#include "conformance/waivers.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

namespace {

std::string ColumnLabel(DataType dtype, bool quantized, bool enable_float16) {
  std::string label = DataTypeName(dtype);
  if (quantized) label += "(q)";
  if (enable_float16) label += "+fp16cfg";
  return label;
}

void Count(Coverage* coverage, const std::string& spec, const std::string& column, Verdict v) {
  Counts& c = (*coverage)[{spec, column}];
  if (v == Verdict::kPass) ++c.passed;
  if (v == Verdict::kFail || v == Verdict::kInvalidCase) ++c.failed;
  if (v == Verdict::kUnsupported) ++c.unsupported;
}

// The report's data type label: "float32", "int8(q)".
std::string DtypeLabel(DataType dtype, bool quantized) {
  return std::string(DataTypeName(dtype)) + (quantized ? "(q)" : "");
}

struct FailureRecord {
  bool present = false;
  TestCase test_case;
  ModelConfig config;
  CaseOutcome outcome;
  std::string dtype_label;
};

}  // namespace

std::string WriteCounterexample(const std::string& dir, const std::string& stem, const TestCase& c, std::string* error) {
  const Status made = MakeDirectories(dir);
  if (!made.ok()) {
    *error = made.ToString();
    return "";
  }
  const std::string path = dir + "/" + stem + ".nnrtcase";
  Status st = WriteCaseFile(path, c);
  if (!st.ok()) {
    *error = st.ToString();
    return "";
  }
  return path;
}

bool CheckSeededProperty(const std::function<void()>& property, const std::string& id,
                         const std::string& description, const PropertyOptions& options, std::string* report) {
  rc::detail::TestMetadata metadata;
  metadata.id = id;
  metadata.description = description;
  rc::detail::TestParams params;
  params.seed = options.seed;
  params.maxSuccess = options.cases;
  params.disableShrinking = !options.shrink;
  const rc::detail::TestResult tr = rc::detail::checkProperty(rc::detail::toProperty(property), metadata, params);
  if (tr.template is<rc::detail::SuccessResult>()) return true;
  std::ostringstream os;
  if (tr.template is<rc::detail::FailureResult>()) {
    // rapidcheck's own counterexample listing is a list of raw draws; the case
    // file the caller writes is the readable counterexample.
    const auto& failure = tr.template get<rc::detail::FailureResult>();
    os << "falsified after " << failure.numSuccess << " passing cases, then shrunk";
    if (failure.reproduce.shrinkPath.size() > 0) os << " in " << failure.reproduce.shrinkPath.size() << " steps";
    os << "\n" << failure.description;
  } else {
    rc::detail::printResultMessage(tr, os);
  }
  *report = os.str();
  return false;
}

bool WritePropertyCounterexample(const TestCase& c, const ModelConfig& config, const CaseOutcome& outcome,
                                 const std::vector<std::pair<std::string, std::string>>& meta,
                                 const PropertyOptions& options, const std::string& stem, const std::string& replay,
                                 PropertyResult* result, std::ostream* report) {
  const TestCase ce = MakeCounterexample(c, config, outcome, meta);
  std::string error;
  result->case_file = WriteCounterexample(options.out_dir, stem, ce, &error);
  if (result->case_file.empty()) {
    *report << "\ncould not write the counterexample: " << error;
    return false;
  }
  result->replay_command = replay;
  return true;
}

RunOptions RunOptionsFor(const PropertyOptions& options) {
  RunOptions run_options;
  run_options.mode = options.mode;
  run_options.isolate = options.isolate;
  run_options.timeout_seconds = options.timeout_seconds;
  return run_options;
}

std::string ReplayCommand(const PropertyOptions& options, const std::string& stem, const std::string& driver_path) {
  return options.replay_binary + " replay " + options.out_dir + "/" + stem + ".nnrtcase --driver " + driver_path +
         (options.mode == CompareMode::kStrict ? " --strict" : "");
}

namespace {

// One rapidcheck run of a spec's property over `dtypes`. `directed`: the
// directed edge-value phase (a fixed seed, no shrinking, case k sweeping the
// edge values from offset k; the case file holds every value, so it replays).
PropertyResult RunPropertyPhase(const NodeSpec& spec, const Candidate& candidate, const PropertyOptions& options,
                                const std::vector<DataType>& dtypes, bool directed) {
  PropertyResult result;
  bool searching = true;
  FailureRecord last_failure;
  const RunOptions run_options = RunOptionsFor(options);
  const bool default_mode = options.mode_label == "default";
  std::string failing_mode_label = options.mode_label;
  size_t directed_case = 0;

  auto property = [&]() {
    const DataType dtype = *rc::gen::elementOf(dtypes);
    std::optional<ScopedEdgeSweep> sweep;
    if (directed) sweep.emplace(directed_case++);
    GeneratedCase g = spec.generate(spec, dtype);
    // enableFloat16 on a quarter of the float32 cases when the driver offers it
    // (the reference result stays the same; the comparator switches to fp16
    // bounds, DESIGN.md "Semantics rules").
    if (default_mode && dtype == DataType::kFloat32 && candidate.float16_supported) {
      g.config.enable_float16 = *rc::gen::inRange(0, 4) == 0;
    }
    if (options.force_float16) g.config.enable_float16 = true;
    // Report cell (C-255): default-mode cases with enableFloat16 count under "fp16".
    const CellKey cell{spec.name, DtypeLabel(dtype, g.quantized),
                       default_mode && g.config.enable_float16 ? std::string("fp16") : options.mode_label};
    if (RunBudgetExhausted()) {  // C-264: not started; counted, and the property moves on
      if (searching) {
        GlobalResults().Record(cell, CaseResult::kSkipped, "time budget exhausted");
        AddSkippedCases(1);
        ++result.skipped;
      }
      return;
    }
    RunOptions case_options = run_options;
    case_options.timeout_seconds = CaseTimeoutWithinBudget(run_options.timeout_seconds);
    CaseOutcome o = options.run_case ? options.run_case(candidate, g.test_case, g.config, case_options)
                                     : RunCase(candidate, g.test_case, g.config, case_options);
    const bool failing = o.verdict == Verdict::kFail || o.verdict == Verdict::kInvalidCase;
    const Waiver* waiver = failing && options.waivers != nullptr
                               ? options.waivers->Find(cell.node_type, cell.dtype, cell.mode)
                               : nullptr;
    if (waiver != nullptr) {
      // Waived: reported, not failed; the search continues (C-257).
      if (searching) {
        GlobalResults().Record(cell, CaseResult::kWaived, o.message);
        if (result.waived == 0) {
          GlobalResults().AddFailure(FailureEntry{cell, CaseResult::kWaived, o.message, "", "",
                                                  waiver->reason + " (" + waiver->link + ", " + waiver->source + ")"});
        }
        ++result.waived;
      }
      return;
    }
    if (searching) {
      Count(&result.coverage, spec.name, ColumnLabel(dtype, g.quantized, g.config.enable_float16), o.verdict);
      GlobalResults().Record(cell, ClassifyOutcome(o.verdict, o.message), o.message);
      if (failing) failing_mode_label = cell.mode;
    }
    if (failing) {
      searching = false;
      last_failure.present = true;
      last_failure.test_case = g.test_case;
      last_failure.config = g.config;
      last_failure.outcome = o;
      last_failure.dtype_label = cell.dtype;
      // What RC_FAIL throws, without its file:line preamble: the message is the report.
      throw rc::detail::CaseResult(
          rc::detail::CaseResult::Type::Failure,
          (o.verdict == Verdict::kInvalidCase ? "generator produced a case the reference rejects: " : "") + o.message);
    }
  };

  std::string report;
  if (CheckSeededProperty(property, spec.name, spec.name, options, &report)) return result;

  result.passed = false;
  std::ostringstream os;
  if (directed) os << spec.name << ": directed edge-value case " << directed_case - 1 << " failed\n";
  os << spec.name << ": property failed (rapidcheck seed " << options.seed << ", " << options.cases << " cases";
  os << (options.mode == CompareMode::kStrict ? ", strict mode" : "") << ", driver " << candidate.path << ")\n";
  os << report;
  // A directed case fails before rapidcheck's shrinking, whose report then
  // holds no counterexample: the failing outcome's own message (worst element,
  // expected and actual) is always part of the result.
  if (last_failure.present && report.find(last_failure.outcome.message) == std::string::npos) {
    os << last_failure.outcome.message << "\n";
  }
  if (last_failure.present) {
    std::vector<std::pair<std::string, std::string>> meta = {
        {"cts.spec", spec.name},
        {"cts.seed", std::to_string(options.seed)},
        {"cts.cases", std::to_string(options.cases)},
        {"cts.driver", candidate.path},
        {"cts.mode", options.mode == CompareMode::kStrict ? "strict" : "conformance"},
    };
    if (!default_mode) meta.emplace_back("cts.exec_mode", options.mode_label);
    if (directed) meta.emplace_back("cts.directed_edge_case", std::to_string(directed_case - 1));
    const std::string stem = spec.name + (default_mode ? "" : "_" + options.mode_label) +
                             (directed ? "_edge" + std::to_string(directed_case - 1) : "") + "_seed" +
                             std::to_string(options.seed);
    const std::string replay = ReplayCommand(options, stem, candidate.path);
    meta.emplace_back("cts.replay", replay);
    if (WritePropertyCounterexample(last_failure.test_case, last_failure.config, last_failure.outcome, meta, options,
                                    stem, replay, &result, &os)) {
      os << "\ncounterexample written to " << result.case_file;
      os << "\nreplay with: " << replay;
      const SuiteEnvironment& env = ProcessSuiteEnvironment();
      if (env.test_undeclared_outputs_dir && options.out_dir == *env.test_undeclared_outputs_dir) {
        std::string label = env.test_target ? *env.test_target : std::string("//<package>:<target>");
        label = label.substr(label.rfind('/') == std::string::npos ? 0 : 2);
        for (char& ch : label) ch = ch == ':' ? '/' : ch;
        os << "\n(Bazel zips this directory into bazel-testlogs/" << label
           << "/[shard_N_of_M/]test.outputs/outputs.zip; unzip it and pass the file's absolute path)";
      }
    }
  }
  result.message = os.str();
  if (last_failure.present) {
    FailureEntry f;
    f.cell = CellKey{spec.name, last_failure.dtype_label, failing_mode_label};
    f.result = ClassifyOutcome(last_failure.outcome.verdict, last_failure.outcome.message);
    f.message = last_failure.outcome.message;
    f.case_file = result.case_file;
    f.replay = result.replay_command;
    GlobalResults().AddFailure(f);
  }
  return result;
}

}  // namespace

PropertyResult RunSpecProperty(const NodeSpec& spec, const Candidate& candidate, const PropertyOptions& options) {
  std::vector<DataType> dtypes;
  for (DataType d : spec.dtypes) {
    bool wanted = options.only_dtypes.empty();
    for (DataType o : options.only_dtypes) wanted = wanted || o == d;
    if (wanted) dtypes.push_back(d);
  }
  PropertyResult total;
  if (dtypes.empty()) {
    total.not_applicable = true;
    return total;
  }
  // Directed edge cases first, the same in every run whatever the seed
  // (docs/conformance.md "Directed edge cases"), then the random cases. The
  // execution modes check mechanics (cache, buffers, threads) on random cases.
  const bool directed_phase = options.mode_label == "default";
  for (DataType d : directed_phase ? dtypes : std::vector<DataType>{}) {
    PropertyOptions directed = options;
    directed.seed = kDirectedEdgeSeed;
    directed.cases = static_cast<int>(EdgeValueCount(d));
    directed.shrink = false;
    PropertyResult r = RunPropertyPhase(spec, candidate, directed, {d}, true);
    MergeCoverage(r.coverage, &total.coverage);
    total.waived += r.waived;
    total.skipped += r.skipped;
    if (!r.passed) {
      r.coverage = total.coverage;
      r.waived = total.waived;
      r.skipped = total.skipped;
      return r;
    }
  }
  PropertyResult r = RunPropertyPhase(spec, candidate, options, dtypes, false);
  MergeCoverage(total.coverage, &r.coverage);
  r.waived += total.waived;
  r.skipped += total.skipped;
  return r;
}

PropertyOptions PropertyOptionsFromEnv() {
  StartRunBudgetFromEnvOnce();  // C-264: under bazel test, from $TEST_TIMEOUT
  const SuiteEnvironment& env = ProcessSuiteEnvironment();
  PropertyOptions o;
  if (env.cases) {
    const int v = std::atoi(env.cases->c_str());
    if (v > 0) o.cases = v;
  }
  if (const std::string s = NonEmpty(env.seed); !s.empty()) {
    o.seed = std::strtoull(s.c_str(), nullptr, 10);
  } else {
    std::random_device rd;
    o.seed = (static_cast<uint64_t>(rd()) << 32) ^ rd();
  }
  if (env.mode == "strict") o.mode = CompareMode::kStrict;
  if (env.isolate) o.isolate = *env.isolate != "0";
  if (env.timeout) {
    const int v = std::atoi(env.timeout->c_str());
    if (v > 0) o.timeout_seconds = v;
  }
  const std::string out = NonEmpty(env.test_undeclared_outputs_dir);
  o.out_dir = !out.empty() ? out : "/tmp";
  return o;
}

void MergeCoverage(const Coverage& from, Coverage* into) {
  for (const auto& kv : from) {
    Counts& c = (*into)[kv.first];
    c.passed += kv.second.passed;
    c.failed += kv.second.failed;
    c.unsupported += kv.second.unsupported;
  }
}

std::string FormatCoverage(const Coverage& coverage) {
  std::set<std::string> columns;
  std::vector<std::string> rows;
  for (const auto& kv : coverage) {
    columns.insert(kv.first.second);
    if (rows.empty() || rows.back() != kv.first.first) rows.push_back(kv.first.first);
  }
  auto cell_text = [&](const std::string& r, const std::string& c) -> std::string {
    auto it = coverage.find({r, c});
    if (it == coverage.end()) return "-";
    return std::to_string(it->second.passed) + "/" + std::to_string(it->second.failed) + "/" +
           std::to_string(it->second.unsupported);
  };
  // Every column as wide as its widest entry, so the table stays aligned.
  size_t name_width = std::string("node type").size();
  for (const std::string& r : rows) name_width = std::max(name_width, r.size());
  std::map<std::string, size_t> width;
  for (const std::string& c : columns) {
    width[c] = c.size();
    for (const std::string& r : rows) width[c] = std::max(width[c], cell_text(r, c).size());
  }
  std::ostringstream os;
  os << std::left << std::setw(static_cast<int>(name_width)) << "node type";
  size_t line = name_width;
  for (const std::string& c : columns) {
    os << " | " << std::setw(static_cast<int>(width[c])) << c;
    line += 3 + width[c];
  }
  os << "\n" << std::string(line, '-') << "\n";
  Counts total;
  for (const std::string& r : rows) {
    os << std::setw(static_cast<int>(name_width)) << r;
    for (const std::string& c : columns) {
      auto it = coverage.find({r, c});
      if (it != coverage.end()) {
        total.passed += it->second.passed;
        total.failed += it->second.failed;
        total.unsupported += it->second.unsupported;
      }
      os << " | " << std::setw(static_cast<int>(width[c])) << cell_text(r, c);
    }
    os << "\n";
  }
  os << "cells: passed/failed/unsupported cases. total: " << total.passed << " passed, " << total.failed
     << " failed, " << total.unsupported << " unsupported\n";
  return os.str();
}

}  // namespace cts
}  // namespace nnrt
