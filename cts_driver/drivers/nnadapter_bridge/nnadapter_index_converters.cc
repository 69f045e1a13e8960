// The bridge's conversions NNRt -> NNAdapter of index, type and broadcast
// nodes: ARGMAX_FUSION, TOPK_FUSION, CAST, SHAPE, POW_FUSION and BROADCAST_TO
// (docs/nnadapter.md, "Node types the bridge converts"). Each converts only
// the attribute values its NNAdapter operation computes exactly (the
// lowering's C-824..C-827, C-831 read the other way).
#include <cstdint>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_converter_internal.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace nnadapter_bridge {
namespace {

// NNADAPTER_INT32 / NNADAPTER_INT64 for an index tensor.
Status IndexDtype(const Tensor& t, int32_t* dtype) {
  if (t.data_type == DataType::kInt32) {
    *dtype = NNADAPTER_INT32;
  } else if (t.data_type == DataType::kInt64) {
    *dtype = NNADAPTER_INT64;
  } else {
    return Unsupported(std::string("index output of type ") + DataTypeName(t.data_type) +
                       " (NNAdapter indices are int32 or int64)");
  }
  return Status::Ok();
}

// The operands of the node's first `inputs` inputs and of its outputs.
Status Operands(Converter& c, const Node& node, size_t inputs, std::vector<NNAdapterOperand*>* ins,
                std::vector<NNAdapterOperand*>* outs) {
  for (size_t i = 0; i < inputs; ++i) {
    NNAdapterOperand* o = nullptr;
    NNRT_RETURN_IF_ERROR(c.OperandOf(node.inputs.at(i), &o));
    ins->push_back(o);
  }
  for (uint32_t t : node.outputs) {
    NNAdapterOperand* o = nullptr;
    NNRT_RETURN_IF_ERROR(c.OutputOf(t, &o));
    outs->push_back(o);
  }
  return Status::Ok();
}

}  // namespace

// ARG_MAX(x, axis, keepdim, dtype): topK 1 without outMaxValue only.
Status ConvertArgMax(Converter& c, const Node& node) {
  if (IntAttr(node, "topK") != 1 || BoolAttr(node, "outMaxValue")) {
    return Unsupported("ARGMAX_FUSION with topK > 1 or outMaxValue (NNAdapter ARG_MAX returns one index)");
  }
  int32_t dtype = 0;
  NNRT_RETURN_IF_ERROR(IndexDtype(c.tensor(node.outputs.at(0)), &dtype));
  std::vector<NNAdapterOperand*> ins, outs;
  NNRT_RETURN_IF_ERROR(Operands(c, node, 1, &ins, &outs));
  NNAdapterModelBuilder& b = c.builder();
  ins.insert(ins.end(), {b.Int32Scalar(static_cast<int32_t>(IntAttr(node, "axis"))),
                         b.BoolScalar(BoolAttr(node, "keepDims")), b.Int32Scalar(dtype)});
  b.AddOperation(NNADAPTER_ARG_MAX, ins, outs);
  return Status::Ok();
}

// TOP_K(x, k, axis, largest true, sorted, return_indices_dtype).
Status ConvertTopK(Converter& c, const Node& node) {
  int32_t dtype = 0;
  NNRT_RETURN_IF_ERROR(IndexDtype(c.tensor(node.outputs.at(1)), &dtype));
  std::vector<NNAdapterOperand*> ins, outs;
  NNRT_RETURN_IF_ERROR(Operands(c, node, 2, &ins, &outs));
  NNAdapterModelBuilder& b = c.builder();
  ins.insert(ins.end(), {b.Int32Scalar(static_cast<int32_t>(IntAttr(node, "axis"))), b.BoolScalar(true),
                         b.BoolScalar(BoolAttr(node, "sorted")), b.Int32Scalar(dtype)});
  b.AddOperation(NNADAPTER_TOP_K, ins, outs);
  return Status::Ok();
}

// CAST(x, dtype) between plain types; NNAdapter's dtype is the output's
// precision, which the converted output operand carries.
Status ConvertCast(Converter& c, const Node& node) {
  const Tensor& x = c.tensor(node.inputs.at(0));
  const Tensor& y = c.tensor(node.outputs.at(0));
  if (x.IsQuantized() || y.IsQuantized()) {
    return Unsupported("CAST of a quantised tensor (NNAdapter's CAST is defined between plain types)");
  }
  std::vector<NNAdapterOperand*> ins, outs;
  NNRT_RETURN_IF_ERROR(Operands(c, node, 1, &ins, &outs));
  ins.push_back(c.builder().Int32Scalar(static_cast<int32_t>(outs.at(0)->type.precision)));
  c.builder().AddOperation(NNADAPTER_CAST, ins, outs);
  return Status::Ok();
}

Status ConvertShape(Converter& c, const Node& node) {
  int32_t dtype = 0;
  NNRT_RETURN_IF_ERROR(IndexDtype(c.tensor(node.outputs.at(0)), &dtype));
  std::vector<NNAdapterOperand*> ins, outs;
  NNRT_RETURN_IF_ERROR(Operands(c, node, 1, &ins, &outs));
  ins.push_back(c.builder().Int32Scalar(dtype));
  c.builder().AddOperation(NNADAPTER_SHAPE, ins, outs);
  return Status::Ok();
}

// POW(x, e, fuse NONE): scale 1 and shift 0 only (NNAdapter has x^e alone).
Status ConvertPow(Converter& c, const Node& node) {
  if (FloatAttr(node, "scale") != 1.0f || FloatAttr(node, "shift") != 0.0f) {
    return Unsupported("POW_FUSION with scale != 1 or shift != 0 (NNAdapter POW is input0^input1)");
  }
  std::vector<NNAdapterOperand*> ins, outs;
  NNRT_RETURN_IF_ERROR(Operands(c, node, 2, &ins, &outs));
  ins.push_back(c.builder().Int32Scalar(NNADAPTER_FUSED_NONE));
  c.builder().AddOperation(NNADAPTER_POW, ins, outs);
  return Status::Ok();
}

// EXPAND(x, shape): a copy, so the quant params must be the input's.
Status ConvertBroadcastTo(Converter& c, const Node& node) {
  if (c.tensor(node.inputs.at(0)).quant_params != c.tensor(node.outputs.at(0)).quant_params) {
    return Unsupported("input and output quant params differ (EXPAND does not requantise)");
  }
  std::vector<int32_t> shape;
  for (int64_t d : IntsAttr(node, "shape")) {
    if (d < INT32_MIN || d > INT32_MAX) return Unsupported("BROADCAST_TO shape value outside int32");
    shape.push_back(static_cast<int32_t>(d));
  }
  std::vector<NNAdapterOperand*> ins, outs;
  NNRT_RETURN_IF_ERROR(Operands(c, node, 1, &ins, &outs));
  ins.push_back(c.builder().Int32Vector(shape));
  c.builder().AddOperation(NNADAPTER_EXPAND, ins, outs);
  return Status::Ok();
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
