// End-to-end tests of the operand types of OH_NN_OPS_MAXIMUM, MINIMUM and MOD
// through the OH_NN C API (C-692): the arithmetic family's types uint16,
// uint32, uint64 and float64 as ADD takes them (C-41), and one bool operand
// beside a number (ops_catalog #20, #97: "not both bool"; #83: a constant
// scalar). Build a one-operation model, compile it for the reference device,
// run it with OH_NNExecutor_RunSync, and check the output.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::As;
using e2e::Operand;
using e2e::Raw;

e2e::RunResult RunOp(OH_NN_OperationType op, const std::vector<Operand>& inputs, const Operand& output) {
  const e2e::RunResult r = e2e::RunOperation(op, inputs, {}, {output});
  EXPECT_TRUE(r.supported) << "operation " << op;
  EXPECT_EQ(r.build, OH_NN_SUCCESS) << "operation " << op;
  EXPECT_EQ(r.run, OH_NN_SUCCESS) << "operation " << op;
  return r;
}

// The ONNX node tests' shapes: Max/Min/Mod on [3] of each wide type.
TEST(BinaryMathTypesEndToEnd, UnsignedIntegers) {
  const uint64_t big = std::numeric_limits<uint64_t>::max();
  const e2e::RunResult max64 =
      RunOp(OH_NN_OPS_MAXIMUM,
            {Operand{OH_NN_UINT64, {3}, Raw(std::vector<uint64_t>{big, 1, 7})},
             Operand{OH_NN_UINT64, {3}, Raw(std::vector<uint64_t>{1, 2, 7})}},
            Operand{OH_NN_UINT64, {3}});
  EXPECT_EQ(As<uint64_t>(max64.outputs.at(0)), (std::vector<uint64_t>{big, 2, 7}));
  const e2e::RunResult min32 =
      RunOp(OH_NN_OPS_MINIMUM,
            {Operand{OH_NN_UINT32, {3}, Raw(std::vector<uint32_t>{4000000000u, 3, 0})},
             Operand{OH_NN_UINT32, {1}, Raw(std::vector<uint32_t>{5})}},
            Operand{OH_NN_UINT32, {3}});
  EXPECT_EQ(As<uint32_t>(min32.outputs.at(0)), (std::vector<uint32_t>{5, 3, 0}));
  const e2e::RunResult mod16 =
      RunOp(OH_NN_OPS_MOD,
            {Operand{OH_NN_UINT16, {3}, Raw(std::vector<uint16_t>{65535, 7, 9})},
             Operand{OH_NN_UINT16, {3}, Raw(std::vector<uint16_t>{256, 65535, 3})}},
            Operand{OH_NN_UINT16, {3}});
  EXPECT_EQ(As<uint16_t>(mod16.outputs.at(0)), (std::vector<uint16_t>{255, 7, 0}));
  const e2e::RunResult mod64 = RunOp(OH_NN_OPS_MOD,
                                     {Operand{OH_NN_UINT64, {1}, Raw(std::vector<uint64_t>{big})},
                                      Operand{OH_NN_UINT64, {1}, Raw(std::vector<uint64_t>{10})}},
                                     Operand{OH_NN_UINT64, {1}});
  EXPECT_EQ(As<uint64_t>(mod64.outputs.at(0)), (std::vector<uint64_t>{big % 10}));
}

TEST(BinaryMathTypesEndToEnd, Float64) {
  const std::vector<Operand> in = {Operand{OH_NN_FLOAT64, {3}, Raw(std::vector<double>{1e300, -7.25, 0.1})},
                                   Operand{OH_NN_FLOAT64, {3}, Raw(std::vector<double>{3, 2, 0.1000000000000001})}};
  EXPECT_EQ(As<double>(RunOp(OH_NN_OPS_MAXIMUM, in, Operand{OH_NN_FLOAT64, {3}}).outputs.at(0)),
            (std::vector<double>{1e300, 2, 0.1000000000000001}));
  EXPECT_EQ(As<double>(RunOp(OH_NN_OPS_MINIMUM, in, Operand{OH_NN_FLOAT64, {3}}).outputs.at(0)),
            (std::vector<double>{3, -7.25, 0.1}));
  EXPECT_EQ(As<double>(RunOp(OH_NN_OPS_MOD, in, Operand{OH_NN_FLOAT64, {3}}).outputs.at(0)),
            (std::vector<double>{std::fmod(1e300, 3.0), -1.25, 0.1}));
}

// ops_catalog #97 XTS model 3 (MinimumTest.SUB_AI_NNRt_Func_North_Minimum_Build_03,
// float32 [] against bool []) on shape [1]: this helper creates OH_NN tensors
// for the run, which rank 0 does not allow; the rank-0 form is golden
// binary_math/c692_minimum_float32_beside_bool.
TEST(BinaryMathTypesEndToEnd, MinimumFloat32BesideBool) {
  const std::vector<Operand> in = {Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{1})},
                                   Operand{OH_NN_BOOL, {1}, std::vector<uint8_t>{0}}};
  const e2e::RunResult r = RunOp(OH_NN_OPS_MINIMUM, in, Operand{OH_NN_FLOAT32, {1}});
  EXPECT_EQ(As<float>(r.outputs.at(0)), (std::vector<float>{0}));
  const e2e::RunResult mx = RunOp(OH_NN_OPS_MAXIMUM,
                                  {Operand{OH_NN_BOOL, {3}, std::vector<uint8_t>{1, 0, 1}},
                                   Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{-3, -3, 5})}},
                                  Operand{OH_NN_INT32, {3}});
  EXPECT_EQ(As<int32_t>(mx.outputs.at(0)), (std::vector<int32_t>{1, 0, 5}));
}

// The form of MinimumTest.SUB_AI_NNRt_Func_North_Minimum_Build_03 itself:
// float32 [] and bool [] model inputs, a float32 [] output; the model
// finishes, compiles for the reference device and gets an executor.
TEST(BinaryMathTypesEndToEnd, MinimumRank0Float32AndBoolBuilds) {
  OH_NNModel* model = OH_NNModel_Construct();
  ASSERT_NE(model, nullptr);
  for (OH_NN_DataType t : {OH_NN_FLOAT32, OH_NN_BOOL, OH_NN_FLOAT32}) {
    NN_TensorDesc* d = OH_NNTensorDesc_Create();
    EXPECT_EQ(OH_NNTensorDesc_SetDataType(d, t), OH_NN_SUCCESS);
    EXPECT_EQ(OH_NNModel_AddTensorToModel(model, d), OH_NN_SUCCESS);
    OH_NNTensorDesc_Destroy(&d);
  }
  uint32_t in[] = {0, 1}, out[] = {2};
  const OH_NN_UInt32Array params{nullptr, 0}, inputs{in, 2}, outputs{out, 1};
  EXPECT_EQ(OH_NNModel_AddOperation(model, OH_NN_OPS_MINIMUM, &params, &inputs, &outputs), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model, &inputs, &outputs), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model), OH_NN_SUCCESS);
  OH_NNCompilation* compilation = OH_NNCompilation_Construct(model);
  ASSERT_NE(compilation, nullptr);
  EXPECT_EQ(OH_NNCompilation_SetDevice(compilation, 0), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(compilation), OH_NN_SUCCESS);
  OH_NNExecutor* executor = OH_NNExecutor_Construct(compilation);
  EXPECT_NE(executor, nullptr);
  OH_NNExecutor_Destroy(&executor);
  OH_NNCompilation_Destroy(&compilation);
  OH_NNModel_Destroy(&model);
}

// ops_catalog #83 XTS model 2 with the bool dividend a constant: true mod
// int64 [2,3,4] -> [1,1,1]. A bool model input is refused at build.
TEST(BinaryMathTypesEndToEnd, ModConstantBoolDividend) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_MOD,
                                 {Operand{OH_NN_BOOL, {1}, std::vector<uint8_t>{1}, true},
                                  Operand{OH_NN_INT64, {3}, Raw(std::vector<int64_t>{2, 3, 4})}},
                                 Operand{OH_NN_INT64, {3}});
  EXPECT_EQ(As<int64_t>(r.outputs.at(0)), (std::vector<int64_t>{1, 1, 1}));
  const e2e::RunResult refused = e2e::RunOperation(OH_NN_OPS_MOD,
                                                   {Operand{OH_NN_BOOL, {1}, std::vector<uint8_t>{1}},
                                                    Operand{OH_NN_INT64, {3}, Raw(std::vector<int64_t>{2, 3, 4})}},
                                                   {}, {Operand{OH_NN_INT64, {3}}});
  EXPECT_NE(refused.build, OH_NN_SUCCESS);
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
