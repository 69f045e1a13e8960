// AVGPOOL_FUSION (ops_catalog #2) and MAX_POOL_FUSION (#21), family "pool".
// Valid cases: NHWC input [1..2, 1..6, 1..6, 1..4]; kernel 1..4 per axis,
// strides 1..3 (larger than the kernel too); padMode PAD with pads up to
// kernel - 1 (the largest legal pad, C-524) / SAME / VALID; roundMode FLOOR /
// CEIL (the dropped last window of C-523 included); global in one case of six;
// the `format` attribute NCHW as the front end writes it (C-520); fused
// activation. float32 / float16 with the edge values (ValueProfile), int8 /
// uint8 per tensor: MAX_POOL_FUSION with the input's params on the output
// (C-528), AVGPOOL_FUSION with equal or different output params (C-527).
#include <algorithm>

#include <optional>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "conformance/directed_edges.h"
#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace {

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

struct PoolShape {
  int32_t n, h, w, c;
  int64_t kernel[2], stride[2], pads[4];  // pads: top, bottom, left, right
  int64_t pad_mode, round_mode;
  bool global;
};

// C-522 / C-523, written out independently of the reference: SAME
// ceil(in / s); PAD / VALID floor or ceil of (in + pads - k) / s, + 1, minus
// a ceil window that would start past the input.
int32_t OutSize(const PoolShape& s, int axis, int32_t in) {
  if (s.global) return 1;
  const int64_t k = s.kernel[axis], st = s.stride[axis], before = s.pads[2 * axis], after = s.pads[2 * axis + 1];
  if (s.pad_mode == 1) return static_cast<int32_t>((in + st - 1) / st);
  const int64_t span = in + before + after - k;
  int64_t out = (s.round_mode == 1 ? (span + st - 1) / st : span / st) + 1;
  if (s.round_mode == 1 && (out - 1) * st - before >= in) --out;
  return static_cast<int32_t>(out);
}

PoolShape GenPoolShape(const NodeSpec& spec) {
  PoolShape s{};
  s.n = *rc::gen::inRange(1, 3);
  s.c = *rc::gen::inRange(1, 5);
  s.global = *rc::gen::inRange(0, 6) == 0;
  s.pad_mode = GenAttrValue(*FindAttrDomain(spec, "padMode"));
  s.round_mode = GenAttrValue(*FindAttrDomain(spec, "roundMode"));
  for (int i = 0; i < 2; ++i) {
    s.kernel[i] = *rc::gen::inRange(1, 5);
    s.stride[i] = *rc::gen::inRange(1, 4);
    for (int side = 0; side < 2; ++side) {
      s.pads[2 * i + side] = s.pad_mode == 0 ? *rc::gen::inRange<int64_t>(0, s.kernel[i]) : 0;
    }
  }
  // The padded input must hold the kernel (PAD / VALID, C-525).
  s.h = std::max<int32_t>(*rc::gen::inRange(1, 7), static_cast<int32_t>(s.kernel[0] - s.pads[0] - s.pads[1]));
  s.w = std::max<int32_t>(*rc::gen::inRange(1, 7), static_cast<int32_t>(s.kernel[1] - s.pads[2] - s.pads[3]));
  return s;
}

GeneratedCase GeneratePool(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const bool max_pool = spec.type == NodeType::MAX_POOL_FUSION;
  const PoolShape s = GenPoolShape(spec);
  const int64_t activation = GenAttrValue(*FindAttrDomain(spec, "activationType"));
  const Dims x_dims = {s.n, s.h, s.w, s.c};
  const Dims y_dims = {s.n, OutSize(s, 0, s.h), OutSize(s, 1, s.w), s.c};
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qy = max_pool || *rc::gen::inRange(0, 3) == 0 ? qx : std::vector<QuantParam>{GenQuantParam(dtype)};
  }
  ValueProfile profile;
  profile.nan_inf = *rc::gen::inRange(0, 4) == 0;
  profile.type_extremes = max_pool;  // keep most average sums finite so the bound checks something
  // Directed cases: the even ones hold NaN, ±inf, −0 and +0 on a pixel
  // pattern that reaches every window of 2x2 or more (C-911); the odd ones sweep.
  const std::optional<size_t> directed = DirectedCaseIndex();
  const bool specials = directed && DirectedSpecialsCase(*directed);
  if (specials) profile.nan_inf = false;
  std::vector<uint8_t> x = GenTensorData(dtype, ElementsOf(x_dims), profile, g.quantized ? qx[0].zero_point : 0);
  if (specials) PlantPixelSpecials(dtype, x_dims, *directed, &x);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x_dims, std::move(x), qx);
  b.Out("y", dtype, y_dims, qy);
  b.WithAttrs({
      Attr::Int64s("kernelSize", {s.kernel[0], s.kernel[1]}),
      Attr::Int64s("strides", {s.stride[0], s.stride[1]}),
      Attr::Int64s("pad", {s.pads[0], s.pads[1], s.pads[2], s.pads[3]}),
      Attr::Int8("padMode", static_cast<int8_t>(s.pad_mode)),
      Attr::Int8("roundMode", static_cast<int8_t>(s.round_mode)),
      Attr::Int8("format", 0),  // NCHW, as the OH_NN front end always writes it (C-520)
      Attr::Bool("global", s.global),
      Attr::Int8("activationType", static_cast<int8_t>(activation)),
  });
  g.test_case = b.Build();
  return g;
}

NodeSpec PoolSpecOf(NodeType t, const char* name) {
  NodeSpec s;
  s.name = name;
  s.type = t;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.attrs = {
      SchemaRange(t, "kernelSize", 1, 4, 2), SchemaRange(t, "strides", 1, 3, 2), SchemaRange(t, "pad", 0, 3, 4),
      SchemaDomain(t, "padMode"),  // PAD, SAME, VALID
      SchemaDomain(t, "roundMode"), SchemaDomain(t, "global"), SchemaDomain(t, "activationType"),
  };
  s.generate = GeneratePool;
  return s;
}

// Terms per output: at most kH * kW input elements (global: H * W); border
// and ceil windows hold fewer, so the bound is an upper one. The bounds run
// averages |x|: the magnitude is mean(|x|) over the window (C-529).
Status AvgPoolReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                           ReferenceAux* aux) {
  if (node.inputs.empty()) return Status::Ok();
  const Dims& x = c.model.tensors[node.inputs[0]].dims;
  const std::vector<int64_t> k = GetIntsAttr(node, "kernelSize");
  int64_t terms = 0;
  if (GetBoolAttr(node, "global", false) && x.size() == 4) {
    terms = int64_t{x[1]} * x[2];
  } else if (k.size() == 2) {
    terms = k[0] * k[1];
  }
  return DotProductAux(c, output_index, want_magnitude, terms, aux);
}

}  // namespace

NodeSpec MaxPoolSpec() {
  NodeSpec s = PoolSpecOf(NodeType::MAX_POOL_FUSION, "MAX_POOL_FUSION");
  // Selection is exact in every type (quantization_semantics 5.1 row 1: max
  // pool is data movement with equal params, C-528; float: TOSA EXACT).
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = Chainable(GraphKind::kPool, true);
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

NodeSpec AvgPoolSpec() {
  NodeSpec s = PoolSpecOf(NodeType::AVGPOOL_FUSION, "AVGPOOL_FUSION");
  // An accumulation: the dot-product bound with ksb = window size and the
  // magnitude mean(|x|) over the window (docs/operators/avgpool.md, C-85).
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kPool, true);
  s.reference_aux = AvgPoolReferenceAux;
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(710, MaxPoolSpec());
NNRT_NODE_SPEC(720, AvgPoolSpec());

}  // namespace cts
}  // namespace nnrt
