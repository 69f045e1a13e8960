// RESIZE_NEAREST and RESIZE_LINEAR: the NHWC RESIZE node between TRANSPOSE
// nodes (C-813), with only the coordinate rules that coincide with
// NNAdapter's (C-829).
#include <cmath>

#include "reference/nnadapter/lowering/lower_ops.h"
#include "reference/ops/nn/resize.h"

namespace nnrt {
namespace nna {
namespace {

// The output H and W: the constant shape operand when there is one, else
// floor(in * scale), which must be an integer so that NNAdapter's 1 / scale
// and the reference's in / out are the same ratio (C-829).
Status ReadOutputSize(const Operation& op, const char* name, const Dims& x_dims, int64_t* oh, int64_t* ow) {
  const Operand* shape = op.input_operands[1];
  const Operand* scales = op.input_operands[2];
  const std::string n(name);
  if (shape != nullptr) {
    if (!IsConstant(*shape)) return Unsupported(n + " with a run-time shape: RESIZE's size is an attribute (C-829)");
    std::vector<int64_t> hw;
    NNRT_RETURN_IF_ERROR(ReadIntList(shape, n + " shape", &hw));
    if (hw.size() != 2 || hw[0] < 1 || hw[1] < 1) return InvalidModel(n + " shape must hold 2 positive values");
    *oh = hw[0];
    *ow = hw[1];
    return Status::Ok();
  }
  if (scales == nullptr) return InvalidModel(n + " needs a shape or a scales operand");
  if (!IsConstant(*scales)) return Unsupported(n + " with run-time scales: RESIZE's size is an attribute (C-829)");
  std::vector<float> s;
  NNRT_RETURN_IF_ERROR(ReadFloatList(scales, n + " scales", &s));
  if (s.size() != 2) return InvalidModel(n + " scales must hold 2 values");
  int64_t* out[2] = {oh, ow};
  for (int i = 0; i < 2; ++i) {
    const double size = static_cast<double>(x_dims[2 + i]) * static_cast<double>(s[i]);
    if (!(size >= 1.0 && size < 2147483648.0) || size != std::floor(size)) {
      return Unsupported(n + " scale " + std::to_string(s[i]) + " on a dim of " + std::to_string(x_dims[2 + i]) +
                         ": in * scale must be an integer, else NNAdapter's ratio 1 / scale and in / out differ "
                         "(C-829)");
    }
    *out[i] = static_cast<int64_t>(size);
  }
  return Status::Ok();
}

// The RESIZE modes of an NNAdapter (method, align_corners, align_mode).
struct ResizeModes {
  ResizeMethod method = ResizeMethod::kNearest;
  CoordinateTransform transform = CoordinateTransform::kAsymmetric;
  NearestMode nearest = NearestMode::kFloor;
};

Status ChooseModes(bool linear, bool align_corners, int32_t align_mode, const Dims& x_dims, int64_t oh, int64_t ow,
                   ResizeModes* m) {
  m->method = linear ? ResizeMethod::kLinear : ResizeMethod::kNearest;
  if (align_corners) {
    // src = i * (in - 1) / (out - 1), 0 when out = 1; nearest rounds half up.
    m->transform = CoordinateTransform::kAlignCorners;
    m->nearest = NearestMode::kRoundHalfUp;
    return Status::Ok();
  }
  if (!linear || align_mode == 1) {
    m->transform = CoordinateTransform::kAsymmetric;  // src = i * in / out; nearest floors
    m->nearest = NearestMode::kFloor;
    return Status::Ok();
  }
  if (align_mode != 0) {
    return InvalidModel("RESIZE_LINEAR align_mode " + std::to_string(align_mode) + " is neither 0 nor 1");
  }
  // src = (i + 0.5) * in / out - 0.5, clamped at 0: HALF_PIXEL, except that
  // the reference takes 0 for an output of 1 where NNAdapter takes (in - 1) / 2.
  if ((oh == 1 && x_dims[2] > 1) || (ow == 1 && x_dims[3] > 1)) {
    return Unsupported("RESIZE_LINEAR align_mode 0 to an output dim of 1: NNAdapter samples the middle "
                       "((in - 1) / 2), RESIZE's HALF_PIXEL the first element (C-829)");
  }
  m->transform = CoordinateTransform::kHalfPixel;
  return Status::Ok();
}

Status LowerResize(LoweringBuilder& b, const Operation& op, bool linear) {
  const char* name = linear ? "RESIZE_LINEAR" : "RESIZE_NEAREST";
  const size_t n_in = op.input_operands.size();
  if (!(n_in == 4 || (linear && n_in == 5)) || op.output_operands.size() != 1) {
    return InvalidModel(std::string(name) + (linear ? " takes 4 or 5 inputs" : " takes 4 inputs") + " and 1 output");
  }
  const Operand* x_operand = op.input_operands[0];
  if (x_operand == nullptr) return InvalidModel(std::string(name) + " input is missing");
  if (RawValue(x_operand->type.layout) != NNADAPTER_NCHW) {
    return Unsupported(std::string(name) + " input has layout NHWC; the standard operations are defined on NCHW (C-813)");
  }
  bool align_corners = false;
  int32_t align_mode = 1;
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[3], std::string(name) + " align_corners", &align_corners));
  if (n_in == 5 && op.input_operands[4] != nullptr) {
    NNRT_RETURN_IF_ERROR(ReadInt32Scalar(op.input_operands[4], "RESIZE_LINEAR align_mode", &align_mode));
  }
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(x_operand, &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const Dims x_dims = b.tensor(x).dims;
  if (x_dims.size() != 4 || x_dims[2] < 1 || x_dims[3] < 1) {
    return Unsupported(std::string(name) + " needs a 4-D NCHW input with known H and W, got " + DimsToString(x_dims) +
                       " (RESIZE resizes H and W of a 4-D tensor) (C-829)");
  }
  int64_t oh = 0, ow = 0;
  ResizeModes modes;
  NNRT_RETURN_IF_ERROR(ReadOutputSize(op, name, x_dims, &oh, &ow));
  NNRT_RETURN_IF_ERROR(ChooseModes(linear, align_corners, align_mode, x_dims, oh, ow, &modes));
  const uint32_t x_nhwc = b.Transpose(x, kNchwToNhwc);
  const Tensor& yt = b.tensor(y);
  const Dims y_nhwc_dims = {x_dims[0], static_cast<int32_t>(oh), static_cast<int32_t>(ow), x_dims[1]};
  const uint32_t y_nhwc = b.AddTemporary(yt.data_type, y_nhwc_dims, yt.quant_params);
  b.AddNode(NodeType::RESIZE,
            {Attr::Int8("method", static_cast<int8_t>(modes.method)), Attr::Int64("newHeight", oh),
             Attr::Int64("newWidth", ow),
             Attr::Int8("coordinateTransformMode", static_cast<int8_t>(modes.transform)),
             Attr::Int8("nearestMode", static_cast<int8_t>(modes.nearest))},
            {x_nhwc}, {y_nhwc});
  b.TransposeInto(y_nhwc, y, kNhwcToNchw);
  return Status::Ok();
}

}  // namespace

Status LowerResizeNearest(LoweringBuilder& b, const Operation& op) { return LowerResize(b, op, false); }
Status LowerResizeLinear(LoweringBuilder& b, const Operation& op) { return LowerResize(b, op, true); }

}  // namespace nna
}  // namespace nnrt
