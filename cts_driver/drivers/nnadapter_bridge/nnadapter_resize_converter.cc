// The bridge's conversion of RESIZE (NHWC) to TRANSPOSE, RESIZE_NEAREST /
// RESIZE_LINEAR, TRANSPOSE: only the coordinate rules NNAdapter computes
// exactly (the lowering's C-829 read the other way).
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_converter_internal.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/nn/resize.h"

namespace nnrt {
namespace nnadapter_bridge {
namespace {

// align_corners and align_mode for the node's modes, or unsupported.
Status AlignmentOf(const Node& node, const Dims& x, const Dims& y, bool* align_corners, int32_t* align_mode) {
  const auto method = static_cast<ResizeMethod>(IntAttr(node, "method"));
  const auto transform = static_cast<CoordinateTransform>(IntAttr(node, "coordinateTransformMode"));
  const auto nearest = static_cast<NearestMode>(IntAttr(node, "nearestMode"));
  *align_corners = transform == CoordinateTransform::kAlignCorners;
  *align_mode = 1;
  if (method == ResizeMethod::kNearest) {
    // Coordinates are >= 0: NORMAL (half away from 0) is half up there.
    const bool half_up = nearest == NearestMode::kRoundHalfUp || nearest == NearestMode::kNormal;
    if ((transform == CoordinateTransform::kAsymmetric && nearest == NearestMode::kFloor) ||
        (*align_corners && half_up)) {
      return Status::Ok();
    }
    return Unsupported("RESIZE NEAREST other than ASYMMETRIC + FLOOR or ALIGN_CORNERS + half up (C-829)");
  }
  if (method != ResizeMethod::kLinear) return Unsupported("RESIZE CUBIC (NNAdapter resizes nearest or linear)");
  if (transform != CoordinateTransform::kHalfPixel) return Status::Ok();
  if ((y[1] == 1 && x[1] > 1) || (y[2] == 1 && x[2] > 1)) {
    return Unsupported("RESIZE HALF_PIXEL to an output dim of 1 (NNAdapter samples (in - 1) / 2) (C-829)");
  }
  *align_mode = 0;
  return Status::Ok();
}

}  // namespace

// shape {H_out, W_out} from the reference's inferred output; scales NULL,
// as Paddle Lite's converter passes it when the shape is given.
Status ConvertResize(Converter& c, const Node& node) {
  const Dims& x = c.tensor(node.inputs.at(0)).dims;
  const Dims& y = c.tensor(node.outputs.at(0)).dims;
  if (x.size() != 4 || y.size() != 4 || IsDynamic(x) || IsDynamic(y)) {
    return Unsupported("RESIZE with dims unknown at conversion");
  }
  bool align_corners = false;
  int32_t align_mode = 1;
  NNRT_RETURN_IF_ERROR(AlignmentOf(node, x, y, &align_corners, &align_mode));
  const bool linear = static_cast<ResizeMethod>(IntAttr(node, "method")) == ResizeMethod::kLinear;
  NNAdapterOperand *input = nullptr, *output = nullptr;
  NNRT_RETURN_IF_ERROR(c.NchwOperandOf(node.inputs.at(0), &input));
  NNRT_RETURN_IF_ERROR(c.NchwOutputOf(node.outputs.at(0), &output));
  NNAdapterModelBuilder& b = c.builder();
  std::vector<NNAdapterOperand*> ins = {input, b.Int32Vector({y[1], y[2]}), nullptr, b.BoolScalar(align_corners)};
  if (linear) ins.push_back(b.Int32Scalar(align_mode));
  b.AddOperation(linear ? NNADAPTER_RESIZE_LINEAR : NNADAPTER_RESIZE_NEAREST, ins, {output});
  return Status::Ok();
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
