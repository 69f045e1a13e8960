// Random multi-node graphs (graph_generator.h); the per-kind node planners
// are in graph_plan*.cc (graph_plan.h). Three steps:
//  1. PlanGraph: interpret the choice records into a plan (tensors with shapes
//     and real values, nodes with attributes), shape-compatible by
//     construction;
//  2. quantized graphs only: run a float32 "shadow" of the plan on the
//     reference and take every intermediate tensor's quant params from its
//     real range (C-235), so values neither saturate everywhere nor vanish;
//  3. Materialize: the plan as a TestCase in the primary data type.
#include "conformance/graph/generator.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/graph/plan.h"
#include "conformance/suite_environment.h"
#include "conformance/time_budget.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

using namespace graph_plan;  // NOLINT: the planner types and functions

void PlanNodeFromChoice(Plan* plan, Rng* rng, const std::vector<UsableSignature>& sigs, const GraphNodeChoice& c) {
  const std::vector<uint32_t> operands = UsableOperands(*plan);
  const uint32_t a = operands[operands.size() - 1 - static_cast<size_t>(c.operand_a) % operands.size()];
  // The chosen signature, or the next one that can read `a` (conv needs rank 4).
  const UsableSignature* use = nullptr;
  for (size_t k = 0; k < sigs.size() && use == nullptr; ++k) {
    const UsableSignature& s = sigs[(static_cast<size_t>(c.op) + k) % sigs.size()];
    if ((s.sig->kind == SigKind::kConv || s.sig->kind == SigKind::kConvTranspose || s.sig->kind == SigKind::kPool ||
         s.sig->kind == SigKind::kResize) &&
        plan->tensors[a].dims.size() != 4) {
      continue;
    }
    // Dense: MATMUL needs rank 2..6 (C-500), FULL_CONNECTION rank >= 1 with a last dim.
    const size_t rank = plan->tensors[a].dims.size();
    if ((s.sig->kind == SigKind::kTranspose || s.sig->kind == SigKind::kConcat) && rank == 0) continue;
    if (s.sig->kind == SigKind::kDense && (rank < (s.spec->type == NodeType::MATMUL_FUSION ? 2u : 1u) || rank > 6)) {
      continue;
    }
    // Normalize: rank >= 1; INSTANCE_NORM [N, C, D1..] rank >= 3 (C-578); BIAS_ADD rank 2..5 (C-581);
    // LRN rank 4 (C-591).
    if (s.sig->kind == SigKind::kNormalize &&
        (rank < 1 || (s.spec->type == NodeType::INSTANCE_NORM && rank < 3) ||
         (s.spec->type == NodeType::BIAS_ADD && (rank < 2 || rank > 5)) ||
         (s.spec->type == NodeType::LRN && rank != 4))) {
      continue;
    }
    // REDUCE_FUSION, SOFTMAX and LOG_SOFTMAX need an axis (C-540, C-545).
    if ((s.sig->kind == SigKind::kReduce || s.sig->kind == SigKind::kSoftmax) && rank == 0) continue;
    if ((s.sig->kind == SigKind::kWindow || s.sig->kind == SigKind::kSplit || s.sig->kind == SigKind::kTile) &&
        rank == 0) {
      continue;  // a scalar has no window, axis or dim to repeat
    }
    if (s.sig->kind == SigKind::kBatchSpace && rank != 4) continue;  // NHWC [N, H, W, C] (C-640)
    use = &s;
  }
  PlanNode node{use, use->spec->type, {}, {}, 0};
  switch (use->sig->kind) {
    case SigKind::kBinary: PlanBinary(plan, rng, *use, c, a, &node); break;
    case SigKind::kConv: PlanConv(plan, rng, *use, c, a, &node); break;
    case SigKind::kReshape: PlanReshape(plan, c, a, &node); break;
    case SigKind::kReduce: PlanReduce(plan, c, a, &node); break;
    case SigKind::kSoftmax: {
      // One axis of the chain tensor, negative one time in two (C-540).
      const auto rank = static_cast<int64_t>(plan->tensors[a].dims.size());
      const int64_t axis = (c.kernel & 1) != 0 ? c.channels % rank - rank : c.channels % rank;
      node.inputs = {a};
      node.attrs = {use->spec->type == NodeType::SOFTMAX ? Attr::Int64s("axis", {axis}) : Attr::Int64("axis", axis)};
      node.output = AddIntermediate(plan, plan->tensors[a].dims, false);
      break;
    }
    case SigKind::kDense: PlanDense(plan, rng, *use, c, a, &node); break;
    case SigKind::kNormalize: PlanNormalize(plan, rng, *use, c, a, &node); break;
    case SigKind::kWindow: PlanWindow(plan, c, a, &node); break;
    case SigKind::kBatchSpace: PlanBatchSpace(plan, c, a, &node); break;
    case SigKind::kConvTranspose: PlanConvTranspose(plan, rng, *use, c, a, &node); break;
    case SigKind::kPool: PlanPool(plan, *use, c, a, &node); break;
    case SigKind::kResize: PlanResize(plan, c, a, &node); break;
    case SigKind::kTranspose: PlanTranspose(plan, c, a, &node); break;
    case SigKind::kConcat: PlanConcat(plan, rng, c, a, &node); break;
    case SigKind::kSplit: PlanSplit(plan, c, a, &node); break;
    case SigKind::kTile: PlanTile(plan, c, a, &node); break;
    case SigKind::kActivation:
      node.inputs = {a};
      node.attrs = {Attr::Int8("activationType", static_cast<int8_t>(use->spec->activation))};
      node.output = AddIntermediate(plan, plan->tensors[a].dims, use->sig->hazard);
      break;
    case SigKind::kNotChainable:  // never offered (UsableSignatures)
    case SigKind::kUnary:
      node.inputs = {a};  // default attributes (EXPFUSION: base e, scale 1, shift 0)
      node.output = AddIntermediate(plan, plan->tensors[a].dims, use->sig->hazard);
      break;
  }
  AppendPlanNode(plan, std::move(node), c);
}

}  // namespace

// ---- Public API ---------------------------------------------------------------------------

const char* NetworkShapeName(NetworkShape shape) {
  switch (shape) {
    case NetworkShape::kChain: return "chain";
    case NetworkShape::kConvNet: return "convnet";
    case NetworkShape::kEncoder: return "encoder";
  }
  return "?";
}

GraphGenOptions GraphGenOptionsFromEnv() {
  GraphGenOptions o;
  if (const EnvValue& s = ProcessSuiteEnvironment().graph_max_nodes) {
    const int v = std::atoi(s->c_str());
    if (v > 0) o.max_nodes = std::clamp(v, 2, 40);
  }
  return o;
}

std::vector<DataType> GraphDataTypes() {
  return {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
}

std::vector<std::string> GraphSignatureNames(DataType dtype) {
  std::vector<std::string> names;
  for (const UsableSignature& u : UsableSignatures(dtype)) names.push_back(u.spec->name);
  return names;
}

GraphChoices DrawGraphChoices(const GraphGenOptions& options, const bool* searching) {
  // Choice fields drawn at rapidcheck's nominal size (inRange scales with
  // size), so early cases are not all-zero; they still shrink towards 0.
  // `op` picks a signature modulo their count, so its range must stay well
  // above the number of signatures (about 70 per data type) or the last ones
  // are never drawn.
  const auto field = [](int hi) { return rc::gen::resize(100, rc::gen::inRange(0, hi)); };
  const rc::Gen<GraphNodeChoice> node_gen = rc::gen::build<GraphNodeChoice>(
      rc::gen::set(&GraphNodeChoice::op, field(4096)), rc::gen::set(&GraphNodeChoice::operand_a, field(4)),
      rc::gen::set(&GraphNodeChoice::operand_b, field(8)), rc::gen::set(&GraphNodeChoice::fresh_b, field(2)),
      rc::gen::set(&GraphNodeChoice::constant_b, field(2)), rc::gen::set(&GraphNodeChoice::broadcast, field(128)),
      rc::gen::set(&GraphNodeChoice::kernel, field(9)), rc::gen::set(&GraphNodeChoice::stride, field(4)),
      rc::gen::set(&GraphNodeChoice::pad, field(64)), rc::gen::set(&GraphNodeChoice::channels, field(12)),
      rc::gen::set(&GraphNodeChoice::activation, field(12)), rc::gen::set(&GraphNodeChoice::extra_output, field(4)));
  GraphChoices c;
  c.dtype = *rc::gen::elementOf(GraphDataTypes());
  c.base_shape = {*rc::gen::inRange(1, 3), *rc::gen::inRange(1, 6), *rc::gen::inRange(1, 6), *rc::gen::inRange(1, 4)};
  const int min_nodes = std::max(1, options.min_nodes);
  c.nodes = *rc::gen::resize(options.max_nodes, rc::gen::container<std::vector<GraphNodeChoice>>(node_gen));
  // Too few nodes discard the case instead of a suchThat whose predicate
  // depends on `searching`: a suchThat retry drawn while searching is not
  // redrawn once the search has ended, so re-running the failing case would
  // build other choices and shrinking could not reproduce it.
  if (c.nodes.empty() || (*searching && c.nodes.size() < static_cast<size_t>(min_nodes))) {
    RC_DISCARD("fewer node choices than min_nodes");
  }
  c.data_seed = *rc::gen::arbitrary<uint64_t>();
  c.node_types = options.node_types;
  // A network shape one time in three (conv net and encoder alike); restricted node types are chains.
  if (options.node_types.empty()) {
    c.shape = static_cast<NetworkShape>(*rc::gen::weightedElement<int>({{4, 0}, {1, 1}, {1, 2}}));
  }
  return c;
}

Status BuildGraphCase(const GraphChoices& choices, GeneratedGraph* out) {
  const std::vector<UsableSignature> sigs = UsableSignatures(choices.dtype, choices.node_types);
  if (sigs.empty()) return InvalidInput(std::string("no graph signature for ") + DataTypeName(choices.dtype));
  if (choices.nodes.empty()) return InvalidInput("a graph needs at least one node choice");
  for (int32_t d : choices.base_shape) {
    if (d < 1 || d > 64) return InvalidInput("base shape dims must be in [1, 64]");
  }
  Plan plan{choices.dtype, IsQuantizedType(choices.dtype), {}, {}};
  Rng rng(choices.data_seed);
  const NetworkShape shape = NetworkUsable(sigs, choices.shape) ? choices.shape : NetworkShape::kChain;
  if (shape == NetworkShape::kChain) {
    AddSourceTensor(&plan, &rng, "in", Role::kInput, choices.base_shape, 2.0);
    for (const GraphNodeChoice& c : choices.nodes) PlanNodeFromChoice(&plan, &rng, sigs, c);
  } else {
    const Dims in_dims = NetworkInputDims(shape, choices.base_shape);
    const uint32_t x = AddSourceTensor(&plan, &rng, "in", Role::kInput, in_dims, 2.0);
    PlanNetwork(&plan, &rng, sigs, shape, choices.nodes, x);
  }
  if (plan.quantized) NNRT_RETURN_IF_ERROR(AssignIntermediateQuant(&plan));
  *out = GeneratedGraph();
  out->test_case = Materialize(plan, /*shadow=*/false);
  out->dtype = choices.dtype;
  out->quantized = plan.quantized;
  out->shape = shape;
  for (const PlanNode& n : plan.nodes) out->node_specs.push_back(n.use->spec->name);
  for (uint32_t i = 0; i < plan.tensors.size(); ++i) {
    if (plan.tensors[i].hazard) out->hazard_tensors.push_back(i);
  }
  return Status::Ok();
}

// ---- The property ------------------------------------------------------------------------

namespace {

std::string GraphColumn(const GeneratedGraph& g) {
  std::string label = DataTypeName(g.dtype);
  if (g.quantized) label += "(q)";
  if (g.shape != NetworkShape::kChain) label += std::string(" ") + NetworkShapeName(g.shape);
  if (g.config.enable_float16) label += "+fp16cfg";
  return label;
}

std::string NodeList(const GeneratedGraph& g) {
  std::string s;
  for (const std::string& n : g.node_specs) s += (s.empty() ? "" : ",") + n;
  return s;
}

struct GraphFailure {
  bool present = false;
  size_t first_nodes = 0;  // size of the first failing graph, before shrinking
  GeneratedGraph graph;
  CaseOutcome outcome;
};

}  // namespace

PropertyResult RunGraphProperty(const Candidate& candidate, const PropertyOptions& options,
                                const GraphGenOptions& graph_options) {
  PropertyResult result;
  bool searching = true;
  GraphFailure last_failure;
  const RunOptions run_options = RunOptionsFor(options);

  auto property = [&]() {
    const GraphChoices choices = DrawGraphChoices(graph_options, &searching);
    GeneratedGraph g;
    Status st = BuildGraphCase(choices, &g);
    if (!st.ok()) {
      throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure,
                                   "graph generator error: " + st.ToString());
    }
    // enableFloat16 on a quarter of the float32 graphs when the driver offers it.
    if (g.dtype == DataType::kFloat32 && candidate.float16_supported) {
      g.config.enable_float16 = *rc::gen::inRange(0, 4) == 0;
    }
    if (RunBudgetExhausted()) {  // C-264: not started
      if (searching) {
        AddSkippedCases(1);
        ++result.skipped;
      }
      return;
    }
    RunOptions case_options = run_options;
    case_options.timeout_seconds = CaseTimeoutWithinBudget(run_options.timeout_seconds);
    const CaseOutcome o = RunCase(candidate, g.test_case, g.config, case_options);
    if (searching) {
      Counts& counts = result.coverage[{"GRAPH", GraphColumn(g)}];
      if (o.verdict == Verdict::kPass) ++counts.passed;
      if (o.verdict == Verdict::kFail || o.verdict == Verdict::kInvalidCase) ++counts.failed;
      if (o.verdict == Verdict::kUnsupported) ++counts.unsupported;
    }
    if (o.verdict == Verdict::kFail || o.verdict == Verdict::kInvalidCase) {
      if (searching) last_failure.first_nodes = g.node_specs.size();
      searching = false;
      last_failure.present = true;
      last_failure.graph = g;
      last_failure.outcome = o;
      throw rc::detail::CaseResult(
          rc::detail::CaseResult::Type::Failure,
          (o.verdict == Verdict::kInvalidCase ? "generator produced a graph the reference rejects: " : "") +
              o.message + " [" + std::to_string(g.node_specs.size()) + " nodes: " + NodeList(g) + "]");
    }
  };

  std::string report;
  if (CheckSeededProperty(property, "GRAPH", "random multi-node graphs", options, &report)) return result;

  result.passed = false;
  std::ostringstream os;
  os << "GRAPH: property failed (rapidcheck seed " << options.seed << ", " << options.cases << " cases, up to "
     << graph_options.max_nodes << " nodes" << (options.mode == CompareMode::kStrict ? ", strict mode" : "")
     << ", driver " << candidate.path << ")\n";
  os << report;
  if (last_failure.present) {
    const GeneratedGraph& g = last_failure.graph;
    const std::string stem = "GRAPH_seed" + std::to_string(options.seed);
    const std::string replay = ReplayCommand(options, stem, candidate.path);
    const std::vector<std::pair<std::string, std::string>> meta = {
        {"cts.spec", "GRAPH"},
        {"cts.graph.nodes", std::to_string(g.node_specs.size())},
        {"cts.graph.first_failure_nodes", std::to_string(last_failure.first_nodes)},
        {"cts.graph.node_specs", NodeList(g)},
        {"cts.graph.dtype", GraphColumn(g)},
        {"cts.graph.shape", NetworkShapeName(g.shape)},
        {"cts.seed", std::to_string(options.seed)},
        {"cts.cases", std::to_string(options.cases)},
        {"cts.driver", candidate.path},
        {"cts.mode", options.mode == CompareMode::kStrict ? "strict" : "conformance"},
        {"cts.replay", replay},
    };
    if (WritePropertyCounterexample(g.test_case, g.config, last_failure.outcome, meta, options, stem, replay, &result,
                                    &os)) {
      os << "\nshrunk graph: " << g.node_specs.size() << " nodes (" << NodeList(g) << "), first failing graph "
         << last_failure.first_nodes << " nodes";
      os << "\ncounterexample written to " << result.case_file << "\nreplay with: " << replay;
    }
  }
  result.message = os.str();
  return result;
}

}  // namespace cts
}  // namespace nnrt
