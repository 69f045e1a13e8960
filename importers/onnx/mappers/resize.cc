// Resize and Upsample -> RESIZE (NHWC, C-790) where ONNX's sampling and
// NNRt's coincide (C-804): N and C kept, the output size an exact multiple
// of the scale (NNRt samples at in/out, ONNX at the given scale), coordinate
// modes and nearest rounding with an NNRt equivalent.
#include <cmath>

#include "importers/onnx/mappers/mapper_util.h"

namespace nnrt {
namespace onnx_import {
namespace {

// ResizeMethod, CoordinateTransform and NearestMode values of HDI Resize (reference/ops/nn/resize.h).
enum : int8_t { kLinear = 0, kNearest = 1, kCubic = 2 };
enum : int8_t { kAsymmetric = 0, kAlignCorners = 1, kHalfPixel = 2 };
enum : int8_t { kRoundHalfDown = 1, kRoundHalfUp = 2, kFloor = 3, kCeil = 4 };

struct ResizePlan {
  int8_t method = kNearest, transform = kAsymmetric, nearest = kFloor;
  float cubic = -0.75f;
  int64_t exclude_outside = 0;
};

// The output [H, W] from sizes or scales; fails where ONNX's scale is not out/in.
Status OutputSize(NodeContext& c, const Dims& x, const std::vector<double>& scales, const std::vector<int64_t>& sizes,
                  std::vector<int64_t>* out) {
  out->clear();
  for (size_t d = 0; d < 4; ++d) {
    int64_t o = 0;
    if (!sizes.empty()) {
      o = sizes[d];
    } else {
      o = static_cast<int64_t>(std::floor(x[d] * scales[d]));
      if (static_cast<double>(o) != x[d] * scales[d]) {
        return c.Unmappable("scale " + std::to_string(scales[d]) + " on a dim of " + std::to_string(x[d]) +
                            " is not out/in: ONNX samples at the scale, NNRt at in/out");
      }
    }
    if (d < 2 && o != x[d]) return c.Unmappable("resizing N or C is not mapped");
    if (d >= 2) out->push_back(o);
  }
  if ((*out)[0] < 1 || (*out)[1] < 1) return c.Unmappable("an empty output");
  return Status::Ok();
}

Status ReadResizeModes(NodeContext& c, const std::vector<int64_t>& out, ResizePlan* p) {
  const std::string mode = c.String("mode", "nearest");
  if (mode == "linear") p->method = kLinear;
  else if (mode == "cubic") p->method = kCubic;
  else if (mode != "nearest") return c.UnmappableAttr("mode", mode, "no NNRt method");
  const std::string transform = c.String("coordinate_transformation_mode", "half_pixel");
  const bool single = out[0] == 1 || out[1] == 1;
  if (transform == "asymmetric") p->transform = kAsymmetric;
  else if (transform == "align_corners") p->transform = kAlignCorners;
  else if (transform == "pytorch_half_pixel" || (transform == "half_pixel" && !single)) p->transform = kHalfPixel;
  else return c.UnmappableAttr("coordinate_transformation_mode", transform, "no NNRt equivalent for this size");
  const std::string nearest = c.String("nearest_mode", "round_prefer_floor");
  if (nearest == "round_prefer_floor") p->nearest = kRoundHalfDown;
  else if (nearest == "round_prefer_ceil") p->nearest = kRoundHalfUp;
  else if (nearest == "floor") p->nearest = kFloor;
  else if (nearest == "ceil") p->nearest = kCeil;
  else return c.UnmappableAttr("nearest_mode", nearest, "no NNRt equivalent");
  p->cubic = c.Float("cubic_coeff_a", -0.75f);
  p->exclude_outside = c.Int("exclude_outside", 0);
  c.Float("extrapolation_value", 0.0f);  // tf_crop_and_resize only, which is not mapped
  return Status::Ok();
}

Status AddResize(NodeContext& c, const std::vector<int64_t>& out, const ResizePlan& p) {
  uint32_t x = 0, x_nhwc = 0, y = 0, back = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  NNRT_RETURN_IF_ERROR(ToChannelsLast(c, x, &x_nhwc));
  const std::vector<Attr> attrs = {
      Attr::Int8("method", p.method), Attr::Int64("newHeight", out[0]), Attr::Int64("newWidth", out[1]),
      Attr::Int8("coordinateTransformMode", p.transform), Attr::Float("cubicCoeff", p.method == kCubic ? p.cubic : 0.0f),
      Attr::Int64("excludeOutside", p.exclude_outside), Attr::Int8("nearestMode", p.nearest)};
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::RESIZE, c.Name(), {x_nhwc}, attrs, c.InputType(0), &y, Layout::kChannelsLast));
  NNRT_RETURN_IF_ERROR(FromChannelsLast(c, y, &back));
  c.SetOutput(0, back);
  return Status::Ok();
}

Status MapResize(NodeContext& c) {
  const Dims& x = c.InputDims(0);
  if (x.size() != 4) return c.Unmappable("input of rank " + std::to_string(x.size()) + ": NNRt's RESIZE is 4-D");
  std::vector<double> scales;
  std::vector<int64_t> sizes;
  const size_t scales_input = c.opset() < 11 ? 1 : 2;
  if (c.HasInput(scales_input)) NNRT_RETURN_IF_ERROR(c.ConstantDoubles(scales_input, &scales));
  if (c.opset() >= 11 && c.HasInput(3)) NNRT_RETURN_IF_ERROR(c.ConstantInts(3, &sizes));
  if (!sizes.empty()) scales.clear();
  if (sizes.size() != 4 && scales.size() != 4) return c.Unmappable("needs 4 scales or 4 sizes");
  if (c.Int("antialias", 0) != 0) return c.UnmappableAttr("antialias", "1", "NNRt's RESIZE does not filter");
  std::vector<int64_t> out;
  NNRT_RETURN_IF_ERROR(OutputSize(c, x, scales, sizes, &out));
  ResizePlan p;
  NNRT_RETURN_IF_ERROR(ReadResizeModes(c, out, &p));
  return AddResize(c, out, p);
}

// Upsample (deprecated): asymmetric coordinates, nearest = floor.
Status MapUpsample(NodeContext& c) {
  const Dims& x = c.InputDims(0);
  if (x.size() != 4) return c.Unmappable("input of rank " + std::to_string(x.size()) + ": NNRt's RESIZE is 4-D");
  std::vector<double> scales;
  if (c.HasInput(1)) {
    NNRT_RETURN_IF_ERROR(c.ConstantDoubles(1, &scales));
  } else {
    for (float s : c.Floats("scales")) scales.push_back(s);
  }
  if (scales.size() != 4) return c.Unmappable("needs 4 scales");
  std::vector<int64_t> out;
  NNRT_RETURN_IF_ERROR(OutputSize(c, x, scales, {}, &out));
  ResizePlan p;
  const std::string mode = c.String("mode", "nearest");
  if (mode == "linear" || mode == "bilinear") p.method = kLinear;
  else if (mode != "nearest") return c.UnmappableAttr("mode", mode, "no NNRt method");
  return AddResize(c, out, p);
}

}  // namespace

std::vector<MapperEntry> ResizeMappers() {
  return {
      {"Resize", MapResize, "RESIZE (NHWC)", {1, 2, 3}},
      {"Upsample", MapUpsample, "RESIZE (NHWC)", {1}},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
