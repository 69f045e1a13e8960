// RESIZE (ops_catalog #43 OH_NN_OPS_RESIZE_BILINEAR; HDI Resize), family
// "resize". Valid cases: NHWC input [1..2, 1..5, 1..5, 1..3] resized to
// newHeight x newWidth in 1..8 (upscale, downscale, 1 x 1, identity), every
// method (LINEAR, NEAREST, CUBIC), coordinateTransformMode and nearestMode,
// excludeOutside 0 / 1, cubicCoeff among -1, -0.75, -0.5, -0.25 and 0 (C-705),
// preserveAspectRatio in one case of four (C-707); float32 / float16 with the
// edge values (NaN, +-inf, +-0, subnormals, type limits), int8 / uint8 per
// tensor with equal or different output params (C-709).
#include <algorithm>
#include <cmath>
#include <limits>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/nn/resize.h"

namespace nnrt {
namespace cts {
namespace {

// C-707 written out independently of the reference: the dim with the smaller
// ratio keeps its new size, the other is in * ratio rounded half to even.
int64_t ScaledDim(int64_t in, int64_t new_size, int64_t ratio_in) {
  const double exact = static_cast<double>(in) * static_cast<double>(new_size) / static_cast<double>(ratio_in);
  return static_cast<int64_t>(std::nearbyint(exact));  // default rounding mode: half to even
}

GeneratedCase GenerateResize(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const int32_t n = *rc::gen::inRange(1, 3), c = *rc::gen::inRange(1, 4);
  const int32_t in_h = *rc::gen::inRange(1, 6), in_w = *rc::gen::inRange(1, 6);
  const int64_t method = GenAttrValue(*FindAttrDomain(spec, "method"));
  const int64_t transform = GenAttrValue(*FindAttrDomain(spec, "coordinateTransformMode"));
  const int64_t nearest = GenAttrValue(*FindAttrDomain(spec, "nearestMode"));
  const int64_t exclude = GenAttrValue(*FindAttrDomain(spec, "excludeOutside"));
  const float cubic = *rc::gen::element(-0.75f, -0.5f, -1.0f, 0.0f, -0.25f);
  int64_t new_h = GenAttrValue(*FindAttrDomain(spec, "newHeight"));
  int64_t new_w = GenAttrValue(*FindAttrDomain(spec, "newWidth"));
  const bool preserve = *rc::gen::inRange(0, 4) == 0;
  int64_t out_h = new_h, out_w = new_w;
  if (preserve) {
    if (new_h * in_w <= new_w * in_h) {
      out_w = ScaledDim(in_w, new_h, in_h);
    } else {
      out_h = ScaledDim(in_h, new_w, in_w);
    }
    if (out_h < 1 || out_w < 1) {  // rejected (C-707): ask for the input's own size instead
      new_h = out_h = in_h;
      new_w = out_w = in_w;
    }
  }
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qy = *rc::gen::inRange(0, 2) == 0 ? qx : std::vector<QuantParam>{GenQuantParam(dtype)};
  }
  ValueProfile profile;
  profile.nan_inf = *rc::gen::inRange(0, 4) == 0;
  const Dims x_dims = {n, in_h, in_w, c};
  const Dims y_dims = {n, static_cast<int32_t>(out_h), static_cast<int32_t>(out_w), c};
  SingleNodeCase b(NodeType::RESIZE, spec.name);
  b.In("x", dtype, x_dims, GenTensorData(dtype, ElementsOf(x_dims), profile, g.quantized ? qx[0].zero_point : 0), qx);
  b.Out("y", dtype, y_dims, qy);
  b.WithAttrs({
      Attr::Int8("method", static_cast<int8_t>(method)),
      Attr::Int64("newHeight", new_h),
      Attr::Int64("newWidth", new_w),
      Attr::Bool("preserveAspectRatio", preserve),
      Attr::Int8("coordinateTransformMode", static_cast<int8_t>(transform)),
      Attr::Float("cubicCoeff", cubic),
      Attr::Int64("excludeOutside", exclude),
      Attr::Float("extrapolationValue", *rc::gen::element(0.0f, 1.5f)),
      Attr::Int8("nearestMode", static_cast<int8_t>(nearest)),
  });
  g.test_case = b.Build();
  return g;
}

// The bound of one output (docs/operators/resize.md "RESIZE bound"), in units of the
// output precision's unit roundoff u: the weighted sum's rounding (TOSA dot
// product, ksb = taps + 1, magnitude M = sum |w_y w_x x|) plus the weights'
// error from the candidate's float source coordinate, |dx| <= 4 u (in + 1),
// moving each 1-D weight by at most L |dx| (L = 1 linear, 2 cubic) plus 16 u
// for the kernel polynomial, scaled by (1 + B) / S under excludeOutside
// (B = sum |w| of the axis, S = the renormalising sum); it reaches every tap
// of the method around floor(coordinate) (LINEAR f..f+1, CUBIC f-1..f+2),
// widened by one on each side, bounded by X = max |x| there.
// Folded into the dot-product form: magnitude = M + T / (2 ksb), with T the
// coordinate term in units of u (2 = the smaller TOSA factor, fp16's).
struct AxisBound {
  double sum_abs_weight = 0;  // B
  double weight_error = 0;    // per 1-D weight, units of u
  int64_t lo = 0, hi = 0;     // the widened window [lo, hi]
  int taps = 0;
};

AxisBound BoundAxis(const ResizeParams& p, int64_t i, int64_t in, int64_t out) {
  const AxisTaps t = ResizeAxisTaps(p, i, in, out);
  AxisBound b;
  b.taps = t.count;
  for (int k = 0; k < t.count; ++k) b.sum_abs_weight += std::fabs(t.weight[k]);
  // Every tap of the method around floor(coordinate), weight 0 or not (a
  // candidate may read them, C-706), widened by one on each side.
  const SourceCoordinate x = ResizeSourceCoordinate(p.transform, i, in, out);
  int64_t f = static_cast<int64_t>(std::floor(static_cast<double>(x.num) / static_cast<double>(x.den)));
  const bool cubic = p.method == ResizeMethod::kCubic;
  if (!cubic) f = std::clamp<int64_t>(f, 0, in - 1);  // LINEAR clamps the coordinate (C-703)
  b.lo = std::max<int64_t>(f - (cubic ? 2 : 1), 0);
  b.hi = std::min<int64_t>(f + (cubic ? 3 : 2), in - 1);
  const double lipschitz = cubic ? 2.0 : 1.0;
  b.weight_error = (4.0 * lipschitz * static_cast<double>(in + 1) + 16.0) * (1.0 + b.sum_abs_weight) / t.normaliser;
  return b;
}

// The effective magnitude of one LINEAR / CUBIC output: M + T / (2 ksb);
// NaN when a weighted tap is NaN (the reference is NaN); infinite (no
// requirement) when the widened window holds a non-finite value the
// candidate may read at weight 0 (C-706), or when M, a row's sum or twice a
// window value exceed the output type's range (the candidate may overflow in
// its own order, also in a zero-weight row, as a bounds run that overflows).
template <typename At>
double ElementMagnitude(const AxisTaps& ty, const AxisTaps& tx, const AxisBound& by, const AxisBound& bx,
                        double largest, At at) {
  double m = 0, widest_row = 0;
  for (int j = 0; j < ty.count; ++j) {
    double row = 0;
    for (int k = 0; k < tx.count; ++k) row += std::fabs(tx.weight[k] * at(ty.index[j], tx.index[k]));
    widest_row = std::max(widest_row, row);
    m += std::fabs(ty.weight[j]) * row;
  }
  if (std::isnan(m)) return m;
  double widest = 0;
  bool non_finite = false;
  for (int64_t r = by.lo; r <= by.hi; ++r) {
    for (int64_t col = bx.lo; col <= bx.hi; ++col) {
      widest = std::max(widest, std::fabs(at(r, col)));
      non_finite = non_finite || !std::isfinite(at(r, col));
    }
  }
  if (non_finite || std::max({m, widest_row, 2.0 * widest}) > largest) return std::numeric_limits<double>::infinity();
  const double coord = widest * (by.weight_error * static_cast<double>(by.hi - by.lo + 1) * bx.sum_abs_weight +
                                 bx.weight_error * static_cast<double>(bx.hi - bx.lo + 1) * by.sum_abs_weight);
  return m + coord / (2.0 * (by.taps * bx.taps + 1));
}

Status ResizeReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                          ReferenceAux* aux) {
  if (!want_magnitude || node.inputs.empty() || node.outputs.empty()) return Status::Ok();
  const std::vector<double> x = FloatInput(c, node, 0);
  const Dims xd = ActualDims(c, node.inputs[0]);
  ResizeParams p;
  NNRT_RETURN_IF_ERROR(ReadResizeModes(node, &p));
  if (x.empty() || xd.size() != 4 || IsDynamic(xd)) return Status::Ok();
  // The output dims from the actual input (a dynamic-shape case declares -1).
  int64_t oh = 0, ow = 0;
  NNRT_RETURN_IF_ERROR(ResizeOutputSize(xd[1], xd[2], GetIntAttr(node, "newHeight", 0), GetIntAttr(node, "newWidth", 0),
                                        GetBoolAttr(node, "preserveAspectRatio", false), true, &oh, &ow));
  const int64_t nb = xd[0], ih = xd[1], iw = xd[2], ch = xd[3];
  aux->magnitude.assign(static_cast<size_t>(nb * oh * ow * ch), 0.0);
  if (p.method == ResizeMethod::kNearest) {  // a selection: exact (magnitude 0)
    aux->dot_terms = 1;
    return Status::Ok();
  }
  const bool half = c.model.tensors[node.outputs[0]].data_type == DataType::kFloat16;
  const double largest = half ? 65504.0 : static_cast<double>(std::numeric_limits<float>::max());
  size_t out = 0;
  for (int64_t n = 0; n < nb; ++n) {
    for (int64_t y = 0; y < oh; ++y) {
      const AxisTaps ty = ResizeAxisTaps(p, y, ih, oh);
      const AxisBound by = BoundAxis(p, y, ih, oh);
      for (int64_t xo = 0; xo < ow; ++xo) {
        const AxisTaps tx = ResizeAxisTaps(p, xo, iw, ow);
        const AxisBound bx = BoundAxis(p, xo, iw, ow);
        const int ksb = by.taps * bx.taps + 1;
        aux->dot_terms = std::max<int64_t>(aux->dot_terms, ksb);
        for (int64_t ci = 0; ci < ch; ++ci, ++out) {
          auto at = [&](int64_t r, int64_t col) { return x[static_cast<size_t>(((n * ih + r) * iw + col) * ch + ci)]; };
          aux->magnitude[out] = ElementMagnitude(ty, tx, by, bx, largest, at);
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace

NodeSpec ResizeSpec() {
  const NodeType t = NodeType::RESIZE;
  NodeSpec s;
  s.name = "RESIZE";
  s.type = t;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.attrs = {
      SchemaDomain(t, "method"),
      SchemaRange(t, "newHeight", 1, 8),
      SchemaRange(t, "newWidth", 1, 8),
      SchemaDomain(t, "preserveAspectRatio"),
      SchemaDomain(t, "coordinateTransformMode"),
      SchemaRange(t, "excludeOutside", 0, 1),
      SchemaDomain(t, "nearestMode"),
  };
  s.generate = GenerateResize;
  // LINEAR / CUBIC are weighted sums: the dot-product row with a magnitude that
  // also covers the weights' coordinate error; NEAREST selects (magnitude 0:
  // exact); quantized requantizing +-1 (docs/operators/resize.md "RESIZE bound").
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kResize, true);
  s.reference_aux = ResizeReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(1060, ResizeSpec());

}  // namespace cts
}  // namespace nnrt
