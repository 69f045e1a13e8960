#include "reference/device/interpreter.h"

#include <gtest/gtest.h>

#include <thread>

#include "reference/device/testing/test_models.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace {

using testing::AbsModel;
using testing::AddModel;
using testing::BytesToFloats;
using testing::FloatTensor;

Status SameShapeFloat32(OpContext& ctx) {
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  return Status::Ok();
}

Status NegateKernel(OpContext& ctx) {
  for (int64_t i = 0; i < ctx.inputs[0].elements(); ++i) {
    StoreDouble(DataType::kFloat32, ctx.outputs[0].mutable_data, i, -LoadAsDouble(DataType::kFloat32, ctx.inputs[0].data, i));
  }
  return Status::Ok();
}

TEST(Interpreter, RunsAChainOfNodesWithAConstant) {
  std::unique_ptr<PreparedInterpreter> p;
  Status s = PrepareInterpreter(AddModel({2, 3}, {2, 3}), &p);
  ASSERT_TRUE(s.ok()) << s.ToString();
  std::vector<HostTensor> out;
  s = p->Run({FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6}), FloatTensor({2, 3}, {10, 20, 30, 40, 50, 60})}, &out);
  ASSERT_TRUE(s.ok()) << s.ToString();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dims, (Dims{2, 3}));
  EXPECT_EQ(out[0].data_type, DataType::kFloat32);
  EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{11.5f, 23.5f, 35.5f, 47.5f, 59.5f, 71.5f}));
}

TEST(Interpreter, DynamicInputsGetConcreteOutputDims) {
  std::unique_ptr<PreparedInterpreter> p;
  Status s = PrepareInterpreter(AddModel({-1, 3}, {1, 3}), &p);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(p->prepared_dims()[4], (Dims{-1, 3}));
  std::vector<HostTensor> out;
  s = p->Run({FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6}), FloatTensor({2, 3}, {0, 0, 0, 0, 0, 0})}, &out);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(out[0].dims, (Dims{2, 3}));
  EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{1.5f, 3.5f, 5.5f, 4.5f, 6.5f, 8.5f}));
  s = p->Run({FloatTensor({1, 3}, {1, 1, 1}), FloatTensor({1, 3}, {1, 1, 1})}, &out);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(out[0].dims, (Dims{1, 3}));
  EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{2.5f, 3.5f, 4.5f}));
}

TEST(Interpreter, RejectsBadInputs) {
  std::unique_ptr<PreparedInterpreter> p;
  ASSERT_TRUE(PrepareInterpreter(AddModel({-1, 3}, {1, 3}), &p).ok());
  const HostTensor good = FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6});
  std::vector<HostTensor> out;
  EXPECT_EQ(p->Run({good}, &out).code(), NNRT_INVALID_INPUT);  // count
  HostTensor int_input = good;
  int_input.data_type = DataType::kInt32;
  EXPECT_EQ(p->Run({good, int_input}, &out).code(), NNRT_INVALID_INPUT);  // dtype
  EXPECT_EQ(p->Run({good, FloatTensor({6}, {1, 2, 3, 4, 5, 6})}, &out).code(), NNRT_INVALID_INPUT);  // rank
  EXPECT_EQ(p->Run({good, FloatTensor({3, 2}, {1, 2, 3, 4, 5, 6})}, &out).code(), NNRT_INVALID_INPUT);  // fixed dim
  EXPECT_EQ(p->Run({good, FloatTensor({0, 3}, {})}, &out).code(), NNRT_INVALID_INPUT);  // dynamic dim 0 (C-30)
  HostTensor short_data = good;
  short_data.data.pop_back();
  EXPECT_EQ(p->Run({good, short_data}, &out).code(), NNRT_INVALID_INPUT);  // byte size
  EXPECT_EQ(p->Run({good, good}, nullptr).code(), NNRT_NULL_PTR);
  EXPECT_TRUE(p->Run({good, good}, &out).ok());
}

TEST(Interpreter, InvalidModelsAreRejectedAtPrepare) {
  std::unique_ptr<PreparedInterpreter> p;
  Model m = AddModel({2, 3}, {2, 3});
  m.nodes[1].inputs[0] = 99;
  EXPECT_EQ(PrepareInterpreter(m, &p).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(p, nullptr);
  m = AddModel({2, 3}, {4, 3});  // constant cannot broadcast against [2, 3]
  const Status s = PrepareInterpreter(m, &p);
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("node 1 'add2'"), std::string::npos) << s.message();
  std::vector<bool> supported;
  m = AddModel({2, 3}, {2, 3});
  m.outputs = {7};
  EXPECT_EQ(SupportedOperations(m, &supported).code(), NNRT_INVALID_MODEL);
}

// PrepareInterpreterTakingModel holds the caller's constants without a copy
// (the same buffer runs and comes back) and computes what PrepareInterpreter does.
TEST(Interpreter, TakingTheModelHoldsItsConstantsOnceAndGivesThemBack) {
  Model m = AddModel({2, 3}, {2, 3});
  const uint8_t* constant = m.tensors[2].data.data();
  const size_t constant_bytes = m.tensors[2].data.size();
  std::unique_ptr<PreparedInterpreter> p;
  const Status s = PrepareInterpreterTakingModel(&m, InterpreterOptions(), &p);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_TRUE(m.tensors.empty());
  EXPECT_EQ(p->model().tensors[2].data.data(), constant);
  std::vector<HostTensor> out;
  ASSERT_TRUE(p->Run({FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6}), FloatTensor({2, 3}, {10, 20, 30, 40, 50, 60})}, &out).ok());
  EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{11.5f, 23.5f, 35.5f, 47.5f, 59.5f, 71.5f}));
  m = ReleaseInterpreterModel(std::move(p));
  ASSERT_EQ(m.tensors.size(), 5u);
  EXPECT_EQ(m.tensors[2].data.data(), constant);
  EXPECT_EQ(m.tensors[2].data.size(), constant_bytes);
  EXPECT_EQ(m.nodes.size(), 2u);
  EXPECT_EQ(ReleaseInterpreterModel(nullptr).tensors.size(), 0u);
}

// A model the interpreter refuses stays with the caller, as it was.
TEST(Interpreter, TakingARefusedModelLeavesItWithTheCaller) {
  Model m = AddModel({2, 3}, {4, 3});  // the constant cannot broadcast against [2, 3]
  const uint8_t* constant = m.tensors[2].data.data();
  std::unique_ptr<PreparedInterpreter> p;
  EXPECT_EQ(PrepareInterpreterTakingModel(&m, InterpreterOptions(), &p).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(p, nullptr);
  ASSERT_EQ(m.tensors.size(), 5u);
  EXPECT_EQ(m.tensors[2].data.data(), constant);
  EXPECT_EQ(m.name, "add_chain");
  m.nodes[1].inputs[0] = 99;  // structurally invalid: refused before it is taken
  EXPECT_EQ(PrepareInterpreterTakingModel(&m, InterpreterOptions(), &p).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(m.nodes.size(), 2u);
  EXPECT_EQ(PrepareInterpreterTakingModel(nullptr, InterpreterOptions(), &p).code(), NNRT_NULL_PTR);
}

InterpreterOptions WithoutAbs() {
  InterpreterOptions options;
  options.unsupported.push_back(NodeType::ABS);
  return options;
}

TEST(Interpreter, UnsupportedNodeTypeIsUnsupportedOp) {
  std::unique_ptr<PreparedInterpreter> p;
  EXPECT_EQ(PrepareInterpreter(AbsModel({4}), WithoutAbs(), &p).code(), NNRT_UNSUPPORTED_OP);
  std::vector<bool> supported;
  ASSERT_TRUE(SupportedOperations(AbsModel({4}), WithoutAbs(), &supported).ok());
  EXPECT_EQ(supported, (std::vector<bool>{false}));
}

TEST(Interpreter, SupportedOperationsIsPerNode) {
  // add1 -> ABS(sum) as a third node: ADD supported, ABS not (without override).
  Model m = AddModel({2, 3}, {2, 3});
  m.tensors.push_back(testing::MakeTensor("abs_out", DataType::kFloat32, {2, 3}));
  Node abs;
  abs.type = NodeType::ABS;
  abs.inputs = {4};
  abs.outputs = {5};
  m.nodes.push_back(abs);
  m.outputs = {5};
  std::vector<bool> supported;
  ASSERT_TRUE(SupportedOperations(m, WithoutAbs(), &supported).ok());
  EXPECT_EQ(supported, (std::vector<bool>{true, true, false}));
  // A node whose InferNode fails (ADD with 3 inputs) is unsupported too.
  Model bad = m;
  bad.nodes[0].inputs = {0, 1, 2};
  ASSERT_TRUE(SupportedOperations(bad, WithoutAbs(), &supported).ok());
  EXPECT_EQ(supported, (std::vector<bool>{false, true, false}));
  InterpreterOptions options;
  options.overrides.push_back({NodeType::ABS, &NegateKernel, &SameShapeFloat32});
  ASSERT_TRUE(SupportedOperations(m, options, &supported).ok());
  EXPECT_EQ(supported, (std::vector<bool>{true, true, true}));
  // `unsupported` wins over an override of the same type.
  options.unsupported.push_back(NodeType::ABS);
  ASSERT_TRUE(SupportedOperations(m, options, &supported).ok());
  EXPECT_EQ(supported, (std::vector<bool>{true, true, false}));
}

TEST(Interpreter, KernelOverrideReplacesTheKernel) {
  InterpreterOptions options;
  options.overrides.push_back({NodeType::ABS, &NegateKernel, &SameShapeFloat32});
  std::unique_ptr<PreparedInterpreter> p;
  ASSERT_TRUE(PrepareInterpreter(AbsModel({-1}), options, &p).ok());
  std::vector<HostTensor> out;
  ASSERT_TRUE(p->Run({FloatTensor({3}, {1.0f, -2.0f, 0.25f})}, &out).ok());
  EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{-1.0f, 2.0f, -0.25f}));
  // Overriding ADD's kernel only (keeping its InferFn) changes ADD's result.
  InterpreterOptions add_options;
  add_options.overrides.push_back({NodeType::ADD_FUSION, &NegateKernel});
  ASSERT_TRUE(PrepareInterpreter(AddModel({1, 2}, {1, 2}), add_options, &p).ok());
  ASSERT_TRUE(p->Run({FloatTensor({1, 2}, {1, 2}), FloatTensor({1, 2}, {5, 5})}, &out).ok());
  // add1 -> -a = {-1, -2}; add2 -> -(that) = {1, 2}.
  EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{1.0f, 2.0f}));
}

TEST(Interpreter, ConcurrentRunsGiveIdenticalResults) {
  std::unique_ptr<PreparedInterpreter> p;
  ASSERT_TRUE(PrepareInterpreter(AddModel({-1, 3}, {1, 3}), &p).ok());
  std::vector<std::vector<HostTensor>> inputs;
  std::vector<std::vector<HostTensor>> expected;
  for (int k = 1; k <= 4; ++k) {
    std::vector<float> a, b;
    for (int i = 0; i < 3 * k; ++i) {
      a.push_back(0.1f * static_cast<float>(i) + static_cast<float>(k));
      b.push_back(-0.37f * static_cast<float>(i));
    }
    inputs.push_back({FloatTensor({k, 3}, a), FloatTensor({k, 3}, b)});
    std::vector<HostTensor> out;
    ASSERT_TRUE(p->Run(inputs.back(), &out).ok());
    expected.push_back(out);
  }
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int iter = 0; iter < 200; ++iter) {
        const int k = (t + iter) % 4;
        std::vector<HostTensor> out;
        if (!p->Run(inputs[k], &out).ok() || out[0].data != expected[k][0].data || out[0].dims != expected[k][0].dims) {
          ++mismatches[t];
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(mismatches, (std::vector<int>{0, 0, 0, 0}));
}

}  // namespace
}  // namespace nnrt
