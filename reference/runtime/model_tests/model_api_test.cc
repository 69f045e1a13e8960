// OH_NNModel_* and OH_NNQuantParam_* through the C API: every check of
// api_state_machine 1.3.2 / 1.3.3 with its return code, in table form where
// the calls share a shape, plus the Building -> Finished state machine and
// what Finish produces (api_state_machine 1.2.1).
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/nn_model.h"
#include "reference/runtime/tensor_desc.h"

namespace nnrt {
namespace rt {
namespace {

// ---- Fixture: an Add model [1,2,2,1] float32 (the developer-guide model) ----

class ModelApiTest : public ::testing::Test {
 protected:
  void SetUp() override { model_ = OH_NNModel_Construct(); ASSERT_NE(model_, nullptr); }
  void TearDown() override { OH_NNModel_Destroy(&model_); }

  OH_NN_ReturnCode AddDesc(OH_NN_DataType dtype, std::vector<int32_t> shape) {
    TensorDesc desc;
    desc.data_type = dtype;
    desc.shape = std::move(shape);
    return OH_NNModel_AddTensorToModel(model_, reinterpret_cast<NN_TensorDesc*>(&desc));
  }

  // Tensors 0, 1 (inputs), 2 (activation param), 3 (output); one Add op.
  void BuildAddGraph() {
    for (int i = 0; i < 2; ++i) ASSERT_EQ(AddDesc(OH_NN_FLOAT32, {1, 2, 2, 1}), OH_NN_SUCCESS);
    ASSERT_EQ(AddDesc(OH_NN_INT8, {}), OH_NN_SUCCESS);
    ASSERT_EQ(OH_NNModel_SetTensorType(model_, 2, OH_NN_ADD_ACTIVATIONTYPE), OH_NN_SUCCESS);
    const int8_t fuse = OH_NN_FUSED_NONE;
    ASSERT_EQ(OH_NNModel_SetTensorData(model_, 2, &fuse, 1), OH_NN_SUCCESS);
    ASSERT_EQ(AddDesc(OH_NN_FLOAT32, {1, 2, 2, 1}), OH_NN_SUCCESS);
    ASSERT_EQ(OH_NNModel_AddOperation(model_, OH_NN_OPS_ADD, &params_, &inputs_, &outputs_), OH_NN_SUCCESS);
  }
  void BuildAndFinish() {
    BuildAddGraph();
    ASSERT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, &outputs_), OH_NN_SUCCESS);
    ASSERT_EQ(OH_NNModel_Finish(model_), OH_NN_SUCCESS);
  }
  NNModel& impl() { return *AsModel(model_); }

  OH_NNModel* model_ = nullptr;
  uint32_t in_[2] = {0, 1};
  uint32_t out_[1] = {3};
  uint32_t par_[1] = {2};
  OH_NN_UInt32Array inputs_{in_, 2};
  OH_NN_UInt32Array outputs_{out_, 1};
  OH_NN_UInt32Array params_{par_, 1};
  OH_NN_UInt32Array empty_{nullptr, 0};
};

// ---- Construct / Destroy -----------------------------------------------------

TEST(ModelLifecycle, DestroyIsANoOpOnNullAndClearsThePointer) {
  OH_NNModel_Destroy(nullptr);
  OH_NNModel* none = nullptr;
  OH_NNModel_Destroy(&none);
  OH_NNModel* m = OH_NNModel_Construct();
  ASSERT_NE(m, nullptr);
  OH_NNModel_Destroy(&m);
  EXPECT_EQ(m, nullptr);
  OH_NNModel_Destroy(&m);  // second destroy of the same variable: no-op
}

// ---- AddTensorToModel (1.3.3) -------------------------------------------------

TEST_F(ModelApiTest, AddTensorToModelChecks) {
  TensorDesc desc;
  desc.data_type = OH_NN_FLOAT32;
  EXPECT_EQ(OH_NNModel_AddTensorToModel(nullptr, reinterpret_cast<NN_TensorDesc*>(&desc)), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_AddTensorToModel(model_, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(AddDesc(static_cast<OH_NN_DataType>(13), {1}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(AddDesc(OH_NN_FLOAT32, {1, 0}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(AddDesc(OH_NN_FLOAT32, {1, -2}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(AddDesc(OH_NN_FLOAT32, {65536, 65536}), OH_NN_INVALID_PARAMETER);  // 16 GiB > UINT32_MAX bytes
  EXPECT_EQ(impl().tensors().size(), 0u);
  EXPECT_EQ(AddDesc(OH_NN_FLOAT32, {-1, 3}), OH_NN_SUCCESS);  // dynamic
  EXPECT_EQ(AddDesc(OH_NN_UNKNOWN, {}), OH_NN_SUCCESS);      // scalar, UNKNOWN accepted
  EXPECT_EQ(AddDesc(OH_NN_INT8, {65536, 65535}), OH_NN_SUCCESS);  // just below UINT32_MAX bytes
  ASSERT_EQ(impl().tensors().size(), 3u);
  EXPECT_EQ(impl().tensors()[0].tensor_type, OH_NN_TENSOR);
  EXPECT_TRUE(impl().tensors()[0].quant_params.empty());
}

// ---- AddTensor (API 9) ----------------------------------------------------------

TEST_F(ModelApiTest, AddTensorApi9Checks) {
  const int32_t dims[] = {1, 2};
  const int32_t zero_dim[] = {1, 0};
  const uint32_t bits8[] = {8};
  const uint32_t bits4[] = {4};
  const double scale[] = {0.5};
  const int32_t zp[] = {1};
  const OH_NN_QuantParam q8{1, bits8, scale, zp};
  const OH_NN_QuantParam q4{1, bits4, scale, zp};
  const OH_NN_QuantParam q_null_scale{1, bits8, nullptr, zp};
  struct Row {
    const char* what;
    OH_NN_Tensor tensor;
    OH_NN_ReturnCode want;
  };
  const Row rows[] = {
      {"bad data type", {static_cast<OH_NN_DataType>(13), 2, dims, nullptr, OH_NN_TENSOR}, OH_NN_INVALID_PARAMETER},
      {"bad tensor type", {OH_NN_FLOAT32, 2, dims, nullptr, static_cast<OH_NN_TensorType>(163)},
       OH_NN_INVALID_PARAMETER},
      {"dims NULL with count", {OH_NN_FLOAT32, 2, nullptr, nullptr, OH_NN_TENSOR}, OH_NN_INVALID_PARAMETER},
      {"dims without count", {OH_NN_FLOAT32, 0, dims, nullptr, OH_NN_TENSOR}, OH_NN_INVALID_PARAMETER},
      {"zero dim", {OH_NN_FLOAT32, 2, zero_dim, nullptr, OH_NN_TENSOR}, OH_NN_INVALID_PARAMETER},
      {"quant NULL scale", {OH_NN_INT8, 2, dims, &q_null_scale, OH_NN_TENSOR}, OH_NN_INVALID_PARAMETER},
      {"quant numBits 4", {OH_NN_INT8, 2, dims, &q4, OH_NN_TENSOR}, OH_NN_INVALID_PARAMETER},
      {"valid quantized", {OH_NN_INT8, 2, dims, &q8, OH_NN_TENSOR}, OH_NN_SUCCESS},
      {"valid scalar param", {OH_NN_INT8, 0, nullptr, nullptr, OH_NN_ADD_ACTIVATIONTYPE}, OH_NN_SUCCESS},
  };
  for (const Row& r : rows) EXPECT_EQ(OH_NNModel_AddTensor(model_, &r.tensor), r.want) << r.what;
  EXPECT_EQ(OH_NNModel_AddTensor(nullptr, &rows[7].tensor), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_AddTensor(model_, nullptr), OH_NN_INVALID_PARAMETER);
  ASSERT_EQ(impl().tensors().size(), 2u);
  ASSERT_EQ(impl().tensors()[0].quant_params.size(), 1u);
  EXPECT_EQ(impl().tensors()[0].quant_params[0].scale, 0.5);
  EXPECT_EQ(impl().tensors()[0].quant_params[0].zero_point, 1);
  EXPECT_EQ(impl().tensors()[1].tensor_type, OH_NN_ADD_ACTIVATIONTYPE);
}

// ---- SetTensorData ---------------------------------------------------------------

TEST_F(ModelApiTest, SetTensorDataChecksInOrder) {
  ASSERT_EQ(AddDesc(OH_NN_FLOAT32, {2}), OH_NN_SUCCESS);
  ASSERT_EQ(AddDesc(OH_NN_FLOAT32, {-1}), OH_NN_SUCCESS);
  ASSERT_EQ(AddDesc(OH_NN_UNKNOWN, {2}), OH_NN_SUCCESS);
  const float two[2] = {1.0f, 2.0f};
  EXPECT_EQ(OH_NNModel_SetTensorData(nullptr, 0, two, 8), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 0, nullptr, 8), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 0, two, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 3, two, 8), OH_NN_INVALID_PARAMETER);   // index out of range
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 1, two, 8), OH_NN_OPERATION_FORBIDDEN);  // dynamic shape
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 0, two, 4), OH_NN_INVALID_PARAMETER);   // wrong length
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 2, two, 8), OH_NN_INVALID_PARAMETER);   // UNKNOWN: 0 bytes expected
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 0, two, 8), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 0, two, 8), OH_NN_INVALID_PARAMETER);   // already set
}

// ---- SetTensorQuantParams and NN_QuantParam -------------------------------------------

TEST(QuantParamApi, SettersRejectNullAndZeroCount) {
  NN_QuantParam* q = OH_NNQuantParam_Create();
  ASSERT_NE(q, nullptr);
  const double s[] = {0.5};
  const int32_t z[] = {0};
  const uint32_t b[] = {8};
  EXPECT_EQ(OH_NNQuantParam_SetScales(nullptr, s, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetScales(q, nullptr, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetScales(q, s, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetZeroPoints(nullptr, z, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetZeroPoints(q, nullptr, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetZeroPoints(q, z, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetNumBits(nullptr, b, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetNumBits(q, nullptr, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetNumBits(q, b, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_SetScales(q, s, 1), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNQuantParam_SetZeroPoints(q, z, 1), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNQuantParam_SetNumBits(q, b, 1), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNQuantParam_Destroy(nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNQuantParam_Destroy(&q), OH_NN_SUCCESS);
  EXPECT_EQ(q, nullptr);
  EXPECT_EQ(OH_NNQuantParam_Destroy(&q), OH_NN_INVALID_PARAMETER);  // double destroy through the cleared pointer
}

TEST_F(ModelApiTest, SetTensorQuantParamsChecks) {
  ASSERT_EQ(AddDesc(OH_NN_INT8, {2}), OH_NN_SUCCESS);
  NN_QuantParam* q = OH_NNQuantParam_Create();
  const double s[] = {0.5, 0.25};
  const int32_t z[] = {1, 2};
  const uint32_t b8[] = {8, 8};
  const uint32_t b_bad[] = {8, 7};
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(nullptr, 0, q), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 0, nullptr), OH_NN_INVALID_PARAMETER);
  // A never-set QuantParam has three empty arrays: accepted, no quant params.
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 0, q), OH_NN_SUCCESS);
  EXPECT_TRUE(impl().tensors()[0].quant_params.empty());
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 1, q), OH_NN_INVALID_PARAMETER);  // index
  OH_NNQuantParam_SetScales(q, s, 2);
  OH_NNQuantParam_SetZeroPoints(q, z, 1);
  OH_NNQuantParam_SetNumBits(q, b8, 2);
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 0, q), OH_NN_INVALID_PARAMETER);  // counts differ
  OH_NNQuantParam_SetZeroPoints(q, z, 2);
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 0, q), OH_NN_SUCCESS);
  ASSERT_EQ(impl().tensors()[0].quant_params.size(), 2u);
  EXPECT_EQ(impl().tensors()[0].quant_params[1].scale, 0.25);
  EXPECT_EQ(impl().tensors()[0].quant_params[1].zero_point, 2);
  OH_NNQuantParam_SetNumBits(q, b_bad, 2);
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 0, q), OH_NN_INVALID_PARAMETER);
  EXPECT_TRUE(impl().tensors()[0].quant_params.empty());  // cleared on a bad numBits
  OH_NNQuantParam_Destroy(&q);
}

// XTS Model_SetQuantParam_0600..0800: one of the three arrays never set.
TEST_F(ModelApiTest, SetTensorQuantParamsWithOneArrayUnsetIsInvalid) {
  ASSERT_EQ(AddDesc(OH_NN_INT8, {2}), OH_NN_SUCCESS);
  const double s[] = {0.2};
  const int32_t z[] = {0};
  const uint32_t b[] = {8};
  for (int unset = 0; unset < 3; ++unset) {
    NN_QuantParam* q = OH_NNQuantParam_Create();
    if (unset != 0) OH_NNQuantParam_SetScales(q, s, 1);
    if (unset != 1) OH_NNQuantParam_SetZeroPoints(q, z, 1);
    if (unset != 2) OH_NNQuantParam_SetNumBits(q, b, 1);
    EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 0, q), OH_NN_INVALID_PARAMETER) << unset;
    OH_NNQuantParam_Destroy(&q);
  }
}

// ---- SetTensorType ----------------------------------------------------------------------

TEST_F(ModelApiTest, SetTensorTypeChecks) {
  ASSERT_EQ(AddDesc(OH_NN_INT8, {}), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SetTensorType(nullptr, 0, OH_NN_TENSOR), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SetTensorType(model_, 0, static_cast<OH_NN_TensorType>(163)), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SetTensorType(model_, 1, OH_NN_TENSOR), OH_NN_INVALID_PARAMETER);
  for (int t = 0; t <= 162; ++t) {
    EXPECT_EQ(OH_NNModel_SetTensorType(model_, 0, static_cast<OH_NN_TensorType>(t)), OH_NN_SUCCESS) << t;
  }
  EXPECT_EQ(impl().tensors()[0].tensor_type, OH_NN_REDUCE_L2_COEFF);
}

// ---- AddOperation -------------------------------------------------------------------------

TEST_F(ModelApiTest, AddOperationChecksInOrder) {
  for (int i = 0; i < 2; ++i) ASSERT_EQ(AddDesc(OH_NN_FLOAT32, {1, 2, 2, 1}), OH_NN_SUCCESS);
  ASSERT_EQ(AddDesc(OH_NN_INT8, {}), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNModel_SetTensorType(model_, 2, OH_NN_ADD_ACTIVATIONTYPE), OH_NN_SUCCESS);
  ASSERT_EQ(AddDesc(OH_NN_FLOAT32, {1, 2, 2, 1}), OH_NN_SUCCESS);
  uint32_t big[201] = {0};
  uint32_t out_of_range[1] = {4};
  uint32_t param_as_input[2] = {0, 2};
  uint32_t overlap[1] = {0};
  OH_NN_UInt32Array too_many{big, 201};
  OH_NN_UInt32Array null_data{nullptr, 1};
  OH_NN_UInt32Array zero_size{in_, 0};
  OH_NN_UInt32Array bad_index{out_of_range, 1};
  OH_NN_UInt32Array param_input{param_as_input, 2};
  OH_NN_UInt32Array overlapping{overlap, 1};
  struct Row {
    const char* what;
    int32_t op;
    OH_NN_UInt32Array* params;
    OH_NN_UInt32Array* inputs;
    OH_NN_UInt32Array* outputs;
    OH_NN_ReturnCode want;
  };
  const Row rows[] = {
      {"params NULL", OH_NN_OPS_ADD, nullptr, &inputs_, &outputs_, OH_NN_INVALID_PARAMETER},
      {"inputs NULL", OH_NN_OPS_ADD, &params_, nullptr, &outputs_, OH_NN_INVALID_PARAMETER},
      {"outputs NULL", OH_NN_OPS_ADD, &params_, &inputs_, nullptr, OH_NN_INVALID_PARAMETER},
      {"no inputs", OH_NN_OPS_ADD, &params_, &empty_, &outputs_, OH_NN_INVALID_PARAMETER},
      {"201 inputs", OH_NN_OPS_ADD, &params_, &too_many, &outputs_, OH_NN_INVALID_PARAMETER},
      {"no outputs", OH_NN_OPS_ADD, &params_, &inputs_, &empty_, OH_NN_INVALID_PARAMETER},
      {"201 outputs", OH_NN_OPS_ADD, &params_, &inputs_, &too_many, OH_NN_INVALID_PARAMETER},
      {"input data NULL", OH_NN_OPS_ADD, &params_, &null_data, &outputs_, OH_NN_INVALID_PARAMETER},
      {"input index range", OH_NN_OPS_ADD, &params_, &bad_index, &outputs_, OH_NN_INVALID_PARAMETER},
      {"output index range", OH_NN_OPS_ADD, &params_, &inputs_, &bad_index, OH_NN_INVALID_PARAMETER},
      {"param tensor as input", OH_NN_OPS_ADD, &params_, &param_input, &outputs_, OH_NN_INVALID_PARAMETER},
      {"input is also output", OH_NN_OPS_ADD, &params_, &inputs_, &overlapping, OH_NN_INVALID_PARAMETER},
      {"param size 0 with data", OH_NN_OPS_ADD, &zero_size, &inputs_, &outputs_, OH_NN_INVALID_PARAMETER},
      {"param data NULL with size", OH_NN_OPS_ADD, &null_data, &inputs_, &outputs_, OH_NN_INVALID_PARAMETER},
      {"param index range", OH_NN_OPS_ADD, &bad_index, &inputs_, &outputs_, OH_NN_INVALID_PARAMETER},
      {"op 0", 0, &empty_, &inputs_, &outputs_, OH_NN_INVALID_PARAMETER},
      {"op 109", 109, &empty_, &inputs_, &outputs_, OH_NN_INVALID_PARAMETER},
      {"param without data", OH_NN_OPS_ADD, &params_, &inputs_, &outputs_, OH_NN_INVALID_PARAMETER},
  };
  for (const Row& r : rows) {
    EXPECT_EQ(OH_NNModel_AddOperation(model_, static_cast<OH_NN_OperationType>(r.op), r.params, r.inputs, r.outputs),
              r.want)
        << r.what;
  }
  EXPECT_EQ(OH_NNModel_AddOperation(nullptr, OH_NN_OPS_ADD, &params_, &inputs_, &outputs_), OH_NN_INVALID_PARAMETER);
  EXPECT_TRUE(impl().operations().empty());
  // {NULL, 0} is the valid empty parameter list: defaults apply.
  EXPECT_EQ(OH_NNModel_AddOperation(model_, OH_NN_OPS_ADD, &empty_, &inputs_, &outputs_), OH_NN_SUCCESS);
  EXPECT_EQ(impl().operations().size(), 1u);
}

// ---- SpecifyInputsAndOutputs -----------------------------------------------------------------

TEST_F(ModelApiTest, SpecifyInputsAndOutputsChecks) {
  BuildAddGraph();
  uint32_t overlap[1] = {0};
  uint32_t param[1] = {2};
  OH_NN_UInt32Array overlapping{overlap, 1};
  OH_NN_UInt32Array param_tensor{param, 1};
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(nullptr, &inputs_, &outputs_), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, nullptr, &outputs_), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &empty_, &outputs_), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, &overlapping), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &param_tensor, &outputs_), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, &outputs_), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, &outputs_), OH_NN_OPERATION_FORBIDDEN);
}

// docs/clarifications.md C-117.
TEST_F(ModelApiTest, ModelInputsAndOutputsCannotCarryData) {
  BuildAddGraph();
  const float c[4] = {1, 2, 3, 4};
  ASSERT_EQ(OH_NNModel_SetTensorData(model_, 1, c, sizeof(c)), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, &outputs_), OH_NN_INVALID_PARAMETER);
  uint32_t in[1] = {0};
  OH_NN_UInt32Array inputs{in, 1};
  ASSERT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs, &outputs_), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 0, c, sizeof(c)), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 3, c, sizeof(c)), OH_NN_INVALID_PARAMETER);
}

// ---- Finish and the Finished state -----------------------------------------------------------------

TEST_F(ModelApiTest, FinishPreconditionsAreForbiddenInOrder) {
  EXPECT_EQ(OH_NNModel_Finish(nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_Finish(model_), OH_NN_OPERATION_FORBIDDEN);  // no tensors
  ASSERT_EQ(AddDesc(OH_NN_FLOAT32, {1, 2, 2, 1}), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model_), OH_NN_OPERATION_FORBIDDEN);  // no operations
  OH_NNModel_Destroy(&model_);
  model_ = OH_NNModel_Construct();
  BuildAddGraph();
  EXPECT_EQ(OH_NNModel_Finish(model_), OH_NN_OPERATION_FORBIDDEN);  // inputs/outputs not specified
  ASSERT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, &outputs_), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model_), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model_), OH_NN_OPERATION_FORBIDDEN);
}

TEST_F(ModelApiTest, MutatorsAfterFinishAreForbidden) {
  BuildAndFinish();
  const float v[4] = {0, 0, 0, 0};
  const int32_t dims[] = {1};
  const OH_NN_Tensor t{OH_NN_FLOAT32, 1, dims, nullptr, OH_NN_TENSOR};
  NN_QuantParam* q = OH_NNQuantParam_Create();
  EXPECT_EQ(OH_NNModel_AddTensor(model_, &t), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNModel_SetTensorData(model_, 0, v, 16), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNModel_SetTensorQuantParams(model_, 0, q), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNModel_SetTensorType(model_, 0, OH_NN_TENSOR), OH_NN_OPERATION_FORBIDDEN);
  // An invalid enum value is still reported first (api_state_machine 1.2.1).
  EXPECT_EQ(OH_NNModel_SetTensorType(model_, 0, static_cast<OH_NN_TensorType>(200)), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_AddOperation(model_, OH_NN_OPS_ADD, &params_, &inputs_, &outputs_), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs_, &outputs_), OH_NN_OPERATION_FORBIDDEN);
  // AddTensorToModel has no state check (docs/clarifications.md C-101); the
  // lowered model is unchanged.
  EXPECT_EQ(AddDesc(OH_NN_FLOAT32, {1}), OH_NN_SUCCESS);
  EXPECT_EQ(impl().LoweredModel().tensors.size(), 3u);
  OH_NNQuantParam_Destroy(&q);
}

TEST_F(ModelApiTest, FinishDropsParameterTensorsAndRenumbers) {
  BuildAndFinish();
  const Model& m = impl().LoweredModel();
  EXPECT_EQ(m.name, "NNR_Model");
  ASSERT_EQ(m.tensors.size(), 3u);  // tensor 2 (the activation parameter) is gone
  EXPECT_EQ(m.tensors[0].name, "Tensor: 0");
  EXPECT_EQ(m.tensors[2].name, "Tensor: 3");
  EXPECT_EQ(m.tensors[0].data_type, DataType::kFloat32);
  EXPECT_EQ(m.tensors[0].dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(m.inputs, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(m.outputs, (std::vector<uint32_t>{2}));
  ASSERT_EQ(m.nodes.size(), 1u);
  EXPECT_EQ(m.nodes[0].name, "Add:0");
  EXPECT_EQ(m.nodes[0].type, NodeType::ADD_FUSION);
  EXPECT_EQ(m.nodes[0].inputs, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(m.nodes[0].outputs, (std::vector<uint32_t>{2}));
  ASSERT_EQ(m.subgraphs.size(), 1u);
  EXPECT_EQ(m.subgraphs[0].name, "NNRt_SubGraph");
  EXPECT_EQ(m.subgraphs[0].nodes, (std::vector<uint32_t>{0}));
  EXPECT_TRUE(ValidateModelStructure(m).ok()) << ValidateModelStructure(m).ToString();
}

TEST_F(ModelApiTest, ConstantInputsStayInTheLoweredModel) {
  BuildAddGraph();
  const float c[4] = {1, 2, 3, 4};
  ASSERT_EQ(OH_NNModel_SetTensorData(model_, 1, c, sizeof(c)), OH_NN_SUCCESS);
  uint32_t in[1] = {0};
  OH_NN_UInt32Array inputs{in, 1};
  ASSERT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs, &outputs_), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNModel_Finish(model_), OH_NN_SUCCESS);
  const Model& m = impl().LoweredModel();
  ASSERT_EQ(m.tensors.size(), 3u);
  EXPECT_EQ(m.tensors[1].data.size(), sizeof(c));
  EXPECT_EQ(m.inputs, (std::vector<uint32_t>{0}));
}

TEST_F(ModelApiTest, QuantizedOutputMakesTheNodeQuantTypeAll) {
  for (int i = 0; i < 3; ++i) ASSERT_EQ(AddDesc(OH_NN_INT8, {4}), OH_NN_SUCCESS);
  NN_QuantParam* q = OH_NNQuantParam_Create();
  const double s[] = {0.5};
  const int32_t z[] = {0};
  const uint32_t b[] = {8};
  OH_NNQuantParam_SetScales(q, s, 1);
  OH_NNQuantParam_SetZeroPoints(q, z, 1);
  OH_NNQuantParam_SetNumBits(q, b, 1);
  ASSERT_EQ(OH_NNModel_SetTensorQuantParams(model_, 2, q), OH_NN_SUCCESS);
  OH_NNQuantParam_Destroy(&q);  // the model keeps a copy
  uint32_t out[1] = {2};
  OH_NN_UInt32Array outputs{out, 1};
  ASSERT_EQ(OH_NNModel_AddOperation(model_, OH_NN_OPS_SUB, &empty_, &inputs_, &outputs), OH_NN_SUCCESS);
  EXPECT_EQ(impl().operations()[0].node.quant_type, QuantType::kAll);
  EXPECT_EQ(impl().tensors()[2].quant_params.size(), 1u);
}

TEST_F(ModelApiTest, NchwDescriptorFormatIsKeptOtherFormatsBecomeNhwc) {
  TensorDesc desc;
  desc.data_type = OH_NN_FLOAT32;
  desc.shape = {1, 3, 2, 2};
  desc.format = OH_NN_FORMAT_NCHW;
  ASSERT_EQ(OH_NNModel_AddTensorToModel(model_, reinterpret_cast<NN_TensorDesc*>(&desc)), OH_NN_SUCCESS);
  desc.format = OH_NN_FORMAT_ND;
  ASSERT_EQ(OH_NNModel_AddTensorToModel(model_, reinterpret_cast<NN_TensorDesc*>(&desc)), OH_NN_SUCCESS);
  uint32_t in[1] = {0};
  uint32_t out[1] = {1};
  OH_NN_UInt32Array inputs{in, 1};
  OH_NN_UInt32Array outputs{out, 1};
  ASSERT_EQ(OH_NNModel_AddOperation(model_, OH_NN_OPS_RELU, &empty_, &inputs, &outputs), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model_, &inputs, &outputs), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNModel_Finish(model_), OH_NN_SUCCESS);
  EXPECT_EQ(impl().LoweredModel().tensors[0].format, Format::kNchw);
  EXPECT_EQ(impl().LoweredModel().tensors[1].format, Format::kNhwc);
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
