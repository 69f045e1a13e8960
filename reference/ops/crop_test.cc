#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/slice.h"
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

// One CROP node: x float32, a float32 shape tensor whose dims are `shape`.
OpHarness CropCase(Dims x_dims, Dims shape, int64_t axis, std::vector<int64_t> offset) {
  OpHarness h(NodeType::CROP);
  const size_t xn = static_cast<size_t>(ElementCount(x_dims).value_or(0));
  const size_t sn = static_cast<size_t>(ElementCount(shape).value_or(0));
  h.Input(DataType::kFloat32, x_dims, Bytes(Iota(xn)))
      .Input(DataType::kFloat32, shape, Bytes(std::vector<float>(sn, 2.0f)))
      .Output(DataType::kFloat32)
      .Attr(Attr::Int64("axis", axis))
      .Attr(Attr::Int64s("offset", std::move(offset)));
  return h;
}

// ops_catalog #91 XTS model 1 (C-656): x [2,4,4], shape [2,2,2], axis 0,
// offsets [0,1,1] -> x[0:2, 1:3, 1:3].
TEST(CropTest, CatalogModel1C656) {
  OpHarness h = CropCase({2, 4, 4}, {2, 2, 2}, 0, {0, 1, 1});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 2, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{5, 6, 9, 10, 21, 22, 25, 26}));
}

// C-657: one offset applies to every cropped dim; axis keeps the dims before
// it (negative counted from the end); windows past x, a rank or count
// mismatch and XTS models 2 and 3 are rejected.
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
  EXPECT_EQ(CropCase({3, 4}, {2}, 0, {}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(CropCase({3, 4}, {3, 2}, 2, {}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(CropCase({3, 4}, {3, 2}, 0, {-1}).Infer().code(), NNRT_INVALID_MODEL);
}

class CropEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(CropEveryDataType, WindowInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0, 1} : std::vector<double>{1, 2, 3};
  OpHarness h(NodeType::CROP);
  h.Input(t, {3}, testing::EncodeAs(t, x, q), q)
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{0, 0}))
      .Output(t, q)
      .Attr(Attr::Int64s("offset", {1}));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{x[1], x[2]}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, CropEveryDataType, ::testing::ValuesIn(CropOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
