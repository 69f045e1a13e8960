#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/tensor/slice.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

std::vector<float> Iota(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return v;
}

// One CROP node: x float32 holding 0, 1, 2, ...; shape an int64 model input
// whose values are `shape`.
OpHarness CropCase(Dims x_dims, std::vector<int64_t> shape, int64_t axis, std::vector<int64_t> offset) {
  OpHarness h(NodeType::CROP);
  const size_t xn = static_cast<size_t>(ElementCount(x_dims).value_or(0));
  const int32_t sn = static_cast<int32_t>(shape.size());
  h.Input(DataType::kFloat32, x_dims, Bytes(Iota(xn)))
      .Input(DataType::kInt64, {sn}, Bytes(shape))
      .Output(DataType::kFloat32)
      .Attr(Attr::Int64("axis", axis))
      .Attr(Attr::Int64s("offset", std::move(offset)));
  return h;
}

// The documents (ops_catalog #91: shape "1-D tensor giving the size to crop"),
// C-656: shape's values are y's dims. Rank 1: x = 0..9, shape {4}, offset 2.
TEST(CropTest, ShapeValuesAreTheCropSizeC656) {
  OpHarness one = CropCase({10}, {4}, 0, {2});
  ASSERT_TRUE(one.Run().ok());
  EXPECT_EQ(one.OutDims(), (Dims{4}));
  EXPECT_EQ(one.OutDoubles(), (std::vector<double>{2, 3, 4, 5}));
  // Rank 4: x [1,3,4,4], shape {1,3,2,2}, axis 2, offsets {1,2}: x[:, :, 1:3, 2:4].
  OpHarness four = CropCase({1, 3, 4, 4}, {1, 3, 2, 2}, 2, {1, 2});
  ASSERT_TRUE(four.Run().ok());
  EXPECT_EQ(four.OutDims(), (Dims{1, 3, 2, 2}));
  EXPECT_EQ(four.OutDoubles(), (std::vector<double>{6, 7, 10, 11, 22, 23, 26, 27, 38, 39, 42, 43}));
}

// ops_catalog #91 XTS model 1 (C-656): x [2,4,4], shape values [2,2,2] in a
// float32 tensor, axis 0, offsets [0,1,1] -> x[0:2, 1:3, 1:3].
TEST(CropTest, CatalogModel1C656) {
  OpHarness h(NodeType::CROP);
  h.Input(DataType::kFloat32, {2, 4, 4}, Bytes(Iota(32)))
      .Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{2, 2, 2}))
      .Output(DataType::kFloat32)
      .Attr(Attr::Int64s("offset", {0, 1, 1}));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 2, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{5, 6, 9, 10, 21, 22, 25, 26}));
}

// C-656: shape must be 1-D with one whole value >= 1 per dim of x, equal to
// x's dims before axis; its dims are never the output dims. A run-time shape
// leaves the cropped dims unknown until the run, and its bad values are
// NNRT_INVALID_INPUT there (NNRT_INVALID_MODEL for a constant).
TEST(CropTest, ShapeValueRulesC656) {
  EXPECT_EQ(CropCase({3, 4}, {3}, 0, {}).Infer().code(), NNRT_INVALID_MODEL);   // one value for rank 2
  EXPECT_EQ(CropCase({3, 4}, {2, 2}, 1, {}).Run().code(), NNRT_INVALID_INPUT);  // dim 0 kept: 2 != 3
  EXPECT_EQ(CropCase({3, 4}, {3, 0}, 1, {}).Run().code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(CropCase({3, 4}, {3, -1}, 1, {}).Run().code(), NNRT_INVALID_INPUT);
  OpHarness matrix(NodeType::CROP);  // the old reading: a shape tensor of dims [2, 2]
  matrix.Input(DataType::kFloat32, {3, 4}, Bytes(Iota(12)))
      .Input(DataType::kInt32, {2, 2}, Bytes(std::vector<int32_t>{2, 2, 2, 2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(matrix.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness fraction(NodeType::CROP);
  fraction.Input(DataType::kFloat32, {4}, Bytes(Iota(4)))
      .Const(DataType::kFloat32, {1}, Bytes(std::vector<float>{2.5f}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(fraction.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness late(NodeType::CROP);
  late.Input(DataType::kFloat32, {3, 4}, Bytes(Iota(12)))
      .Input(DataType::kInt32, {2}, {})
      .Output(DataType::kFloat32)
      .Attr(Attr::Int64("axis", 1));
  ASSERT_TRUE(late.Infer().ok());
  EXPECT_EQ(late.OutDims(), (Dims{3, -1}));
  OpHarness konst(NodeType::CROP);
  konst.Input(DataType::kFloat32, {3, 4}, Bytes(Iota(12)))
      .Const(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{3, 5}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(konst.Infer().code(), NNRT_INVALID_MODEL);
}

// C-657: one offset applies to every cropped dim; axis keeps the dims before
// it (negative counted from the end); windows past x, a count mismatch and
// XTS models 2 and 3 are rejected.
TEST(CropTest, OffsetsAndAxisC657) {
  OpHarness one = CropCase({3, 4}, {3, 2}, -1, {2});
  ASSERT_TRUE(one.Run().ok());
  EXPECT_EQ(one.OutDoubles(), (std::vector<double>{2, 3, 6, 7, 10, 11}));
  OpHarness none = CropCase({3, 4}, {2, 2}, 0, {});
  ASSERT_TRUE(none.Run().ok());
  EXPECT_EQ(none.OutDoubles(), (std::vector<double>{0, 1, 4, 5}));
  EXPECT_EQ(CropCase({3, 2, 2}, {3, 2, 2}, 1, {0, 2, 2}).Infer().code(), NNRT_INVALID_MODEL);  // XTS model 2
  EXPECT_EQ(CropCase({3, 2, 2}, {4, 2, 2}, 1, {0, 1, 1}).Infer().code(), NNRT_INVALID_MODEL);  // XTS model 3
  EXPECT_EQ(CropCase({3, 4}, {3, 2}, 0, {0, 1, 1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(CropCase({3, 4}, {3, 2}, 2, {}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(CropCase({3, 4}, {3, 2}, 0, {-1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(CropCase({3, 4}, {3, 2}, 1, {3}).Run().code(), NNRT_INVALID_INPUT);  // 3 + 2 > 4
}

class CropEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(CropEveryDataType, WindowInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0, 1} : std::vector<double>{1, 2, 3};
  OpHarness h(NodeType::CROP);
  h.Input(t, {3}, testing::EncodeAs(t, x, q), q)
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(t, q)
      .Attr(Attr::Int64s("offset", {1}));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{x[1], x[2]}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, CropEveryDataType, ::testing::ValuesIn(CropOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
