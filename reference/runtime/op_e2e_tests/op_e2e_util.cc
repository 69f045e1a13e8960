#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

#include <gtest/gtest.h>

#include "reference/runtime/api_tests/api_test_util.h"

namespace nnrt {
namespace rt {
namespace e2e {

using testing::MakeDesc;

size_t TypeSize(OH_NN_DataType t) {
  switch (t) {
    case OH_NN_BOOL: case OH_NN_INT8: case OH_NN_UINT8: return 1;
    case OH_NN_INT16: case OH_NN_UINT16: case OH_NN_FLOAT16: return 2;
    case OH_NN_INT32: case OH_NN_UINT32: case OH_NN_FLOAT32: return 4;
    default: return 8;
  }
}

size_t Elements(const std::vector<int32_t>& shape) {
  size_t n = 1;
  for (int32_t d : shape) n *= static_cast<size_t>(d < 0 ? 0 : d);
  return n;
}

namespace {

void SetQuant(OH_NNModel* model, uint32_t index, const std::vector<QuantSpec>& quant) {
  std::vector<double> scales;
  std::vector<int32_t> zps;
  std::vector<uint32_t> bits;
  for (const QuantSpec& q : quant) {
    scales.push_back(q.scale);
    zps.push_back(q.zero_point);
    bits.push_back(8);
  }
  NN_QuantParam* qp = OH_NNQuantParam_Create();
  EXPECT_EQ(OH_NNQuantParam_SetScales(qp, scales.data(), scales.size()), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNQuantParam_SetZeroPoints(qp, zps.data(), zps.size()), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNQuantParam_SetNumBits(qp, bits.data(), bits.size()), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model, index, qp), OH_NN_SUCCESS);
  OH_NNQuantParam_Destroy(&qp);
}

void AddTensor(OH_NNModel* model, uint32_t index, const Operand& o) {
  NN_TensorDesc* d = MakeDesc(o.type, o.shape);
  EXPECT_EQ(OH_NNModel_AddTensorToModel(model, d), OH_NN_SUCCESS);
  OH_NNTensorDesc_Destroy(&d);
  if (!o.quant.empty()) SetQuant(model, index, o.quant);
  if (o.constant) {
    EXPECT_EQ(OH_NNModel_SetTensorData(model, index, o.data.data(), o.data.size()), OH_NN_SUCCESS);
  }
}

void AddParam(OH_NNModel* model, uint32_t index, const Param& p) {
  const std::vector<int32_t> shape =
      p.strict_scalar ? std::vector<int32_t>{}
      : p.shape.empty() ? std::vector<int32_t>{static_cast<int32_t>(p.data.size() / TypeSize(p.type))}
                        : p.shape;
  NN_TensorDesc* d = MakeDesc(p.type, shape);
  EXPECT_EQ(OH_NNModel_AddTensorToModel(model, d), OH_NN_SUCCESS);
  OH_NNTensorDesc_Destroy(&d);
  EXPECT_EQ(OH_NNModel_SetTensorType(model, index, p.tensor_type), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SetTensorData(model, index, p.data.data(), p.data.size()), OH_NN_SUCCESS);
}

// The finished one-operation model; records device 0's support answer in `r`.
OH_NNModel* BuildModel(OH_NN_OperationType op, const std::vector<Operand>& inputs, const std::vector<Param>& params,
                       const std::vector<Operand>& outputs, RunResult* r) {
  OH_NNModel* model = OH_NNModel_Construct();
  uint32_t next = 0;
  std::vector<uint32_t> in_idx, model_in_idx, param_idx, out_idx;
  for (const Operand& o : inputs) {
    AddTensor(model, next, o);
    in_idx.push_back(next);
    if (!o.constant) model_in_idx.push_back(next);
    ++next;
  }
  for (const Param& p : params) {
    AddParam(model, next, p);
    param_idx.push_back(next++);
  }
  for (const Operand& o : outputs) {
    AddTensor(model, next, o);
    out_idx.push_back(next++);
  }
  OH_NN_UInt32Array params_arr{param_idx.data(), static_cast<uint32_t>(param_idx.size())};
  OH_NN_UInt32Array inputs_arr{in_idx.data(), static_cast<uint32_t>(in_idx.size())};
  OH_NN_UInt32Array model_inputs{model_in_idx.data(), static_cast<uint32_t>(model_in_idx.size())};
  OH_NN_UInt32Array outputs_arr{out_idx.data(), static_cast<uint32_t>(out_idx.size())};
  EXPECT_EQ(OH_NNModel_AddOperation(model, op, &params_arr, &inputs_arr, &outputs_arr), OH_NN_SUCCESS)
      << "operation " << op;
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model, &model_inputs, &outputs_arr), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model), OH_NN_SUCCESS);
  const bool* supported = nullptr;
  uint32_t count = 0;
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &supported, &count), OH_NN_SUCCESS);
  r->supported = supported != nullptr && count == 1 && supported[0];
  return model;
}

NN_Tensor* MakeTensor(const Operand& o, bool copy_data) {
  NN_TensorDesc* d = MakeDesc(o.type, o.shape);
  NN_Tensor* t = OH_NNTensor_Create(0, d);
  OH_NNTensorDesc_Destroy(&d);
  EXPECT_NE(t, nullptr);
  if (t != nullptr && copy_data && !o.data.empty()) {
    std::memcpy(OH_NNTensor_GetDataBuffer(t), o.data.data(), o.data.size());
  }
  return t;
}

}  // namespace

RunResult RunOperation(OH_NN_OperationType op, const std::vector<Operand>& inputs, const std::vector<Param>& params,
                       const std::vector<Operand>& outputs) {
  RunResult r;
  OH_NNModel* model = BuildModel(op, inputs, params, outputs, &r);
  OH_NNCompilation* compilation = OH_NNCompilation_Construct(model);
  OH_NNModel_Destroy(&model);
  EXPECT_EQ(OH_NNCompilation_SetDevice(compilation, 0), OH_NN_SUCCESS);
  r.build = OH_NNCompilation_Build(compilation);
  OH_NNExecutor* executor = r.build == OH_NN_SUCCESS ? OH_NNExecutor_Construct(compilation) : nullptr;
  OH_NNCompilation_Destroy(&compilation);
  if (executor == nullptr) return r;
  std::vector<NN_Tensor*> in_tensors, out_tensors;
  for (const Operand& o : inputs) {
    if (!o.constant) in_tensors.push_back(MakeTensor(o, true));
  }
  for (const Operand& o : outputs) out_tensors.push_back(MakeTensor(o, false));
  r.run = OH_NNExecutor_RunSync(executor, in_tensors.data(), in_tensors.size(), out_tensors.data(),
                                out_tensors.size());
  for (size_t i = 0; r.run == OH_NN_SUCCESS && i < outputs.size(); ++i) {
    const uint8_t* bytes = out_tensors[i] == nullptr ? nullptr
                                                     : static_cast<const uint8_t*>(OH_NNTensor_GetDataBuffer(out_tensors[i]));
    const size_t n = Elements(outputs[i].shape) * TypeSize(outputs[i].type);
    r.outputs.push_back(bytes == nullptr ? std::vector<uint8_t>() : std::vector<uint8_t>(bytes, bytes + n));
    int32_t* shape = nullptr;
    uint32_t rank = 0;
    std::vector<int32_t> reported;
    if (OH_NNExecutor_GetOutputShape(executor, static_cast<uint32_t>(i), &shape, &rank) == OH_NN_SUCCESS &&
        shape != nullptr) {
      reported.assign(shape, shape + rank);
    }
    r.shapes.push_back(reported);
  }
  for (NN_Tensor*& t : in_tensors) OH_NNTensor_Destroy(&t);
  for (NN_Tensor*& t : out_tensors) OH_NNTensor_Destroy(&t);
  OH_NNExecutor_Destroy(&executor);
  return r;
}

RunResult RunSupportedOperation(OH_NN_OperationType op, const std::vector<Operand>& inputs,
                                const std::vector<Param>& params, const std::vector<Operand>& outputs) {
  const RunResult r = RunOperation(op, inputs, params, outputs);
  EXPECT_TRUE(r.supported) << "operation " << op;
  EXPECT_EQ(r.build, OH_NN_SUCCESS) << "operation " << op;
  EXPECT_EQ(r.run, OH_NN_SUCCESS) << "operation " << op;
  return r;
}

}  // namespace e2e
}  // namespace rt
}  // namespace nnrt
