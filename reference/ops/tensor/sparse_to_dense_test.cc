#include "reference/ops/tensor/sparse_to_dense.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

// One SPARSE_TO_DENSE node: int32 indices [N, r], float32 values of
// `value_dims`, int64 sparseShape (empty vectors = not known yet).
OpHarness Case(const std::vector<int32_t>& indices, Dims index_dims, const std::vector<float>& values,
               Dims value_dims, const std::vector<int64_t>& shape, Dims shape_dims = {}) {
  if (shape_dims.empty()) shape_dims = {static_cast<int32_t>(shape.size())};
  OpHarness h(NodeType::SPARSE_TO_DENSE);
  h.Input(DataType::kInt32, std::move(index_dims), Bytes(indices))
      .Input(DataType::kFloat32, std::move(value_dims), Bytes(values))
      .Input(DataType::kInt64, std::move(shape_dims), Bytes(shape))
      .Output(DataType::kFloat32);
  return h;
}

std::vector<double> RunDense(OpHarness h, Dims* dims) {
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  *dims = s.ok() ? h.OutDims() : Dims{};
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

// The three XTS models with integer indices (ops_catalog #88).
TEST(SparseToDenseTest, CatalogModels) {
  Dims dims;
  EXPECT_EQ(RunDense(Case({0, 0, 1, 2}, {2, 2}, {1, 2}, {2}, {2, 3}), &dims),
            (std::vector<double>{1, 0, 0, 0, 0, 2}));
  EXPECT_EQ(dims, (Dims{2, 3}));
  EXPECT_EQ(RunDense(Case({0, 1, 1, 1, 1, 2}, {3, 2}, {3, 4, 5}, {3}, {2, 3}), &dims),
            (std::vector<double>{0, 3, 0, 0, 4, 5}));
  EXPECT_EQ(RunDense(Case({1, 0, 0, 3}, {2, 2}, {9, 10}, {2}, {3, 4}), &dims),
            (std::vector<double>{0, 0, 0, 10, 9, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(dims, (Dims{3, 4}));
}

// C-621: indices [N, r] with r = len(sparseShape) (any r >= 1), values [N]
// or one element for all; other forms (the XTS models 4-6) are rejected.
TEST(SparseToDenseTest, OperandFormsC621) {
  Dims dims;
  EXPECT_EQ(RunDense(Case({2, 0}, {2, 1}, {7}, {}, {3}), &dims), (std::vector<double>{7, 0, 7}));
  EXPECT_EQ(RunDense(Case({0, 1, 0, 1, 0, 0}, {2, 3}, {5}, {1}, {2, 2, 1}), &dims),
            (std::vector<double>{0, 5, 5, 0}));
  EXPECT_EQ(dims, (Dims{2, 2, 1}));
  EXPECT_EQ(Case({0, 0, 1, 2}, {4}, {1, 2}, {2}, {2, 3}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Case({0, 0, 1, 2}, {2, 2}, {1, 2}, {1, 2}, {2, 3}).Infer().code(), NNRT_INVALID_MODEL);
  const Status three = Case({0, 0, 1, 2}, {2, 2}, {1, 2}, {2}, {2, 3, 1}).Infer();
  EXPECT_EQ(three.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(three.message().find("has tuples of 2 but sparseShape has 3 dims"), std::string::npos)
      << three.message();
  EXPECT_EQ(Case({0, 0, 1, 2}, {2, 2}, {1, 2, 3}, {3}, {2, 3}).Infer().code(), NNRT_INVALID_MODEL);
}

// C-622: a later duplicate overwrites; components outside the shape (negative
// too) fail (NNRT_INVALID_INPUT for run-time operands).
TEST(SparseToDenseTest, DuplicatesAndRangeC622) {
  Dims dims;
  EXPECT_EQ(RunDense(Case({1, 1, 0, 0, 1, 1}, {3, 2}, {1, 2, 3}, {3}, {2, 2}), &dims),
            (std::vector<double>{2, 0, 0, 3}));
  const Status past = Case({0, 3}, {1, 2}, {1}, {1}, {2, 3}).Infer();
  EXPECT_EQ(past.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(past.message().find("component 1 = 3 is outside [0, 3)"), std::string::npos) << past.message();
  EXPECT_EQ(Case({-1, 0}, {1, 2}, {1}, {1}, {2, 3}).Infer().code(), NNRT_INVALID_INPUT);
}

// C-623: unwritten elements are real 0 (+0.0; the zero point when
// quantized); sparseShape values give the dims, -1 while unknown; a shape
// value below 1 fails.
TEST(SparseToDenseTest, FillAndDimsC623) {
  Dims dims;
  testing::ExpectSameValues(RunDense(Case({0, 0}, {1, 2}, {-0.0f}, {1}, {1, 2}), &dims), {-0.0, 0.0});
  OpHarness unknown(NodeType::SPARSE_TO_DENSE);
  unknown.Input(DataType::kInt32, {1, 2}, {})
      .Input(DataType::kFloat32, {1}, {})
      .Input(DataType::kInt32, {2}, {})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(unknown.Infer().ok());
  EXPECT_EQ(unknown.OutDims(), (Dims{-1, -1}));
  EXPECT_EQ(Case({0, 0}, {1, 2}, {1}, {1}, {1, 0}).Infer().code(), NNRT_INVALID_INPUT);
  OpHarness q(NodeType::SPARSE_TO_DENSE);
  q.Input(DataType::kInt64, {1, 1}, Bytes(std::vector<int64_t>{1}))
      .Input(DataType::kUint8, {1}, Bytes(std::vector<uint8_t>{200}), {QP(0.5, 8)})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{3}))
      .Output(DataType::kUint8, {QP(0.5, 8)});
  ASSERT_TRUE(q.Run().ok());
  EXPECT_EQ(q.OutInts(), (std::vector<int64_t>{8, 200, 8}));
}

class SparseToDenseEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(SparseToDenseEveryDataType, ValuesAndZeroFillInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : -3));
  const std::vector<double> v = t == DataType::kBool ? std::vector<double>{1, 1} : std::vector<double>{2, 3};
  OpHarness h(NodeType::SPARSE_TO_DENSE);
  h.Input(DataType::kInt32, {2, 1}, Bytes(std::vector<int32_t>{2, 0}))
      .Input(t, {2}, testing::EncodeAs(t, v, q), q)
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{3}))
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{v[1], 0, v[0]}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, SparseToDenseEveryDataType, ::testing::ValuesIn(SparseToDenseOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
