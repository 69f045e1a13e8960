#include "reference/ops/tensor/argmax.h"

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

struct ArgMaxAttrs {
  int64_t axis = -1;
  int64_t top_k = 1;
  bool keep = false;
  bool values = false;
};

struct ArgMaxRun {
  Status status;
  Dims dims;
  std::vector<double> out;
};

ArgMaxRun RunF32(const std::vector<float>& x, Dims dims, ArgMaxAttrs a, DataType out = DataType::kInt32) {
  OpHarness h(NodeType::ARGMAX_FUSION);
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x))
      .Output(a.values ? DataType::kFloat32 : out)
      .Attr(Attr::Int64("axis", a.axis))
      .Attr(Attr::Int64("topK", a.top_k))
      .Attr(Attr::Bool("keepDims", a.keep))
      .Attr(Attr::Bool("outMaxValue", a.values));
  ArgMaxRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.out = h.OutDoubles();
  }
  return r;
}

void ExpectArgMax(const ArgMaxRun& r, const Dims& dims, const std::vector<double>& out) {
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, dims);
  EXPECT_EQ(r.out, out);
}

// ops_catalog #54: index of the maximum along axis (default -1), keepDims.
TEST(ArgMaxTest, IndicesAlongAxisC552) {
  const std::vector<float> x{1, 5, 3, 9, 2, 9};
  ExpectArgMax(RunF32(x, {2, 3}, {}), {2}, {1, 0});
  ExpectArgMax(RunF32(x, {2, 3}, {1, 1, true}), {2, 1}, {1, 0});
  ExpectArgMax(RunF32(x, {2, 3}, {0}), {3}, {1, 0, 1});
  ExpectArgMax(RunF32(x, {2, 3}, {-2, 1, true}), {1, 3}, {1, 0, 1});
  ExpectArgMax(RunF32(x, {2, 3}, {1, 1, false}, DataType::kInt64), {2}, {1, 0});
}

// C-552: topK > 1 replaces the axis by topK (keepDims or not), largest first.
TEST(ArgMaxTest, TopKC552) {
  const std::vector<float> x{1, 5, 3, 9, 2, 9};
  ExpectArgMax(RunF32(x, {2, 3}, {1, 2}), {2, 2}, {1, 2, 0, 2});
  ExpectArgMax(RunF32(x, {2, 3}, {1, 3, false, true}), {2, 3}, {5, 3, 1, 9, 9, 2});
  EXPECT_EQ(RunF32(x, {2, 3}, {1, 0}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(x, {2, 3}, {1, 4}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(x, {2, 3}, {2}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(x, {2, 3}, {-3}).status.code(), NNRT_INVALID_MODEL);
}

// C-554: ties give the lower index first; NaN is above every number; -0 and +0 tie.
TEST(ArgMaxTest, TiesAndNaNC554) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  ExpectArgMax(RunF32({2, 7, 7, 7}, {4}, {0, 2}), {2}, {1, 2});
  ExpectArgMax(RunF32({inf, nan, 1, nan}, {4}, {0, 3}), {3}, {1, 3, 0});
  ExpectArgMax(RunF32({-0.0f, 0.0f}, {2}, {0}), {}, {0});
}

// C-553: output types.
TEST(ArgMaxTest, OutputTypesC553) {
  EXPECT_EQ(RunF32({1, 2}, {2}, {}, DataType::kFloat32).status.code(), NNRT_INVALID_MODEL);
  OpHarness h(NodeType::ARGMAX_FUSION);
  h.Input(DataType::kInt8, {3}, Bytes(std::vector<int8_t>{-5, 20, 3}), {QP(0.5, -4)})
      .Output(DataType::kUint8, {QP(0.25, 10)})
      .Attr(Attr::Bool("outMaxValue", true));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{58}));  // DQ 12 -> 12 / 0.25 + 10
  OpHarness g(NodeType::ARGMAX_FUSION);
  g.Input(DataType::kInt32, {3}, Bytes(std::vector<int32_t>{-5, 20, 20})).Output(DataType::kInt64);
  ASSERT_TRUE(g.Run().ok());
  EXPECT_EQ(g.OutInts(), (std::vector<int64_t>{1}));
}

TEST(ArgMaxTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::ARGMAX_FUSION);
  h.Input(DataType::kFloat32, {-1, 3}, {}).Output(DataType::kInt32).Attr(Attr::Int64("topK", 2));
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 2}));
}

class ArgMaxEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ArgMaxEveryDataType, IndicesAndValuesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  for (bool values : {false, true}) {
    OpHarness h(NodeType::ARGMAX_FUSION);
    h.Input(t, {2, 3}, testing::EncodeAs(t, {1, 4, 2, 6, 5, -3}, q), q)
        .Output(values ? t : DataType::kInt32, values ? q : std::vector<QuantParam>{})
        .Attr(Attr::Int64("topK", 2))
        .Attr(Attr::Bool("outMaxValue", values));
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    EXPECT_EQ(h.OutReals(), (values ? std::vector<double>{4, 2, 6, 5} : std::vector<double>{1, 2, 0, 1}))
        << DataTypeName(t);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, ArgMaxEveryDataType, ::testing::ValuesIn(ArgMaxOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
