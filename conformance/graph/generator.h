// Random multi-node graphs (docs/conformance.md "Random graphs"), in the style of Android NNAPI's
// Random Graph Generator (conformance_anchors 1.1 "RGG"): chains and DAGs of
// the implemented node types with compatible shapes, data types and quant
// params, model inputs and constants mixed, several model outputs, and hazard
// flags that keep outputs which may be Inf/NaN from feeding later nodes.
//
// Shrinkability (why the generator is split in two): rapidcheck draws plain
// choices (GraphChoices: a base shape, a list of per-node choice records, a
// data seed); BuildGraphCase turns ANY choice list into a valid graph. Each
// record selects its operands relative to the tensors that exist at that point
// (modulo their count), so dropping any record, or shrinking the base shape,
// still yields a valid graph: rapidcheck's shrinking removes nodes and shrinks
// shapes until the failure is minimal.
#ifndef NNRT_CONFORMANCE_GRAPH_GENERATOR_H_
#define NNRT_CONFORMANCE_GRAPH_GENERATOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "reference/ir/ir.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// One node of the graph as raw choices. Every field shrinks towards 0, and 0
// always means the simplest option (the first signature, the newest tensor
// as operand = a chain, no extra output, kernel 1, stride 1, ...).
struct GraphNodeChoice {
  int op = 0;           // index into the graph signatures of the dtype (modulo)
  int operand_a = 0;    // first operand: 0 = the newest usable tensor, k = k-th older
  int operand_b = 0;    // second operand among the shape-compatible existing tensors
  int fresh_b = 0;      // != 0: the second operand is a new model input / constant
  int constant_b = 0;   // fresh second operand: != 0 constant, 0 model input
  int broadcast = 0;    // fresh second operand: bits select a broadcast partner shape
  int kernel = 0;       // conv: kH = 1 + kernel % 3, kW = 1 + kernel / 3 % 3
  int stride = 0;       // conv: strides 1 + stride % 2, 1 + stride / 2 % 2
  int pad = 0;          // conv: padMode SAME / VALID / PAD (+ padList bits)
  int channels = 0;     // conv: outC and group (plain / depthwise); reshape target
  int activation = 0;   // fused activation index into the spec's activationType domain
  int extra_output = 0; // 3 = also a model output even when consumed
};

// The graph's overall shape. A chain (the default, and what shrinking
// tends to) plans one node per record from the record's own choices; the
// network shapes are the layer sequences of real models, with the records
// choosing each layer's variants (graph_networks.cc):
//  - kConvNet: CONV2D -> MAX_POOL -> CONV2D -> global AVGPOOL -> RESHAPE [N, C]
//    -> FULL_CONNECTION -> SOFTMAX, on the NHWC base shape;
//  - kEncoder: a transformer encoder layer on [B, S, D] (self-attention with
//    MATMUL and SOFTMAX, residual ADD, LAYER_NORM, MATMUL -> GELU -> MATMUL,
//    residual ADD, LAYER_NORM).
// A network shape whose node types the data type lacks (e.g. GELU quantized)
// is planned as a chain.
enum class NetworkShape { kChain = 0, kConvNet = 1, kEncoder = 2 };

const char* NetworkShapeName(NetworkShape shape);

struct GraphChoices {
  DataType dtype = DataType::kFloat32;  // the graph's primary type (int8/uint8 = quantized)
  Dims base_shape;                      // the first model input, NHWC
  std::vector<GraphNodeChoice> nodes;
  uint64_t data_seed = 0;               // deterministic element values
  std::vector<NodeType> node_types;     // the node types drawn from (empty: every chainable spec)
  NetworkShape shape = NetworkShape::kChain;  // only kChain when node_types is given
};

struct GraphGenOptions {
  int max_nodes = 8;  // per graph; NNRT_CTS_GRAPH_MAX_NODES (2..40)
  int min_nodes = 2;  // while searching; shrinking may go down to 1 node (C-233)
  // Draw only these node types (empty: every chainable spec). A test that
  // must catch a bug of one family with a fixed seed names that family, so
  // its outcome does not change as operators are added.
  std::vector<NodeType> node_types;
};

// $NNRT_CTS_GRAPH_MAX_NODES (clamped to [2, 40], default 8).
GraphGenOptions GraphGenOptionsFromEnv();

// The data types random graphs are generated for: float32, float16 and
// quantized int8 / uint8 (one primary type per graph, as RGG filters by type).
std::vector<DataType> GraphDataTypes();

// Spec names usable in graphs of `dtype` (those of the signature table whose
// node spec exists in AllNodeSpecs() and lists the dtype).
std::vector<std::string> GraphSignatureNames(DataType dtype);

// Draws GraphChoices with rapidcheck (call inside a property). While
// `*searching` is true at least options.min_nodes nodes are drawn; once it is
// false (shrinking) a single node is enough.
GraphChoices DrawGraphChoices(const GraphGenOptions& options, const bool* searching);

struct GeneratedGraph {
  TestCase test_case;
  ModelConfig config;
  DataType dtype = DataType::kUnknown;
  bool quantized = false;
  NetworkShape shape = NetworkShape::kChain;  // as planned (a network shape may fall back to a chain)
  // Per node: the spec name it was built from (coverage / messages).
  std::vector<std::string> node_specs;
  // Tensors whose values may be Inf/NaN (RGG doNotConnect): never node inputs.
  std::vector<uint32_t> hazard_tensors;
};

// Deterministic: the same choices give the same case. Errors only for a
// generator bug (e.g. the reference rejects the shadow model).
Status BuildGraphCase(const GraphChoices& choices, GeneratedGraph* out);

// The graph property: every random graph the generator builds runs on the
// candidate within the whole-graph tolerance (LookupGraphTolerance) or is
// reported unsupported. Counterexamples are written like RunSpecProperty's
// (stem "GRAPH_seed<seed>"), with meta cts.graph.* lines.
PropertyResult RunGraphProperty(const Candidate& candidate, const PropertyOptions& options,
                                const GraphGenOptions& graph_options);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_GRAPH_GENERATOR_H_
