#include "bench/reference_op_model.h"

namespace nnrt {
namespace bench {
namespace {

// The parameters of each operation, as the OH_NN tensor types name them.
std::vector<uint32_t> ConvParams(const OpCase& c, int8_t act, OhnnGraph* g) {
  const int64_t s = c.stride, p = c.pad;
  const bool dw = c.kind == OpKind::kDepthwise;
  std::vector<uint32_t> params = {
      g->Param<int64_t>(dw ? OH_NN_DEPTHWISE_CONV2D_NATIVE_STRIDES : OH_NN_CONV2D_STRIDES, OH_NN_INT64, {s, s}),
      g->Param<int64_t>(dw ? OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD : OH_NN_CONV2D_PAD, OH_NN_INT64, {p, p, p, p}),
      g->Param<int64_t>(dw ? OH_NN_DEPTHWISE_CONV2D_NATIVE_DILATION : OH_NN_CONV2D_DILATION, OH_NN_INT64, {1, 1}),
      g->Param<int8_t>(dw ? OH_NN_DEPTHWISE_CONV2D_NATIVE_ACTIVATION_TYPE : OH_NN_CONV2D_ACTIVATION_TYPE, OH_NN_INT8,
                       {act})};
  if (!dw) params.push_back(g->Param<int64_t>(OH_NN_CONV2D_GROUP, OH_NN_INT64, {1}));
  return params;
}

std::vector<uint32_t> PoolAttrs(const OpCase& c, int8_t act, OhnnGraph* g) {
  const bool max = c.kind == OpKind::kMaxPool;
  const int64_t k = c.k, s = c.stride, p = c.pad;
  return {g->Param<int64_t>(max ? OH_NN_MAX_POOL_KERNEL_SIZE : OH_NN_AVG_POOL_KERNEL_SIZE, OH_NN_INT64, {k, k}),
          g->Param<int64_t>(max ? OH_NN_MAX_POOL_STRIDE : OH_NN_AVG_POOL_STRIDE, OH_NN_INT64, {s, s}),
          g->Param<int64_t>(max ? OH_NN_MAX_POOL_PAD : OH_NN_AVG_POOL_PAD, OH_NN_INT64, {p, p, p, p}),
          g->Param<int8_t>(max ? OH_NN_MAX_POOL_ACTIVATION_TYPE : OH_NN_AVG_POOL_ACTIVATION_TYPE, OH_NN_INT8,
                           {act})};
}

OH_NN_OperationType OperationOf(OpKind kind) {
  switch (kind) {
    case OpKind::kConv: return OH_NN_OPS_CONV2D;
    case OpKind::kDepthwise: return OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE;
    case OpKind::kFullyConnected: return OH_NN_OPS_FULL_CONNECTION;
    case OpKind::kMatMul: return OH_NN_OPS_MATMUL;
    case OpKind::kMaxPool: return OH_NN_OPS_MAX_POOL;
    case OpKind::kAvgPool: return OH_NN_OPS_AVG_POOL;
    case OpKind::kSoftmax: return OH_NN_OPS_SOFTMAX;
    case OpKind::kAdd: return OH_NN_OPS_ADD;
  }
  return OH_NN_OPS_ADD;
}

std::vector<uint32_t> ParamsOf(const OpCase& c, int8_t act, OhnnGraph* g) {
  switch (c.kind) {
    case OpKind::kConv:
    case OpKind::kDepthwise: return ConvParams(c, act, g);
    case OpKind::kMaxPool:
    case OpKind::kAvgPool: return PoolAttrs(c, act, g);
    case OpKind::kFullyConnected:
      return {g->Param<int8_t>(OH_NN_FULL_CONNECTION_ACTIVATIONTYPE, OH_NN_INT8, {act})};
    case OpKind::kMatMul: return {g->Param<int8_t>(OH_NN_MATMUL_ACTIVATION_TYPE, OH_NN_INT8, {act})};
    case OpKind::kSoftmax: return {g->Param<int64_t>(OH_NN_SOFTMAX_AXIS, OH_NN_INT64, {1})};
    case OpKind::kAdd: return {g->Param<int8_t>(OH_NN_ADD_ACTIVATIONTYPE, OH_NN_INT8, {act})};
  }
  return {};
}

}  // namespace

uint32_t AddLayer(const OpCase& c, bool int8, const OpData& data, const std::vector<uint32_t>& inputs, Quant out,
                  int8_t activation, OhnnGraph* g) {
  const OH_NN_DataType type = int8 ? OH_NN_INT8 : OH_NN_FLOAT32;
  std::vector<uint32_t> operands = inputs;
  if (!WeightShape(c).empty()) {
    operands.push_back(g->Constant(type, WeightShape(c), data.weight, int8 ? Quant{ScalesOf(c).w, 0} : Quant{}));
    operands.push_back(g->Constant(int8 ? OH_NN_INT32 : OH_NN_FLOAT32, {WeightShape(c)[0]}, data.bias));
  }
  // Parameters are numbered after the operands, the output last.
  const std::vector<uint32_t> params = ParamsOf(c, activation, g);
  const uint32_t y = g->Tensor(type, OutputShape(c), int8 ? out : Quant{});
  g->Operation(OperationOf(c.kind), params, operands, {y});
  return y;
}

void BuildOpModel(const OpCase& c, bool int8, const OpData& data, OhnnGraph* g) {
  const OH_NN_DataType type = int8 ? OH_NN_INT8 : OH_NN_FLOAT32;
  const Int8Scales s = ScalesOf(c);
  auto q = [int8](double scale) { return int8 ? Quant{scale, 0} : Quant{}; };
  std::vector<uint32_t> inputs = {g->Input(type, InputShape(c), q(s.x))};
  if (!SecondInputShape(c).empty()) inputs.push_back(g->Input(type, SecondInputShape(c), q(s.second)));
  g->Finish({AddLayer(c, int8, data, inputs, Quant{s.y, 0}, OH_NN_FUSED_NONE, g)});
}

}  // namespace bench
}  // namespace nnrt
