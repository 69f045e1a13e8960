// CONV2D_FUSION (ops_catalog #8 Conv2D and #10 DepthwiseConv2dNative, which
// lowers to the same node type with group == inChannel; HDI Conv2DFusion).
// Valid cases: NHWC input, weight [outC, kH, kW, inC/group] constant, bias
// [outC] constant or absent, padMode PAD / SAME / VALID with padList, stride,
// dilation, group 1 / depthwise (channel multiplier 1-2) / grouped, fused
// activation; float32 / float16; int8 / uint8 with per-tensor or per-channel
// (axis 0) weight params and int32 bias (quantization_semantics 4.5-4.8).
#include <cmath>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

enum class GroupKind { kPlain, kDepthwise, kGrouped };

struct ConvShape {
  int32_t n, h, w, in_c, out_c, k_h, k_w, group;
  int64_t stride_h, stride_w, dil_h, dil_w;
  int64_t pad_mode;
  int64_t pads[4];  // top, bottom, left, right
};

int32_t OutputSize(int64_t mode, int32_t in, int32_t k, int64_t stride, int64_t dil, int64_t before, int64_t after) {
  if (mode == 1) return static_cast<int32_t>((in + stride - 1) / stride);  // SAME: ceil(in / stride)
  const int64_t ek = (k - 1) * dil + 1;
  return static_cast<int32_t>((in + before + after - ek) / stride + 1);
}

ConvShape GenConvShape(const NodeSpec& spec) {
  ConvShape s{};
  const GroupKind kind = *rc::gen::element(GroupKind::kPlain, GroupKind::kDepthwise, GroupKind::kGrouped);
  s.n = *rc::gen::inRange(1, 3);
  switch (kind) {
    case GroupKind::kPlain:
      s.group = 1;
      s.in_c = *rc::gen::inRange(1, 5);
      s.out_c = *rc::gen::inRange(1, 5);
      break;
    case GroupKind::kDepthwise: {
      s.in_c = *rc::gen::inRange(1, 5);
      s.group = s.in_c;
      s.out_c = s.in_c * *rc::gen::inRange(1, 3);  // channel multiplier 1 or 2
      break;
    }
    case GroupKind::kGrouped: {
      s.group = *rc::gen::inRange(2, 4);
      s.in_c = s.group * *rc::gen::inRange(1, 3);
      s.out_c = s.group * *rc::gen::inRange(1, 3);
      break;
    }
  }
  s.k_h = *rc::gen::inRange(1, 4);
  s.k_w = *rc::gen::inRange(1, 4);
  s.stride_h = *rc::gen::inRange(1, 3);
  s.stride_w = *rc::gen::inRange(1, 3);
  s.dil_h = *rc::gen::inRange(1, 3);
  s.dil_w = *rc::gen::inRange(1, 3);
  s.pad_mode = GenAttrValue(*FindAttrDomain(spec, "padMode"));
  for (int64_t& p : s.pads) p = s.pad_mode == 0 ? *rc::gen::inRange(0, 3) : 0;
  // The padded input must hold the dilated kernel (PAD / VALID).
  const int32_t ek_h = static_cast<int32_t>((s.k_h - 1) * s.dil_h + 1);
  const int32_t ek_w = static_cast<int32_t>((s.k_w - 1) * s.dil_w + 1);
  s.h = *rc::gen::inRange(1, 7);
  s.w = *rc::gen::inRange(1, 7);
  s.h = std::max<int32_t>(s.h, ek_h - static_cast<int32_t>(s.pads[0] + s.pads[1]));
  s.w = std::max<int32_t>(s.w, ek_w - static_cast<int32_t>(s.pads[2] + s.pads[3]));
  return s;
}

std::vector<Attr> ConvAttrs(const ConvShape& s, int64_t activation) {
  const bool depthwise = s.group == s.in_c && s.group > 1;
  return {
      Attr::Int64s("kernelSize", {s.k_h, s.k_w}),
      Attr::Int64s("stride", {s.stride_h, s.stride_w}),
      Attr::Int64s("dilation", {s.dil_h, s.dil_w}),
      Attr::Int8("padMode", static_cast<int8_t>(s.pad_mode)),
      Attr::Int64s("padList", {s.pads[0], s.pads[1], s.pads[2], s.pads[3]}),
      Attr::Int64("group", s.group),
      // ops_catalog #8 / #10: Conv2D lowers inChannel = weight dim 3, depthwise the input C.
      Attr::Int64("inChannel", depthwise ? s.in_c : s.in_c / s.group),
      Attr::Int64("outChannel", s.out_c),
      Attr::Int8("activationType", static_cast<int8_t>(activation)),
  };
}

// Whether a tap of some output pixel can fall in the padding: SAME, or PAD
// with a non-zero padList (VALID keeps every tap inside x).
bool TapsReachPadding(const ConvShape& s) {
  if (s.pad_mode == 1) return true;
  return s.pad_mode == 0 && (s.pads[0] != 0 || s.pads[1] != 0 || s.pads[2] != 0 || s.pads[3] != 0);
}

GeneratedCase GenerateConv2D(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const ConvShape s = GenConvShape(spec);
  const int64_t activation = GenAttrValue(*FindAttrDomain(spec, "activationType"));
  const bool has_bias = *rc::gen::inRange(0, 5) != 0;
  const Dims x_dims = {s.n, s.h, s.w, s.in_c};
  const Dims w_dims = {s.out_c, s.k_h, s.k_w, s.in_c / s.group};
  const Dims y_dims = {s.n, OutputSize(s.pad_mode, s.h, s.k_h, s.stride_h, s.dil_h, s.pads[0], s.pads[1]),
                       OutputSize(s.pad_mode, s.w, s.k_w, s.stride_w, s.dil_w, s.pads[2], s.pads[3]), s.out_c};
  const int64_t terms = static_cast<int64_t>(s.k_h) * s.k_w * (s.in_c / s.group);

  SingleNodeCase b(NodeType::CONV2D_FUSION, spec.name);
  ValueProfile profile;
  profile.type_extremes = false;           // keep most sums finite so the bound checks something
  profile.nan_inf = *rc::gen::inRange(0, 4) == 0;
  std::vector<QuantParam> qx, qw, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    const bool per_channel = *rc::gen::inRange(0, 2) == 0;
    const int channels = per_channel ? s.out_c : 1;
    for (int c = 0; c < channels; ++c) qw.push_back(GenQuantParamWithScale(dtype, 1.0 / 512, 0.25));
    const double centre = qx[0].scale * qw[0].scale * 48.0 * std::sqrt(static_cast<double>(terms));
    qy = {GenQuantParamWithScale(dtype, centre / 4, centre * 4)};
  }
  b.In("x", dtype, x_dims, GenTensorData(dtype, ElementsOf(x_dims), profile, g.quantized ? qx[0].zero_point : 0), qx);
  // C-963: a tap in the padding adds nothing in the reference and 0 * w in a
  // zero-padding implementation; the two agree for every finite w, so the
  // weights stay finite wherever a tap can reach the padding.
  ValueProfile w_profile = profile;
  if (TapsReachPadding(s)) w_profile.nan_inf = false;
  b.Const("w", dtype, w_dims, GenTensorData(dtype, ElementsOf(w_dims), w_profile, g.quantized ? qw[0].zero_point : 0),
          qw);
  if (has_bias) {
    std::vector<uint8_t> bias;
    if (g.quantized) {
      // int32 bias, implied scale s_x * s_w[c] (quantization_semantics 4.7).
      const auto values = *rc::gen::container<std::vector<int32_t>>(static_cast<size_t>(s.out_c),
                                                                   rc::gen::inRange(-4096, 4097));
      bias.resize(values.size() * 4);
      for (size_t i = 0; i < values.size(); ++i) StoreInt64(DataType::kInt32, bias.data(), i, values[i]);
      b.Const("bias", DataType::kInt32, {s.out_c}, std::move(bias));
    } else {
      b.Const("bias", dtype, {s.out_c}, GenTensorData(dtype, s.out_c, profile));
    }
  }
  b.Out("y", dtype, y_dims, qy);
  b.WithAttrs(ConvAttrs(s, activation));
  g.test_case = b.Build();
  return g;
}

}  // namespace

// Terms per output: at most kH * kW * inC/group taps (+1 bias); fewer reach a
// transposed-conv output when stride > 1, so the bound is an upper one.
Status ConvReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                        ReferenceAux* aux) {
  int64_t terms = 0;
  if (node.inputs.size() >= 2) {
    const Dims& w = c.model.tensors[node.inputs[1]].dims;
    if (w.size() == 4) terms = int64_t{w[1]} * w[2] * w[3] + (node.inputs.size() > 2 ? 1 : 0);
  }
  return DotProductAux(c, output_index, want_magnitude, terms, aux);
}

NodeSpec Conv2DSpec() {
  NodeSpec s;
  s.name = "CONV2D_FUSION";
  s.type = NodeType::CONV2D_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  const NodeType t = NodeType::CONV2D_FUSION;
  s.attrs = {
      SchemaRange(t, "kernelSize", 1, 3, 2), SchemaRange(t, "stride", 1, 2, 2), SchemaRange(t, "dilation", 1, 2, 2),
      SchemaDomain(t, "padMode"),  // PAD, SAME, VALID
      SchemaRange(t, "padList", 0, 2, 4), SchemaRange(t, "group", 1, 4), SchemaRange(t, "inChannel", 1, 8),
      SchemaRange(t, "outChannel", 1, 8), SchemaDomain(t, "activationType"),
  };
  s.generate = GenerateConv2D;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kConv, true);
  s.reference_aux = ConvReferenceAux;
  s.model_bound = ModelBoundRule::kBilinear;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(50, Conv2DSpec());

}  // namespace cts
}  // namespace nnrt
