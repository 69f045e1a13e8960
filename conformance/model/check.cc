// The model-level check (model_check.h): per-node verdicts, the composed
// end-to-end bound, localisation and the replayable node case.
#include "conformance/model/check.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "conformance/model/bounds.h"
#include "conformance/model/graph.h"
#include "conformance/model/check_internal.h"
#include "conformance/property.h"

namespace nnrt {
namespace cts {

const char* ModelVerdictName(ModelVerdict v) {
  switch (v) {
    case ModelVerdict::kPassed: return "passed";
    case ModelVerdict::kFailed: return "failed";
    case ModelVerdict::kUnsupported: return "unsupported";
    case ModelVerdict::kInvalidCase: return "invalid-case";
  }
  return "?";
}

ModelConfig ModelConfigOf(const TestCase& c) {
  ModelConfig config;
  CompareMode ignored = CompareMode::kConformance;
  ConfigFromMeta(c, &config, &ignored);
  for (const auto& kv : c.meta) {
    if (kv.first == "compile" && kv.second.find("enable_float16") != std::string::npos) config.enable_float16 = true;
  }
  return config;
}

namespace {

std::string NodeLabel(const Model& m, uint32_t k) {
  const Node& n = m.nodes[k];
  return "node " + std::to_string(k) + " '" + n.name + "' (" + NodeTypeName(n.type) + ")";
}

// The node types the candidate reports unsupported (sorted, unique); in a
// forked child when isolated, so a crashing query fails the model.
CandidateRun QuerySupport(const Candidate& candidate, const Model& m, const ModelCheckOptions& options) {
  auto query = [&]() {
    CandidateRun r;
    std::vector<bool> supported;
    const Status st = candidate.device->GetSupportedOperation(m, &supported);
    if (!st.ok()) {
      r.verdict = Verdict::kFail;
      r.message = "GetSupportedOperation failed on a valid model: " + st.ToString();
      return r;
    }
    std::set<std::string> types;
    for (size_t k = 0; k < supported.size() && k < m.nodes.size(); ++k) {
      if (!supported[k]) types.insert(NodeTypeName(m.nodes[k].type));
    }
    for (const std::string& t : types) r.message += (r.message.empty() ? "" : ",") + t;
    r.verdict = types.empty() ? Verdict::kPass : Verdict::kUnsupported;
    return r;
  };
  return options.isolate ? RunIsolated(query, options.timeout_seconds) : query();
}

// Runs node `k` alone on the candidate with the reference's input values.
CaseOutcome RunNodeAlone(const Candidate& candidate, const TestCase& s, const ModelConfig& config,
                         const ModelCheckOptions& options) {
  RunOptions run;
  run.mode = options.mode;
  run.isolate = options.isolate;
  run.timeout_seconds = options.timeout_seconds;
  run.expected_override = s.expected;
  return RunCase(candidate, s, config, run);
}

void WriteNodeCase(const Candidate& candidate, const TestCase& c, uint32_t k, const TestCase& s,
                   const ModelConfig& config, const CaseOutcome& outcome, const ModelCheckOptions& options,
                   const std::string& stem, ModelCheckResult* r) {
  if (options.out_dir.empty()) return;
  const std::string node_stem = stem + "_node" + std::to_string(k);
  std::string path = options.out_dir + "/" + node_stem + ".nnrtcase";
  const std::string replay = options.replay_binary + " replay " + path + " --driver " + candidate.path;
  const std::vector<std::pair<std::string, std::string>> meta = {
      {"cts.spec", "MODEL_NODE"},
      {"cts.model", c.model.name},
      {"cts.model_node", std::to_string(k)},
      {"cts.model_node_name", c.model.nodes[k].name},
      {"cts.localised_by", r->localised_by_prefix ? "prefix runs (the node passes alone)" : "the node alone"},
      {"cts.driver", candidate.path},
      {"cts.mode", options.mode == CompareMode::kStrict ? "strict" : "conformance"},
      {"cts.replay", replay},
  };
  std::string error;
  path = WriteCounterexample(options.out_dir, node_stem, MakeCounterexample(s, config, outcome, meta), &error);
  if (path.empty()) {
    r->message += "\ncould not write the node case: " + error;
    return;
  }
  r->node_case_file = path;
  r->node_replay = replay;
}

void Localise(const TestCase& c, uint32_t k, bool by_prefix, ModelCheckResult* r) {
  r->localised_node = k;
  r->localised_name = c.model.nodes[k].name;
  r->localised_type = NodeTypeName(c.model.nodes[k].type);
  r->localised_by_prefix = by_prefix;
}

}  // namespace

ModelCheckResult CheckModel(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                            const ModelCheckOptions& options, const std::string& stem) {
  ModelCheckResult r;
  r.nodes = c.model.nodes.size();
  std::vector<uint32_t> order;
  std::vector<HostTensor> values;
  std::vector<TensorBound> bounds;
  Status st = TopologicalOrder(c.model, &order);
  if (st.ok()) st = ReferenceTensorValues(c, &values);
  if (st.ok()) st = ComposeBounds(c, order, values, config, options.mode, &bounds);
  if (!st.ok()) {
    r.verdict = ModelVerdict::kInvalidCase;
    r.message = "the reference rejects the model: " + st.ToString();
    return r;
  }
  const CandidateRun support = QuerySupport(candidate, c.model, options);
  if (support.verdict == Verdict::kUnsupported) {
    r.verdict = ModelVerdict::kUnsupported;
    std::stringstream list(support.message);
    for (std::string t; std::getline(list, t, ',');) r.unsupported_node_types.push_back(t);
    r.message = "the candidate reports node types unsupported: " + support.message;
    return r;
  }
  if (support.verdict != Verdict::kPass) {
    r.verdict = ModelVerdict::kFailed;
    r.message = support.message;
    return r;
  }
  // End to end, then every node alone (the primary verdict, C-780).
  const EndToEnd e2e = RunEndToEnd(candidate, c, config, values, bounds, options);
  r.end_to_end_ok = e2e.ok;
  r.end_to_end_message = e2e.message;
  r.derived_outputs = e2e.derived_outputs;
  r.classifiers = e2e.classifiers;
  for (uint32_t k : order) {
    const TestCase s = SingleNodeCase(c, k, values);
    const CaseOutcome o = RunNodeAlone(candidate, s, config, options);
    if (o.verdict != Verdict::kFail && o.verdict != Verdict::kInvalidCase) continue;
    Localise(c, k, false, &r);
    r.message = NodeLabel(c.model, k) + ", run alone with the reference's inputs: " + o.message;
    WriteNodeCase(candidate, c, k, s, config, o, options, stem, &r);
    break;
  }
  if (r.localised_node < 0 && !e2e.ok) {
    const int64_t k = FirstFailingPrefix(candidate, c, config, order, values, bounds, options);
    r.message = "every node passes alone, but the model's outputs do not: " + e2e.message;
    if (k >= 0) {
      const auto node = static_cast<uint32_t>(k);
      Localise(c, node, true, &r);
      r.message += "; the first prefix whose last output leaves its bound ends at " + NodeLabel(c.model, node);
      const TestCase s = SingleNodeCase(c, node, values);
      WriteNodeCase(candidate, c, node, s, config, RunNodeAlone(candidate, s, config, options), options, stem, &r);
    }
  }
  if (r.localised_node >= 0 || !e2e.ok) {
    r.verdict = ModelVerdict::kFailed;
    if (!e2e.ok && r.localised_node >= 0 && !r.localised_by_prefix) r.message += "; end to end: " + e2e.message;
  }
  return r;
}

std::string DescribeModelResult(const ModelCheckResult& r) {
  std::ostringstream os;
  os << ModelVerdictName(r.verdict) << " (" << r.nodes << " nodes";
  if (r.verdict == ModelVerdict::kPassed || r.verdict == ModelVerdict::kFailed) {
    os << "; end to end " << (r.end_to_end_ok ? "within" : "OUTSIDE") << " the bound, " << r.derived_outputs
       << " output(s) with a derived bound";
  }
  for (const ClassifierAgreement& a : r.classifiers) {
    os << "; " << a.output << ": top-1 " << a.top1 << "/" << a.rows << ", top-5 " << a.top5 << "/" << a.rows;
  }
  os << ")";
  if (r.localised_node >= 0) {
    os << "\n    localised to node " << r.localised_node << " '" << r.localised_name << "' (" << r.localised_type
       << ")" << (r.localised_by_prefix ? " by the prefix runs" : "");
  }
  if (!r.message.empty()) os << "\n    " << r.message;
  if (!r.node_case_file.empty()) os << "\n    node case: " << r.node_case_file << "\n    replay with: " << r.node_replay;
  return os.str();
}

}  // namespace cts
}  // namespace nnrt
