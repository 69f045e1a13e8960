// NNAdapter API end to end on the reference: data movement operations.
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

// One operation on one float32 input `x` (dims `in_dims`) and the extra
// operands `extra(m)`; the output has dims `out_dims`.
template <typename Extra>
HostBuffer RunOne(int32_t op, std::vector<int32_t> in_dims, const std::vector<float>& x, std::vector<int32_t> out_dims,
                  Extra extra, int32_t precision = kF32) {
  ApiModelBuilder m;
  NNAdapterOperand* in = m.Operand(Type(precision, in_dims, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(precision, out_dims, 0.5f));
  std::vector<NNAdapterOperand*> ins = {in};
  for (NNAdapterOperand* o : extra(m)) ins.push_back(o);
  EXPECT_EQ(m.Operation(op, ins, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({in}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  HostBuffer input = Buffer<float>(in_dims, x);
  if (precision != kF32) {
    std::vector<int8_t> q(x.begin(), x.end());
    input = Buffer<int8_t>(in_dims, q);
  }
  EXPECT_EQ(m.Run({input}, &out), NNADAPTER_NO_ERROR);
  return out[0];
}

using Ops = std::vector<NNAdapterOperand*>;

TEST(NNAdapterShape, ReshapeTransposeFlattenSqueezeUnsqueezeAssign) {
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  HostBuffer r = RunOne(NNADAPTER_RESHAPE, {2, 3}, x, {3, 2}, [](ApiModelBuilder& m) { return Ops{m.Int32s({3, -1})}; });
  EXPECT_EQ(r.dims, (std::vector<int32_t>{3, 2}));
  EXPECT_EQ(Values<float>(r), x);
  r = RunOne(NNADAPTER_TRANSPOSE, {2, 3}, x, {3, 2}, [](ApiModelBuilder& m) { return Ops{m.Int32s({1, 0})}; });
  EXPECT_EQ(Values<float>(r), (std::vector<float>{1, 4, 2, 5, 3, 6}));
  r = RunOne(NNADAPTER_FLATTEN, {1, 2, 3}, x, {1, 6},
             [](ApiModelBuilder& m) { return Ops{m.Int32(1), m.Int32(-1)}; });
  EXPECT_EQ(r.dims, (std::vector<int32_t>{1, 6}));
  r = RunOne(NNADAPTER_SQUEEZE, {1, 6}, x, {6}, [](ApiModelBuilder& m) { return Ops{m.Int32s({0})}; });
  EXPECT_EQ(r.dims, (std::vector<int32_t>{6}));
  r = RunOne(NNADAPTER_UNSQUEEZE, {6}, x, {6, 1}, [](ApiModelBuilder& m) { return Ops{m.Int32s({1})}; });
  EXPECT_EQ(r.dims, (std::vector<int32_t>{6, 1}));
  r = RunOne(NNADAPTER_ASSIGN, {6}, x, {6}, [](ApiModelBuilder&) { return Ops{}; });
  EXPECT_EQ(Values<float>(r), x);
  r = RunOne(NNADAPTER_GATHER, {3, 2}, x, {2, 2},
             [](ApiModelBuilder& m) { return Ops{m.Int32s({2, 0}), m.Int32(0)}; });
  EXPECT_EQ(Values<float>(r), (std::vector<float>{5, 6, 1, 2}));
}

TEST(NNAdapterShape, Int8ReshapeAndTranspose) {
  HostBuffer r = RunOne(NNADAPTER_TRANSPOSE, {2, 2}, {1, 2, 3, 4}, {2, 2},
                        [](ApiModelBuilder& m) { return Ops{m.Int32s({1, 0})}; }, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_EQ(Values<int8_t>(r), (std::vector<int8_t>{1, 3, 2, 4}));
  r = RunOne(NNADAPTER_RESHAPE, {2, 2}, {1, 2, 3, 4}, {4},
             [](ApiModelBuilder& m) { return Ops{m.Int32s({4})}; }, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_EQ(Values<int8_t>(r), (std::vector<int8_t>{1, 2, 3, 4}));
}

TEST(NNAdapterShape, ConcatStackSplit) {
  for (int32_t op : {NNADAPTER_CONCAT, NNADAPTER_STACK}) {
    ApiModelBuilder m;
    NNAdapterOperand* a = m.Operand(Type(kF32, {2}));
    NNAdapterOperand* b = m.Operand(Type(kF32, {2}));
    NNAdapterOperand* y = m.Operand(Type(kF32, op == NNADAPTER_CONCAT ? std::vector<int32_t>{4} : std::vector<int32_t>{2, 2}));
    ASSERT_EQ(m.Operation(op, {a, b, m.Int32(0)}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<float>({2}, {1, 2}), Buffer<float>({2}, {3, 4})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{1, 2, 3, 4}));
  }
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kF32, {3}));
  NNAdapterOperand* y0 = m.Operand(Type(kF32, {1}));
  NNAdapterOperand* y1 = m.Operand(Type(kF32, {2}));
  ASSERT_EQ(m.Operation(NNADAPTER_SPLIT, {x, m.Int32(0), m.Int32s({1, 2})}, {y0, y1}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y0, y1}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(2);
  ASSERT_EQ(m.Run({Buffer<float>({3}, {7, 8, 9})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{7}));
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{8, 9}));
}

TEST(NNAdapterShape, ReduceMeanAndPad) {
  HostBuffer r = RunOne(NNADAPTER_REDUCE_MEAN, {2, 2}, {1, 2, 3, 5}, {2},
                        [](ApiModelBuilder& m) { return Ops{m.Int32s({1}), m.Bool(false)}; });
  EXPECT_EQ(Values<float>(r), (std::vector<float>{1.5f, 4}));
  r = RunOne(NNADAPTER_PAD, {2}, {1, 2}, {5}, [](ApiModelBuilder& m) {
    return Ops{m.Int32s({1, 2}), m.Int32(NNADAPTER_PAD_MODE_CONSTANT), m.Float32(9)};
  });
  EXPECT_EQ(Values<float>(r), (std::vector<float>{9, 1, 2, 9, 9}));
  r = RunOne(NNADAPTER_PAD, {3}, {1, 2, 3}, {5}, [](ApiModelBuilder& m) {
    return Ops{m.Int32s({1, 1}), m.Int32(NNADAPTER_PAD_MODE_REFLECT), m.Float32(0)};
  });
  EXPECT_EQ(Values<float>(r), (std::vector<float>{2, 1, 2, 3, 2}));
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
