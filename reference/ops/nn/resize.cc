#include "reference/ops/nn/resize.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kInput[] = "input 0 (x)";
const char kOutput[] = "output 0";

// C-705: the cubic coefficients for which every renormalised weight sum is
// positive and the kernel is non-negative on [0, 1].
constexpr double kMinCubicCoeff = -1.0;
constexpr double kMaxCubicCoeff = 0.0;

int64_t FloorDiv(int64_t num, int64_t den) {
  const int64_t q = num / den;
  return (num % den != 0 && num < 0) ? q - 1 : q;
}

// C-701: one 4-D NHWC input (an input declared NCHW is not a layout the
// reference computes); float32 / float16, or int8 / uint8 with per-tensor
// quant params on x and y; y has x's type.
Status CheckOperands(const OpContext& ctx, bool* quantized) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  if (x.dims.size() != 4) {
    return InvalidModel("RESIZE " + std::string(kInput) + " must be 4-D NHWC, got " + DimsToString(x.dims) + " (C-701)");
  }
  if (x.decl->format == Format::kNchw) {
    return Unsupported(std::string(kInput) + " has format NCHW; RESIZE is defined on NHWC (C-701)");
  }
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, kInput));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(y, kOutput));
  NNRT_RETURN_IF_ERROR(
      CheckDataTypeIn(x, kInput, {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}));
  NNRT_RETURN_IF_ERROR(CheckSameDataType(x, kInput, y, kOutput));
  *quantized = IsQuant8Type(x.dtype());
  if (!*quantized) return Status::Ok();
  if (!x.quantized() || !y.quantized()) {
    return InvalidModel("RESIZE on " + std::string(DataTypeName(x.dtype())) + " needs quant params on " + kInput +
                        " and " + kOutput + " (C-709)");
  }
  NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(x, kInput));
  NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(y, kOutput));
  NNRT_RETURN_IF_ERROR(CheckZeroPointsInRange(x, kInput));
  return CheckZeroPointsInRange(y, kOutput);
}

// Round half to even of num / den (den > 0, num >= 0), exactly.
int64_t RoundHalfEvenFraction(int64_t num, int64_t den) {
  const int64_t q = num / den;
  const int64_t twice_r = 2 * (num % den);
  if (twice_r > den || (twice_r == den && q % 2 == 1)) return q + 1;
  return q;
}

// The weighted sum of one output element (C-703, C-706): the width taps of
// each height tap summed first, both ascending; taps hold no zero weights.
// Each sum starts from its first term (not from +0), so NEAREST and a single
// tap of weight 1 carry -0 unchanged.
template <typename Load>
double Interpolate(const AxisTaps& ty, const AxisTaps& tx, Load load) {
  double sum = 0.0;
  for (int j = 0; j < ty.count; ++j) {
    double row = tx.weight[0] * load(ty.index[j], tx.index[0]);
    for (int k = 1; k < tx.count; ++k) row += tx.weight[k] * load(ty.index[j], tx.index[k]);
    sum = j == 0 ? ty.weight[0] * row : sum + ty.weight[j] * row;
  }
  return sum;
}

}  // namespace

// C-708: every enumerated attribute inside its HDI enum (UNKNOWN -1 has no
// semantics); excludeOutside 0 or 1; C-705: cubicCoeff in [-1, 0] for CUBIC.
Status ReadResizeModes(const Node& node, ResizeParams* p) {
  const int64_t method = IntAttr(node, "method");
  if (method < 0 || method > 2) {
    return InvalidModel("RESIZE method " + std::to_string(method) +
                        " is not LINEAR (0), NEAREST (1) or CUBIC (2) (C-708)");
  }
  const int64_t transform = IntAttr(node, "coordinateTransformMode");
  if (transform < 0 || transform > 2) {
    return InvalidModel("RESIZE coordinateTransformMode " + std::to_string(transform) +
                        " is not ASYMMETRIC (0), ALIGN_CORNERS (1) or HALF_PIXEL (2) (C-708)");
  }
  const int64_t nearest = IntAttr(node, "nearestMode");
  if (nearest < 0 || nearest > 4) {
    return InvalidModel("RESIZE nearestMode " + std::to_string(nearest) +
                        " is not NORMAL (0), ROUND_HALF_DOWN (1), ROUND_HALF_UP (2), FLOOR (3) or CEIL (4) (C-708)");
  }
  const int64_t exclude = IntAttr(node, "excludeOutside");
  if (exclude != 0 && exclude != 1) {
    return InvalidModel("RESIZE excludeOutside must be 0 or 1, got " + std::to_string(exclude) + " (C-708)");
  }
  p->method = static_cast<ResizeMethod>(method);
  p->transform = static_cast<CoordinateTransform>(transform);
  p->nearest = static_cast<NearestMode>(nearest);
  p->exclude_outside = exclude == 1;
  p->cubic_coeff = static_cast<double>(FloatAttr(node, "cubicCoeff"));
  if (p->method == ResizeMethod::kCubic &&
      !(p->cubic_coeff >= kMinCubicCoeff && p->cubic_coeff <= kMaxCubicCoeff)) {
    return InvalidModel("RESIZE cubicCoeff " + std::to_string(p->cubic_coeff) +
                        " must lie in [-1, 0] for CUBIC (C-705)");
  }
  return Status::Ok();
}

SourceCoordinate ResizeSourceCoordinate(CoordinateTransform t, int64_t i, int64_t in, int64_t out) {
  switch (t) {
    case CoordinateTransform::kAsymmetric:
      return SourceCoordinate{i * in, out};
    case CoordinateTransform::kAlignCorners:
      if (out == 1) return SourceCoordinate{0, 1};
      return SourceCoordinate{i * (in - 1), out - 1};
    case CoordinateTransform::kHalfPixel:
      if (out == 1) return SourceCoordinate{0, 1};
      return SourceCoordinate{(2 * i + 1) * in - out, 2 * out};
  }
  return SourceCoordinate{};
}

int64_t NearestSourceIndex(NearestMode mode, SourceCoordinate x, int64_t in) {
  const int64_t f = FloorDiv(x.num, x.den);
  const int64_t twice_r = 2 * (x.num - f * x.den);  // 2 * fraction * den, in [0, 2 den)
  int64_t index = f;
  switch (mode) {
    case NearestMode::kFloor:
      break;
    case NearestMode::kCeil:
      index = twice_r > 0 ? f + 1 : f;
      break;
    case NearestMode::kRoundHalfDown:
      index = twice_r > x.den ? f + 1 : f;
      break;
    case NearestMode::kRoundHalfUp:
      index = twice_r >= x.den ? f + 1 : f;
      break;
    case NearestMode::kNormal:  // half away from zero
      index = twice_r > x.den || (twice_r == x.den && x.num >= 0) ? f + 1 : f;
      break;
  }
  return std::clamp<int64_t>(index, 0, in - 1);
}

double CubicKernelWeight(double a, double s) {
  const double x = std::fabs(s);
  if (x <= 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
  if (x <= 2.0) return ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a;
  return 0.0;
}

AxisTaps ResizeAxisTaps(const ResizeParams& p, int64_t i, int64_t in, int64_t out) {
  AxisTaps taps;
  const SourceCoordinate x = ResizeSourceCoordinate(p.transform, i, in, out);
  if (p.method == ResizeMethod::kNearest) {
    taps.index[0] = NearestSourceIndex(p.nearest, x, in);
    taps.weight[0] = 1.0;
    taps.count = 1;
    return taps;
  }
  const double den = static_cast<double>(x.den);
  int64_t f = FloorDiv(x.num, x.den);
  int64_t r = x.num - f * x.den;  // fraction r / den in [0, 1)
  auto add = [&taps](int64_t index, double w) {
    if (w == 0.0) return;  // C-706: a tap of weight 0 is not read
    taps.index[taps.count] = index;
    taps.weight[taps.count++] = w;
  };
  if (p.method == ResizeMethod::kLinear) {
    if (x.num < 0 || f >= in - 1) {  // C-703: the coordinate clamped to [0, in-1]
      f = x.num < 0 ? 0 : in - 1;
      r = 0;
    }
    add(f, static_cast<double>(x.den - r) / den);
    add(f + 1, static_cast<double>(r) / den);
    return taps;
  }
  // CUBIC (C-705): distances (den + r, r, den - r, 2 den - r) / den of taps f-1 .. f+2.
  const int64_t distance_num[4] = {x.den + r, r, x.den - r, 2 * x.den - r};
  double raw[4];
  double inside_sum = 0.0;
  for (int k = 0; k < 4; ++k) {
    raw[k] = CubicKernelWeight(p.cubic_coeff, static_cast<double>(distance_num[k]) / den);
    const int64_t index = f - 1 + k;
    if (index >= 0 && index < in) inside_sum += raw[k];
  }
  if (p.exclude_outside) taps.normaliser = inside_sum;
  for (int k = 0; k < 4; ++k) {
    const int64_t index = f - 1 + k;
    if (index >= 0 && index < in) {
      add(index, p.exclude_outside ? raw[k] / inside_sum : raw[k]);
    } else if (!p.exclude_outside) {
      add(std::clamp<int64_t>(index, 0, in - 1), raw[k]);
    }
  }
  return taps;
}

Status ResizeOutputSize(int64_t in_h, int64_t in_w, int64_t new_h, int64_t new_w, bool preserve, bool dims_from_model,
                        int64_t* out_h, int64_t* out_w) {
  *out_h = new_h;
  *out_w = new_w;
  if (!preserve) return Status::Ok();
  if (in_h < 0 || in_w < 0) {
    *out_h = *out_w = -1;
    return Status::Ok();
  }
  // C-707: scale = min(new_h / in_h, new_w / in_w), compared exactly.
  if (new_h * in_w <= new_w * in_h) {
    *out_w = RoundHalfEvenFraction(new_h * in_w, in_h);
  } else {
    *out_h = RoundHalfEvenFraction(new_w * in_h, in_w);
  }
  if (*out_h < 1 || *out_w < 1) {
    const std::string m = "RESIZE with preserveAspectRatio scales input H x W " + std::to_string(in_h) + " x " +
                          std::to_string(in_w) + " into " + std::to_string(new_h) + " x " + std::to_string(new_w) +
                          " as " + std::to_string(*out_h) + " x " + std::to_string(*out_w) +
                          ": an output dim would be 0 (C-707)";
    return dims_from_model ? InvalidModel(m) : InvalidInput(m);
  }
  return Status::Ok();
}

Status InferResize(OpContext& ctx) {
  ResizeParams p;
  NNRT_RETURN_IF_ERROR(CheckOperands(ctx, &p.quantized));
  NNRT_RETURN_IF_ERROR(ReadResizeModes(*ctx.node, &p));
  const int64_t new_h = IntAttr(*ctx.node, "newHeight");
  const int64_t new_w = IntAttr(*ctx.node, "newWidth");
  for (const auto& [name, v] : {std::pair<const char*, int64_t>{"newHeight", new_h}, {"newWidth", new_w}}) {
    if (v < 1 || v > kMaxDimValue) {
      return InvalidModel("RESIZE " + std::string(name) + " must lie in [1, 2^31-1], got " + std::to_string(v) +
                          " (C-701)");
    }
  }
  const Dims& x = ctx.inputs[0].dims;
  const Dims& declared = ctx.inputs[0].decl->dims;
  const bool from_model = declared.size() == 4 && declared[1] >= 0 && declared[2] >= 0;
  NNRT_RETURN_IF_ERROR(ResizeOutputSize(x[1], x[2], new_h, new_w, BoolAttr(*ctx.node, "preserveAspectRatio"),
                                        from_model, &p.out_h, &p.out_w));
  p.batch = x[0];
  p.in_h = x[1];
  p.in_w = x[2];
  p.channels = x[3];
  ctx.outputs[0].dims = Dims{x[0], static_cast<int32_t>(p.out_h), static_cast<int32_t>(p.out_w), x[3]};
  ctx.SetParams(p);
  return Status::Ok();
}

Status ResizeKernel(OpContext& ctx) { return RunResizeWithParams(ctx, ctx.Params<ResizeParams>()); }

Status RunResizeWithParams(OpContext& ctx, const ResizeParams& p) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  if (p.batch * p.out_h * p.out_w * p.channels > y.elements() || p.in_h != x.dims[1] || p.in_w != x.dims[2]) {
    return InvalidInput("RESIZE parameters were made for other dims than " + DimsToString(x.dims));
  }
  std::vector<AxisTaps> rows, cols;
  for (int64_t oh = 0; oh < p.out_h; ++oh) rows.push_back(ResizeAxisTaps(p, oh, p.in_h, p.out_h));
  for (int64_t ow = 0; ow < p.out_w; ++ow) cols.push_back(ResizeAxisTaps(p, ow, p.in_w, p.out_w));
  const QuantParam xq = p.quantized ? x.quant() : QuantParam{};
  const QuantParam yq = p.quantized ? y.quant() : QuantParam{};
  size_t out_index = 0;
  for (int64_t n = 0; n < p.batch; ++n) {
    for (int64_t oh = 0; oh < p.out_h; ++oh) {
      for (int64_t ow = 0; ow < p.out_w; ++ow) {
        for (int64_t c = 0; c < p.channels; ++c, ++out_index) {
          auto load = [&](int64_t ih, int64_t iw) {
            const auto i = static_cast<size_t>(((n * p.in_h + ih) * p.in_w + iw) * p.channels + c);
            if (!p.quantized) return LoadAsDouble(x.dtype(), x.data, i);
            return Dequantize(LoadAsInt64(x.dtype(), x.data, i), xq.scale, xq.zero_point);
          };
          const double v = Interpolate(rows[static_cast<size_t>(oh)], cols[static_cast<size_t>(ow)], load);
          if (p.quantized) {
            StoreInt64(y.dtype(), y.mutable_data, out_index,
                       QuantizeHalfAwayFromZero(v, yq.scale, yq.zero_point, QuantMin(y.dtype()), QuantMax(y.dtype())));
          } else {
            StoreDouble(y.dtype(), y.mutable_data, out_index, v);
          }
        }
      }
    }
  }
  return Status::Ok();
}

OpDef ResizeOpDef() {
  using namespace schema;  // NOLINT
  // HDI ResizeMethod LINEAR 0, NEAREST 1, CUBIC 2 (UNKNOWN -1 rejected, C-708);
  // CoordinateTransformMode 0..2; NearestMode 0..4.
  return OpDef{NodeType::RESIZE,
               {Enum("method", 0, {0, 1, 2}), Int64("newHeight", 0), Int64("newWidth", 0), Bool("preserveAspectRatio", false),
                Enum("coordinateTransformMode", 0, {0, 1, 2}), Float("cubicCoeff", 0.0f),
                Int64("excludeOutside", 0, Range(0, 1)), Float("extrapolationValue", 0.0f),
                Enum("nearestMode", 0, {0, 1, 2, 3, 4})},
               /*inputs=*/1,
               1,
               /*outputs=*/1,
               1,
               &InferResize,
               &ResizeKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8},
               "resize"};
}

}  // namespace nnrt
