// NNAdapter API end to end on the reference: element-wise operations, float32
// and quantised (int8 symmetric, uint8 asymmetric).
#include <gtest/gtest.h>

#include <cmath>

#include "reference/nnadapter/testing/api_model_builder.h"
#include "reference/nnadapter/testing/comparison_cases.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

// y = op(a, b, fuse) on float32 [n] tensors.
std::vector<float> Binary(int32_t op, const std::vector<float>& a, const std::vector<float>& b, int32_t fuse) {
  ApiModelBuilder m;
  const int32_t n = static_cast<int32_t>(a.size());
  NNAdapterOperand* x0 = m.Operand(Type(kF32, {n}));
  NNAdapterOperand* x1 = m.Operand(Type(kF32, {n}));
  NNAdapterOperand* y = m.Operand(Type(kF32, {n}));
  EXPECT_EQ(m.Operation(op, {x0, x1, m.Int32(fuse)}, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({x0, x1}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({Buffer<float>({n}, a), Buffer<float>({n}, b)}, &out), NNADAPTER_NO_ERROR);
  return Values<float>(out[0]);
}

// y = op(x, extra operands...) on a float32 [n] tensor.
template <typename Out = float>
std::vector<Out> Unary(int32_t op, const std::vector<float>& x, int32_t out_precision = kF32,
                       std::vector<NNAdapterOperand*> (*extra)(ApiModelBuilder&) = nullptr) {
  ApiModelBuilder m;
  const int32_t n = static_cast<int32_t>(x.size());
  NNAdapterOperand* in = m.Operand(Type(kF32, {n}));
  NNAdapterOperand* y = m.Operand(Type(out_precision, {n}));
  std::vector<NNAdapterOperand*> ins = {in};
  if (extra != nullptr) {
    for (NNAdapterOperand* o : extra(m)) ins.push_back(o);
  }
  EXPECT_EQ(m.Operation(op, ins, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({in}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({Buffer<float>({n}, x)}, &out), NNADAPTER_NO_ERROR);
  return Values<Out>(out[0]);
}

TEST(NNAdapterElementwise, ArithmeticWithFuseCodes) {
  EXPECT_EQ(Binary(NNADAPTER_ADD, {-1, 2}, {0.5f, 0.5f}, NNADAPTER_FUSED_RELU), (std::vector<float>{0, 2.5f}));
  // RELU1 clamps to [0, 1] (C-815), not NNAPI's [-1, 1].
  EXPECT_EQ(Binary(NNADAPTER_ADD, {-3, 0.25f, 3}, {0, 0, 0}, NNADAPTER_FUSED_RELU1),
            (std::vector<float>{0, 0.25f, 1}));
  EXPECT_EQ(Binary(NNADAPTER_SUB, {1, 2}, {0.5f, 4}, NNADAPTER_FUSED_NONE), (std::vector<float>{0.5f, -2}));
  EXPECT_EQ(Binary(NNADAPTER_MUL, {1.5f, -2}, {2, 4}, NNADAPTER_FUSED_RELU6), (std::vector<float>{3, 0}));
  EXPECT_EQ(Binary(NNADAPTER_DIV, {1, -3}, {4, 2}, NNADAPTER_FUSED_NONE), (std::vector<float>{0.25f, -1.5f}));
  EXPECT_EQ(Binary(NNADAPTER_MAX, {1, -3, 9}, {4, -5, 7}, NNADAPTER_FUSED_RELU6), (std::vector<float>{4, 0, 6}));
  EXPECT_EQ(Binary(NNADAPTER_MIN, {1, -3}, {4, -5}, NNADAPTER_FUSED_NONE), (std::vector<float>{1, -5}));
}

TEST(NNAdapterElementwise, Comparisons) {
  for (const ComparisonCase& c : ComparisonsOf123Against222()) {
    ApiModelBuilder m;
    NNAdapterOperand* a = m.Operand(Type(kF32, {3}));
    NNAdapterOperand* b = m.Operand(Type(kF32, {3}));
    NNAdapterOperand* y = m.Operand(Type(NNADAPTER_BOOL8, {3}));
    ASSERT_EQ(m.Operation(c.op, {a, b}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR) << c.op;
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<float>({3}, {1, 2, 3}), Buffer<float>({3}, {2, 2, 2})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<uint8_t>(out[0]), c.expected) << c.op;
  }
}

TEST(NNAdapterElementwise, Activations) {
  EXPECT_EQ(Unary(NNADAPTER_RELU, {-1, 0.5f}), (std::vector<float>{0, 0.5f}));
  EXPECT_EQ(Unary(NNADAPTER_RELU6, {-1, 7}), (std::vector<float>{0, 6}));
  EXPECT_EQ(Unary(NNADAPTER_SIGMOID, {0}), (std::vector<float>{0.5f}));
  EXPECT_EQ(Unary(NNADAPTER_TANH, {0}), (std::vector<float>{0}));
  EXPECT_EQ(Unary(NNADAPTER_SWISH, {0}), (std::vector<float>{0}));
  EXPECT_EQ(Unary(NNADAPTER_ABS, {-2.5f, 1}), (std::vector<float>{2.5f, 1}));
  EXPECT_EQ(Unary(NNADAPTER_EXP, {0, 1}), (std::vector<float>{1, static_cast<float>(std::exp(1.0))}));
  EXPECT_EQ(Unary(NNADAPTER_LOG, {1}), (std::vector<float>{0}));
  EXPECT_EQ(Unary(NNADAPTER_LEAKY_RELU, {-2, 3}, kF32,
                  [](ApiModelBuilder& m) { return std::vector<NNAdapterOperand*>{m.Float32(0.5f)}; }),
            (std::vector<float>{-1, 3}));
  EXPECT_EQ(Unary(NNADAPTER_GELU, {0}, kF32,
                  [](ApiModelBuilder& m) { return std::vector<NNAdapterOperand*>{m.Bool(false)}; }),
            (std::vector<float>{0}));
  EXPECT_EQ(Unary(NNADAPTER_CLIP, {-2, 0.5f, 3}, kF32,
                  [](ApiModelBuilder& m) {
                    return std::vector<NNAdapterOperand*>{m.Constant(Type(kF32, {1}), std::vector<float>{-1}),
                                                          m.Constant(Type(kF32, {1}), std::vector<float>{1})};
                  }),
            (std::vector<float>{-1, 0.5f, 1}));
}

// int8 symmetric per layer: real = 0.5 * q.
TEST(NNAdapterElementwise, Int8SymmetricAddAndRelu) {
  ApiModelBuilder m;
  const NNAdapterOperandType q = Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {3}, 0.5f);
  NNAdapterOperand* a = m.Operand(q);
  NNAdapterOperand* b = m.Operand(q);
  NNAdapterOperand* sum = m.Operand(q);
  NNAdapterOperand* y = m.Operand(q);
  ASSERT_EQ(m.Operation(NNADAPTER_ADD, {a, b, m.Int32(NNADAPTER_FUSED_NONE)}, {sum}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Operation(NNADAPTER_RELU, {sum}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  ASSERT_EQ(m.Run({Buffer<int8_t>({3}, {2, -4, 100}), Buffer<int8_t>({3}, {2, 2, 100})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int8_t>(out[0]), (std::vector<int8_t>{4, 0, 127}));  // 200 saturates at 127
}

// int8 (scale 0.5 everywhere): the unary activations and the binary
// operations without saturation or rounding ties.
std::vector<int8_t> Int8Unary(int32_t op, const std::vector<int8_t>& x) {
  ApiModelBuilder m;
  const NNAdapterOperandType q = Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {static_cast<int32_t>(x.size())}, 0.5f);
  NNAdapterOperand* in = m.Operand(q);
  NNAdapterOperand* y = m.Operand(q);
  EXPECT_EQ(m.Operation(op, {in}, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({in}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({Buffer<int8_t>({static_cast<int32_t>(x.size())}, x)}, &out), NNADAPTER_NO_ERROR);
  return Values<int8_t>(out[0]);
}

std::vector<int8_t> Int8Binary(int32_t op, const std::vector<int8_t>& a, const std::vector<int8_t>& c) {
  ApiModelBuilder m;
  const NNAdapterOperandType q = Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {static_cast<int32_t>(a.size())}, 0.5f);
  NNAdapterOperand* x0 = m.Operand(q);
  NNAdapterOperand* x1 = m.Operand(q);
  NNAdapterOperand* y = m.Operand(q);
  EXPECT_EQ(m.Operation(op, {x0, x1, m.Int32(NNADAPTER_FUSED_NONE)}, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({x0, x1}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  const int32_t n = static_cast<int32_t>(a.size());
  EXPECT_EQ(m.Run({Buffer<int8_t>({n}, a), Buffer<int8_t>({n}, c)}, &out), NNADAPTER_NO_ERROR);
  return Values<int8_t>(out[0]);
}

TEST(NNAdapterElementwise, Int8ActivationsAndBinaryOperations) {
  EXPECT_EQ(Int8Unary(NNADAPTER_RELU6, {-4, 4, 20}), (std::vector<int8_t>{0, 4, 12}));
  EXPECT_EQ(Int8Unary(NNADAPTER_ABS, {-4, 3}), (std::vector<int8_t>{4, 3}));
  EXPECT_EQ(Int8Binary(NNADAPTER_SUB, {4, 2}, {2, 6}), (std::vector<int8_t>{2, -4}));
  EXPECT_EQ(Int8Binary(NNADAPTER_MUL, {4, -6}, {2, 4}), (std::vector<int8_t>{4, -12}));  // {2, -3} * {1, 2}
  EXPECT_EQ(Int8Binary(NNADAPTER_MAX, {2, -4}, {1, 6}), (std::vector<int8_t>{2, 6}));
  EXPECT_EQ(Int8Binary(NNADAPTER_MIN, {2, -4}, {1, 6}), (std::vector<int8_t>{1, -4}));
}

// uint8 asymmetric: real = 0.25 * (q - 128).
TEST(NNAdapterElementwise, Uint8AsymmetricMul) {
  ApiModelBuilder m;
  const NNAdapterOperandType q = Type(NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER, {2}, 0.25f, 128);
  NNAdapterOperand* a = m.Operand(q);
  NNAdapterOperand* b = m.Operand(q);
  NNAdapterOperand* y = m.Operand(q);
  ASSERT_EQ(m.Operation(NNADAPTER_MUL, {a, b, m.Int32(NNADAPTER_FUSED_NONE)}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  // (2 * 3) = 6 -> 152; (-1 * 2) = -2 -> 120.
  ASSERT_EQ(m.Run({Buffer<uint8_t>({2}, {136, 124}), Buffer<uint8_t>({2}, {140, 136})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{152, 120}));
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
