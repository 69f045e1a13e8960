#include "reference/ops/nn/matmul.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

struct MatMulRun {
  Status status;
  Dims dims;
  std::vector<double> values;
};

MatMulRun RunF32(const std::vector<float>& a, Dims a_dims, const std::vector<float>& b, Dims b_dims,
                 bool transpose_a = false, bool transpose_b = false, int8_t activation = 0) {
  OpHarness h(NodeType::MATMUL_FUSION);
  h.Input(DataType::kFloat32, std::move(a_dims), Bytes(a))
      .Input(DataType::kFloat32, std::move(b_dims), Bytes(b))
      .Output(DataType::kFloat32)
      .Attr(Attr::Bool("transposeA", transpose_a))
      .Attr(Attr::Bool("transposeB", transpose_b))
      .Attr(Attr::Int8("activationType", activation));
  MatMulRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.values = h.OutDoubles();
  }
  return r;
}

// ops_catalog #19 [UT]: X [1,1,3,2], Y [1,1,2,3] -> [1,1,3,3].
TEST(MatMulTest, CatalogShapes) {
  const MatMulRun r = RunF32({1, 2, 3, 4, 5, 6}, {1, 1, 3, 2}, {1, 2, 3, 4, 5, 6}, {1, 1, 2, 3});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 1, 3, 3}));
  EXPECT_EQ(r.values, (std::vector<double>{9, 12, 15, 19, 26, 33, 29, 40, 51}));
}

// C-502: the transposes swap the last two dims of their operand.
TEST(MatMulTest, TransposesC502) {
  MatMulRun r = RunF32({1, 2, 3, 4, 5, 6}, {2, 3}, {1, 0, 1, 0, 1, 0}, {2, 3}, false, true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{2, 2}));
  EXPECT_EQ(r.values, (std::vector<double>{4, 2, 10, 5}));
  r = RunF32({1, 2, 3, 4, 5, 6}, {3, 2}, {1, 1, 1}, {3, 1}, true, false);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{9, 12}));
  r = RunF32({1, 2, 3, 4, 5, 6}, {3, 2}, {1, 2, 3}, {1, 3}, true, true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{22, 28}));
}

// C-501: batch dims broadcast numpy-style, aligned from the right.
TEST(MatMulTest, BatchDimsBroadcastC501) {
  const MatMulRun r = RunF32({1, 2, 3, 4}, {2, 1, 1, 2}, {1, 1, 2, 1, 3, 1}, {3, 2, 1});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{2, 3, 1, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{3, 4, 5, 7, 10, 13}));
  EXPECT_EQ(RunF32({1, 2, 3, 4}, {2, 1, 2}, {1, 2, 3, 4, 5, 6}, {3, 2, 1}).status.code(), NNRT_INVALID_MODEL);
}

// C-500: rank 2..6; the reduction dims must agree.
TEST(MatMulTest, RankAndReductionDimsC500) {
  EXPECT_EQ(RunF32({1, 2}, {2}, {1, 2}, {2, 1}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(std::vector<float>(1, 1), {1, 1, 1, 1, 1, 1, 1}, {1}, {1, 1}).status.code(), NNRT_INVALID_MODEL);
  const MatMulRun r = RunF32({1, 2, 3}, {1, 3}, {1, 2}, {2, 1});
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(r.status.message().find("K = 3"), std::string::npos) << r.status.message();
  EXPECT_TRUE(RunF32({1}, {1, 1, 1, 1, 1, 1}, {2}, {1, 1}).status.ok());
}

TEST(MatMulTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::MATMUL_FUSION);
  h.Input(DataType::kFloat32, {-1, 2, 3}, {}).Input(DataType::kFloat32, {3, -1}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 2, -1}));
}

TEST(MatMulTest, FusedActivationAfterTheSum) {
  // [1,-2] x [[3],[1]] = 1; [1,-2] x [[1],[1]] = -1.
  EXPECT_EQ(RunF32({1, -2}, {1, 2}, {3, 1, 1, 1}, {2, 2}, false, false, 1).values, (std::vector<double>{1, 0}));
  EXPECT_EQ(RunF32({10, 0}, {1, 2}, {1, 1, 1, 1}, {2, 2}, false, false, 3).values, (std::vector<double>{6, 6}));
}

// C-504: float sums in double, rounded once (1 + 2^-30 - 1 survives in
// double; summed in float32 it would be 2^-30 lost then 0).
TEST(MatMulTest, FloatSumRoundedOnceC504) {
  const float tiny = 1.0f / (1 << 30);
  const MatMulRun r = RunF32({1, tiny, -1}, {1, 3}, {1, 1, 1}, {3, 1});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.values, (std::vector<double>{static_cast<double>(tiny)}));
}

// C-503: quantized a and b per tensor, exact int64 sum, one requantization.
TEST(MatMulTest, QuantizedRequantizesOnceC503) {
  auto run = [](QuantParam yq, int8_t activation, std::vector<QuantParam> bq) {
    OpHarness h(NodeType::MATMUL_FUSION);
    h.Input(DataType::kInt8, {1, 2}, Bytes(std::vector<int8_t>{3, -3}), {QP(0.5, 1)})  // [1, -2]
        .Input(DataType::kInt8, {2, 1}, Bytes(std::vector<int8_t>{12, 4}), std::move(bq))  // [3, 1]
        .Output(DataType::kInt8, {yq})
        .Attr(Attr::Int8("activationType", activation));
    const Status s = h.Run();
    return s.ok() ? h.OutInts() : std::vector<int64_t>{s.code()};
  };
  // acc = 2*12 + (-4)*4 = 8, M = 0.5*0.25/0.125 = 1 -> 8 - 1 = 7 (real 1).
  EXPECT_EQ(run(QP(0.125, -1), 0, {QP(0.25, 0)}), (std::vector<int64_t>{7}));
  // M = 0.125/0.3: t = 3.33 -> 3, + zp 5 = 8.
  EXPECT_EQ(run(QP(0.3, 5), 0, {QP(0.25, 0)}), (std::vector<int64_t>{8}));
  // Per-channel params on b are not a MATMUL_FUSION form (C-503).
  EXPECT_EQ(run(QP(0.125, -1), 0, {QP(0.25, 0), QP(0.5, 0)}), (std::vector<int64_t>{NNRT_INVALID_MODEL}));
}

class MatMulEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(MatMulEveryDataType, ProductInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  OpHarness h(NodeType::MATMUL_FUSION);
  // [[1,2],[3,4]] x [[0,1],[1,0]] swaps the columns.
  h.Input(t, {2, 2}, testing::EncodeAs(t, {1, 2, 3, 4}, q), q)
      .Input(t, {2, 2}, testing::EncodeAs(t, {0, 1, 1, 0}, q), q)
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{2, 1, 4, 3})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, MatMulEveryDataType, ::testing::ValuesIn(MatMulOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
