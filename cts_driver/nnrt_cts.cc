// nnrt_cts: the conformance suite as a command-line harness.
//
//   nnrt_cts run [--driver /abs/lib.so] [--cases N] [--seed S] [--strict]
//                [--only SPEC[,SPEC...]] [--out DIR] [--no-isolate]
//                [--timeout S] [--time-budget S]
//                [--no-invalid] [--no-graphs] [--no-golden] [--modes none|all|MODE,...]
//                [--report DIR] [--jobs N] [--no-models] [--models [DIR]]
//       The whole suite by default (docs/conformance.md "Running it"): one
//       rapidcheck property per node spec (directed edge cases, then random
//       cases) with a summary table (node type x data type:
//       passed/failed/unsupported); random multi-node graphs; the invalid-model
//       part (every mutation family on every spec must be rejected, wrong run
//       inputs refused, C-211, C-213); every execution mode; the golden files.
//       The --no-* switches (and --modes none) turn parts off.
//       Models (docs/conformance.md "Model-level comparison"): the model
//       zoo's golden files and the built-in networks, each judged node by
//       node and end to end, a failure localised to a replayable node case
//       under OUT/models (--no-models turns it off); --models [DIR] runs
//       only the model part, on every *.nnrt under DIR (imported cases).
//       --timeout S bounds each case's driver side (default 60 s);
//       --time-budget S bounds the whole run (default $NNRT_CTS_TIME_BUDGET,
//       else 1800 s): when it runs out, the cases not yet started are counted as
//       skipped, the report is still written and the run ends INCOMPLETE (C-264).
//       --jobs N runs the parts on N worker processes (default: the number of
//       cores); the printed text and the report are those of --jobs 1 with the
//       same seed (C-750). The run ends with its cases per second.
//       Isolation (C-89, C-930): each unit runs on a worker process whose
//       candidate steps run in-process under the per-case alarm; a worker that
//       dies is replaced and its unit rerun with a fork per candidate step, so
//       a crash or hang is still its case's failure, shrunk and written.
//       --fork-each-case forks for every step from the start; --profile prints
//       where the time went per part and per cost.
//       Exit status 0 when every part holds, 1 otherwise (also when incomplete).
//   nnrt_cts replay FILE [--driver /abs/lib.so] [--strict] [--no-isolate] [--timeout S] [--check-reference]
//       Replays a case file (counterexample or golden): runs its model on the
//       driver once, compares with the file's expected section and prints the verdict
//       with the worst element. --check-reference also runs today's reference
//       and notes an output that differs from the file (a semantic change). Exit 0 pass, 1 fail, 2 error / unsupported.
//       A model case (more than one node) whose outputs differ or that is unsupported is also
//       judged as `run` judges the zoo's models: the node types the driver lacks,
//       or the first bad node, written as <FILE stem>_node<k>.nnrtcase next to FILE.
//       A file with meta cts.expect = rejection / run_rejection (C-212)
//       expects the driver to refuse it: exit 0 when it does, 1 when not.
//       --modes MODE,... runs only these execution modes (docs/conformance.md
//       "Execution modes"; fp16, cache, cache-corruption, dynamic-shape,
//       device-buffers, concurrent, support-agreement) on cases/4 cases each;
//       default all, each only where the driver claims the capability.
//       --report DIR writes the result matrix (node type x data type x mode)
//       as DIR/cts_report.json and DIR/cts_report.html.
//       --waivers FILE reports failures in the cells it names as waived, after
//       checking it against the must-pass list (--mustpass FILE, default the
//       checked-in conformance/mustpass.txt).
//   nnrt_cts tolerances
//       Prints the tolerance table for every spec and data type.
//   nnrt_cts import MODEL.onnx --out CASE.nnrt [--inputs TEST_DATA_SET_DIR | --seed N]
//       Maps an ONNX model onto NNRt node types and writes it as a case whose
//       expected section is the reference's outputs (docs/onnx_import.md).
//   nnrt_cts merge-reports [--out DIR] REPORT.json|DIR...
//       Merges the reports of a sharded `bazel test //conformance` (found under
//       DIRs, e.g. bazel-testlogs/conformance) into DIR/cts_report.{json,html}
//       (default ./cts_report). Exit 1 when the merged report has failures.
//
// Without --driver: $NNRT_CTS_DRIVER, else the reference driver next to the binary.
// --nnadapter-driver /abs/lib<name>.so [--nnadapter-device SYMBOL] (run and
// replay) runs a Paddle Lite NNAdapter HAL driver through the bridge
// (docs/nnadapter.md, "Running an NNAdapter driver ..."); reports and replay commands name it
// --driver nnadapter:/abs/lib<name>.so[#SYMBOL], which --driver accepts too.
// Each case's driver side runs in a forked child (a crash or hang is a failing
// case, not the end of the run); --no-isolate runs it in-process (C-89).
#include <rapidcheck/detail/Configuration.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/golden_replay.h"
#include "conformance/graph/generator.h"
#include "conformance/model/check.h"
#include "conformance/modes/modes.h"
#include "conformance/mutations/invalid_model.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/report/report.h"
#include "conformance/runner.h"
#include "conformance/time_budget.h"
#include "cts_driver/import_command.h"
#include "cts_driver/merge_reports_command.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_bridge.h"
#include "cts_driver/run_parts.h"
#include "conformance/waivers.h"
#include "reference/runtime/op_builders/op_coverage.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

// The default per-run time budget: the reference needs about a minute; a
// driver that needs more than half an hour ends INCOMPLETE with its report.
constexpr double kDefaultRunBudgetSeconds = 1800;

struct Args {
  std::string command;
  std::string file;
  std::string driver;
  std::string nnadapter_driver;  // --nnadapter-driver: an NNAdapter HAL driver through the bridge
  std::string nnadapter_device;  // --nnadapter-device: its device symbol when not derived from the name
  int cases = 100;
  bool seed_given = false;
  uint64_t seed = 0;
  bool strict = false;
  bool no_isolate = false;
  bool fork_each_case = false;  // run: a fork per candidate step everywhere (--fork-each-case, C-930)
  bool profile = false;         // run: print where the time went (--profile)
  bool check_reference = false;  // replay: also run today's reference and note drift from the file
  int timeout_seconds = 60;  // per case in the isolated child (--timeout)
  bool timeout_given = false;  // --timeout overrides $NNRT_CTS_TIMEOUT
  double time_budget = 0;    // run: seconds for the whole run (--time-budget; 0 = $NNRT_CTS_TIME_BUDGET or 1800)
  bool invalid = true;  // run: the invalid-model part
  bool graphs = true;   // run: random multi-node graphs
  bool golden = true;   // run: golden-file replay
  int jobs = 0;         // run: worker processes (--jobs; 0 = the number of cores)
  bool models = true;   // run: the model part (zoo golden files and built-in networks)
  bool models_only = false;  // run --models [DIR]: only the model part
  std::string models_dir;    // run --models DIR: the model cases to run (default: the built-in zoo)
  std::vector<std::string> only;
  std::string out_dir;
  std::vector<std::string> modes = {"all"};  // run: execution modes (conformance/modes/modes.h)
  std::string report_dir;          // run: where the JSON / HTML report goes
  std::string waivers;             // run: waiver file
  std::string mustpass;            // run: must-pass list (default: the checked-in one)
};

int Usage(const char* message) {
  if (message != nullptr) std::cerr << "nnrt_cts: " << message << "\n";
  std::cerr << "usage:\n"
               "  nnrt_cts run [--driver /abs/lib.so] [--cases N] [--seed S] [--strict] [--only SPEC,...] [--out DIR]\n"
               "                [--no-isolate] [--no-invalid] [--no-graphs] [--no-golden] [--timeout S] [--time-budget S]\n"
               "                [--modes none|all|MODE,...] [--report DIR] [--jobs N] [--no-models] [--models [DIR]]\n"
               "                [--waivers FILE] [--mustpass FILE] [--fork-each-case] [--profile]\n"
               "  nnrt_cts replay FILE [--driver /abs/lib.so] [--strict] [--no-isolate] [--timeout S] [--check-reference]\n"
               "  (run, replay: --nnadapter-driver /abs/lib<name>.so [--nnadapter-device SYMBOL] instead of --driver)\n"
               "  nnrt_cts merge-reports [--out DIR] REPORT.json|DIR...\n"
               "  nnrt_cts import MODEL.onnx --out CASE.nnrt [--inputs TEST_DATA_SET_DIR | --seed N] [--shape NAME=D,...] [--pin NAME=V,...]\n"
               "  nnrt_cts tolerances\n";
  return 2;
}

std::vector<std::string> SplitComma(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

bool ParseArgs(int argc, char** argv, Args* a, std::string* error) {
  if (argc < 2) {
    *error = "missing command";
    return false;
  }
  a->command = argv[1];
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](const char* flag) -> const char* {
      if (i + 1 >= argc) {
        *error = std::string(flag) + " needs a value";
        return nullptr;
      }
      return argv[++i];
    };
    if (arg == "--driver") {
      const char* v = value("--driver");
      if (v == nullptr) return false;
      a->driver = v;
    } else if (arg == "--nnadapter-driver" || arg == "--nnadapter-device") {
      const char* v = value(arg.c_str());
      if (v == nullptr) return false;
      (arg == "--nnadapter-driver" ? a->nnadapter_driver : a->nnadapter_device) = v;
    } else if (arg == "--cases") {
      const char* v = value("--cases");
      if (v == nullptr) return false;
      a->cases = std::atoi(v);
      if (a->cases <= 0) {
        *error = "--cases must be a positive number";
        return false;
      }
    } else if (arg == "--seed") {
      const char* v = value("--seed");
      if (v == nullptr) return false;
      a->seed = std::strtoull(v, nullptr, 10);
      a->seed_given = true;
    } else if (arg == "--only") {
      const char* v = value("--only");
      if (v == nullptr) return false;
      a->only = SplitComma(v);
    } else if (arg == "--out") {
      const char* v = value("--out");
      if (v == nullptr) return false;
      a->out_dir = v;
    } else if (arg == "--strict") {
      a->strict = true;
    } else if (arg == "--no-isolate") {
      a->no_isolate = true;
    } else if (arg == "--fork-each-case") {
      a->fork_each_case = true;
    } else if (arg == "--profile") {
      a->profile = true;
    } else if (arg == "--check-reference") {
      a->check_reference = true;
    } else if (arg == "--timeout") {
      const char* v = value("--timeout");
      if (v == nullptr) return false;
      a->timeout_seconds = std::max(1, std::atoi(v));
      a->timeout_given = true;
    } else if (arg == "--time-budget") {
      const char* v = value("--time-budget");
      if (v == nullptr) return false;
      a->time_budget = std::atof(v);
      if (!(a->time_budget > 0)) {
        *error = "--time-budget must be a positive number of seconds";
        return false;
      }
    } else if (arg == "--modes" || arg == "--report" || arg == "--waivers" || arg == "--mustpass") {
      const char* v = value(arg.c_str());
      if (v == nullptr) return false;
      if (arg == "--modes") a->modes = SplitComma(v);
      if (arg == "--report") a->report_dir = v;
      if (arg == "--waivers") a->waivers = v;
      if (arg == "--mustpass") a->mustpass = v;
    } else if (arg == "--jobs") {
      const char* v = value("--jobs");
      if (v == nullptr) return false;
      a->jobs = std::atoi(v);
      if (a->jobs <= 0 || a->jobs > 256) {
        *error = "--jobs must be a number of worker processes from 1 to 256";
        return false;
      }
    } else if (arg == "--invalid") {
      a->invalid = true;  // the default; kept for scripts written before it was
    } else if (arg == "--no-invalid") {
      a->invalid = false;
    } else if (arg == "--no-graphs") {
      a->graphs = false;
    } else if (arg == "--no-golden") {
      a->golden = false;
    } else if (arg == "--no-models") {
      a->models = false;
    } else if (arg == "--models") {
      a->models_only = true;  // an optional DIR follows
      if (i + 1 < argc && std::string(argv[i + 1]).rfind("--", 0) != 0) a->models_dir = argv[++i];
    } else if (a->command == "replay" && a->file.empty() && arg.rfind("--", 0) != 0) {
      a->file = arg;
    } else {
      *error = "unknown argument '" + arg + "'";
      return false;
    }
  }
  if (!a->nnadapter_device.empty() && a->nnadapter_driver.empty()) {
    *error = "--nnadapter-device needs --nnadapter-driver";
    return false;
  }
  if (!a->nnadapter_driver.empty()) {
    if (!a->driver.empty()) {
      *error = "--driver and --nnadapter-driver exclude each other";
      return false;
    }
    a->driver = nnadapter_bridge::NNAdapterCandidateSpec(a->nnadapter_driver, a->nnadapter_device);
  }
  return true;
}

bool LoadCandidate(const Args& a, const char* argv0, std::unique_ptr<Candidate>* candidate) {
  const std::string path = a.driver.empty() ? DefaultDriverPath(argv0) : a.driver;
  if (path.empty()) {
    std::cerr << "nnrt_cts: no driver: pass --driver /abs/path/lib.so or set NNRT_CTS_DRIVER\n";
    return false;
  }
  Status st = nnadapter_bridge::IsNNAdapterCandidate(path) ? nnadapter_bridge::OpenNNAdapterCandidate(path, candidate)
                                                          : OpenCandidate(path, candidate);
  if (!st.ok()) {
    std::cerr << "nnrt_cts: cannot load driver " << path << ": " << st.ToString() << "\n";
    return false;
  }
  return true;
}

// Cases run (every report cell but the skipped ones) per second of the run,
// printed and recorded in the report (info "cases per second").
void ReportThroughput(int jobs) {
  const CellCounts totals = GlobalResults().Totals();
  int64_t cases = 0;
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    if (static_cast<CaseResult>(i) != CaseResult::kSkipped) cases += totals[i];
  }
  const double seconds = RunElapsedSeconds();
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.1f", seconds > 0 ? static_cast<double>(cases) / seconds : 0.0);
  char elapsed[64];
  std::snprintf(elapsed, sizeof elapsed, "%.1f s", seconds);
  GlobalResults().SetInfo("cases per second", rate);
  GlobalResults().SetInfo("elapsed", elapsed);
  std::cout << "\nnnrt_cts: " << cases << " cases in " << elapsed << ", " << rate << " cases/s on " << jobs
            << " worker process" << (jobs == 1 ? "" : "es") << "\n";
}

// The end of a run: the time budget's outcome (C-264; "" when complete) noted
// in the report, then --report DIR written. False when it cannot be written.
bool FinishRun(const Args& a, std::string* budget_outcome) {
  *budget_outcome = DescribeBudgetOutcome();
  if (!budget_outcome->empty()) {
    GlobalResults().SetInfo("incomplete", *budget_outcome);
    std::cout << "\nnnrt_cts: " << *budget_outcome << "; the report lists them as skipped\n";
  }
  if (a.report_dir.empty()) return true;
  std::vector<std::string> paths;
  const Status st = WriteReport(GlobalResults(), a.report_dir, "cts_report", &paths);
  if (!st.ok()) {
    std::cerr << "nnrt_cts: " << st.ToString() << "\n";
    return false;
  }
  for (const std::string& p : paths) std::cout << "report: " << p << "\n";
  return true;
}

// `run --models [DIR]`: the model part alone (docs/conformance.md "Model-level comparison").
int RunModelsOnly(const Args& a, const char* argv0, const Candidate& candidate, const PropertyOptions& options,
                  int jobs) {
  RunTotals totals;
  const Status run_status = RunSections({ModelSection(argv0, a.models_dir, candidate, options)}, jobs,
                                        options.isolate && !a.fork_each_case, &totals);
  if (!run_status.ok()) {
    std::cerr << "nnrt_cts: " << run_status.ToString() << "\n";
    return 2;
  }
  const bool ok = totals.ok.at(RunPart::kModels);
  if (a.profile) std::cout << FormatProfile(totals);
  ReportThroughput(jobs);
  std::string budget_outcome;
  if (!FinishRun(a, &budget_outcome)) return 2;
  const bool complete = budget_outcome.empty();
  std::cout << "\nnnrt_cts: " << (ok && complete ? "PASS" : !ok ? "FAIL" : "INCOMPLETE") << " (models "
            << (ok ? "ok" : "FAIL") << ")\n";
  return ok && complete ? 0 : 1;
}

int Run(const Args& a, const char* argv0) {
  std::unique_ptr<Candidate> candidate;
  if (!LoadCandidate(a, argv0, &candidate)) return 2;
  PropertyOptions options = PropertyOptionsFromEnv();
  // C-264: --time-budget, else $NNRT_CTS_TIME_BUDGET, else half an hour.
  const double env_budget = RunBudgetFromEnv();
  StartRunBudget(a.time_budget > 0 ? a.time_budget : env_budget > 0 ? env_budget : kDefaultRunBudgetSeconds);
  options.cases = a.cases;
  if (a.seed_given) options.seed = a.seed;
  if (a.strict) options.mode = CompareMode::kStrict;
  if (a.no_isolate) options.isolate = false;
  if (a.timeout_given) options.timeout_seconds = a.timeout_seconds;
  if (!a.out_dir.empty()) options.out_dir = a.out_dir;
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  options.replay_binary = n > 0 ? std::string(self, static_cast<size_t>(n)) : std::string(argv0);
  std::vector<ExecMode> modes;
  for (const std::string& m : a.modes) {
    if (m == "none") {
      modes.clear();
    } else if (m == "all") {
      modes = AllExecModes();
    } else if (const auto parsed = ParseExecMode(m)) {
      modes.push_back(*parsed);
    } else {
      std::cerr << "nnrt_cts: unknown mode '" << m << "'\n";
      return 2;
    }
  }
  WaiverSet waivers;
  const Status waiver_status =
      LoadWaivers(a.waivers, a.mustpass.empty() ? DefaultMustPassPath(argv0) : a.mustpass, &waivers);
  if (!waiver_status.ok()) {
    std::cerr << "nnrt_cts: " << waiver_status.ToString() << "\n";
    return 2;
  }
  options.waivers = &waivers;
  GlobalResults().SetInfo("driver", candidate->path);
  GlobalResults().SetInfo("device", candidate->device_name);
  GlobalResults().SetInfo("seed", std::to_string(options.seed));
  GlobalResults().SetInfo("cases per node spec", std::to_string(options.cases));
  GlobalResults().SetInfo("per-case timeout", std::to_string(options.timeout_seconds) + " s");
  if (RunBudgetSeconds() > 0) GlobalResults().SetInfo("time budget", std::to_string(RunBudgetSeconds()) + " s");
  if (!a.waivers.empty()) GlobalResults().SetInfo("waivers", a.waivers);
  std::cout << "nnrt_cts: driver " << candidate->path << " (device '" << candidate->device_name << "')\n"
            << "          seed " << options.seed << ", " << options.cases << " cases per node spec, "
            << (options.mode == CompareMode::kStrict ? "strict" : "conformance") << " tolerances\n"
            << "          reference coverage: " << rt::CoverageLine(rt::ComputeOperatorCoverage()) << "\n\n";
  const int jobs = a.jobs > 0 ? a.jobs : DefaultJobs();
  // rapidcheck reads (and prints) its configuration at first use; read it here,
  // before the workers fork, so it is printed once, not once per worker.
  rc::detail::configuration();
  GlobalResults().SetInfo("jobs", std::to_string(jobs));
  if (a.models_only) return RunModelsOnly(a, argv0, *candidate, options, jobs);
  std::vector<const NodeSpec*> specs;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    if (a.only.empty() || std::find(a.only.begin(), a.only.end(), spec.name) != a.only.end()) specs.push_back(&spec);
  }
  if (specs.empty()) {
    std::cerr << "nnrt_cts: --only matched no node spec\n";
    return 2;
  }
  const bool whole_suite = a.only.empty();  // graphs, golden files and models only without --only
  const bool models_on = a.models && whole_suite;
  std::vector<RunSection> sections;
  sections.push_back(NodeSpecSection(specs, *candidate, options));
  if (a.graphs && whole_suite) sections.push_back(GraphSection(*candidate, options));
  for (RunSection& s : ModeSections(specs, modes, *candidate, options)) sections.push_back(std::move(s));
  if (a.invalid) sections.push_back(InvalidSection(specs, *candidate, options));
  if (a.golden && whole_suite) sections.push_back(GoldenSection(argv0, *candidate, options));
  if (models_on) sections.push_back(ModelSection(argv0, "", *candidate, options));
  RunTotals totals;
  const Status run_status = RunSections(sections, jobs, options.isolate && !a.fork_each_case, &totals);
  if (!run_status.ok()) {
    std::cerr << "nnrt_cts: " << run_status.ToString() << "\n";
    return 2;
  }
  const bool specs_ok = totals.ok.at(RunPart::kNodeSpecs);
  const bool graphs_ok = totals.ok.at(RunPart::kGraphs);
  const bool modes_ok = totals.ok.at(RunPart::kModes);
  const bool invalid_ok = totals.ok.at(RunPart::kInvalid);
  const bool golden_ok = totals.ok.at(RunPart::kGolden);
  const bool models_ok = totals.ok.at(RunPart::kModels);
  if (a.profile) std::cout << FormatProfile(totals);
  ReportThroughput(jobs);
  std::string budget_outcome;
  if (!FinishRun(a, &budget_outcome)) return 2;
  const bool complete = budget_outcome.empty();
  const bool all_ok = specs_ok && graphs_ok && modes_ok && invalid_ok && golden_ok && models_ok && complete;
  const bool any_failure = !(specs_ok && graphs_ok && modes_ok && invalid_ok && golden_ok && models_ok);
  std::cout << "\nnnrt_cts: " << (all_ok ? "PASS" : any_failure ? "FAIL" : "INCOMPLETE")
            << (complete || !any_failure ? "" : " and INCOMPLETE") << " (node specs " << (specs_ok ? "ok" : "FAIL")
            << ", graphs " << (!a.graphs || !a.only.empty() ? "off" : graphs_ok ? "ok" : "FAIL") << ", modes "
            << (modes.empty() ? "off" : modes_ok ? "ok" : "FAIL") << ", invalid models "
            << (!a.invalid ? "off" : invalid_ok ? "ok" : "FAIL") << ", golden files "
            << (!a.golden || !a.only.empty() ? "off" : golden_ok ? "ok" : "FAIL") << ", models "
            << (!models_on ? "off" : models_ok ? "ok" : "FAIL") << ")\n";
  return all_ok ? 0 : 1;
}

// A model case (more than one node) whose outputs differ or that is unsupported, judged as
// `run` judges the zoo's models (conformance/model_check.h, C-780..C-782): the
// node types the candidate lacks, or the first bad node with its replayable
// single-node case (written next to the replayed file). The exit status stays
// the whole-case verdict's (C-970).
void ReplayModelCheck(const Candidate& candidate, const TestCase& c, const ModelConfig& config, const Args& a,
                      const char* argv0) {
  ModelCheckOptions options;
  options.mode = a.strict ? CompareMode::kStrict : CompareMode::kConformance;
  options.isolate = !a.no_isolate;
  options.timeout_seconds = a.timeout_seconds;
  const size_t slash = a.file.rfind('/');
  options.out_dir = slash == std::string::npos ? "." : a.file.substr(0, slash);
  options.replay_binary = argv0;
  std::string stem = slash == std::string::npos ? a.file : a.file.substr(slash + 1);
  stem = stem.substr(0, stem.rfind('.'));
  const ModelCheckResult r = CheckModel(candidate, c, config, options, stem);
  std::cout << "  model check: " << DescribeModelResult(r) << "\n";
}

int Replay(const Args& a, const char* argv0) {
  if (a.file.empty()) return Usage("replay needs a FILE");
  TestCase c;
  Status st = ReadCaseFile(a.file, &c);
  if (!st.ok()) {
    std::cerr << "nnrt_cts: " << st.ToString() << "\n";
    return 2;
  }
  std::unique_ptr<Candidate> candidate;
  if (!LoadCandidate(a, argv0, &candidate)) return 2;
  if (!CaseExpectation(c).empty()) {  // C-212: the file expects a rejection
    std::string report;
    const bool rejected = ReplayExpectedRejection(*candidate, c, !a.no_isolate, a.timeout_seconds, &report);
    std::cout << "replay " << a.file << "\n  driver " << candidate->path << " (device '" << candidate->device_name
              << "'), expects " << CaseExpectation(c) << "\n" << report
              << "  verdict: " << (rejected ? "PASS (rejected)" : "FAIL (not rejected)") << "\n";
    return rejected ? 0 : 1;
  }
  ModelConfig config;
  CompareMode mode = CompareMode::kConformance;
  ConfigFromMeta(c, &config, &mode);
  if (a.strict) mode = CompareMode::kStrict;
  RunOptions options;
  options.mode = mode;
  options.isolate = !a.no_isolate;
  options.timeout_seconds = a.timeout_seconds;
  options.expected_override = c.expected;  // the file's expected section is authoritative
  // With --check-reference, tell when today's reference disagrees with the file
  // (a semantic change since it was written); otherwise the model runs once.
  if (a.check_reference && !c.expected.empty()) {
    std::vector<HostTensor> fresh;
    if (RunReference(c, &fresh).ok()) {
      for (size_t i = 0; i < fresh.size() && i < c.expected.size(); ++i) {
        if (fresh[i].data != c.expected[i].data) {
          std::cout << "note: the current reference output " << i
                    << " differs from the file's expected section (reference changed since it was written?)\n";
        }
      }
    }
  }
  std::string exec_mode;
  for (const auto& kv : c.meta) {
    if (kv.first == "cts.exec_mode") exec_mode = kv.second;
  }
  const auto mode_to_replay = ParseExecMode(exec_mode);
  if (mode_to_replay) {
    // Execution-mode cases compare against a fresh reference run (the note above says when it differs).
    std::cout << "execution mode: " << exec_mode << "\n";
  }
  CaseOutcome o = mode_to_replay ? RunModeCase(*candidate, *mode_to_replay, c, config, options)
                                 : RunCase(*candidate, c, config, options);
  std::cout << "replay " << a.file << "\n  driver " << candidate->path << " (device '" << candidate->device_name
            << "'), " << (mode == CompareMode::kStrict ? "strict" : "conformance") << " tolerances"
            << (config.enable_float16 ? ", enableFloat16" : "") << "\n";
  std::cout << "  verdict: " << VerdictName(o.verdict) << "\n";
  if (!o.message.empty()) std::cout << "  " << o.message << "\n";
  if (o.compare.worst_index >= 0) {
    std::cout << "  worst element: output " << (o.failing_output >= 0 ? o.failing_output : 0) << " index "
              << o.compare.worst_index << ": expected " << FormatFloat64(o.compare.worst_expected) << ", got "
              << FormatFloat64(o.compare.worst_actual) << ", error " << o.compare.worst_error << " "
              << o.compare.unit << " (allowed " << o.compare.worst_allowed << " " << o.compare.unit << ")\n";
  }
  // Outputs outside the bound (not a crash or a hang, which the model check would only repeat).
  const bool outputs_differ = o.verdict == Verdict::kFail && o.failing_output >= 0;
  if (!mode_to_replay && c.model.nodes.size() > 1 && (outputs_differ || o.verdict == Verdict::kUnsupported)) {
    ReplayModelCheck(*candidate, c, config, a, argv0);
  }
  switch (o.verdict) {
    case Verdict::kPass: return 0;
    case Verdict::kFail: return 1;
    default: return 2;
  }
}

int Tolerances() {
  for (const NodeSpec& spec : AllNodeSpecs()) {
    for (DataType dt : spec.dtypes) {
      const bool quantized = dt == DataType::kInt8 || dt == DataType::kUint8;
      for (int fp16 = 0; fp16 < (dt == DataType::kFloat32 ? 2 : 1); ++fp16) {
        ToleranceKey key;
        key.node_type = spec.type;
        key.activation = spec.activation;
        key.dtype = dt;
        key.quantized = quantized;
        key.enable_float16 = fp16 == 1;
        std::cout << spec.name << " " << DataTypeName(dt) << (quantized ? "(q)" : "") << (fp16 ? "+fp16cfg" : "")
                  << ": " << DescribeTolerance(LookupTolerance(key)) << "\n";
      }
    }
  }
  return 0;
}

}  // namespace
}  // namespace cts
}  // namespace nnrt

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "merge-reports") {
    return nnrt::cts::MergeReportsCommand(argc - 2, argv + 2);
  }
  if (argc >= 2 && std::string(argv[1]) == "import") return nnrt::cts::ImportCommand(argc - 2, argv + 2);
  nnrt::cts::Args args;
  std::string error;
  if (!nnrt::cts::ParseArgs(argc, argv, &args, &error)) return nnrt::cts::Usage(error.c_str());
  if (args.command == "run") return nnrt::cts::Run(args, argv[0]);
  if (args.command == "replay") return nnrt::cts::Replay(args, argv[0]);
  if (args.command == "tolerances") return nnrt::cts::Tolerances();
  return nnrt::cts::Usage(("unknown command '" + args.command + "'").c_str());
}
