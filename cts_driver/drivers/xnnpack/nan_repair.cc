// NaN propagation after XNNPACK float32 kernels (see nan_repair.h).
#include "cts_driver/drivers/xnnpack/nan_repair.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "reference/ops/elementwise/activation.h"
#include "reference/ops/nn/conv2d.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace xnnpack_driver {
namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

float At(const uint8_t* p, size_t i) {
  float v;
  std::memcpy(&v, p + i * sizeof(float), sizeof(float));
  return v;
}
void SetNaN(uint8_t* p, size_t i) { std::memcpy(p + i * sizeof(float), &kNaN, sizeof(float)); }

size_t Count(const Dims& d) {
  size_t n = 1;
  for (int32_t v : d) n *= static_cast<size_t>(v);
  return n;
}

// Finite and not subnormal (and, when zero_is_special, not zero).
bool AllNormal(const uint8_t* p, size_t n, bool zero_is_special) {
  for (size_t i = 0; i < n; ++i) {
    const float v = At(p, i);
    if (!std::isfinite(v) || (v != 0.0f && std::fpclassify(v) == FP_SUBNORMAL) || (zero_is_special && v == 0.0f)) {
      return false;
    }
  }
  return true;
}

bool IsFloat(const Tensor& t) { return t.data_type == DataType::kFloat32 && !t.IsQuantized(); }

// Index of output element `i` in an input of dims `in` broadcast to `out` (numpy rules).
size_t BroadcastIndex(const Dims& out, const Dims& in, size_t i) {
  size_t index = 0, stride = 1;
  size_t rest = i;
  for (size_t k = 0; k < out.size(); ++k) {
    const size_t axis = out.size() - 1 - k;
    const size_t coord = rest % static_cast<size_t>(out[axis]);
    rest /= static_cast<size_t>(out[axis]);
    if (k < in.size()) {
      const size_t in_dim = static_cast<size_t>(in[in.size() - 1 - k]);
      if (in_dim != 1) index += coord * stride;
      stride *= in_dim;
    }
  }
  return index;
}

bool Subnormal(float v) { return v != 0.0f && std::fpclassify(v) == FP_SUBNORMAL; }

// Elements whose IEEE result is NaN, with a subnormal operand (which XNNPACK
// reads as 0) or, under RELU / RELU6, a -0 result, are recomputed in IEEE
// binary32 and clamped by the fused activation [lo, hi] the NaN- and
// sign-preserving way (x < lo ? lo : x).
void RepairBinary(NodeType type, float lo, float hi, const Dims& da, const Dims& db, const Dims& dy, const uint8_t* a,
                  const uint8_t* b, uint8_t* y) {
  const bool div = type == NodeType::DIV_FUSION;
  // RELU / RELU6 keep a -0 result (x < 0 ? 0 : x); XNNPACK's max(v, 0) makes it +0.
  const bool clamped = lo == 0.0f;
  const size_t n = Count(dy);
  bool special = !AllNormal(a, Count(da), div) || !AllNormal(b, Count(db), div);
  for (size_t i = 0; clamped && !special && i < n; ++i) special = At(y, i) == 0.0f;
  if (!special) return;
  for (size_t i = 0; i < n; ++i) {
    const float x = At(a, BroadcastIndex(dy, da, i));
    const float z = At(b, BroadcastIndex(dy, db, i));
    // binary64, the fused clamp, then one rounding: the reference's order (docs/semantics.md).
    double r;
    switch (type) {
      case NodeType::ADD_FUSION: r = static_cast<double>(x) + z; break;
      case NodeType::SUB_FUSION: r = static_cast<double>(x) - z; break;
      case NodeType::MUL_FUSION: r = static_cast<double>(x) * z; break;
      default: r = static_cast<double>(x) / z; break;
    }
    const bool negative_zero = clamped && static_cast<float>(r) == 0.0f && std::signbit(r);
    if (!std::isnan(r) && !Subnormal(x) && !Subnormal(z) && !negative_zero) continue;
    if (r < lo) r = lo;
    if (r > hi) r = hi;
    const float f = static_cast<float>(r);
    std::memcpy(y + i * sizeof(float), &f, sizeof(float));
  }
}

// With a non-finite or subnormal input, weight or bias, XNNPACK's result is
// unusable (padding taps are computed as 0 * w, so an infinite weight makes
// them NaN, and NaN then clamps to the lower bound; subnormals read as 0): the
// node is recomputed in binary64 with padding taps skipped, clamped by the
// fused activation and rounded once, as docs/semantics.md defines it.
void RepairConv(const Model& m, const std::vector<Dims>& dims, const Node& node, const std::vector<const uint8_t*>& data,
                uint8_t* y) {
  const uint32_t xt = node.inputs[0], wt = node.inputs[1];
  const bool has_bias = node.inputs.size() == 3;
  const Dims& xd = dims[xt];
  const Dims& wd = dims[wt];
  const Dims& yd = dims[node.outputs[0]];
  const uint8_t* x = data[xt];
  const uint8_t* w = data[wt];
  const uint8_t* bias = has_bias ? data[node.inputs[2]] : nullptr;
  if (AllNormal(x, Count(xd), false) && AllNormal(w, Count(wd), false) &&
      (!has_bias || AllNormal(bias, Count(dims[node.inputs[2]]), false))) {
    return;
  }
  OpContext ctx;
  ctx.node = &node;
  for (uint32_t t : node.inputs) {
    TensorArg arg;
    arg.decl = &m.tensors[t];
    arg.dims = dims[t];
    arg.data = data[t];
    ctx.inputs.push_back(arg);
  }
  TensorArg out;
  out.decl = &m.tensors[node.outputs[0]];
  out.dims = yd;
  ctx.outputs.push_back(out);
  Conv2DAttrs p;
  if (!ReadConv2DAttrs(ctx, &p).ok()) return;
  const ConvPads pads = ComputeConvPads(p, xd[1], xd[2]);
  const int64_t in_c = xd[3], out_c = wd[0], kh = wd[1], kw = wd[2], gin = wd[3];
  const int64_t gout = out_c / p.group;
  double lo = -HUGE_VAL, hi = HUGE_VAL;
  if (p.activation == ActivationType::kRelu || p.activation == ActivationType::kRelu6) lo = 0.0;
  if (p.activation == ActivationType::kRelu6) hi = 6.0;
  for (int64_t n = 0; n < yd[0]; ++n) {
    for (int64_t oh = 0; oh < yd[1]; ++oh) {
      for (int64_t ow = 0; ow < yd[2]; ++ow) {
        for (int64_t oc = 0; oc < out_c; ++oc) {
          const int64_t g = oc / gout;
          double sum = has_bias ? At(bias, static_cast<size_t>(oc)) : 0.0;
          for (int64_t ky = 0; ky < kh; ++ky) {
            const int64_t ih = oh * p.stride_h - pads.top + ky * p.dilation_h;
            if (ih < 0 || ih >= xd[1]) continue;
            for (int64_t kx = 0; kx < kw; ++kx) {
              const int64_t iw = ow * p.stride_w - pads.left + kx * p.dilation_w;
              if (iw < 0 || iw >= xd[2]) continue;
              for (int64_t ic = 0; ic < gin; ++ic) {
                const double xv = At(x, static_cast<size_t>(((n * xd[1] + ih) * xd[2] + iw) * in_c + g * gin + ic));
                const double wv = At(w, static_cast<size_t>(((oc * kh + ky) * kw + kx) * gin + ic));
                sum += xv * wv;
              }
            }
          }
          if (sum < lo) sum = lo;
          if (sum > hi) sum = hi;
          const float f = static_cast<float>(sum);
          std::memcpy(y + static_cast<size_t>(((n * yd[1] + oh) * yd[2] + ow) * out_c + oc) * sizeof(float), &f,
                      sizeof(float));
        }
      }
    }
  }
}

// CONV2D_TRANSPOSE_FUSION, FULL_CONNECTION, MATMUL_FUSION: the same rule as
// RepairConv (a non-finite or subnormal float operand makes XNNPACK's clamped,
// denormal-flushing result unusable), recomputed through the operator's
// module, which sums in binary64 and rounds once (docs/semantics.md).
void RepairDense(const Model& m, const std::vector<Dims>& dims, const Node& node,
                 const std::vector<const uint8_t*>& data, uint8_t* y, bool zero_is_special = false) {
  bool special = false;
  for (uint32_t t : node.inputs) {
    if (IsFloat(m.tensors[t]) && !AllNormal(data[t], Count(dims[t]), zero_is_special)) special = true;
  }
  const OpDef* def = FindOpDef(node.type);
  if (!special || def == nullptr) return;
  OpContext ctx;
  ctx.node = &node;
  for (uint32_t t : node.inputs) {
    TensorArg arg;
    arg.decl = &m.tensors[t];
    arg.dims = dims[t];
    arg.data = data[t];
    arg.byte_size = Count(dims[t]) * DataTypeSize(m.tensors[t].data_type);
    ctx.inputs.push_back(arg);
  }
  TensorArg out;
  out.decl = &m.tensors[node.outputs[0]];
  out.dims = dims[node.outputs[0]];
  out.mutable_data = y;
  out.byte_size = Count(out.dims) * sizeof(float);
  ctx.outputs.push_back(out);
  (void)RunNode(*def, ctx);  // the node prepared on the reference: it runs
}

}  // namespace

void RepairNaN(const Model& model, const std::vector<Dims>& dims, uint32_t node_index,
               const std::vector<const uint8_t*>& data, uint8_t* output) {
  const Node& node = model.nodes[node_index];
  if (node.outputs.size() != 1 || !IsFloat(model.tensors[node.outputs[0]])) return;
  const Dims& dy = dims[node.outputs[0]];
  switch (node.type) {
    case NodeType::ADD_FUSION:
    case NodeType::SUB_FUSION:
    case NodeType::MUL_FUSION:
    case NodeType::DIV_FUSION: {
      float lo = -std::numeric_limits<float>::infinity(), hi = std::numeric_limits<float>::infinity();
      ActivationType act = ActivationType::kNone;
      if (!ReadFusedActivation(node, &act).ok()) return;
      if (act == ActivationType::kRelu || act == ActivationType::kRelu6) lo = 0.0f;
      if (act == ActivationType::kRelu6) hi = 6.0f;
      RepairBinary(node.type, lo, hi, dims[node.inputs[0]], dims[node.inputs[1]], dy, data[node.inputs[0]],
                   data[node.inputs[1]], output);
      return;
    }
    case NodeType::CONV2D_FUSION:
      RepairConv(model, dims, node, data, output);
      return;
    case NodeType::CONV2D_TRANSPOSE_FUSION:
    case NodeType::FULL_CONNECTION:
    case NodeType::MATMUL_FUSION:
    case NodeType::AVGPOOL_FUSION:
    case NodeType::RESIZE:
    case NodeType::SQUARED_DIFFERENCE:
    case NodeType::LEAKY_RELU:
    case NodeType::SOFTMAX:
      RepairDense(model, dims, node, data, output);
      return;
    case NodeType::MAXIMUM:
    case NodeType::MINIMUM:
    case NodeType::MAX_POOL_FUSION:
      // maxps / minps order -0 and +0 by operand position, not by sign (C-688);
      // max pooling takes the same max over a window with -0 and +0 in it.
      RepairDense(model, dims, node, data, output, true);
      return;
    case NodeType::ACTIVATION:
    case NodeType::CLIP:
    case NodeType::SQRT: {
      // Clamp activations turn NaN into their lower bound; SQRT of a negative
      // subnormal gives -0 in XNNPACK, NaN in IEEE.
      const uint8_t* x = data[node.inputs[0]];
      const size_t n = Count(dy);
      const bool sqrt = node.type == NodeType::SQRT;
      for (size_t i = 0; i < n; ++i) {
        const float v = At(x, i);
        if (std::isnan(v) || (sqrt && v < 0.0f)) SetNaN(output, i);
      }
      return;
    }
    default:
      return;
  }
}

}  // namespace xnnpack_driver
}  // namespace nnrt
