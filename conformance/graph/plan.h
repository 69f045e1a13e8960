// The plan of a random graph (graph_generator.cc), shared by the files that
// plan one family of graph nodes each: graph_plan.cc (signatures, values,
// tensors, element-wise nodes), graph_plan_spatial.cc (convolution, dense,
// transposed convolution, pooling), graph_plan_channel.cc (normalisations,
// reductions), graph_plan_shape.cc (reshape, transpose, concat, pad/slice
// windows, split, tile, block rearrangements), graph_networks.cc (the
// network shapes), graph_materialize.cc (quant params from the shadow run,
// the plan as a TestCase). Internal to conformance/.
#ifndef NNRT_CONFORMANCE_GRAPH_PLAN_H_
#define NNRT_CONFORMANCE_GRAPH_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/graph/generator.h"
#include "conformance/node_spec.h"
#include "reference/ir/ir.h"
#include "reference/numerics/splitmix64.h"

namespace nnrt {
namespace cts {
namespace graph_plan {

// How a node type connects in a graph comes from its spec (NodeSpec::graph,
// RGG "operation signature"); the offer order is the spec list's order.
using SigKind = GraphKind;

struct UsableSignature {
  const GraphRole* sig;
  const NodeSpec* spec;
};

// splitmix64: element values follow from the data seed alone, so a case is a
// pure function of its choices.
class Rng {
 public:
  explicit Rng(uint64_t seed) : bits_(seed) {}
  uint64_t Next() { return bits_.Next(); }
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1p-53; }  // [0, 1)
  int64_t Below(int64_t n) { return static_cast<int64_t>(Next() % static_cast<uint64_t>(n)); }

 private:
  SplitMix64 bits_;
};

enum class Role { kInput, kConstant, kIntermediate };

struct PlanTensor {
  std::string name;
  Dims dims;
  Role role = Role::kIntermediate;
  // kInput / kConstant: real values (float graphs: already representable in
  // the primary type; quantized graphs: dequantized codes).
  std::vector<double> values;
  std::vector<int64_t> codes;  // quantized inputs / constants
  QuantParam quant;            // quantized inputs / constants (and intermediates after step 2)
  DataType fixed_type = DataType::kUnknown;  // int64 reshape shape, conv bias (int32 when quantized)
  bool is_bias = false;        // conv bias: quantized codes follow s_x * s_w (quantization_semantics 4.7)
  bool hazard = false;
  // Dims that depend on a run-time input's values (TILE with run-time
  // multiples): -1 at prepare time, reported by Run (C-356); a model output
  // that no later node reads, as the node checks need known dims at prepare.
  bool run_time_dims = false;
  bool consumed = false;
  bool extra_output = false;
};

struct PlanNode {
  const UsableSignature* use;
  NodeType type;
  std::vector<Attr> attrs;
  std::vector<uint32_t> inputs;
  uint32_t output;
  std::vector<uint32_t> more_outputs;  // SPLIT: the pieces after the first
};

// A node's outputs in order: output, then more_outputs.
std::vector<uint32_t> NodeOutputs(const PlanNode& node);

struct Plan {
  DataType dtype;
  bool quantized;
  std::vector<PlanTensor> tensors;
  std::vector<PlanNode> nodes;
};

// int8 / uint8: a quantized graph.
bool IsQuantizedType(DataType t);
// The spec generates `dtype`.
bool SpecListsType(const NodeSpec& spec, DataType dtype);
// The chainable specs of `dtype` (restricted to `node_types` when given), in the spec list's order.
std::vector<UsableSignature> UsableSignatures(DataType dtype, const std::vector<NodeType>& node_types = {});

// RGG values: uniform in [-range, range] (E|x| ~ 1 keeps sums and products
// sane), one in eight a multiple of 0.5 (exact in every type; quantization ties).
double GraphValue(Rng* rng, double range);

// The element count of dims.
size_t Count(const Dims& d);

// Quant params of an int8/uint8 input or constant with real range about
// [-range, range]: scale 2*range/255 times 2^[-1, 1], zero point near the middle.
QuantParam SourceQuant(Rng* rng, DataType dtype, double range);

// A model input or constant of `dims` with values in about [-range, range].
uint32_t AddSourceTensor(Plan* plan, Rng* rng, const std::string& prefix, Role role, const Dims& dims,
                         double range);

// An int64 tensor of `dims`: a constant shape, perm, axes or window operand,
// or a model input whose values decide an output's dims (TILE multiples).
uint32_t AddInt64Tensor(Plan* plan, const std::string& prefix, Role role, const Dims& dims,
                        const std::vector<int64_t>& values);

// Appends `node`, marking its inputs consumed and its output a model output
// when the record says so.
void AppendPlanNode(Plan* plan, PlanNode node, const GraphNodeChoice& c);

// A node output of `dims` (hazard: it may hold Inf/NaN, so no later node reads it).
uint32_t AddIntermediate(Plan* plan, const Dims& dims, bool hazard);

// Tensors a node may read: model inputs and node outputs without the hazard
// flag (constants are only created fresh, for their one consumer).
std::vector<uint32_t> UsableOperands(const Plan& plan);

// `b` broadcasts into `a` (numpy rules, trailing-aligned) without changing it.
bool BroadcastsInto(const Dims& b, const Dims& a);

// A broadcast partner of `a` from the choice bits: bit 0..1 = leading dims
// dropped, higher bits = which of the remaining dims become 1. 0 = same shape.
Dims PartnerShape(const Dims& a, int bits);

// The fused activation a node of `spec` gets from choice bits (from its attribute domain).
int64_t ActivationChoice(const NodeSpec& spec, int choice);

// ADD/SUB/MUL/DIV_FUSION and the binary math ops: the chain tensor with a
// broadcast partner (an existing tensor or a fresh input / constant).
void PlanBinary(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t a,
                PlanNode* node);

// ---- One planner per graph kind: node `node` reads the chain tensor x ----

// CONV2D_FUSION on an NHWC tensor (ops_catalog #8 / #10): weight [outC, kH, kW,
// inC/group] constant, bias [outC] constant or absent, dilation 1.
void PlanConv(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
              PlanNode* node);

// MATMUL_FUSION / FULL_CONNECTION reducing the chain tensor's last dim K with a
// constant weight: MATMUL b [K, N] (or [N, K] with transposeB), FULL_CONNECTION
// weight [outC, K] with useAxis on the last axis (given as -1 or rank-1) and a
// bias three times in four; y = x.dims[0..rank-1) + [N].
void PlanDense(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
               PlanNode* node);

// CONV2D_TRANSPOSE_FUSION on an NHWC tensor (ops_catalog #9, C-512/C-513):
// weight [outC, kH, kW, inC] and bias constant, kernels 1-2, stride 1-2 (1
// once an axis exceeds 16, so chains stay small), VALID or PAD with kernel-1
// pixels cropped on one side, outputPaddings 0 or stride-1.
void PlanConvTranspose(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
                       PlanNode* node);

// AVGPOOL_FUSION / MAX_POOL_FUSION on an NHWC tensor (ops_catalog #2 / #21,
// C-521..C-525): kernels 1-3 (shrunk to the padded input), stride 1-2, SAME,
// VALID or PAD with at most one pixel per side (below the kernel), FLOOR or
// CEIL, global one time in twelve. Spatial sizes never grow.
void PlanPool(Plan* plan, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// RESIZE on an NHWC tensor (ops_catalog #43, C-701..C-708): method, transform
// and nearest mode from the choice bits, CUBIC with cubicCoeff -0.75 or -0.5
// and excludeOutside, new H and W in 1..2 in (1..in once an axis exceeds 16,
// so chains stay small); no preserveAspectRatio.
void PlanResize(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// The dim-keeping normalisations and SCALE / BIAS_ADD on the chain tensor with
// constant parameters: LAYER_NORM_FUSION (axes from the choice bits, negative
// half the time, gamma/beta over the dims from beginParamsAxis), FUSED_BATCH_NORM
// (channel last, variance >= 0), INSTANCE_NORM (rank >= 3, dim 1 as its
// channel, C-578), SCALE_FUSION (axis and scale rank from the choice bits),
// BIAS_ADD (last dim), L2_NORMALIZE_FUSION (last axis, no parameter tensors).
void PlanNormalize(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
                   PlanNode* node);

// REDUCE_FUSION with keepDims over one constant int64 axis (negative one time
// in two), mode MEAN / MAX / MIN / SUM: the rank is kept, the axis becomes 1.
void PlanReduce(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// RESHAPE (ops_catalog, data movement): to [N], [1, N], the reversed dims, or
// the rank-4 [1, N / C, 1, C] that a later convolution can read.
void PlanReshape(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// TRANSPOSE (ops_catalog #41) with a constant int64 perm: the reversed axes,
// the last two swapped (the layout change around a matrix product), or the
// axes rotated left by one (NHWC -> HWCN-like).
void PlanTranspose(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// CONCAT (ops_catalog #7, float graphs) along axis c.kernel % rank, given
// negative when c.stride is odd: the chain tensor joined with an existing
// tensor that agrees on the other dims and has at most 3 slices along the
// axis, or with a fresh input / constant of 1-3 slices (so chains grow
// linearly), in either operand order.
void PlanConcat(Plan* plan, Rng* rng, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// PAD_FUSION / SLICE_FUSION / STRIDED_SLICE (data movement) on the chain
// tensor's last dim n with constant int64 windows: PAD CONSTANT 0 with
// paddings 0..1 before and 1 after (dims grow by at most 2 per node); SLICE
// with axes [-1], begin 0..n-1 and size -1 (to the end) or 1; STRIDED_SLICE
// x[..., b::s] with b in 0..n-1 and s 1, 2 or -1.
void PlanWindow(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// ---- Quant params and the case (graph_materialize.cc) ----

// The plan as a TestCase in the primary data type; `shadow`: its float32 twin
// (of a quantized plan) with every node output a model output, in node order.
TestCase Materialize(const Plan& plan, bool shadow);

// Step 2 of a quantized graph (C-235): every intermediate's params from the
// real range the reference computes on the float32 shadow; the data-movement
// nodes keep their input's params.
Status AssignIntermediateQuant(Plan* plan);

// ---- Network-shaped graphs (graph_networks.cc) ----

// Every node type of `shape`'s layers has a usable signature (in the graph's data type).
bool NetworkUsable(const std::vector<UsableSignature>& sigs, NetworkShape shape);

// The model input of a `shape` network from the drawn base shape: NHWC for
// the conv net, [B, S, D] = [b0, b1, b2 * b3] for the encoder layer.
Dims NetworkInputDims(NetworkShape shape, const Dims& base);

// The layers of `shape` reading the model input x; the node records cycle
// over the layers' variant choices (NetworkUsable must hold).
void PlanNetwork(Plan* plan, Rng* rng, const std::vector<UsableSignature>& sigs, NetworkShape shape,
                 const std::vector<GraphNodeChoice>& nodes, uint32_t x);

// ---- Several outputs and value-dependent dims (graph_plan_shape.cc) ----

// SPLIT (ops_catalog, C-603 / C-604) along the first axis from c.channels
// (negative when c.kernel is odd) whose length is >= 2, into 2-3 pieces (one
// piece when every dim is 1): equal pieces by outputNum when they divide the
// axis and c.pad is even, else sizeSplits of 1s with a -1 taking the rest.
// Every piece is a usable tensor; pieces nobody reads are model outputs.
void PlanSplit(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// TILE_FUSION (C-614) whose multiples are a run-time int64 model input, so
// its output dims depend on an input's values (the driver reports them from
// Run, C-356): all 1 except axis c.channels % rank = 2 while the result stays
// at most 64 elements. No later node reads the output (PlanTensor::run_time_dims).
void PlanTile(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

// BATCH_TO_SPACE_ND / SPACE_TO_BATCH_ND (data movement, C-640..C-644) on a
// rank-4 NHWC chain tensor [N, H, W, C]: SPACE_TO_BATCH_ND with blocks 1-2,
// 0..1 rows / columns of padding before and what divides after;
// BATCH_TO_SPACE_ND with a block of 2 where the batch divides (else 1) and a
// crop of 0..1 row at the top and 0..1 column at the right that leaves one.
void PlanBatchSpace(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node);

}  // namespace graph_plan
}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_GRAPH_PLAN_H_
