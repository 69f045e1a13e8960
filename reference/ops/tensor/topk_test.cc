#include "reference/ops/tensor/topk.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

struct TopKRun {
  Status status;
  Dims dims;
  std::vector<double> values;
  std::vector<int64_t> indices;
};

TopKRun RunF32(const std::vector<float>& x, Dims dims, int32_t k, int64_t axis = 0, bool sorted = true,
               DataType index_type = DataType::kInt32) {
  OpHarness h(NodeType::TOPK_FUSION);
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x))
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{k}))
      .Output(DataType::kFloat32)
      .Output(index_type)
      .Attr(Attr::Bool("sorted", sorted))
      .Attr(Attr::Int64("axis", axis));
  TopKRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims(0);
    EXPECT_EQ(h.OutDims(1), r.dims);
    r.values = h.OutDoubles(0);
    r.indices = h.OutInts(1);
  }
  return r;
}

void ExpectTopK(const TopKRun& r, const Dims& dims, const std::vector<double>& values,
                const std::vector<int64_t>& indices) {
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, dims);
  EXPECT_EQ(r.values, values);
  EXPECT_EQ(r.indices, indices);
}

// ops_catalog #53 [XTS]: [[0..5]], k 2, axis -1 -> values [5,4], indices [5,4].
TEST(TopKTest, CatalogExample) {
  ExpectTopK(RunF32({0, 1, 2, 3, 4, 5}, {1, 6}, 2, -1), {1, 2}, {5, 4}, {5, 4});
}

// C-587: k in [1, extent]; the axis becomes k; a run-time k leaves it -1 at prepare.
TEST(TopKTest, KInputC587) {
  const std::vector<float> x{1, 5, 3, 9, 2, 9};
  ExpectTopK(RunF32(x, {2, 3}, 1, 0), {1, 3}, {9, 5, 9}, {1, 0, 1});
  ExpectTopK(RunF32(x, {2, 3}, 3, 1), {2, 3}, {5, 3, 1, 9, 9, 2}, {1, 2, 0, 0, 2, 1});
  EXPECT_EQ(RunF32(x, {2, 3}, 0, 1).status.code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(RunF32(x, {2, 3}, 4, 1).status.code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(RunF32(x, {2, 3}, -1, 1).status.code(), NNRT_INVALID_INPUT);
  OpHarness h(NodeType::TOPK_FUSION);
  h.Input(DataType::kFloat32, {2, 3}, {}).Input(DataType::kInt8, {1}, {}).Output(DataType::kFloat32)
      .Output(DataType::kInt64).Attr(Attr::Int64("axis", 1));
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(0), (Dims{2, -1}));
  EXPECT_EQ(h.OutDims(1), (Dims{2, -1}));
  OpHarness bad(NodeType::TOPK_FUSION);
  bad.Input(DataType::kFloat32, {2, 3}, {}).Input(DataType::kInt32, {2}, {}).Output(DataType::kFloat32)
      .Output(DataType::kInt32);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness boolean(NodeType::TOPK_FUSION);
  boolean.Input(DataType::kFloat32, {2, 3}, {}).Input(DataType::kBool, {}, {}).Output(DataType::kFloat32)
      .Output(DataType::kInt32);
  EXPECT_EQ(boolean.Infer().code(), NNRT_INVALID_MODEL);
}

// C-588: axis in [-rank, rank), negative from the end.
TEST(TopKTest, AxisC588) {
  const std::vector<float> x{1, 5, 3, 9, 2, 9};
  ExpectTopK(RunF32(x, {2, 3}, 2, -2), {2, 3}, {9, 5, 9, 1, 2, 3}, {1, 0, 1, 0, 1, 0});
  EXPECT_EQ(RunF32(x, {2, 3}, 1, 2).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(x, {2, 3}, 1, -3).status.code(), NNRT_INVALID_MODEL);
}

// C-589: ties to the lower index, NaN above every number, -0 == +0; sorted
// false gives the same k smallest first, equal values still by ascending index.
TEST(TopKTest, OrderTiesNaNAndUnsortedC589) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  ExpectTopK(RunF32({2, 7, 7, 7}, {4}, 2), {2}, {7, 7}, {1, 2});
  ExpectTopK(RunF32({2, 7, 7, 7}, {4}, 3, 0, false), {3}, {7, 7, 7}, {1, 2, 3});
  ExpectTopK(RunF32({3, 1, 4, 1, 5}, {5}, 4, 0, false), {4}, {1, 3, 4, 5}, {1, 0, 2, 4});
  const TopKRun n = RunF32({inf, nan, 1, nan}, {4}, 3);
  ASSERT_TRUE(n.status.ok());
  EXPECT_EQ(n.indices, (std::vector<int64_t>{1, 3, 0}));
  const TopKRun u = RunF32({inf, nan, 1, nan}, {4}, 3, 0, false);
  ASSERT_TRUE(u.status.ok());
  EXPECT_EQ(u.indices, (std::vector<int64_t>{0, 1, 3}));
  ExpectTopK(RunF32({-0.0f, 0.0f}, {2}, 1), {1}, {-0.0}, {0});
  EXPECT_TRUE(std::signbit(RunF32({-0.0f, 0.0f}, {2}, 1).values[0]));
}

// C-590: int8 values requantized to the output's params; indices int32/int64 only.
TEST(TopKTest, OutputTypesC590) {
  OpHarness h(NodeType::TOPK_FUSION);
  h.Input(DataType::kInt8, {3}, Bytes(std::vector<int8_t>{-5, 20, 3}), {QP(0.5, -4)})
      .Input(DataType::kInt64, {}, Bytes(std::vector<int64_t>{2}))
      .Output(DataType::kInt8, {QP(0.25, 10)})
      .Output(DataType::kInt64);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(0), (std::vector<int64_t>{58, 24}));  // DQ 12 -> 48 + 10, DQ 3.5 -> 14 + 10
  EXPECT_EQ(h.OutInts(1), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(RunF32({1, 2}, {2}, 1, 0, true, DataType::kFloat32).status.code(), NNRT_INVALID_MODEL);
  OpHarness mixed(NodeType::TOPK_FUSION);
  mixed.Input(DataType::kFloat32, {2}, {}).Input(DataType::kInt32, {}, {}).Output(DataType::kFloat16)
      .Output(DataType::kInt32);
  EXPECT_EQ(mixed.Infer().code(), NNRT_INVALID_MODEL);
}

class TopKEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(TopKEveryDataType, ValuesAndIndicesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  for (bool sorted : {true, false}) {
    OpHarness h(NodeType::TOPK_FUSION);
    h.Input(t, {2, 3}, testing::EncodeAs(t, {1, 4, 2, 6, 5, -3}, q), q)
        .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{2}))
        .Output(t, q)
        .Output(DataType::kInt32)
        .Attr(Attr::Bool("sorted", sorted))
        .Attr(Attr::Int64("axis", 1));
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    EXPECT_EQ(h.OutReals(0), (sorted ? std::vector<double>{4, 2, 6, 5} : std::vector<double>{2, 4, 5, 6}))
        << DataTypeName(t);
    EXPECT_EQ(h.OutInts(1), (sorted ? std::vector<int64_t>{1, 2, 0, 1} : std::vector<int64_t>{2, 1, 1, 0}));
    EXPECT_TRUE(h.GuardIntact(0));
    EXPECT_TRUE(h.GuardIntact(1));
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, TopKEveryDataType, ::testing::ValuesIn(TopKOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
