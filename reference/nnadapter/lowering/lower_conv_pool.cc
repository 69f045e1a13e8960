// CONV_2D, AVERAGE_POOL_2D and MAX_POOL_2D: NCHW operands around the NHWC
// CONV2D_FUSION / AVGPOOL_FUSION / MAX_POOL_FUSION nodes (C-813), the filter
// permuted to [C_out, kH, kW, C_in/group] at lowering time.
#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {
namespace {

// auto_pad, pads [top, bottom, left, right] and a pair operand (strides, ...).
struct Window {
  int64_t pad_mode = 0;  // HDI PadMode
  std::vector<int64_t> pads = {0, 0, 0, 0};
};

Status ReadWindow(const Operand* auto_pad, const Operand* pads, const char* name, Window* w) {
  int32_t code = 0;
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(auto_pad, std::string(name) + " auto_pad", &code));
  switch (code) {
    case NNADAPTER_AUTO_PAD_NONE: w->pad_mode = static_cast<int64_t>(PadMode::kPad); break;
    case NNADAPTER_AUTO_PAD_SAME: w->pad_mode = static_cast<int64_t>(PadMode::kSame); break;
    case NNADAPTER_AUTO_PAD_VALID: w->pad_mode = static_cast<int64_t>(PadMode::kValid); break;
    default: return InvalidModel(std::string(name) + " auto_pad " + std::to_string(code) + " is not an NNAdapterAutoPadCode");
  }
  std::vector<int64_t> list;
  NNRT_RETURN_IF_ERROR(ReadIntList(pads, std::string(name) + " pads", &list));
  if (!list.empty() && list.size() != 4) {
    return InvalidModel(std::string(name) + " pads must hold 4 values or none, holds " + std::to_string(list.size()));
  }
  if (!list.empty() && code == NNADAPTER_AUTO_PAD_NONE) w->pads = list;
  return Status::Ok();
}

Status ReadPair(const Operand* operand, const std::string& what, std::vector<int64_t>* pair) {
  NNRT_RETURN_IF_ERROR(ReadIntList(operand, what, pair));
  if (pair->size() != 2) return InvalidModel(what + " must hold 2 values, holds " + std::to_string(pair->size()));
  return Status::Ok();
}

// x (NCHW) -> NHWC temporary; the node writes an NHWC temporary that is
// transposed back into y (through a RELU1 node when the fuse code asks).
struct NhwcWrap {
  uint32_t x_nhwc = 0;
  uint32_t y_nhwc = 0;
};

Status WrapNhwc(LoweringBuilder& b, const Operation& op, NhwcWrap* wrap, uint32_t* y) {
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], y));
  if (b.tensor(x).dims.size() != 4) {
    return InvalidModel("input 0 must be a 4-D NCHW tensor, got " + DimsToString(b.tensor(x).dims));
  }
  if (RawValue(op.input_operands[0]->type.layout) != NNADAPTER_NCHW) {
    return Unsupported("input 0 has layout NHWC; the standard operations are defined on NCHW (C-813)");
  }
  wrap->x_nhwc = b.Transpose(x, kNchwToNhwc);
  const Tensor& yt = b.tensor(*y);
  wrap->y_nhwc = b.AddTemporary(yt.data_type, PermuteDims(yt.dims, kNchwToNhwc), yt.quant_params);
  return Status::Ok();
}

void UnwrapNhwc(LoweringBuilder& b, const FuseCode& fuse, const NhwcWrap& wrap, uint32_t y) {
  uint32_t produced = wrap.y_nhwc;
  if (fuse.NeedsRelu1Node()) {
    const Tensor& t = b.tensor(wrap.y_nhwc);
    produced = b.AddTemporary(t.data_type, t.dims, t.quant_params);
    AddFuseNode(b, fuse, wrap.y_nhwc, produced);
  }
  b.TransposeInto(produced, y, kNhwcToNchw);
}

}  // namespace

Status LowerConv2D(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "CONV_2D", 9, 1));
  const auto& in = op.input_operands;
  Window win;
  std::vector<int64_t> strides, dilations;
  int32_t group = 1;
  FuseCode fuse;
  NNRT_RETURN_IF_ERROR(ReadWindow(in[3], in[4], "CONV_2D", &win));
  NNRT_RETURN_IF_ERROR(ReadPair(in[5], "CONV_2D strides", &strides));
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(in[6], "CONV_2D group", &group));
  NNRT_RETURN_IF_ERROR(ReadPair(in[7], "CONV_2D dilations", &dilations));
  NNRT_RETURN_IF_ERROR(ReadFuseCode(in[8], "CONV_2D", &fuse));
  if (in[1] == nullptr || !IsConstant(*in[1])) return Unsupported("CONV_2D filter must be a constant operand (C-813)");
  uint32_t filter = 0, bias = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(in[1], &filter));
  NNRT_RETURN_IF_ERROR(b.TensorOf(in[2], &bias));
  const Tensor f = b.tensor(filter);
  if (f.dims.size() != 4 || IsDynamic(f.dims)) return InvalidModel("CONV_2D filter must be 4-D [C_out, C_in/group, kH, kW]");
  NhwcWrap wrap;
  NNRT_RETURN_IF_ERROR(WrapNhwc(b, op, &wrap, &y));
  const uint32_t filter_ohwi = b.AddConstant(f.data_type, PermuteDims(f.dims, kNchwToNhwc),
                                             PermuteConstant(f.data, f.dims, DataTypeSize(f.data_type), kNchwToNhwc),
                                             f.quant_params);
  const int64_t in_channels = b.tensor(wrap.x_nhwc).dims[3];
  b.AddNode(NodeType::CONV2D_FUSION,
            {Attr::Int64s("kernelSize", {f.dims[2], f.dims[3]}), Attr::Int64s("stride", strides),
             Attr::Int64s("dilation", dilations), Attr::Int8("padMode", static_cast<int8_t>(win.pad_mode)),
             Attr::Int64s("padList", win.pads), Attr::Int64("group", group), Attr::Int64("inChannel", in_channels),
             Attr::Int64("outChannel", f.dims[0]), Attr::Int8("activationType", static_cast<int8_t>(fuse.NodeActivation()))},
            {wrap.x_nhwc, filter_ohwi, bias}, {wrap.y_nhwc});
  UnwrapNhwc(b, fuse, wrap, y);
  return Status::Ok();
}

namespace {

Status LowerPool(LoweringBuilder& b, const Operation& op, bool average) {
  const char* name = average ? "AVERAGE_POOL_2D" : "MAX_POOL_2D";
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, name, average ? 8 : 9, average ? 1 : 1));
  const auto& in = op.input_operands;
  Window win;
  std::vector<int64_t> kernel, strides;
  bool ceil_mode = false, flag = false;
  FuseCode fuse;
  NNRT_RETURN_IF_ERROR(ReadWindow(in[1], in[2], name, &win));
  NNRT_RETURN_IF_ERROR(ReadPair(in[3], std::string(name) + " kernel_shape", &kernel));
  NNRT_RETURN_IF_ERROR(ReadPair(in[4], std::string(name) + " strides", &strides));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(in[5], std::string(name) + " ceil_mode", &ceil_mode));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(in[6], std::string(name) + (average ? " count_include_pad" : " return_indices"), &flag));
  NNRT_RETURN_IF_ERROR(ReadFuseCode(in[average ? 7 : 8], name, &fuse));
  if (average && flag && (win.pad_mode != static_cast<int64_t>(PadMode::kValid)) &&
      (win.pad_mode == static_cast<int64_t>(PadMode::kSame) || win.pads != std::vector<int64_t>{0, 0, 0, 0})) {
    return Unsupported("AVERAGE_POOL_2D count_include_pad with padding: AVGPOOL_FUSION never counts padding (C-814)");
  }
  if (!average && flag) return Unsupported("MAX_POOL_2D return_indices: no NNRt node returns pooling indices (C-814)");
  uint32_t y = 0;
  NhwcWrap wrap;
  NNRT_RETURN_IF_ERROR(WrapNhwc(b, op, &wrap, &y));
  b.AddNode(average ? NodeType::AVGPOOL_FUSION : NodeType::MAX_POOL_FUSION,
            {Attr::Int64s("kernelSize", kernel), Attr::Int64s("strides", strides), Attr::Int64s("pad", win.pads),
             Attr::Int8("padMode", static_cast<int8_t>(win.pad_mode)), Attr::Int8("roundMode", ceil_mode ? 1 : 0),
             Attr::Int8("activationType", static_cast<int8_t>(fuse.NodeActivation()))},
            {wrap.x_nhwc}, {wrap.y_nhwc});
  UnwrapNhwc(b, fuse, wrap, y);
  return Status::Ok();
}

}  // namespace

Status LowerAveragePool2D(LoweringBuilder& b, const Operation& op) { return LowerPool(b, op, true); }
Status LowerMaxPool2D(LoweringBuilder& b, const Operation& op) { return LowerPool(b, op, false); }

}  // namespace nna
}  // namespace nnrt
