// Graph planners of the spatial and dense node kinds (graph_plan.h).
#include "conformance/graph/plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "conformance/generators.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace graph_plan {

namespace {

// A constant bias [n] with values in about [-1, 1] (float graphs: in the
// primary type; quantized graphs: int32 codes at s_x * s_w, BiasCodes).
uint32_t AddBias(Plan* plan, Rng* rng, int32_t n) {
  PlanTensor b;
  b.name = "b" + std::to_string(plan->tensors.size());
  b.dims = {n};
  b.role = Role::kConstant;
  b.is_bias = true;
  b.fixed_type = plan->quantized ? DataType::kInt32 : DataType::kUnknown;
  for (int32_t i = 0; i < n; ++i) {
    b.values.push_back(RoundToType(plan->quantized ? DataType::kFloat32 : plan->dtype, GraphValue(rng, 1.0)));
  }
  plan->tensors.push_back(std::move(b));
  return static_cast<uint32_t>(plan->tensors.size() - 1);
}

}  // namespace

int32_t ConvOutputSize(int64_t pad_mode, int32_t in, int32_t k, int32_t stride, int64_t before, int64_t after) {
  if (pad_mode == 1) return (in + stride - 1) / stride;  // SAME: ceil(in / stride) (ops_catalog #8)
  return static_cast<int32_t>((in + before + after - k) / stride + 1);
}

// CONV2D_FUSION on an NHWC tensor (ops_catalog #8 / #10): weight [outC, kH, kW,
// inC/group] constant, bias [outC] constant or absent, dilation 1.
void PlanConv(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
              PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t n = xd[0], h = xd[1], w = xd[2], in_c = xd[3];
  const bool depthwise = c.channels % 3 == 2 && in_c > 1;
  const int32_t group = depthwise ? in_c : 1;
  const int32_t out_c = depthwise ? in_c : 1 + c.channels % 3;
  const int32_t k_h = 1 + c.kernel % 3, k_w = 1 + c.kernel / 3 % 3;
  const int32_t s_h = 1 + c.stride % 2, s_w = 1 + c.stride / 2 % 2;
  int64_t pad_mode = std::vector<int64_t>{1, 2, 0}[static_cast<size_t>(c.pad % 3)];  // SAME, VALID, PAD
  int64_t pads[4] = {0, 0, 0, 0};
  if (pad_mode == 0) {
    for (int i = 0; i < 4; ++i) pads[i] = (c.pad >> (2 + i)) & 1;
  }
  // The padded input must hold the kernel (VALID / PAD); otherwise SAME.
  if (pad_mode != 1 && (h + pads[0] + pads[1] < k_h || w + pads[2] + pads[3] < k_w)) {
    pad_mode = 1;
    for (int64_t& p : pads) p = 0;
  }
  const Dims wd = {out_c, k_h, k_w, in_c / group};
  const uint32_t weight = AddSourceTensor(plan, rng, "w", Role::kConstant, wd, 1.0);
  node->inputs = {x, weight};
  if (c.activation % 4 != 3) {  // a bias three times in four
    node->inputs.push_back(AddBias(plan, rng, out_c));
  }
  node->attrs = {
      Attr::Int64s("kernelSize", {k_h, k_w}),
      Attr::Int64s("stride", {s_h, s_w}),
      Attr::Int64s("dilation", {1, 1}),
      Attr::Int8("padMode", static_cast<int8_t>(pad_mode)),
      Attr::Int64s("padList", {pads[0], pads[1], pads[2], pads[3]}),
      Attr::Int64("group", group),
      // ops_catalog #8 / #10: Conv2D lowers inChannel = weight dim 3, depthwise the input C.
      Attr::Int64("inChannel", depthwise ? in_c : in_c / group),
      Attr::Int64("outChannel", out_c),
      Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation))),
  };
  const Dims yd = {n, ConvOutputSize(pad_mode, h, k_h, s_h, pads[0], pads[1]),
                   ConvOutputSize(pad_mode, w, k_w, s_w, pads[2], pads[3]), out_c};
  node->output = AddIntermediate(plan, yd, use.sig->hazard);
}

// MATMUL_FUSION / FULL_CONNECTION reducing the chain tensor's last dim K with a
// constant weight: MATMUL b [K, N] (or [N, K] with transposeB), FULL_CONNECTION
// weight [outC, K] with useAxis on the last axis (given as -1 or rank-1) and a
// bias three times in four; y = x.dims[0..rank-1) + [N].
void PlanDense(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
               PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t k = xd.back();
  const int32_t n = 1 + c.channels % 3;
  const int8_t activation = static_cast<int8_t>(ActivationChoice(*use.spec, c.activation));
  const bool matmul = use.spec->type == NodeType::MATMUL_FUSION;
  const bool transpose_b = matmul && (c.kernel & 1) != 0;
  const Dims wd = transpose_b || !matmul ? Dims{n, k} : Dims{k, n};
  node->inputs = {x, AddSourceTensor(plan, rng, "w", Role::kConstant, wd, 1.0)};
  if (matmul) {
    node->attrs = {Attr::Bool("transposeA", false), Attr::Bool("transposeB", transpose_b),
                   Attr::Int8("activationType", activation)};
  } else {
    const bool bias = c.activation % 4 != 3;
    if (bias) {
      node->inputs.push_back(AddBias(plan, rng, n));
    }
    const auto rank = static_cast<int64_t>(xd.size());
    node->attrs = {Attr::Bool("hasBias", bias), Attr::Bool("useAxis", true),
                   Attr::Int64("axis", (c.kernel & 1) != 0 ? -1 : rank - 1), Attr::Int8("activationType", activation)};
  }
  Dims yd(xd.begin(), xd.end() - 1);
  yd.push_back(n);
  node->output = AddIntermediate(plan, yd, use.sig->hazard);
}

// CONV2D_TRANSPOSE_FUSION on an NHWC tensor (ops_catalog #9, C-512/C-513):
// weight [outC, kH, kW, inC] and bias constant, kernels 1-2, stride 1-2 (1
// once an axis exceeds 16, so chains stay small), VALID or PAD with kernel-1
// pixels cropped on one side, outputPaddings 0 or stride-1.
void PlanConvTranspose(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
                       PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t in[2] = {xd[1], xd[2]};
  const int32_t in_c = xd[3], out_c = 1 + c.channels % 3;
  const int32_t k[2] = {1 + c.kernel % 2, 1 + c.kernel / 2 % 2};
  int32_t s[2] = {1 + c.stride % 2, 1 + c.stride / 2 % 2};
  const int64_t pad_mode = c.pad % 2 == 0 ? 2 : 0;  // VALID, PAD
  int64_t pads[4] = {0, 0, 0, 0};
  int64_t out_pad[2] = {0, 0};
  int32_t out[2];
  for (int i = 0; i < 2; ++i) {
    if (in[i] > 16) s[i] = 1;
    if (pad_mode == 0) pads[2 * i + ((c.pad >> (1 + i)) & 1)] = k[i] - 1;
    out_pad[i] = ((c.pad >> (3 + i)) & 1) != 0 ? s[i] - 1 : 0;
    out[i] = static_cast<int32_t>((in[i] - 1) * s[i] + k[i] - pads[2 * i] - pads[2 * i + 1] + out_pad[i]);
  }
  node->inputs = {x, AddSourceTensor(plan, rng, "w", Role::kConstant, Dims{out_c, k[0], k[1], in_c}, 1.0)};
  node->inputs.push_back(AddBias(plan, rng, out_c));
  node->attrs = {
      Attr::Int64s("kernelSize", {k[0], k[1]}),
      Attr::Int64s("stride", {s[0], s[1]}),
      Attr::Int64s("dilation", {1, 1}),
      Attr::Int8("padMode", static_cast<int8_t>(pad_mode)),
      Attr::Int64s("padList", {pads[0], pads[1], pads[2], pads[3]}),
      Attr::Int64("group", 1),
      Attr::Int64("inChannel", in_c),
      Attr::Int64("outChannel", out_c),
      Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation))),
      Attr::Int64s("outputPaddings", {out_pad[0], out_pad[1]}),
  };
  node->output = AddIntermediate(plan, Dims{xd[0], out[0], out[1], out_c}, use.sig->hazard);
}

// One axis of a pooling output (C-522, C-523).
int32_t PoolOutSize(int64_t pad_mode, bool ceil_mode, int32_t in, int64_t k, int64_t s, int64_t before, int64_t after) {
  if (pad_mode == 1) return static_cast<int32_t>((in + s - 1) / s);  // SAME: ceil(in / stride)
  const int64_t span = in + before + after - k;
  int64_t out = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
  if (ceil_mode && (out - 1) * s - before >= in) --out;  // C-523
  return static_cast<int32_t>(out);
}

// AVGPOOL_FUSION / MAX_POOL_FUSION on an NHWC tensor (ops_catalog #2 / #21,
// C-521..C-525): kernels 1-3 (shrunk to the padded input), stride 1-2, SAME,
// VALID or PAD with at most one pixel per side (below the kernel), FLOOR or
// CEIL, global one time in twelve. Spatial sizes never grow.
void PlanPool(Plan* plan, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t in[2] = {xd[1], xd[2]};
  const bool global = c.channels == 11;
  const bool ceil_mode = c.channels % 2 == 1;
  const int64_t pad_mode = std::vector<int64_t>{1, 2, 0}[static_cast<size_t>(c.pad % 3)];  // SAME, VALID, PAD
  int64_t k[2] = {1 + c.kernel % 3, 1 + c.kernel / 3 % 3};
  const int64_t s[2] = {1 + c.stride % 2, 1 + c.stride / 2 % 2};
  int64_t pads[4] = {0, 0, 0, 0};
  int32_t out[2] = {1, 1};
  for (int i = 0; i < 2; ++i) {
    if (pad_mode == 0) {
      for (int side = 0; side < 2; ++side) pads[2 * i + side] = std::min<int64_t>((c.pad >> (2 + 2 * i + side)) & 1, k[i] - 1);
    }
    if (pad_mode != 1) k[i] = std::min<int64_t>(k[i], in[i] + pads[2 * i] + pads[2 * i + 1]);  // C-525
    if (!global) out[i] = PoolOutSize(pad_mode, ceil_mode, in[i], k[i], s[i], pads[2 * i], pads[2 * i + 1]);
  }
  node->inputs = {x};
  node->attrs = {
      Attr::Int64s("kernelSize", {k[0], k[1]}),
      Attr::Int64s("strides", {s[0], s[1]}),
      Attr::Int64s("pad", {pads[0], pads[1], pads[2], pads[3]}),
      Attr::Int8("padMode", static_cast<int8_t>(pad_mode)),
      Attr::Int8("roundMode", static_cast<int8_t>(ceil_mode ? 1 : 0)),
      Attr::Int8("format", 0),
      Attr::Bool("global", global),
      Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation))),
  };
  node->output = AddIntermediate(plan, Dims{xd[0], out[0], out[1], xd[3]}, use.sig->hazard);
}

void PlanResize(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  int64_t size[2] = {1, 1};
  for (int i = 0; i < 2; ++i) {
    const int64_t in = xd[1 + i];
    const int64_t largest = in > 16 ? in : 2 * in;  // no growth past 16
    size[i] = 1 + (i == 0 ? c.pad : c.channels) % largest;
  }
  node->inputs = {x};
  node->attrs = {
      Attr::Int8("method", static_cast<int8_t>(c.kernel % 3)),
      Attr::Int64("newHeight", size[0]),
      Attr::Int64("newWidth", size[1]),
      Attr::Bool("preserveAspectRatio", false),
      Attr::Int8("coordinateTransformMode", static_cast<int8_t>(c.stride % 3)),
      Attr::Float("cubicCoeff", c.stride / 3 % 2 == 0 ? -0.75f : -0.5f),
      Attr::Int64("excludeOutside", c.activation % 2),
      Attr::Float("extrapolationValue", 0.0f),
      Attr::Int8("nearestMode", static_cast<int8_t>((c.kernel / 3 + c.activation) % 5)),
  };
  node->output = AddIntermediate(plan, Dims{xd[0], static_cast<int32_t>(size[0]), static_cast<int32_t>(size[1]), xd[3]},
                                 false);
}

}  // namespace graph_plan
}  // namespace cts
}  // namespace nnrt
