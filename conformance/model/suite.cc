// The model part of the suite (model_suite.h).
#include "conformance/model/suite.h"

#include <set>

#include "conformance/suite_environment.h"
#include "conformance/time_budget.h"
#include "conformance/waivers.h"
#include "golden/golden_files.h"

namespace nnrt {
namespace cts {
namespace {

bool EndsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string StemOf(const std::string& relative) {
  const size_t dot = relative.rfind('.');
  std::string stem = dot == std::string::npos ? relative : relative.substr(0, dot);
  for (char& ch : stem) {
    if (ch == '/') ch = '_';
  }
  return stem;
}

}  // namespace

std::string DefaultModelsDir(const std::string& argv0) {
  return FindRunfile(ProcessSuiteEnvironment().models, "golden/data/models", argv0);
}

Status ReadModelCases(const std::string& dir, std::vector<NamedModelCase>* out) {
  out->clear();
  std::set<std::string> files;
  std::string error;
  if (!golden::ListGoldenFiles(dir, &files, &error) && !error.empty()) return Status(NNRT_INVALID_PATH, dir + ": " + error);
  for (const std::string& rel : files) {
    if (!EndsWith(rel, ".nnrt") && !EndsWith(rel, ".nnrtcase")) continue;
    NamedModelCase m;
    m.name = StemOf(rel);
    NNRT_RETURN_IF_ERROR(ReadCaseFile(dir + "/" + rel, &m.test_case));
    out->push_back(std::move(m));
  }
  return Status::Ok();
}

std::string ModelDtypeLabel(const TestCase& c) {
  for (const Tensor& t : c.model.tensors) {
    if (t.IsQuantized()) return std::string(DataTypeName(t.data_type)) + "(q)";
  }
  if (c.model.inputs.empty() || c.model.inputs[0] >= c.model.tensors.size()) return "?";
  return DataTypeName(c.model.tensors[c.model.inputs[0]].data_type);
}

std::string ModelModeLabel(const ModelConfig& config, CompareMode mode) {
  if (mode == CompareMode::kStrict) return config.enable_float16 ? "strict+fp16" : "strict";
  return config.enable_float16 ? "fp16" : "default";
}

ModelEntry RunModelCase(const Candidate& candidate, const NamedModelCase& model, const PropertyOptions& options,
                        ModelCheckResult* result) {
  const ModelConfig config = ModelConfigOf(model.test_case);
  ModelEntry e;
  e.model = model.name;
  e.dtype = ModelDtypeLabel(model.test_case);
  e.mode = ModelModeLabel(config, options.mode);
  ModelCheckResult r;
  if (RunBudgetExhausted()) {  // C-264: not started
    AddSkippedCases(1);
    e.result = CaseResult::kSkipped;
    e.message = "not run: the run's time budget was exhausted";
  } else {
    ModelCheckOptions check;
    check.mode = options.mode;
    check.isolate = options.isolate;
    check.timeout_seconds = CaseTimeoutWithinBudget(options.timeout_seconds);
    check.out_dir = options.out_dir.empty() ? "" : options.out_dir + "/models";
    check.replay_binary = options.replay_binary;
    r = CheckModel(candidate, model.test_case, config, check, model.name);
    switch (r.verdict) {
      case ModelVerdict::kPassed: e.result = CaseResult::kPassed; break;
      case ModelVerdict::kUnsupported: e.result = CaseResult::kUnsupported; break;
      case ModelVerdict::kFailed: e.result = ClassifyOutcome(Verdict::kFail, r.message); break;
      case ModelVerdict::kInvalidCase: e.result = CaseResult::kFailed; break;
    }
    if (r.localised_node >= 0) {
      e.localised_node = "node " + std::to_string(r.localised_node) + " '" + r.localised_name + "' (" +
                         r.localised_type + ")" + (r.localised_by_prefix ? ", by the prefix runs" : "");
    }
    e.case_file = r.node_case_file;
    e.replay = r.node_replay;
    for (const std::string& t : r.unsupported_node_types) e.unsupported += (e.unsupported.empty() ? "" : ",") + t;
    for (const ClassifierAgreement& a : r.classifiers) {
      e.agreement += (e.agreement.empty() ? "" : "; ") + a.output + ": top-1 " + std::to_string(a.top1) + "/" +
                     std::to_string(a.rows) + ", top-5 " + std::to_string(a.top5) + "/" + std::to_string(a.rows);
    }
    e.message = r.message;
  }
  GlobalResults().AddModel(e);
  if (result != nullptr) *result = r;
  return e;
}

}  // namespace cts
}  // namespace nnrt
