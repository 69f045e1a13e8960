// Random multi-node graphs: the generator's invariants (valid,
// deterministic, still valid after dropping any node, hazards never feed a
// node, quantized values not saturated everywhere), the whole-graph tolerance
// rows, the graph property on the candidate driver, and its teeth: sample
// wrong drivers fail with a shrunk graph of few nodes that replays.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "conformance/graph/generator.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "cts_driver/teeth_util.h"
#include "reference/numerics/numerics.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

constexpr uint64_t kSeed = 20261122;

using teeth::OutDir;
using teeth::ReferenceSo;
using teeth::Runfile;

std::string ConvPadSo() { return Runfile("cts_driver/libnnrt_mutant_conv_same_pad_topleft.so"); }
std::string AddClampSo() { return Runfile("cts_driver/libnnrt_mutant_add_clamp_before_zero_point.so"); }

// Runs a rapidcheck property with a fixed seed (deterministic test); returns
// "" on success, rapidcheck's report otherwise.
template <typename Fn>
std::string CheckWithSeed(Fn fn, int cases) {
  rc::detail::TestMetadata metadata;
  metadata.id = "graph_generator";
  rc::detail::TestParams params;
  params.seed = kSeed;
  params.maxSuccess = cases;
  const rc::detail::TestResult r = rc::detail::checkProperty(rc::detail::toProperty(fn), metadata, params);
  if (r.template is<rc::detail::SuccessResult>()) return "";
  std::ostringstream os;
  rc::detail::printResultMessage(r, os);
  return os.str();
}

// The structural invariants every generated graph must meet.
void CheckGraphInvariants(const GraphChoices& choices, const GeneratedGraph& g) {
  const Model& m = g.test_case.model;
  RC_ASSERT(ValidateModelStructure(m).ok());
  // A chain has one node per record; a network shape its fixed layer list.
  if (g.shape == NetworkShape::kChain) RC_ASSERT(m.nodes.size() == choices.nodes.size());
  RC_ASSERT(g.node_specs.size() == m.nodes.size());
  RC_ASSERT(!m.inputs.empty());
  RC_ASSERT(!m.outputs.empty());
  std::set<uint32_t> consumed;
  for (const Node& n : m.nodes) consumed.insert(n.inputs.begin(), n.inputs.end());
  // Hazard outputs (may be Inf/NaN) never feed a node (RGG doNotConnect) and are model outputs.
  for (uint32_t h : g.hazard_tensors) {
    RC_ASSERT(consumed.count(h) == 0u);
    RC_ASSERT(std::count(m.outputs.begin(), m.outputs.end(), h) == 1);
  }
  // Every node output nobody reads is a model output (all results are checked).
  for (const Node& n : m.nodes) {
    for (uint32_t o : n.outputs) {
      if (consumed.count(o) == 0) RC_ASSERT(std::count(m.outputs.begin(), m.outputs.end(), o) == 1);
    }
  }
  std::vector<HostTensor> outputs;
  const Status st = RunReference(g.test_case, &outputs);
  RC_ASSERT(st.ok());
  RC_ASSERT(outputs.size() == m.outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) RC_ASSERT(outputs[i].dims == m.tensors[m.outputs[i]].dims);
}

// ---- Whole-graph tolerance rows ----------------------------------------------------------

TEST(GraphTolerance, QuantizedGraphsGetThreeLsbAndStrictIsExact) {
  const Tolerance q = LookupGraphTolerance(DataType::kInt8, true, false, CompareMode::kConformance);
  EXPECT_EQ(q.kind, ToleranceKind::kLsb);
  EXPECT_EQ(q.lsb, 3);
  const Tolerance qs = LookupGraphTolerance(DataType::kUint8, true, false, CompareMode::kStrict);
  EXPECT_EQ(qs.kind, ToleranceKind::kExact);
  EXPECT_TRUE(qs.strict);
  EXPECT_EQ(LookupGraphTolerance(DataType::kInt32, false, false, CompareMode::kConformance).kind,
            ToleranceKind::kExact);
}

TEST(GraphTolerance, FloatGraphsUseAbsolutePlusRelativeBound) {
  const Tolerance f32 = LookupGraphTolerance(DataType::kFloat32, false, false, CompareMode::kConformance);
  EXPECT_EQ(f32.kind, ToleranceKind::kAtolRtol);
  EXPECT_DOUBLE_EQ(f32.atol, 1e-2);
  EXPECT_DOUBLE_EQ(f32.rtol, 1e-2);
  const Tolerance f16 = LookupGraphTolerance(DataType::kFloat16, false, false, CompareMode::kConformance);
  EXPECT_DOUBLE_EQ(f16.atol, 0.125);
  EXPECT_EQ(f16.fraction_bits, 10);
  const Tolerance relaxed = LookupGraphTolerance(DataType::kFloat32, false, true, CompareMode::kConformance);
  EXPECT_DOUBLE_EQ(relaxed.rtol, 0.125);
  EXPECT_EQ(LookupGraphTolerance(DataType::kFloat32, false, false, CompareMode::kStrict).kind,
            ToleranceKind::kExact);
}

// A 3-LSB difference passes a quantized graph output, 4 fails (5.1 whole models).
TEST(GraphTolerance, ThreeLsbBoundaryOnAQuantizedTensor) {
  const Tolerance q = LookupGraphTolerance(DataType::kInt8, true, false, CompareMode::kConformance);
  const int8_t expected[2] = {10, -20};
  const int8_t within[2] = {13, -23};
  const int8_t beyond[2] = {14, -20};
  const OutputView e{DataType::kInt8, reinterpret_cast<const uint8_t*>(expected), 2};
  EXPECT_TRUE(CompareTensor(q, e, OutputView{DataType::kInt8, reinterpret_cast<const uint8_t*>(within), 2}, {}).pass);
  EXPECT_FALSE(CompareTensor(q, e, OutputView{DataType::kInt8, reinterpret_cast<const uint8_t*>(beyond), 2}, {}).pass);
}

GraphChoices TwoNodeQuantizedChain() {
  GraphChoices c;
  c.dtype = DataType::kInt8;
  c.base_shape = {1, 2, 2, 2};
  c.nodes.resize(2);  // ADD_FUSION (fresh model input) then ADD_FUSION: the simplest choices
  c.nodes[1].op = 1;  // then ACTIVATION_RELU
  c.data_seed = 7;
  return c;
}

TEST(GraphTolerance, ToleranceForCaseUsesGraphRowOnlyForMultiNodeModels) {
  GeneratedGraph g;
  ASSERT_TRUE(BuildGraphCase(TwoNodeQuantizedChain(), &g).ok());
  ASSERT_EQ(g.test_case.model.nodes.size(), 2u);
  const Tolerance graph = ToleranceForCase(g.test_case, 0, ModelConfig(), CompareMode::kConformance);
  EXPECT_EQ(graph.kind, ToleranceKind::kLsb);
  EXPECT_EQ(graph.lsb, 3);
  GraphChoices one = TwoNodeQuantizedChain();
  one.nodes.resize(1);
  GeneratedGraph single;
  ASSERT_TRUE(BuildGraphCase(one, &single).ok());
  const Tolerance node = ToleranceForCase(single.test_case, 0, ModelConfig(), CompareMode::kConformance);
  EXPECT_EQ(node.kind, ToleranceKind::kLsb);
  EXPECT_EQ(node.lsb, 1);  // the single-node ADD row (requantizing linear op, +-1 LSB)
}

// ---- Generator invariants ----------------------------------------------------------------

TEST(GraphGenerator, EveryChoiceListBuildsAValidGraphTheReferenceRuns) {
  const bool searching = true;
  GraphGenOptions options;
  options.max_nodes = 40;
  const std::string failure = CheckWithSeed(
      [&] {
        const GraphChoices choices = DrawGraphChoices(options, &searching);
        RC_ASSERT(choices.nodes.size() >= 2u);
        RC_ASSERT(choices.nodes.size() <= 40u);
        GeneratedGraph g;
        const Status st = BuildGraphCase(choices, &g);
        RC_ASSERT(st.ok());
        CheckGraphInvariants(choices, g);
      },
      300);
  EXPECT_EQ(failure, "");
}

// What makes shrinking work: removing any node record, or shrinking the base
// shape to all ones, still builds a valid graph.
TEST(GraphGenerator, DroppingAnyNodeOrShrinkingTheShapeStillBuildsAValidGraph) {
  const bool searching = true;
  const std::string failure = CheckWithSeed(
      [&] {
        const GraphChoices choices = DrawGraphChoices(GraphGenOptions(), &searching);
        for (size_t drop = 0; drop < choices.nodes.size(); ++drop) {
          GraphChoices smaller = choices;
          smaller.nodes.erase(smaller.nodes.begin() + static_cast<std::ptrdiff_t>(drop));
          if (smaller.nodes.empty()) continue;
          GeneratedGraph g;
          RC_ASSERT(BuildGraphCase(smaller, &g).ok());
          CheckGraphInvariants(smaller, g);
        }
        GraphChoices ones = choices;
        ones.base_shape = {1, 1, 1, 1};
        GeneratedGraph g;
        RC_ASSERT(BuildGraphCase(ones, &g).ok());
        CheckGraphInvariants(ones, g);
      },
      40);
  EXPECT_EQ(failure, "");
}

TEST(GraphGenerator, SameChoicesGiveTheSameCase) {
  GeneratedGraph a, b;
  GraphChoices c = TwoNodeQuantizedChain();
  c.nodes.push_back(GraphNodeChoice{4, 0, 0, 0, 1, 0, 4, 1, 0, 1, 1, 0});  // CONV2D_FUSION
  ASSERT_TRUE(BuildGraphCase(c, &a).ok());
  ASSERT_TRUE(BuildGraphCase(c, &b).ok());
  EXPECT_EQ(PrintCase(a.test_case), PrintCase(b.test_case));
  c.data_seed += 1;
  ASSERT_TRUE(BuildGraphCase(c, &b).ok());
  EXPECT_NE(PrintCase(a.test_case), PrintCase(b.test_case));
}

// Over many random graphs: every signature is used, DAGs (fan-out), constants,
// several model inputs and several model outputs all occur, and quantized
// outputs are mostly inside the type range (C-235: params from the real range).
TEST(GraphGenerator, CoversSignaturesTopologiesAndKeepsQuantizedValuesInRange) {
  const bool searching = true;
  std::map<std::string, int> seen;
  int fan_out = 0, with_constant = 0, multi_input = 0, multi_output = 0;
  size_t most_nodes = 0;
  size_t quant_elements = 0, quant_saturated = 0;
  const std::string failure = CheckWithSeed(
      [&] {
        const GraphChoices choices = DrawGraphChoices(GraphGenOptions(), &searching);
        GeneratedGraph g;
        RC_ASSERT(BuildGraphCase(choices, &g).ok());
        for (const std::string& s : g.node_specs) ++seen[s + (g.quantized ? "(q)" : "")];
        if (g.shape == NetworkShape::kChain) most_nodes = std::max(most_nodes, g.node_specs.size());
        const Model& m = g.test_case.model;
        std::map<uint32_t, int> reads;
        for (const Node& n : m.nodes) {
          for (uint32_t in : n.inputs) ++reads[in];
        }
        bool has_fan_out = false, has_constant = false;
        for (const auto& kv : reads) {
          has_fan_out |= kv.second > 1;
          has_constant |= m.tensors[kv.first].HasData() && m.tensors[kv.first].data_type == g.dtype;
        }
        fan_out += has_fan_out;
        with_constant += has_constant;
        multi_input += m.inputs.size() > 1;
        multi_output += m.outputs.size() > 1;
        if (g.quantized) {
          std::vector<HostTensor> outputs;
          RC_ASSERT(RunReference(g.test_case, &outputs).ok());
          for (size_t k = 0; k < outputs.size(); ++k) {
            const HostTensor& o = outputs[k];
            // Clamped = at an end of the type that is not the zero point (a
            // RELU output's zeros sit at qmin by design).
            const int32_t zp = m.tensors[m.outputs[k]].quant_params.at(0).zero_point;
            for (size_t i = 0; i < o.data.size(); ++i) {
              const int64_t v = LoadAsInt64(o.data_type, o.data.data(), i);
              ++quant_elements;
              quant_saturated += v != zp && (v == QuantMin(o.data_type) || v == QuantMax(o.data_type));
            }
          }
        }
      },
      600);  // about 60 signatures per type, a third of the graphs network-shaped
  ASSERT_EQ(failure, "");
  for (DataType dt : GraphDataTypes()) {
    for (const std::string& name : GraphSignatureNames(dt)) {
      const bool q = dt == DataType::kInt8 || dt == DataType::kUint8;
      EXPECT_GT(seen[name + (q ? "(q)" : "")], 0) << name << " never generated for " << DataTypeName(dt);
    }
  }
  EXPECT_EQ(most_nodes, static_cast<size_t>(GraphGenOptions().max_nodes));
  EXPECT_GT(fan_out, 10);
  EXPECT_GT(with_constant, 10);
  EXPECT_GT(multi_input, 10);
  EXPECT_GT(multi_output, 10);
  ASSERT_GT(quant_elements, 0u);
  const double saturated = static_cast<double>(quant_saturated) / static_cast<double>(quant_elements);
  std::cout << "[graph] quantized output elements at qmin/qmax: " << saturated * 100 << "%" << std::endl;
  EXPECT_LT(saturated, 0.25);
}

// The network shapes are the documented layer sequences, in every data type
// whose specs have all their node types, and random draws produce both.
std::string NodeTypeList(const GeneratedGraph& g) {
  std::string s;
  for (const Node& n : g.test_case.model.nodes) {
    s += (s.empty() ? "" : ",") + std::string(NodeTypeName(n.type));
  }
  return s;
}

TEST(GraphGenerator, NetworkShapesBuildTheirLayerSequences) {
  const std::map<NetworkShape, std::string> expected = {
      {NetworkShape::kConvNet,
       "CONV2D_FUSION,MAX_POOL_FUSION,CONV2D_FUSION,AVGPOOL_FUSION,RESHAPE,FULL_CONNECTION,SOFTMAX"},
      {NetworkShape::kEncoder,
       "MATMUL_FUSION,MATMUL_FUSION,MATMUL_FUSION,MATMUL_FUSION,SOFTMAX,MATMUL_FUSION,ADD_FUSION,"
       "LAYER_NORM_FUSION,MATMUL_FUSION,ACTIVATION,MATMUL_FUSION,ADD_FUSION,LAYER_NORM_FUSION"},
  };
  for (const auto& [shape, layers] : expected) {
    for (DataType dt : {DataType::kFloat32, DataType::kFloat16}) {
      GraphChoices c;
      c.dtype = dt;
      c.base_shape = {2, 5, 4, 3};
      c.nodes = {GraphNodeChoice{0, 0, 0, 0, 0, 0, 4, 1, 0, 1, 0, 0},
                 GraphNodeChoice{0, 0, 0, 0, 0, 0, 3, 0, 1, 2, 1, 3}};
      c.data_seed = 7;
      c.shape = shape;
      GeneratedGraph g;
      ASSERT_TRUE(BuildGraphCase(c, &g).ok());
      EXPECT_EQ(g.shape, shape);
      EXPECT_EQ(NodeTypeList(g), layers) << NetworkShapeName(shape) << " " << DataTypeName(dt);
      std::vector<HostTensor> outputs;
      ASSERT_TRUE(RunReference(g.test_case, &outputs).ok()) << NetworkShapeName(shape);
      const Model& m = g.test_case.model;
      ASSERT_FALSE(m.outputs.empty());
      // The network's last layer is a model output (SOFTMAX rows over the classes / the encoder's [B, S, D]).
      EXPECT_EQ(m.outputs.back(), m.nodes.back().outputs[0]);
      const Dims want = shape == NetworkShape::kEncoder ? Dims{2, 5, 12} : Dims{2, m.tensors[m.outputs.back()].dims[1]};
      EXPECT_EQ(outputs.back().dims, want);
    }
  }
  // A network whose node types the data type lacks is planned as a chain.
  GraphChoices q = TwoNodeQuantizedChain();
  q.shape = NetworkShape::kEncoder;  // GELU is not chainable quantized
  GeneratedGraph g;
  ASSERT_TRUE(BuildGraphCase(q, &g).ok());
  EXPECT_EQ(g.shape, NetworkShape::kChain);
  EXPECT_EQ(g.test_case.model.nodes.size(), q.nodes.size());
}

TEST(GraphGenerator, RandomDrawsIncludeNetworkShapesUnlessNodeTypesAreRestricted) {
  const bool searching = true;
  std::map<std::string, int> shapes;
  GraphGenOptions restricted;
  restricted.node_types = {NodeType::ADD_FUSION};
  const std::string failure = CheckWithSeed(
      [&] {
        const GraphChoices choices = DrawGraphChoices(GraphGenOptions(), &searching);
        GeneratedGraph g;
        RC_ASSERT(BuildGraphCase(choices, &g).ok());
        ++shapes[std::string(NetworkShapeName(g.shape)) + (g.quantized ? "(q)" : "")];
        RC_ASSERT(DrawGraphChoices(restricted, &searching).shape == NetworkShape::kChain);
      },
      150);
  ASSERT_EQ(failure, "");
  for (const auto& kv : shapes) std::cout << "[graph] " << kv.first << ": " << kv.second << std::endl;
  EXPECT_GT(shapes["convnet"], 5);
  EXPECT_GT(shapes["encoder"], 5);
}

// ---- The property on the candidate -------------------------------------------------------

std::unique_ptr<Candidate> Open(const std::string& so) {
  std::unique_ptr<Candidate> candidate;
  const Status st = OpenCandidate(so, &candidate);
  EXPECT_TRUE(st.ok()) << so << ": " << st.ToString();
  return candidate;
}

// The suite's graph test: $NNRT_CTS_DRIVER (default the reference driver),
// NNRT_CTS_CASES / NNRT_CTS_SEED / NNRT_CTS_MODE / NNRT_CTS_GRAPH_MAX_NODES.
TEST(GraphProperty, CandidateMatchesReferenceOnRandomGraphs) {
  std::unique_ptr<Candidate> candidate;
  const std::string error = OpenDefaultCandidate(&candidate);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_NE(candidate, nullptr);
  PropertyOptions options = PropertyOptionsFromEnv();
  if (std::getenv("NNRT_CTS_CASES") == nullptr) options.cases = 40;  // graphs are heavier than single nodes
  const GraphGenOptions graph_options = GraphGenOptionsFromEnv();
  std::cout << "[cts] GRAPH: driver " << candidate->path << ", seed " << options.seed << ", " << options.cases
            << " cases, up to " << graph_options.max_nodes << " nodes"
            << (options.mode == CompareMode::kStrict ? ", strict" : "") << std::endl;
  const PropertyResult r = RunGraphProperty(*candidate, options, graph_options);
  std::cout << FormatCoverage(r.coverage);
  EXPECT_TRUE(r.passed) << r.message;
}

PropertyOptions FixedOptions(CompareMode mode, const std::string& out_sub) {
  PropertyOptions options;
  options.seed = kSeed;
  options.cases = 60;
  options.mode = mode;
  options.isolate = false;  // in-process: the sample drivers do not crash, and it is faster
  options.out_dir = OutDir(out_sub);
  options.replay_binary = "bazel run //cts_driver:nnrt_cts --";
  return options;
}

TEST(GraphProperty, ReferencePassesInStrictModeWithLargeGraphs) {
  std::unique_ptr<Candidate> reference = Open(ReferenceSo());
  ASSERT_NE(reference, nullptr);
  GraphGenOptions graph_options;
  graph_options.max_nodes = 40;
  PropertyOptions options = FixedOptions(CompareMode::kStrict, "graph_reference");
  options.cases = 25;
  const PropertyResult r = RunGraphProperty(*reference, options, graph_options);
  EXPECT_TRUE(r.passed) << r.message;
}

// A failing graph property leaves a shrunk case file: few nodes, containing
// the wrong node type, failing on the wrong driver and passing on the reference.
void ExpectShrunkGraphFailure(const std::string& wrong_so, NodeType wrong_type, const std::string& out_sub) {
  std::unique_ptr<Candidate> wrong = Open(wrong_so);
  std::unique_ptr<Candidate> reference = Open(ReferenceSo());
  ASSERT_NE(wrong, nullptr);
  ASSERT_NE(reference, nullptr);
  // Graphs of a small convolutional network's node types: with a fixed seed,
  // whether the bug is drawn must not depend on how many operators exist.
  GraphGenOptions graph_options;
  graph_options.node_types = {NodeType::CONV2D_FUSION, NodeType::ADD_FUSION, NodeType::ACTIVATION, NodeType::RESHAPE};
  const PropertyResult r = RunGraphProperty(*wrong, FixedOptions(CompareMode::kConformance, out_sub), graph_options);
  ASSERT_FALSE(r.passed) << "the graph property did not catch " << wrong_so;
  std::cout << r.message << std::endl;
  ASSERT_FALSE(r.case_file.empty()) << r.message;
  TestCase shrunk;
  ASSERT_TRUE(ReadCaseFile(r.case_file, &shrunk).ok());
  const Model& m = shrunk.model;
  EXPECT_LE(m.nodes.size(), 3u) << PrintModel(m);
  // Shrinking removed nodes: the first failing graph was larger.
  std::string first_nodes;
  for (const auto& kv : shrunk.meta) {
    if (kv.first == "cts.graph.first_failure_nodes") first_nodes = kv.second;
  }
  ASSERT_FALSE(first_nodes.empty());
  EXPECT_GT(std::stoul(first_nodes), m.nodes.size());
  EXPECT_TRUE(std::any_of(m.nodes.begin(), m.nodes.end(), [&](const Node& n) { return n.type == wrong_type; }))
      << PrintModel(m);
  // Replay: fresh reference outputs, compared under the same rules.
  TestCase fresh = shrunk;
  fresh.expected.clear();
  ModelConfig config;
  CompareMode mode = CompareMode::kConformance;
  ConfigFromMeta(shrunk, &config, &mode);
  RunOptions run;
  run.mode = mode;
  EXPECT_EQ(RunCase(*wrong, fresh, config, run).verdict, Verdict::kFail);
  const CaseOutcome ok = RunCase(*reference, fresh, config, run);
  EXPECT_EQ(ok.verdict, Verdict::kPass) << ok.message;
  // The file's expected section is the reference's output (replay with the override).
  run.expected_override = shrunk.expected;
  EXPECT_EQ(RunCase(*reference, fresh, config, run).verdict, Verdict::kPass);
}

TEST(GraphTeeth, ConvSamePadTopLeftFailsWithAShrunkGraph) {
  ExpectShrunkGraphFailure(ConvPadSo(), NodeType::CONV2D_FUSION, "graph_conv_pad");
}

TEST(GraphTeeth, AddClampBeforeZeroPointFailsWithAShrunkGraph) {
  ExpectShrunkGraphFailure(AddClampSo(), NodeType::ADD_FUSION, "graph_add_clamp");
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
