#include "reference/ops/tensor/transpose.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

OpHarness& TransposeCase(OpHarness& h, const std::vector<float>& x, Dims x_dims, const std::vector<int32_t>& perm) {
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kInt32, {static_cast<int32_t>(perm.size())}, Bytes(perm))
      .Output(DataType::kFloat32);
  return h;
}

// ops_catalog #41 [UT] shape: [2,3] -> [3,2].
TEST(TransposeTest, MatrixCatalogShape) {
  OpHarness h(NodeType::TRANSPOSE);
  TransposeCase(h, {1, 2, 3, 4, 5, 6}, {2, 3}, {1, 0});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{3, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1, 4, 2, 5, 3, 6}));
  EXPECT_TRUE(h.GuardIntact());
}

// y.dims[i] = x.dims[perm[i]] and y[i0,i1,i2] = x at index (perm-inverse):
// a 3-cycle, where the permutation and its inverse differ.
TEST(TransposeTest, ThreeCycleIsNotItsInverseC601) {
  std::vector<float> x(24);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  OpHarness h(NodeType::TRANSPOSE);
  TransposeCase(h, x, {2, 3, 4}, {2, 0, 1});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{4, 2, 3}));
  const std::vector<double> y = h.OutDoubles();
  // y[k][i][j] = x[i][j][k]
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 3; ++j) EXPECT_EQ(y[static_cast<size_t>(k * 6 + i * 3 + j)], i * 12 + j * 4 + k);
    }
  }
}

// The strided copy (an odometer over the output index) against the
// definition y[i] = x[sum of i[a] * stride_x[perm[a]]], element by element:
// rank 5 with every axis moved, rank 1, and NCHW -> NHWC.
TEST(TransposeTest, StridedCopyMatchesTheIndexDefinition) {
  struct Shape {
    Dims dims;
    std::vector<int32_t> perm;
  };
  for (const Shape& s : {Shape{{2, 3, 1, 4, 5}, {4, 2, 0, 3, 1}}, Shape{{7}, {0}}, Shape{{1, 3, 4, 5}, {0, 2, 3, 1}}}) {
    size_t count = 1;
    for (int32_t d : s.dims) count *= static_cast<size_t>(d);
    std::vector<float> x(count);
    for (size_t i = 0; i < count; ++i) x[i] = static_cast<float>(i);
    OpHarness h(NodeType::TRANSPOSE);
    TransposeCase(h, x, s.dims, s.perm);
    ASSERT_TRUE(h.Run().ok());
    const size_t rank = s.dims.size();
    std::vector<int64_t> x_strides(rank, 1);
    for (size_t a = rank - 1; a > 0; --a) x_strides[a - 1] = x_strides[a] * s.dims[a];
    Dims out;
    for (int32_t p : s.perm) out.push_back(s.dims[static_cast<size_t>(p)]);
    EXPECT_EQ(h.OutDims(), out);
    const std::vector<double> y = h.OutDoubles();
    ASSERT_EQ(y.size(), count);
    std::vector<int64_t> index(rank, 0);
    for (size_t flat = 0; flat < count; ++flat) {
      int64_t offset = 0;
      for (size_t a = 0; a < rank; ++a) offset += index[a] * x_strides[static_cast<size_t>(s.perm[a])];
      EXPECT_EQ(y[flat], static_cast<double>(offset)) << "element " << flat;
      for (size_t a = rank; a-- > 0;) {
        if (++index[a] < out[a]) break;
        index[a] = 0;
      }
    }
    EXPECT_TRUE(h.GuardIntact());
  }
}

// C-601: not a permutation, wrong length, negative values, 2-D perm.
TEST(TransposeTest, BadPermutationRejectedC601) {
  for (const std::vector<int32_t>& perm :
       {std::vector<int32_t>{0, 0}, std::vector<int32_t>{0, 2}, std::vector<int32_t>{-1, 0}}) {
    OpHarness h(NodeType::TRANSPOSE);
    TransposeCase(h, {1, 2, 3, 4}, {2, 2}, perm);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_INPUT) << perm[0] << "," << perm[1];  // a run-time perm value
  }
  OpHarness length(NodeType::TRANSPOSE);
  TransposeCase(length, {1, 2, 3, 4}, {2, 2}, {0, 1, 2});
  EXPECT_EQ(length.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness two_d(NodeType::TRANSPOSE);
  two_d.Input(DataType::kFloat32, {2, 2}, Bytes(std::vector<float>{1, 2, 3, 4}))
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{1, 0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(two_d.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness float_perm(NodeType::TRANSPOSE);
  float_perm.Input(DataType::kFloat32, {2, 2}, Bytes(std::vector<float>{1, 2, 3, 4}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(float_perm.Infer().code(), NNRT_INVALID_MODEL);
}

// A perm unknown at prepare time gives rank-many -1 dims; int64 perm accepted.
TEST(TransposeTest, RuntimePermAndInt64Perm) {
  OpHarness h(NodeType::TRANSPOSE);
  h.Input(DataType::kFloat32, {2, 3}, {}).Input(DataType::kInt64, {2}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, -1}));
  OpHarness r(NodeType::TRANSPOSE);
  r.Input(DataType::kFloat32, {1, 3}, Bytes(std::vector<float>{1, 2, 3}))
      .Input(DataType::kInt64, {2}, Bytes(std::vector<int64_t>{1, 0}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(r.Run().ok());
  EXPECT_EQ(r.OutDims(), (Dims{3, 1}));
}

// C-600: bytes copied (NaN payload, -0); quantized params must agree.
TEST(TransposeTest, ExactCopyAndQuantParamsC600) {
  const uint32_t bits[4] = {0x7FC00123u, 0x80000000u, 0x00000001u, 0xFF800000u};
  std::vector<float> x(4);
  std::memcpy(x.data(), bits, sizeof(bits));
  OpHarness h(NodeType::TRANSPOSE);
  TransposeCase(h, x, {2, 2}, {1, 0});
  ASSERT_TRUE(h.Run().ok());
  uint32_t out[4];
  std::memcpy(out, h.ctx().outputs[0].mutable_data, sizeof(out));
  EXPECT_EQ(out[0], bits[0]);
  EXPECT_EQ(out[1], bits[2]);
  EXPECT_EQ(out[2], bits[1]);
  EXPECT_EQ(out[3], bits[3]);
  OpHarness requant(NodeType::TRANSPOSE);
  requant.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{1, 2}), {QP(0.5, 0)})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Output(DataType::kInt8, {QP(0.25, 0)});
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class TransposeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(TransposeEveryDataType, MatrixInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x =
      t == DataType::kBool ? std::vector<double>{1, 0, 0, 1, 1, 0} : std::vector<double>{-1, 2, 3, -4, 5, 0};
  OpHarness h(NodeType::TRANSPOSE);
  h.Input(t, {2, 3}, testing::EncodeAs(t, x, q), q)
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{1, 0}))
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{x[0], x[3], x[1], x[4], x[2], x[5]})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, TransposeEveryDataType, ::testing::ValuesIn(TransposeOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
