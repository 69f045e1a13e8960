// The per-node-type conversions NNRt -> NNAdapter (docs/nnadapter.md,
// "Node types the bridge converts"). Each one reads the NNRt node with the
// reference's own attribute readers, so defaults and pad rules are the
// reference's, and writes NNAdapter operations in NNAdapter's operand order.
#include <cstring>
#include <map>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_converter_internal.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/nn/conv2d.h"
#include "reference/ops/nn/pool.h"
#include "reference/ops/nn/softmax.h"

namespace nnrt {
namespace nnadapter_bridge {

Status FuseCodeOf(int64_t activation_type, int32_t* fuse_code) {
  switch (static_cast<ActivationType>(activation_type)) {
    case ActivationType::kNone: *fuse_code = NNADAPTER_FUSED_NONE; return Status::Ok();
    case ActivationType::kRelu: *fuse_code = NNADAPTER_FUSED_RELU; return Status::Ok();
    case ActivationType::kRelu6: *fuse_code = NNADAPTER_FUSED_RELU6; return Status::Ok();
    case ActivationType::kRelu1: *fuse_code = NNADAPTER_FUSED_RELU1; return Status::Ok();  // both [0, 1] (C-815)
    default:
      return Unsupported("fused activation " + std::to_string(activation_type) +
                         " has no NNAdapter fuse code (none, relu, relu1, relu6 map exactly)");
  }
}

namespace {

using OperandList = std::vector<NNAdapterOperand*>;

OpContext ContextOf(const Converter& c, const Node& node) {
  OpContext ctx;
  ctx.node = &node;
  for (uint32_t t : node.inputs) {
    TensorArg a;
    a.decl = &c.tensor(t);
    a.dims = c.tensor(t).dims;
    ctx.inputs.push_back(a);
  }
  for (uint32_t t : node.outputs) {
    TensorArg a;
    a.decl = &c.tensor(t);
    a.dims = c.tensor(t).dims;
    ctx.outputs.push_back(a);
  }
  return ctx;
}

bool SameQuant(const Tensor& a, const Tensor& b) { return a.quant_params == b.quant_params; }

Status RequireSameQuant(const Converter& c, const Node& node) {
  const Tensor& out = c.tensor(node.outputs.at(0));
  for (uint32_t t : node.inputs) {
    if (c.tensor(t).data.empty() && !SameQuant(c.tensor(t), out)) {
      return Unsupported("input and output quant params differ (this NNAdapter operation does not requantise)");
    }
  }
  return Status::Ok();
}

Status ConvertActivation(Converter& c, const Node& node) {
  static const std::map<ActivationType, NNAdapterOperationType> kOps = {
      {ActivationType::kRelu, NNADAPTER_RELU},       {ActivationType::kRelu6, NNADAPTER_RELU6},
      {ActivationType::kSigmoid, NNADAPTER_SIGMOID}, {ActivationType::kTanh, NNADAPTER_TANH},
      {ActivationType::kAbs, NNADAPTER_ABS}};
  const auto it = kOps.find(static_cast<ActivationType>(IntAttr(node, "activationType")));
  if (it == kOps.end()) {
    return Unsupported("activationType " + std::to_string(IntAttr(node, "activationType")) +
                       " (the bridge converts relu, relu6, sigmoid, tanh and abs)");
  }
  NNAdapterOperand *x = nullptr, *y = nullptr;
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(0), &x));
  NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &y));
  c.builder().AddOperation(it->second, {x}, {y});
  return Status::Ok();
}

Status ConvertElementwise(Converter& c, const Node& node) {
  static const std::map<NodeType, NNAdapterOperationType> kOps = {{NodeType::ADD_FUSION, NNADAPTER_ADD},
                                                                  {NodeType::SUB_FUSION, NNADAPTER_SUB},
                                                                  {NodeType::MUL_FUSION, NNADAPTER_MUL},
                                                                  {NodeType::DIV_FUSION, NNADAPTER_DIV}};
  int32_t fuse = 0;
  NNRT_RETURN_IF_ERROR(FuseCodeOf(IntAttr(node, "activationType"), &fuse));
  NNAdapterOperand *a = nullptr, *b = nullptr, *y = nullptr;
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(0), &a));
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(1), &b));
  NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &y));
  c.builder().AddOperation(kOps.at(node.type), {a, b, c.builder().Int32Scalar(fuse)}, {y});
  return Status::Ok();
}

// The bias operand of a convolution / fully connected node with n outputs:
// input 2 when present (the reference uses it whenever present, C-50, C-507),
// else zeros.
Status BiasOperand(Converter& c, const Node& node, int32_t n, NNAdapterOperand** bias) {
  const int64_t bias_tensor = node.inputs.size() >= 3 ? static_cast<int64_t>(node.inputs[2]) : -1;
  const Tensor& x = c.tensor(node.inputs.at(0));
  const Tensor& w = c.tensor(node.inputs.at(1));
  if (x.IsQuantized() != w.IsQuantized()) return Unsupported("input and weight must both be quantised or both not");
  if (!x.IsQuantized()) return c.FloatBiasOperand(bias_tensor, n, bias);
  for (const QuantParam& q : w.quant_params) {
    if (q.zero_point != 0) return Unsupported("weight zero point != 0 (NNAdapter weights are symmetric)");
  }
  return c.QuantBiasOperand(bias_tensor, x, w, n, bias);
}

Status ConvertConv2D(Converter& c, const Node& node) {
  const OpContext ctx = ContextOf(c, node);
  Conv2DAttrs p;
  NNRT_RETURN_IF_ERROR(ReadConv2DAttrs(ctx, &p));
  const Dims& x = c.tensor(node.inputs.at(0)).dims;
  const Dims& w = c.tensor(node.inputs.at(1)).dims;
  const int32_t in_c = x.at(3), out_c = w.at(0);
  if (!(p.group == 1 || (p.group == in_c && out_c == in_c))) {
    return Unsupported("group " + std::to_string(p.group) + " with " + std::to_string(in_c) + " -> " +
                       std::to_string(out_c) + " channels (NNAdapter: group 1, or group = C_in = C_out)");
  }
  int32_t fuse = 0;
  NNRT_RETURN_IF_ERROR(FuseCodeOf(static_cast<int64_t>(p.activation), &fuse));
  const ConvPads pads = ComputeConvPads(p, x.at(1), x.at(2));
  NNAdapterOperand *input = nullptr, *filter = nullptr, *bias = nullptr, *output = nullptr;
  NNRT_RETURN_IF_ERROR(c.NchwOperandOf(node.inputs.at(0), &input));
  NNRT_RETURN_IF_ERROR(c.NchwOperandOf(node.inputs.at(1), &filter));  // OHWI -> OIHW
  NNRT_RETURN_IF_ERROR(BiasOperand(c, node, out_c, &bias));
  NNRT_RETURN_IF_ERROR(c.NchwOutputOf(node.outputs.at(0), &output));
  NNAdapterModelBuilder& b = c.builder();
  b.AddOperation(NNADAPTER_CONV_2D,
                 {input, filter, bias, b.Int32Scalar(NNADAPTER_AUTO_PAD_NONE),
                  b.Int32Vector({static_cast<int32_t>(pads.top), static_cast<int32_t>(pads.bottom),
                                 static_cast<int32_t>(pads.left), static_cast<int32_t>(pads.right)}),
                  b.Int32Vector({static_cast<int32_t>(p.stride_h), static_cast<int32_t>(p.stride_w)}),
                  b.Int32Scalar(static_cast<int32_t>(p.group)),
                  b.Int32Vector({static_cast<int32_t>(p.dilation_h), static_cast<int32_t>(p.dilation_w)}),
                  b.Int32Scalar(fuse)},
                 {output});
  return Status::Ok();
}

// NNAdapter's output size of one pooled axis: floor or ceil of
// (in + pads - kernel) / stride, plus one.
int64_t NNAdapterPoolSize(int64_t in, int64_t kernel, int64_t stride, int64_t pads, bool ceil_mode) {
  const int64_t span = in + pads - kernel;
  return (ceil_mode ? (span + stride - 1) / stride : span / stride) + 1;
}

Status ConvertPool(Converter& c, const Node& node) {
  PoolAttrs p;
  NNRT_RETURN_IF_ERROR(ReadPoolAttrs(node, &p));
  const Dims& x = c.tensor(node.inputs.at(0)).dims;
  const Dims& y = c.tensor(node.outputs.at(0)).dims;
  if (x.size() != 4 || y.size() != 4) return Unsupported("pooling of a tensor that is not rank 4");
  int64_t kh = p.kernel_h, kw = p.kernel_w, sh = p.stride_h, sw = p.stride_w;
  ConvPads pads;
  if (p.global) {
    kh = x[1], kw = x[2], sh = sw = 1;
  } else {
    ComputeConvPadsAxis(p.pad_mode, x[1], kh, sh, 1, p.explicit_pads.top, p.explicit_pads.bottom, &pads.top,
                        &pads.bottom);
    ComputeConvPadsAxis(p.pad_mode, x[2], kw, sw, 1, p.explicit_pads.left, p.explicit_pads.right, &pads.left,
                        &pads.right);
  }
  // Pick the rounding under which NNAdapter's size formula gives the
  // reference's output dims (C-845); none does: unsupported.
  bool ceil_mode = false;
  auto matches = [&](bool ceil) {
    return NNAdapterPoolSize(x[1], kh, sh, pads.top + pads.bottom, ceil) == y[1] &&
           NNAdapterPoolSize(x[2], kw, sw, pads.left + pads.right, ceil) == y[2];
  };
  if (!matches(false)) {
    if (!matches(true)) return Unsupported("no NNAdapter rounding gives the reference's pooled size");
    ceil_mode = true;
  }
  int32_t fuse = 0;
  NNRT_RETURN_IF_ERROR(FuseCodeOf(static_cast<int64_t>(p.activation), &fuse));
  NNRT_RETURN_IF_ERROR(RequireSameQuant(c, node));
  NNAdapterOperand *input = nullptr, *output = nullptr;
  NNRT_RETURN_IF_ERROR(c.NchwOperandOf(node.inputs.at(0), &input));
  NNRT_RETURN_IF_ERROR(c.NchwOutputOf(node.outputs.at(0), &output));
  NNAdapterModelBuilder& b = c.builder();
  OperandList in = {input,
                    b.Int32Scalar(NNADAPTER_AUTO_PAD_NONE),
                    b.Int32Vector({static_cast<int32_t>(pads.top), static_cast<int32_t>(pads.bottom),
                                   static_cast<int32_t>(pads.left), static_cast<int32_t>(pads.right)}),
                    b.Int32Vector({static_cast<int32_t>(kh), static_cast<int32_t>(kw)}),
                    b.Int32Vector({static_cast<int32_t>(sh), static_cast<int32_t>(sw)}),
                    b.BoolScalar(ceil_mode)};
  if (node.type == NodeType::AVGPOOL_FUSION) {
    in.push_back(b.BoolScalar(false));  // count_include_pad: the reference never counts padding (C-524)
  } else {
    in.push_back(b.BoolScalar(false));  // return_indices
    in.push_back(b.Int32Scalar(NNADAPTER_INT32));  // return_indices_dtype
  }
  in.push_back(b.Int32Scalar(fuse));
  if (node.type == NodeType::AVGPOOL_FUSION) {
    b.AddOperation(NNADAPTER_AVERAGE_POOL_2D, in, {output});
  } else {
    b.AddOperation(NNADAPTER_MAX_POOL_2D, in, {output, nullptr});  // {output, indices}: no indices (C-903)
  }
  return Status::Ok();
}

// NNAdapter flattens the input to [rows, K] and writes [rows, outC], the
// reference's rows too (row-major, with or without useAxis); an NNRt output of
// another rank is that result reshaped.
Status ConvertFullConnection(Converter& c, const Node& node) {
  const Dims& x = c.tensor(node.inputs.at(0)).dims;
  const Dims& w = c.tensor(node.inputs.at(1)).dims;
  const Tensor& y_tensor = c.tensor(node.outputs.at(0));
  const Dims& y = y_tensor.dims;
  const int64_t total = ElementCount(x).value_or(-1);
  if (w.size() != 2 || w[1] <= 0 || total < 0 || total % w[1] != 0 || y.empty() || y.back() != w[0] ||
      ElementCount(y).value_or(-1) != total / w[1] * w[0]) {
    return Unsupported("FULL_CONNECTION whose output is not the [rows, outC] product reshaped");
  }
  const Dims rows_by_units = {static_cast<int32_t>(total / w[1]), w[0]};
  int32_t fuse = 0;
  NNRT_RETURN_IF_ERROR(FuseCodeOf(IntAttr(node, "activationType"), &fuse));
  NNAdapterOperand *input = nullptr, *weight = nullptr, *bias = nullptr, *output = nullptr;
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(0), &input));
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(1), &weight));
  NNRT_RETURN_IF_ERROR(BiasOperand(c, node, w[0], &bias));
  NNAdapterModelBuilder& b = c.builder();
  if (y == rows_by_units) {
    NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &output));
    b.AddOperation(NNADAPTER_FULLY_CONNECTED, {input, weight, bias, b.Int32Scalar(fuse)}, {output});
    return Status::Ok();
  }
  NNAdapterOperandType type;
  NNRT_RETURN_IF_ERROR(c.TypeOf(y_tensor, rows_by_units, 0, NNADAPTER_TEMPORARY_VARIABLE, &type));
  NNAdapterOperand* product = b.AddOperand(type);
  b.AddOperation(NNADAPTER_FULLY_CONNECTED, {input, weight, bias, b.Int32Scalar(fuse)}, {product});
  NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &output));
  b.AddOperation(NNADAPTER_RESHAPE, {product, b.Int32Vector(std::vector<int32_t>(y.begin(), y.end()))}, {output});
  return Status::Ok();
}

Status ConvertSoftmax(Converter& c, const Node& node) {
  int32_t axis = 0;
  NNRT_RETURN_IF_ERROR(SoftmaxAxis(node, c.tensor(node.inputs.at(0)).dims.size(), &axis));
  NNAdapterOperand *x = nullptr, *y = nullptr;
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(0), &x));
  NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &y));
  c.builder().AddOperation(NNADAPTER_SOFTMAX, {x, c.builder().Int32Scalar(axis)}, {y});
  return Status::Ok();
}

Status ConvertReshape(Converter& c, const Node& node) {
  NNRT_RETURN_IF_ERROR(RequireSameQuant(c, node));
  NNAdapterOperand *x = nullptr, *y = nullptr;
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(0), &x));
  NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &y));
  const Dims& out = c.tensor(node.outputs.at(0)).dims;  // static: the reference inferred it
  c.builder().AddOperation(NNADAPTER_RESHAPE, {x, c.builder().Int32Vector(std::vector<int32_t>(out.begin(), out.end()))},
                           {y});
  return Status::Ok();
}

Status ConvertTranspose(Converter& c, const Node& node) {
  const Tensor& perm = c.tensor(node.inputs.at(1));
  if (!perm.HasData()) return Unsupported("a permutation that is not a constant (NNAdapter needs a constant perm)");
  std::vector<int32_t> values(perm.data.size() / DataTypeSize(perm.data_type));
  for (size_t i = 0; i < values.size(); ++i) {
    values[i] = static_cast<int32_t>(LoadAsInt64(perm.data_type, perm.data.data(), i));
  }
  NNRT_RETURN_IF_ERROR(RequireSameQuant(c, node));
  NNAdapterOperand *x = nullptr, *y = nullptr;
  NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(0), &x));
  NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &y));
  c.builder().AddOperation(NNADAPTER_TRANSPOSE, {x, c.builder().Int32Vector(values)}, {y});
  return Status::Ok();
}

Status ConvertConcat(Converter& c, const Node& node) {
  NNRT_RETURN_IF_ERROR(RequireSameQuant(c, node));
  const int64_t rank = static_cast<int64_t>(c.tensor(node.outputs.at(0)).dims.size());
  int64_t axis = IntAttr(node, "axis");
  if (axis < 0) axis += rank;
  OperandList in;
  for (uint32_t t : node.inputs) {
    NNAdapterOperand* x = nullptr;
    NNRT_RETURN_IF_ERROR(c.OperandOf(t, &x));
    in.push_back(x);
  }
  in.push_back(c.builder().Int32Scalar(static_cast<int32_t>(axis)));
  NNAdapterOperand* y = nullptr;
  NNRT_RETURN_IF_ERROR(c.OutputOf(node.outputs.at(0), &y));
  c.builder().AddOperation(NNADAPTER_CONCAT, in, {y});
  return Status::Ok();
}

}  // namespace

NodeConverter FindNodeConverter(NodeType type) {
  static const std::map<NodeType, NodeConverter> kConverters = {
      {NodeType::ACTIVATION, ConvertActivation},
      {NodeType::ADD_FUSION, ConvertElementwise},
      {NodeType::SUB_FUSION, ConvertElementwise},
      {NodeType::MUL_FUSION, ConvertElementwise},
      {NodeType::DIV_FUSION, ConvertElementwise},
      {NodeType::CONV2D_FUSION, ConvertConv2D},
      {NodeType::AVGPOOL_FUSION, ConvertPool},
      {NodeType::MAX_POOL_FUSION, ConvertPool},
      {NodeType::FULL_CONNECTION, ConvertFullConnection},
      {NodeType::SOFTMAX, ConvertSoftmax},
      {NodeType::RESHAPE, ConvertReshape},
      {NodeType::TRANSPOSE, ConvertTranspose},
      {NodeType::CONCAT, ConvertConcat},
      {NodeType::ARGMAX_FUSION, ConvertArgMax},
      {NodeType::TOPK_FUSION, ConvertTopK},
      {NodeType::CAST, ConvertCast},
      {NodeType::SHAPE, ConvertShape},
      {NodeType::POW_FUSION, ConvertPow},
      {NodeType::BROADCAST_TO, ConvertBroadcastTo},
      {NodeType::RESIZE, ConvertResize},
  };
  const auto it = kConverters.find(type);
  return it == kConverters.end() ? nullptr : it->second;
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
