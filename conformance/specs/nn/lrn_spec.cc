// LRN (ops_catalog #96), family "lrn": 4-D float32 / float16 tensors, NHWC
// or (one case in four) NCHW (C-591), depthRadius 0..5 (windows reaching past
// both channel edges, C-592), bias > 0, alpha >= 0 and beta in small sets,
// the edge values of the type except its extremes (a square of the largest
// finite overflows any float candidate's sum). Judged by the dot-product row
// with LRN's own magnitude and term count (docs/operators/lrn.md "LRN bound").
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace {

// Attribute values by domain index (the schema's float attributes are drawn as indices).
constexpr float kBias[] = {0.5f, 1.0f, 2.0f};
constexpr float kAlpha[] = {0.0f, 1e-4f, 0.5f, 1.0f};
constexpr float kBeta[] = {0.0f, 0.5f, 0.75f, 1.0f};

GeneratedCase GenerateLrn(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  const Dims x = GenShape(4, 4, 5);
  const bool nchw = *rc::gen::inRange(0, 4) == 0;
  ValueProfile profile;
  profile.type_extremes = false;
  SingleNodeCase b(NodeType::LRN, spec.name);
  b.WithFormat(nchw ? Format::kNchw : Format::kNhwc);
  b.In("x", dtype, x, GenTensorData(dtype, ElementsOf(x), profile));
  b.Out("y", dtype, x);
  b.WithAttrs({Attr::Int64("depthRadius", GenAttrValue(*FindAttrDomain(spec, "depthRadius"))),
               Attr::Float("bias", kBias[GenAttrValue(*FindAttrDomain(spec, "bias"))]),
               Attr::Float("alpha", kAlpha[GenAttrValue(*FindAttrDomain(spec, "alpha"))]),
               Attr::Float("beta", kBeta[GenAttrValue(*FindAttrDomain(spec, "beta"))]),
               Attr::String("normRegion", "ACROSS_CHANNELS")});
  g.test_case = b.Build();
  return g;
}

// LRN bound (docs/operators/lrn.md): n = the window's channel count, L the
// largest |ln b| of the base b = bias + alpha·S over the case (S <= n·max x²);
// ksb = (n + 4)·(1 + ceil|beta|) + ceil(2·|beta|·L) + 4; m = |y| from the
// bounds-mode run on |x|.
Status LrnReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                       ReferenceAux* aux) {
  if (node.inputs.empty()) return Status::Ok();
  const Dims xd = ActualDims(c, node.inputs[0]);
  if (xd.size() != 4 || IsDynamic(xd)) return Status::Ok();
  const bool nchw = c.model.tensors[node.inputs[0]].format == Format::kNchw;
  const int64_t channels = xd[nchw ? 1 : 3];
  const int64_t radius = std::max<int64_t>(0, GetIntAttr(node, "depthRadius", 0));
  const int64_t n = std::min<int64_t>(2 * radius + 1, channels);
  const double bias = GetFloatAttr(node, "bias", 0.0f), alpha = GetFloatAttr(node, "alpha", 0.0f);
  const double beta = std::fabs(GetFloatAttr(node, "beta", 0.0f));
  double max_square = 0;
  for (double v : FloatInput(c, node, 0)) {
    if (std::isfinite(v)) max_square = std::max(max_square, v * v);
  }
  const double low = bias, high = bias + std::fabs(alpha) * static_cast<double>(n) * max_square;
  double log_range = 0;
  if (low > 0) log_range = std::max(std::fabs(std::log(low)), std::fabs(std::log(high)));
  const auto terms = (n + 4) * (1 + static_cast<int64_t>(std::ceil(beta))) +
                     static_cast<int64_t>(std::ceil(2 * beta * log_range)) + 4;
  return DotProductAux(c, output_index, want_magnitude, terms, aux);
}

}  // namespace

NodeSpec LrnSpec() {
  NodeSpec s;
  s.name = "LRN";
  s.type = NodeType::LRN;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16};
  const NodeType t = NodeType::LRN;
  s.attrs = {SchemaRange(t, "depthRadius", 0, 5), SchemaRange(t, "bias", 0, 2), SchemaRange(t, "alpha", 0, 3),
             SchemaRange(t, "beta", 0, 3)};
  s.generate = GenerateLrn;
  s.tolerance = ToleranceClass::kDotProduct;  // a sum of squares, then pow and a division: LRN bound
  s.graph = Chainable(GraphKind::kNormalize, false);  // float graphs, rank-4 chain tensors
  s.reference_aux = LrnReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(970, LrnSpec());

}  // namespace cts
}  // namespace nnrt
