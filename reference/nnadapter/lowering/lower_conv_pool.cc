// CONV_2D, CONV_2D_TRANSPOSE, AVERAGE_POOL_2D and MAX_POOL_2D: NCHW operands
// around the NHWC CONV2D_FUSION / CONV2D_TRANSPOSE_FUSION / AVGPOOL_FUSION /
// MAX_POOL_FUSION nodes (C-813), the filter relaid out to
// [C_out, kH, kW, C_in/group] at lowering time.
#include "reference/nnadapter/lowering/lower_ops.h"
#include "reference/nnadapter/lowering/pool_operands.h"

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

// The operands 3.. of CONV_2D and CONV_2D_TRANSPOSE: auto_pad, pads,
// strides, group, dilations, and the fuse code at `fuse_index`.
struct ConvParams {
  Window win;
  std::vector<int64_t> strides, dilations;
  int32_t group = 1;
  FuseCode fuse;
};

Status ReadConvParams(const Operation& op, const std::string& name, size_t fuse_index, ConvParams* p) {
  const auto& in = op.input_operands;
  NNRT_RETURN_IF_ERROR(ReadWindow(in[3], in[4], name.c_str(), &p->win));
  NNRT_RETURN_IF_ERROR(ReadPair(in[5], name + " strides", &p->strides));
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(in[6], name + " group", &p->group));
  NNRT_RETURN_IF_ERROR(ReadPair(in[7], name + " dilations", &p->dilations));
  return ReadFuseCode(in[fuse_index], name.c_str(), &p->fuse);
}

}  // namespace

Status LowerConv2D(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "CONV_2D", 9, 1));
  const auto& in = op.input_operands;
  ConvParams c;
  NNRT_RETURN_IF_ERROR(ReadConvParams(op, "CONV_2D", 8, &c));
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
            {Attr::Int64s("kernelSize", {f.dims[2], f.dims[3]}), Attr::Int64s("stride", c.strides),
             Attr::Int64s("dilation", c.dilations), Attr::Int8("padMode", static_cast<int8_t>(c.win.pad_mode)),
             Attr::Int64s("padList", c.win.pads), Attr::Int64("group", c.group), Attr::Int64("inChannel", in_channels),
             Attr::Int64("outChannel", f.dims[0]),
             Attr::Int8("activationType", static_cast<int8_t>(c.fuse.NodeActivation()))},
            {wrap.x_nhwc, filter_ohwi, bias}, {wrap.y_nhwc});
  UnwrapNhwc(b, c.fuse, wrap, y);
  return Status::Ok();
}

namespace {

// [C_in, C_out/group, kH, kW] (NNAdapter's transposed-convolution filter)
// -> [C_out, kH, kW, C_in/group] (CONV2D_TRANSPOSE_FUSION's weight): output
// channel o of group g = o / (C_out/group) reads input channel
// g * (C_in/group) + ic through NNAdapter's filter slice [.., o mod (C_out/group), ..] (C-828).
std::vector<uint8_t> RelayoutTransposedFilter(const Tensor& f, int64_t group) {
  const int64_t cin = f.dims[0], cout_g = f.dims[1], kh = f.dims[2], kw = f.dims[3];
  const int64_t cin_g = cin / group;
  const size_t es = DataTypeSize(f.data_type);
  std::vector<uint8_t> out(f.data.size());
  size_t dst = 0;
  for (int64_t o = 0; o < cout_g * group; ++o) {
    const int64_t g = o / cout_g;
    for (int64_t y = 0; y < kh; ++y) {
      for (int64_t x = 0; x < kw; ++x) {
        for (int64_t ic = 0; ic < cin_g; ++ic, dst += es) {
          const int64_t src = (((g * cin_g + ic) * cout_g + o % cout_g) * kh + y) * kw + x;
          for (size_t k = 0; k < es; ++k) out[dst + k] = f.data[static_cast<size_t>(src) * es + k];
        }
      }
    }
  }
  return out;
}

// The output padding: output_shape (when given) minus the size without
// padding, else the output_padding operand, else 0 (C-828).
Status ReadOutputPadding(const Operation& op, const Window& win, const std::vector<int64_t>& strides,
                         const std::vector<int64_t>& dilations, const Dims& x_nchw, const Dims& f_dims,
                         std::vector<int64_t>* out_pad) {
  const auto& in = op.input_operands;
  *out_pad = {0, 0};
  if (in[8] != nullptr) {
    NNRT_RETURN_IF_ERROR(ReadIntList(in[8], "CONV_2D_TRANSPOSE output_padding", out_pad));
    if (out_pad->empty()) *out_pad = {0, 0};
    if (out_pad->size() != 2) return InvalidModel("CONV_2D_TRANSPOSE output_padding must hold 2 values or none");
  }
  std::vector<int64_t> shape;
  if (in[9] != nullptr) NNRT_RETURN_IF_ERROR(ReadIntList(in[9], "CONV_2D_TRANSPOSE output_shape", &shape));
  if (shape.empty()) return Status::Ok();
  if (shape.size() != 2) return InvalidModel("CONV_2D_TRANSPOSE output_shape must hold 2 values or none");
  for (int i = 0; i < 2; ++i) {
    if (x_nchw[2 + i] < 0) return Unsupported("CONV_2D_TRANSPOSE output_shape with a dynamic input dim (C-828)");
    const int64_t base = (x_nchw[2 + i] - 1) * strides[i] - win.pads[2 * i] - win.pads[2 * i + 1] +
                         dilations[i] * (f_dims[2 + i] - 1) + 1;
    const int64_t pad = shape[i] - base;
    if ((*out_pad)[i] != 0 && (*out_pad)[i] != pad) {
      return InvalidModel("CONV_2D_TRANSPOSE output_shape " + std::to_string(shape[i]) + " and output_padding " +
                          std::to_string((*out_pad)[i]) + " disagree (the size without padding is " +
                          std::to_string(base) + ")");
    }
    (*out_pad)[i] = pad;
  }
  return Status::Ok();
}

}  // namespace

Status LowerConv2DTranspose(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "CONV_2D_TRANSPOSE", 11, 1));
  const auto& in = op.input_operands;
  ConvParams c;
  std::vector<int64_t> out_pad;
  NNRT_RETURN_IF_ERROR(ReadConvParams(op, "CONV_2D_TRANSPOSE", 10, &c));
  const int64_t group = c.group;
  if (c.win.pad_mode == static_cast<int64_t>(PadMode::kSame)) {
    return Unsupported("CONV_2D_TRANSPOSE auto_pad SAME: Paddle derives the pads from the input as for a forward "
                       "convolution, CONV2D_TRANSPOSE_FUSION's SAME gives H * stride (H 5, stride 2, kernel 3: 9 "
                       "against 10) (C-828)");
  }
  if (in[1] == nullptr || !IsConstant(*in[1])) {
    return Unsupported("CONV_2D_TRANSPOSE filter must be a constant operand (C-813)");
  }
  if (RawValue(in[1]->type.precision) == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL) {
    return Unsupported("CONV_2D_TRANSPOSE per-channel filter: its scales run along C_out, dimension 1 of "
                       "[C_in, C_out/group, kH, kW], which the NNRt IR does not carry (C-811, C-828)");
  }
  uint32_t filter = 0, bias = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(in[1], &filter));
  NNRT_RETURN_IF_ERROR(b.TensorOf(in[2], &bias));
  const Tensor f = b.tensor(filter);
  if (f.dims.size() != 4 || IsDynamic(f.dims) || group < 1 || f.dims[0] % group != 0) {
    return InvalidModel("CONV_2D_TRANSPOSE filter must be 4-D [C_in, C_out/group, kH, kW] with C_in divisible by "
                        "group " + std::to_string(group) + ", got " + DimsToString(f.dims));
  }
  NhwcWrap wrap;
  NNRT_RETURN_IF_ERROR(WrapNhwc(b, op, &wrap, &y));
  NNRT_RETURN_IF_ERROR(ReadOutputPadding(op, c.win, c.strides, c.dilations,
                                         PermuteDims(b.tensor(wrap.x_nhwc).dims, kNhwcToNchw), f.dims, &out_pad));
  const int64_t out_channels = f.dims[1] * group;
  const uint32_t weight = b.AddConstant(f.data_type, {static_cast<int32_t>(out_channels), f.dims[2], f.dims[3],
                                                      static_cast<int32_t>(f.dims[0] / group)},
                                        RelayoutTransposedFilter(f, group), f.quant_params);
  b.AddNode(NodeType::CONV2D_TRANSPOSE_FUSION,
            {Attr::Int64s("kernelSize", {f.dims[2], f.dims[3]}), Attr::Int64s("stride", c.strides),
             Attr::Int64s("dilation", c.dilations), Attr::Int8("padMode", static_cast<int8_t>(c.win.pad_mode)),
             Attr::Int64s("padList", c.win.pads), Attr::Int64("group", group),
             Attr::Int64("inChannel", b.tensor(wrap.x_nhwc).dims[3]), Attr::Int64("outChannel", out_channels),
             Attr::Int8("activationType", static_cast<int8_t>(c.fuse.NodeActivation())),
             Attr::Int64s("outputPaddings", out_pad)},
            {wrap.x_nhwc, weight, bias}, {wrap.y_nhwc});
  UnwrapNhwc(b, c.fuse, wrap, y);
  return Status::Ok();
}

namespace {

// The NNRt pooling of NNAdapter's window: padMode from auto_pad, pads when explicit.
Status LowerPool(LoweringBuilder& b, const Operation& op) {
  Pool2DOperands p;
  NNRT_RETURN_IF_ERROR(ReadPool2DOperands(op, &p));
  const std::string name = p.name;
  const bool padded = p.auto_pad == NNADAPTER_AUTO_PAD_SAME ||
                      (p.auto_pad == NNADAPTER_AUTO_PAD_NONE && p.pads != std::vector<int64_t>{0, 0, 0, 0});
  if (p.average && p.flag && padded) {
    return Unsupported("AVERAGE_POOL_2D count_include_pad with padding: AVGPOOL_FUSION never counts padding (C-814)");
  }
  if (!p.average && op.output_operands[1] != nullptr) {
    return Unsupported("MAX_POOL_2D indices: no NNRt node returns pooling indices; the model runs them as a native "
                       "step (C-903)");
  }
  const Operand* x = op.input_operands[0];
  if (x != nullptr && x->type.dimensions.count == 4) {
    for (int axis = 0; axis < 2; ++axis) {
      if (KeepsWindowInPadding(p, axis, x->type.dimensions.data[2 + axis])) {
        return Unsupported(name + " ceil_mode: NNAdapter's output size keeps a last window that starts in the "
                           "padding, NNRt pooling drops it (C-523, C-904)");
      }
    }
  }
  const int64_t pad_mode = p.auto_pad == NNADAPTER_AUTO_PAD_SAME    ? static_cast<int64_t>(PadMode::kSame)
                           : p.auto_pad == NNADAPTER_AUTO_PAD_VALID ? static_cast<int64_t>(PadMode::kValid)
                                                                    : static_cast<int64_t>(PadMode::kPad);
  uint32_t y = 0;
  NhwcWrap wrap;
  NNRT_RETURN_IF_ERROR(WrapNhwc(b, op, &wrap, &y));
  b.AddNode(p.average ? NodeType::AVGPOOL_FUSION : NodeType::MAX_POOL_FUSION,
            {Attr::Int64s("kernelSize", p.kernel), Attr::Int64s("strides", p.strides), Attr::Int64s("pad", p.pads),
             Attr::Int8("padMode", static_cast<int8_t>(pad_mode)), Attr::Int8("roundMode", p.ceil_mode ? 1 : 0),
             Attr::Int8("activationType", static_cast<int8_t>(p.fuse.NodeActivation()))},
            {wrap.x_nhwc}, {wrap.y_nhwc});
  UnwrapNhwc(b, p.fuse, wrap, y);
  return Status::Ok();
}

}  // namespace

Status LowerAveragePool2D(LoweringBuilder& b, const Operation& op) { return LowerPool(b, op); }
Status LowerMaxPool2D(LoweringBuilder& b, const Operation& op) { return LowerPool(b, op); }

}  // namespace nna
}  // namespace nnrt
