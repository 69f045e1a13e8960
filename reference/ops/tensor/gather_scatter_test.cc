#include "reference/ops/tensor/gather_scatter.h"

#include <cmath>
#include <cstdint>
#include <cstring>
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

// GATHER of x [rows, cols] (float32) with int32 indices along `axis`.
OpHarness& GatherCase(OpHarness& h, const std::vector<float>& x, Dims x_dims, const std::vector<int32_t>& idx,
                      Dims idx_dims, int32_t axis) {
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kInt32, std::move(idx_dims), Bytes(idx))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{axis}))
      .Output(DataType::kFloat32);
  return h;
}

// ops_catalog #16 [UT] shape: x [4,3], 2 indices along axis 1 -> [4,2].
TEST(GatherTest, CatalogShapeAxis1) {
  OpHarness h(NodeType::GATHER);
  GatherCase(h, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {4, 3}, {2, 0}, {2}, 1);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{4, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{2, 0, 5, 3, 8, 6, 11, 9}));
  EXPECT_TRUE(h.GuardIntact());
}

// Output dims x.dims[:axis] + indices.dims + x.dims[axis+1:], rank-2 indices,
// duplicate indices copy the same slice twice.
TEST(GatherTest, MatrixIndicesAndDuplicatesAxis0) {
  OpHarness h(NodeType::GATHER);
  GatherCase(h, {1, 2, 3, 4, 5, 6}, {3, 2}, {2, 2, 0, 1}, {2, 2}, 0);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 2, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{5, 6, 5, 6, 1, 2, 3, 4}));
}

// C-352: a negative axis counts from the end (-1 = last).
TEST(GatherTest, NegativeAxisCountsFromTheEndC352) {
  OpHarness h(NodeType::GATHER);
  GatherCase(h, {0, 1, 2, 3, 4, 5}, {2, 3}, {1}, {1}, -1);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 1}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1, 4}));
  OpHarness bad(NodeType::GATHER);
  GatherCase(bad, {0, 1, 2, 3, 4, 5}, {2, 3}, {1}, {1}, 2);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_INPUT);  // a run-time axis value
  OpHarness low(NodeType::GATHER);
  GatherCase(low, {0, 1, 2, 3, 4, 5}, {2, 3}, {1}, {1}, -3);
  EXPECT_FALSE(low.Infer().ok());
}

// C-351: indices outside [0, x.dims[axis]) -- negative ones included -- are
// an error: NNRT_INVALID_INPUT for run-time indices, NNRT_INVALID_MODEL for
// constant ones (the runner's golden case gather_scatter/c351_constant_negative_index_rejected).
TEST(GatherTest, OutOfRangeAndNegativeIndicesAreErrorsC351) {
  for (int32_t bad_index : {-1, 3, std::numeric_limits<int32_t>::max(), std::numeric_limits<int32_t>::min()}) {
    OpHarness h(NodeType::GATHER);
    GatherCase(h, {1, 2, 3}, {3}, {0, bad_index}, {2}, 0);
    const Status s = h.Infer();
    EXPECT_EQ(s.code(), NNRT_INVALID_INPUT) << bad_index;
    EXPECT_NE(s.ToString().find("C-351"), std::string::npos) << s.ToString();
  }
  // int64 indices beyond int32 are out of range, not truncated.
  OpHarness wide(NodeType::GATHER);
  wide.Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{1, 2, 3}))
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{(int64_t{1} << 32) + 1}))
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(wide.Infer().code(), NNRT_INVALID_INPUT);
  // Boundary indices 0 and n-1 are valid.
  OpHarness edge(NodeType::GATHER);
  GatherCase(edge, {1, 2, 3}, {3}, {2, 0}, {2}, 0);
  ASSERT_TRUE(edge.Run().ok());
  EXPECT_EQ(edge.OutDoubles(), (std::vector<double>{3, 1}));
}

// C-353: indices or axis unknown at prepare time: the output dims are -1
// where they depend on them (all dims when the axis is a run-time value).
TEST(GatherTest, DynamicDimsAtPrepareC353) {
  OpHarness h(NodeType::GATHER);
  h.Input(DataType::kFloat32, {2, 3}, {})
      .Input(DataType::kInt32, {-1}, {})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, -1}));
  OpHarness runtime_axis(NodeType::GATHER);
  runtime_axis.Input(DataType::kFloat32, {2, 3}, {})
      .Input(DataType::kInt32, {4}, {})
      .Input(DataType::kInt32, {1}, {})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(runtime_axis.Infer().ok());
  EXPECT_EQ(runtime_axis.OutDims(), (Dims{-1, -1}));
}

// Bytes are copied: NaN payloads and -0 survive (kDataMovement is exact).
TEST(GatherTest, NanPayloadAndNegativeZeroCarried) {
  const uint32_t payload_nan = 0x7FA00001u;
  float nan_value;
  std::memcpy(&nan_value, &payload_nan, 4);
  OpHarness h(NodeType::GATHER);
  GatherCase(h, {nan_value, -0.0f, 1}, {3}, {1, 0}, {2}, 0);
  ASSERT_TRUE(h.Run().ok());
  const TensorArg& y = h.ctx().outputs[0];
  uint32_t bits[2];
  std::memcpy(bits, y.mutable_data, 8);
  EXPECT_EQ(bits[0], 0x80000000u);
  EXPECT_EQ(bits[1], payload_nan);
}

TEST(GatherTest, TypeErrors) {
  OpHarness float_indices(NodeType::GATHER);
  float_indices.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{0}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(float_indices.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness two_axes(NodeType::GATHER);
  two_axes.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{0, 0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(two_axes.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness other_output(NodeType::GATHER);
  other_output.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Output(DataType::kFloat16);
  EXPECT_EQ(other_output.Infer().code(), NNRT_INVALID_MODEL);
}

// C-350: quantized data is copied code for code; different output params
// (requantization) are NNRT_UNSUPPORTED_OP.
TEST(GatherTest, QuantParamsCarriedRequantizationUnsupportedC350) {
  OpHarness h(NodeType::GATHER);
  h.Input(DataType::kUint8, {3}, Bytes(std::vector<uint8_t>{0, 128, 255}), {QP(0.5, 128)})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Output(DataType::kUint8, {QP(0.5, 128)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{255}));
  OpHarness r(NodeType::GATHER);
  r.Input(DataType::kUint8, {3}, Bytes(std::vector<uint8_t>{0, 128, 255}), {QP(0.5, 128)})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Output(DataType::kUint8, {QP(0.25, 128)});
  EXPECT_EQ(r.Infer().code(), NNRT_UNSUPPORTED_OP);
}

// The same gather in every data type of the module's signatures.
class GatherEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(GatherEveryDataType, RowsAndColumnsInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0, 0, 1, 1, 0}
                                                     : std::vector<double>{-1, 0, 1, 2, 3, -2};
  for (DataType index_type : {DataType::kInt32, DataType::kInt64}) {
    OpHarness h(NodeType::GATHER);
    h.Input(t, {2, 3}, testing::EncodeAs(t, x, q), q)
        .Input(index_type, {3}, testing::EncodeAs(index_type, {2, 0, 2}))
        .Input(index_type, {1}, testing::EncodeAs(index_type, {1}))
        .Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    EXPECT_EQ(h.OutDims(), (Dims{2, 3}));
    EXPECT_EQ(h.OutReals(), (std::vector<double>{x[2], x[0], x[2], x[5], x[3], x[5]})) << DataTypeName(t);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, GatherEveryDataType, ::testing::ValuesIn(GatherOpDef().data_types),
                         [](const ::testing::TestParamInfo<DataType>& info) {
                           return std::string(DataTypeName(info.param));
                         });

}  // namespace
}  // namespace nnrt

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

const std::vector<float> kGatherNdCatalogX = {-0.1f, 0.3f, 3.6f, 0.4f, 0.5f, -3.2f};

std::vector<double> RunGatherNd(const std::vector<int32_t>& idx, Dims idx_dims, Dims* out_dims) {
  OpHarness h(NodeType::GATHER_ND);
  h.Input(DataType::kFloat32, {2, 3}, Bytes(kGatherNdCatalogX))
      .Input(DataType::kInt32, std::move(idx_dims), Bytes(idx))
      .Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  *out_dims = h.OutDims();
  return h.OutDoubles();
}

// ops_catalog #108 XTS models 1 and 2 (indices declared FLOAT32 there; int32 here).
TEST(GatherNdTest, CatalogExamples) {
  Dims dims;
  EXPECT_EQ(RunGatherNd({0, 0, 1, 1}, {2, 2}, &dims),
            (std::vector<double>{static_cast<double>(-0.1f), static_cast<double>(0.5f)}));
  EXPECT_EQ(dims, (Dims{2}));
  EXPECT_EQ(RunGatherNd({1, 0, 1, 0}, {2, 2}, &dims),
            (std::vector<double>{static_cast<double>(0.4f), static_cast<double>(0.4f)}));
}

// Tuples shorter than rank(x) select slices: y.dims = indices.dims[:-1] + x.dims[k:].
TEST(GatherNdTest, ShortTuplesSelectSlices) {
  Dims dims;
  const std::vector<double> y = RunGatherNd({1, 0}, {2, 1}, &dims);
  EXPECT_EQ(dims, (Dims{2, 3}));
  EXPECT_EQ(y.size(), 6u);
  EXPECT_EQ(y[0], static_cast<double>(0.4f));
  EXPECT_EQ(y[3], static_cast<double>(-0.1f));
}

// C-354: each tuple component must lie in [0, x.dims[t]); run-time values
// outside are NNRT_INVALID_INPUT; tuples longer than rank(x) are invalid.
TEST(GatherNdTest, OutOfRangeComponentsAndLongTuplesC354) {
  for (std::vector<int32_t> bad : {std::vector<int32_t>{0, -1}, std::vector<int32_t>{2, 0},
                                   std::vector<int32_t>{0, 3}}) {
    OpHarness h(NodeType::GATHER_ND);
    h.Input(DataType::kFloat32, {2, 3}, Bytes(kGatherNdCatalogX))
        .Input(DataType::kInt32, {1, 2}, Bytes(bad))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_INPUT);
  }
  OpHarness long_tuple(NodeType::GATHER_ND);
  long_tuple.Input(DataType::kFloat32, {2, 3}, Bytes(kGatherNdCatalogX))
      .Input(DataType::kInt32, {1, 3}, Bytes(std::vector<int32_t>{0, 0, 0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(long_tuple.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness scalar_indices(NodeType::GATHER_ND);
  scalar_indices.Input(DataType::kFloat32, {2, 3}, Bytes(kGatherNdCatalogX))
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(scalar_indices.Infer().code(), NNRT_INVALID_MODEL);
}

// Unknown index count at prepare time: -1 in the output dims.
TEST(GatherNdTest, DynamicTupleCountAtPrepare) {
  OpHarness h(NodeType::GATHER_ND);
  h.Input(DataType::kFloat32, {2, 3}, {}).Input(DataType::kInt32, {-1, 1}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 3}));
}

class GatherNdEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(GatherNdEveryDataType, TuplesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0, 0, 1, 1, 0}
                                                     : std::vector<double>{-1, 0, 1, 2, 3, -2};
  for (DataType index_type : {DataType::kInt32, DataType::kInt64}) {
    OpHarness h(NodeType::GATHER_ND);
    h.Input(t, {2, 3}, testing::EncodeAs(t, x, q), q)
        .Input(index_type, {3, 2}, testing::EncodeAs(index_type, {1, 2, 0, 0, 1, 2}))
        .Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    EXPECT_EQ(h.OutDims(), (Dims{3}));
    EXPECT_EQ(h.OutReals(), (std::vector<double>{x[5], x[0], x[5]})) << DataTypeName(t);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, GatherNdEveryDataType, ::testing::ValuesIn(GatherNdOpDef().data_types),
                         [](const ::testing::TestParamInfo<DataType>& info) {
                           return std::string(DataTypeName(info.param));
                         });

}  // namespace
}  // namespace nnrt

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

OpHarness& ScatterCase(OpHarness& h, const std::vector<int32_t>& idx, Dims idx_dims, const std::vector<float>& upd,
                       Dims upd_dims, const std::vector<int32_t>& shape) {
  h.Input(DataType::kInt32, std::move(idx_dims), Bytes(idx))
      .Input(DataType::kFloat32, std::move(upd_dims), Bytes(upd))
      .Input(DataType::kInt32, {static_cast<int32_t>(shape.size())}, Bytes(shape))
      .Output(DataType::kFloat32);
  return h;
}

// ops_catalog #103 XTS models 1, 2 and 4 (derived values).
TEST(ScatterNdTest, CatalogModels) {
  OpHarness m1(NodeType::SCATTER_ND);
  ScatterCase(m1, {0, 2}, {2, 1}, {1, 3}, {2}, {3});
  ASSERT_TRUE(m1.Run().ok());
  EXPECT_EQ(m1.OutDoubles(), (std::vector<double>{1, 0, 3}));
  OpHarness m2(NodeType::SCATTER_ND);
  ScatterCase(m2, {1, 0, 0, 1}, {2, 2}, {4, 5}, {2}, {2, 2});
  ASSERT_TRUE(m2.Run().ok());
  EXPECT_EQ(m2.OutDims(), (Dims{2, 2}));
  EXPECT_EQ(m2.OutDoubles(), (std::vector<double>{0, 5, 4, 0}));
  OpHarness m4(NodeType::SCATTER_ND);
  ScatterCase(m4, {0, 0, 1, 1, 1, 0}, {2, 3}, {10, 11}, {2}, {2, 2, 2});
  ASSERT_TRUE(m4.Run().ok());
  EXPECT_EQ(m4.OutDoubles(), (std::vector<double>{0, 10, 0, 0, 0, 0, 11, 0}));
}

// C-355: duplicates -- the later tuple (row-major) overwrites; nothing is summed.
TEST(ScatterNdTest, LaterDuplicateOverwritesC355) {
  OpHarness h(NodeType::SCATTER_ND);
  ScatterCase(h, {1, 1, 1}, {3, 1}, {5, 6, 7}, {3}, {3});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{0, 7, 0}));
}

// C-355: tuple components outside [0, shape[t]) (negative included) are errors.
TEST(ScatterNdTest, OutOfRangeTuplesAreErrorsC355) {
  for (int32_t bad : {-1, 3}) {
    OpHarness h(NodeType::SCATTER_ND);
    ScatterCase(h, {bad}, {1, 1}, {1}, {1}, {3});
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_INPUT) << bad;
  }
  OpHarness wrong_updates(NodeType::SCATTER_ND);
  ScatterCase(wrong_updates, {0, 1}, {2, 1}, {1, 2, 3}, {3}, {3});
  EXPECT_FALSE(wrong_updates.Infer().ok());
  OpHarness rank1(NodeType::SCATTER_ND);
  ScatterCase(rank1, {0}, {1}, {1}, {1}, {3});
  EXPECT_EQ(rank1.Infer().code(), NNRT_INVALID_MODEL);
}

// C-356: the output dims are the shape values: -1 when they are run-time
// values; 0, negative, beyond int32 or an overflowing product are errors.
TEST(ScatterNdTest, ShapeValuesGiveTheDimsC356) {
  OpHarness dynamic(NodeType::SCATTER_ND);
  dynamic.Input(DataType::kInt32, {1, 1}, {}).Input(DataType::kFloat32, {1}, {}).Input(DataType::kInt32, {2}, {})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(dynamic.Infer().ok());
  EXPECT_EQ(dynamic.OutDims(), (Dims{-1, -1}));
  for (std::vector<int64_t> bad : {std::vector<int64_t>{0}, std::vector<int64_t>{-2}, std::vector<int64_t>{1LL << 31},
                                   std::vector<int64_t>{1LL << 30, 1LL << 30, 1LL << 30}}) {
    OpHarness h(NodeType::SCATTER_ND);
    h.Input(DataType::kInt64, {1, 1}, Bytes(std::vector<int64_t>{0}))
        .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Input(DataType::kInt64, {static_cast<int32_t>(bad.size())}, Bytes(bad))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_INPUT) << bad[0];
  }
}

class ScatterNdEveryDataType : public ::testing::TestWithParam<DataType> {};

// Unwritten elements are real 0 (the zero-point code when quantized, C-356).
TEST_P(ScatterNdEveryDataType, UpdatesAndZeroFillInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 3));
  const std::vector<double> upd = t == DataType::kBool ? std::vector<double>{1, 1} : std::vector<double>{2, -1};
  for (DataType index_type : {DataType::kInt32, DataType::kInt64}) {
    OpHarness h(NodeType::SCATTER_ND);
    h.Input(index_type, {2, 1}, testing::EncodeAs(index_type, {2, 0}))
        .Input(t, {2}, testing::EncodeAs(t, upd, q), q)
        .Input(index_type, {1}, testing::EncodeAs(index_type, {4}))
        .Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    EXPECT_EQ(h.OutDims(), (Dims{4}));
    EXPECT_EQ(h.OutReals(), (std::vector<double>{upd[1], 0, upd[0], 0})) << DataTypeName(t);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, ScatterNdEveryDataType, ::testing::ValuesIn(ScatterNdOpDef().data_types),
                         [](const ::testing::TestParamInfo<DataType>& info) {
                           return std::string(DataTypeName(info.param));
                         });

}  // namespace
}  // namespace nnrt

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

OpHarness& OneHotCase(OpHarness& h, const std::vector<int32_t>& idx, Dims idx_dims, int32_t depth, float on,
                      float off) {
  h.Input(DataType::kInt32, std::move(idx_dims), Bytes(idx))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{depth}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{on}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{off}))
      .Output(DataType::kFloat32);
  return h;
}

// ops_catalog #23 [UT]: indices int32 [3], output float32 [3,3], axis -1.
TEST(OneHotTest, CatalogShapeDefaultAxis) {
  OpHarness h(NodeType::ONE_HOT);
  OneHotCase(h, {0, 2, 1}, {3}, 3, 1, 0);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{3, 3}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1, 0, 0, 0, 0, 1, 0, 1, 0}));
}

// ops_catalog #23: indices [N, C] -> axis 0 [D, N, C], axis 1 [N, D, C], axis -1 [N, C, D].
TEST(OneHotTest, AxisPlacesTheNewDimC357) {
  const std::vector<int32_t> idx = {0, 1, 1, 0};
  OpHarness a0(NodeType::ONE_HOT);
  a0.Attr(Attr::Int64("axis", 0));
  OneHotCase(a0, idx, {2, 2}, 2, 5, -5);
  ASSERT_TRUE(a0.Run().ok());
  EXPECT_EQ(a0.OutDims(), (Dims{2, 2, 2}));
  EXPECT_EQ(a0.OutDoubles(), (std::vector<double>{5, -5, -5, 5, -5, 5, 5, -5}));
  OpHarness a1(NodeType::ONE_HOT);
  a1.Attr(Attr::Int64("axis", 1));
  OneHotCase(a1, idx, {2, 2}, 2, 5, -5);
  ASSERT_TRUE(a1.Run().ok());
  EXPECT_EQ(a1.OutDoubles(), (std::vector<double>{5, -5, -5, 5, -5, 5, 5, -5}));
  OpHarness bad(NodeType::ONE_HOT);
  bad.Attr(Attr::Int64("axis", 3));
  OneHotCase(bad, idx, {2, 2}, 2, 5, -5);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_MODEL);
}

// C-357: indices outside [0, depth), negative included, give all-off rows
// (no error, no wrapping); depth must be in [1, 2^31-1].
TEST(OneHotTest, OutOfRangeIndicesGiveOffRowsC357) {
  OpHarness h(NodeType::ONE_HOT);
  OneHotCase(h, {-1, 2, 1, std::numeric_limits<int32_t>::min()}, {4}, 2, 1, 0);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0}));
  for (int32_t bad_depth : {0, -3}) {
    OpHarness d(NodeType::ONE_HOT);
    OneHotCase(d, {0}, {1}, bad_depth, 1, 0);
    EXPECT_EQ(d.Infer().code(), NNRT_INVALID_INPUT) << bad_depth;
  }
  OpHarness dynamic(NodeType::ONE_HOT);
  dynamic.Input(DataType::kInt32, {3}, {}).Input(DataType::kInt32, {1}, {})
      .Input(DataType::kFloat32, {1}, {}).Input(DataType::kFloat32, {1}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(dynamic.Infer().ok());
  EXPECT_EQ(dynamic.OutDims(), (Dims{3, -1}));
}

// C-358: on/off values of another type than the output are invalid; NaN and
// -0 values are copied bit for bit.
TEST(OneHotTest, OnOffValuesTypedAndCopiedC358) {
  OpHarness h(NodeType::ONE_HOT);
  OneHotCase(h, {1}, {1}, 2, std::numeric_limits<float>::quiet_NaN(), -0.0f);
  ASSERT_TRUE(h.Run().ok());
  const std::vector<double> y = h.OutDoubles();
  EXPECT_TRUE(std::signbit(y[0]) && y[0] == 0);
  EXPECT_TRUE(std::isnan(y[1]));
  OpHarness mixed(NodeType::ONE_HOT);
  mixed.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(mixed.Infer().code(), NNRT_INVALID_MODEL);
}

class OneHotEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(OneHotEveryDataType, OnAndOffInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const double on = t == DataType::kBool ? 1 : 3, off = t == DataType::kBool ? 0 : -1;
  for (DataType index_type : {DataType::kInt32, DataType::kInt64}) {
    OpHarness h(NodeType::ONE_HOT);
    h.Input(index_type, {2}, testing::EncodeAs(index_type, {1, 0}))
        .Input(index_type, {1}, testing::EncodeAs(index_type, {2}))
        .Input(t, {1}, testing::EncodeAs(t, {on}, q), q)
        .Input(t, {1}, testing::EncodeAs(t, {off}, q), q)
        .Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    EXPECT_EQ(h.OutDims(), (Dims{2, 2}));
    EXPECT_EQ(h.OutReals(), (std::vector<double>{off, on, on, off})) << DataTypeName(t);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, OneHotEveryDataType, ::testing::ValuesIn(OneHotOpDef().data_types),
                         [](const ::testing::TestParamInfo<DataType>& info) {
                           return std::string(DataTypeName(info.param));
                         });

}  // namespace
}  // namespace nnrt
