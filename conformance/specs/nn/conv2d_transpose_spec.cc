// CONV2D_TRANSPOSE_FUSION (ops_catalog #9; HDI Conv2dTransposeFusion).
// Valid cases: NHWC input, weight [outC, kH, kW, inC/group] constant, bias
// [outC] constant, padMode PAD (pads up to the dilated kernel) / SAME / VALID,
// stride 1..3 (larger than the kernel too), dilation 1..2, outputPaddings
// absent, one element or two, each in [0, stride) (C-513), group 1 / depthwise
// (channel multiplier 1-2) / grouped (C-514), fused activation; float32 /
// float16; int8 / uint8 with per-tensor or per-channel (axis 0) weight params
// and int32 bias (C-515). Data includes the edge values (ValueProfile).
#include <algorithm>
#include <cmath>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

struct DeconvShape {
  int32_t n, h, w, in_c, out_c, k_h, k_w, group;
  int64_t stride[2], dil[2], out_pad[2];
  int64_t pad_mode;
  int64_t pads[4];  // top, bottom, left, right
  int out_pad_count;
};

// C-512: PAD / VALID (pads 0): (in-1)*s + (k-1)*d + 1 - pads + op; SAME: in*s + op.
int32_t OutSize(int64_t mode, int32_t in, int32_t k, int64_t s, int64_t d, int64_t before, int64_t after, int64_t op) {
  if (mode == 1) return static_cast<int32_t>(in * s + op);
  return static_cast<int32_t>((in - 1) * s + (k - 1) * d + 1 - before - after + op);
}

DeconvShape GenShape(const NodeSpec& spec) {
  DeconvShape s{};
  const int kind = *rc::gen::inRange(0, 3);
  s.n = *rc::gen::inRange(1, 3);
  if (kind == 0) {
    s.group = 1;
    s.in_c = *rc::gen::inRange(1, 5);
    s.out_c = *rc::gen::inRange(1, 5);
  } else if (kind == 1) {  // depthwise
    s.in_c = *rc::gen::inRange(1, 5);
    s.group = s.in_c;
    s.out_c = s.in_c * *rc::gen::inRange(1, 3);
  } else {
    s.group = *rc::gen::inRange(2, 4);
    s.in_c = s.group * *rc::gen::inRange(1, 3);
    s.out_c = s.group * *rc::gen::inRange(1, 3);
  }
  s.k_h = *rc::gen::inRange(1, 4);
  s.k_w = *rc::gen::inRange(1, 4);
  for (int i = 0; i < 2; ++i) {
    s.stride[i] = *rc::gen::inRange(1, 4);
    s.dil[i] = *rc::gen::inRange(1, 3);
    s.out_pad[i] = *rc::gen::inRange<int64_t>(0, s.stride[i]);
  }
  s.out_pad_count = *rc::gen::inRange(0, 3);
  if (s.out_pad_count == 0) s.out_pad[0] = s.out_pad[1] = 0;
  if (s.out_pad_count == 1) {  // one value for both axes: below both strides
    s.out_pad[0] = s.out_pad[1] = *rc::gen::inRange<int64_t>(0, std::min(s.stride[0], s.stride[1]));
  }
  s.pad_mode = GenAttrValue(*FindAttrDomain(spec, "padMode"));
  const int64_t ek[2] = {(s.k_h - 1) * s.dil[0] + 1, (s.k_w - 1) * s.dil[1] + 1};
  for (int i = 0; i < 4; ++i) s.pads[i] = s.pad_mode == 0 ? *rc::gen::inRange<int64_t>(0, ek[i / 2] + 1) : 0;
  s.h = *rc::gen::inRange(1, 5);
  s.w = *rc::gen::inRange(1, 5);
  // Pads must leave at least one output row / column.
  while (OutSize(s.pad_mode, s.h, s.k_h, s.stride[0], s.dil[0], s.pads[0], s.pads[1], s.out_pad[0]) < 1) ++s.h;
  while (OutSize(s.pad_mode, s.w, s.k_w, s.stride[1], s.dil[1], s.pads[2], s.pads[3], s.out_pad[1]) < 1) ++s.w;
  return s;
}

GeneratedCase GenerateConv2DTranspose(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const DeconvShape s = GenShape(spec);
  const int64_t activation = GenAttrValue(*FindAttrDomain(spec, "activationType"));
  const Dims x_dims = {s.n, s.h, s.w, s.in_c};
  const Dims w_dims = {s.out_c, s.k_h, s.k_w, s.in_c / s.group};
  const Dims y_dims = {s.n, OutSize(s.pad_mode, s.h, s.k_h, s.stride[0], s.dil[0], s.pads[0], s.pads[1], s.out_pad[0]),
                       OutSize(s.pad_mode, s.w, s.k_w, s.stride[1], s.dil[1], s.pads[2], s.pads[3], s.out_pad[1]),
                       s.out_c};
  const int64_t terms = static_cast<int64_t>(s.k_h) * s.k_w * (s.in_c / s.group);
  SingleNodeCase b(NodeType::CONV2D_TRANSPOSE_FUSION, spec.name);
  ValueProfile profile;
  profile.type_extremes = false;  // keep most sums finite so the bound checks something
  profile.nan_inf = *rc::gen::inRange(0, 4) == 0;
  std::vector<QuantParam> qx, qw, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    const int channels = *rc::gen::inRange(0, 2) == 0 ? s.out_c : 1;
    for (int c = 0; c < channels; ++c) qw.push_back(GenQuantParamWithScale(dtype, 1.0 / 512, 0.25));
    const double centre = qx[0].scale * qw[0].scale * 48.0 * std::sqrt(static_cast<double>(terms));
    qy = {GenQuantParamWithScale(dtype, centre / 4, centre * 4)};
  }
  b.In("x", dtype, x_dims, GenTensorData(dtype, ElementsOf(x_dims), profile, g.quantized ? qx[0].zero_point : 0), qx);
  // C-963: the gather form skips the taps between input pixels and outside x;
  // an implementation that inserts zeros (or pads) multiplies them by w. They
  // agree for every finite w, and every transposed convolution has such taps,
  // so the weights stay finite.
  ValueProfile w_profile = profile;
  w_profile.nan_inf = false;
  b.Const("w", dtype, w_dims, GenTensorData(dtype, ElementsOf(w_dims), w_profile, g.quantized ? qw[0].zero_point : 0),
          qw);
  if (g.quantized) {
    const auto values = *rc::gen::container<std::vector<int32_t>>(static_cast<size_t>(s.out_c),
                                                                 rc::gen::inRange(-4096, 4097));
    std::vector<uint8_t> bias(values.size() * 4);
    for (size_t i = 0; i < values.size(); ++i) StoreInt64(DataType::kInt32, bias.data(), i, values[i]);
    b.Const("bias", DataType::kInt32, {s.out_c}, std::move(bias));
  } else {
    b.Const("bias", dtype, {s.out_c}, GenTensorData(dtype, static_cast<size_t>(s.out_c), profile));
  }
  b.Out("y", dtype, y_dims, qy);
  std::vector<int64_t> out_pads(s.out_pad, s.out_pad + s.out_pad_count);
  const bool depthwise = s.group == s.in_c && s.group > 1;
  b.WithAttrs({
      Attr::Int64s("kernelSize", {s.k_h, s.k_w}),
      Attr::Int64s("stride", {s.stride[0], s.stride[1]}),
      Attr::Int64s("dilation", {s.dil[0], s.dil[1]}),
      Attr::Int8("padMode", static_cast<int8_t>(s.pad_mode)),
      Attr::Int64s("padList", {s.pads[0], s.pads[1], s.pads[2], s.pads[3]}),
      Attr::Int64("group", s.group),
      Attr::Int64("inChannel", depthwise ? s.in_c : s.in_c / s.group),
      Attr::Int64("outChannel", s.out_c),
      Attr::Int8("activationType", static_cast<int8_t>(activation)),
      Attr::Int64s("outputPaddings", out_pads),
  });
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec Conv2DTransposeSpec() {
  NodeSpec s;
  s.name = "CONV2D_TRANSPOSE_FUSION";
  s.type = NodeType::CONV2D_TRANSPOSE_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  const NodeType t = NodeType::CONV2D_TRANSPOSE_FUSION;
  s.attrs = {
      SchemaRange(t, "kernelSize", 1, 3, 2), SchemaRange(t, "stride", 1, 3, 2), SchemaRange(t, "dilation", 1, 2, 2),
      SchemaDomain(t, "padMode"),  // PAD, SAME, VALID
      SchemaRange(t, "padList", 0, 5, 4), SchemaRange(t, "group", 1, 4), SchemaRange(t, "inChannel", 1, 8),
      SchemaRange(t, "outChannel", 1, 8), SchemaDomain(t, "activationType"), SchemaRange(t, "outputPaddings", 0, 2, 2),
  };
  s.generate = GenerateConv2DTranspose;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kConvTranspose, true);
  s.reference_aux = ConvReferenceAux;
  s.model_bound = ModelBoundRule::kBilinear;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(700, Conv2DTransposeSpec());

}  // namespace cts
}  // namespace nnrt
