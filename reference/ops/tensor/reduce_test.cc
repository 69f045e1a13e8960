#include "reference/ops/tensor/reduce.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

struct ReduceRun {
  Status status;
  Dims dims;
  std::vector<double> values;
};

struct ReduceAttrs {
  bool keep = false;
  bool to_end = false;
  float coeff = 0.0f;
};

ReduceRun RunF32(ReduceMode mode, const std::vector<float>& x, Dims dims, const std::vector<int32_t>& axes,
                 ReduceAttrs a = {}, Dims axes_dims = {-2}) {
  OpHarness h(NodeType::REDUCE_FUSION);
  if (axes_dims == Dims{-2}) axes_dims = {static_cast<int32_t>(axes.size())};
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x))
      .Input(DataType::kInt32, axes_dims, Bytes(axes))
      .Output(DataType::kFloat32)
      .Attr(Attr::Bool("keepDims", a.keep))
      .Attr(Attr::Int8("mode", static_cast<int8_t>(mode)))
      .Attr(Attr::Bool("reduceToEnd", a.to_end))
      .Attr(Attr::Float("coeff", a.coeff));
  ReduceRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.values = h.OutDoubles();
  }
  return r;
}

void ExpectReduce(const ReduceRun& r, const Dims& dims, const std::vector<double>& values) {
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, dims);
  EXPECT_EQ(r.values, values);
}

double F32(double v) { return static_cast<double>(static_cast<float>(v)); }

// ops_catalog #99 / #100 XTS models (REDUCE_MAX, REDUCE_MIN).
TEST(ReduceTest, CatalogMaxMin) {
  const std::vector<float> a{1, 2, 3, 4, 0, 6}, b{7, 8, 3, 4, 5, 1};
  ExpectReduce(RunF32(ReduceMode::kMax, a, {2, 3}, {0}), {3}, {4, 2, 6});
  ExpectReduce(RunF32(ReduceMode::kMax, a, {2, 3}, {1}, {true}), {2, 1}, {3, 6});
  ExpectReduce(RunF32(ReduceMode::kMax, b, {3, 2}, {-1}), {3}, {8, 4, 5});
  ExpectReduce(RunF32(ReduceMode::kMax, a, {2, 3}, {0, 1}, {true}), {1, 1}, {6});
  ExpectReduce(RunF32(ReduceMode::kMin, a, {2, 3}, {0}), {3}, {1, 0, 3});
  ExpectReduce(RunF32(ReduceMode::kMin, b, {3, 2}, {-1}), {3}, {7, 3, 1});
  ExpectReduce(RunF32(ReduceMode::kMin, a, {2, 3}, {0, 1}, {true}), {1, 1}, {0});
}

// ops_catalog #101 (REDUCE_SUM) and #106 (REDUCE_L2) XTS models.
TEST(ReduceTest, CatalogSumAndL2) {
  const std::vector<float> s{1, 2, 3, 4, 5, 6};
  ExpectReduce(RunF32(ReduceMode::kSum, s, {2, 3}, {0}, {true}), {1, 3}, {5, 7, 9});
  ExpectReduce(RunF32(ReduceMode::kSum, s, {2, 3}, {1}), {2}, {6, 15});
  ExpectReduce(RunF32(ReduceMode::kSum, s, {2, 3}, {0}, {false, true}), {}, {21});
  const std::vector<float> l{1, 2, 3, 4};
  ExpectReduce(RunF32(ReduceMode::kL2, l, {2, 2}, {0}, {false, false, 1}), {2},
               {F32(std::sqrt(10.0)), F32(std::sqrt(20.0))});
  ExpectReduce(RunF32(ReduceMode::kL2, l, {2, 2}, {1}, {true, false, 1}), {2, 1}, {F32(std::sqrt(5.0)), 5});
  const std::vector<float> c{1, 2, 3, 4, 5, 6, 7, 8};
  ExpectReduce(RunF32(ReduceMode::kL2, c, {2, 2, 2}, {0, 1}, {false, false, 1}), {2},
               {F32(std::sqrt(84.0)), F32(std::sqrt(120.0))});
  ExpectReduce(RunF32(ReduceMode::kL2, c, {2, 2, 2}, {0}, {true, true, 1}), {1, 1, 1}, {F32(std::sqrt(204.0))});
  ExpectReduce(RunF32(ReduceMode::kL2, c, {2, 2, 2}, {0, 1}, {false, true, 2}), {}, {F32(2 * std::sqrt(204.0))});
}

TEST(ReduceTest, EveryFloatMode) {
  const std::vector<float> x{1, -2, 3, -4, 0.5f, 2};
  ExpectReduce(RunF32(ReduceMode::kMean, x, {2, 3}, {1}), {2}, {F32(2.0 / 3), F32(-1.5 / 3)});
  ExpectReduce(RunF32(ReduceMode::kProd, x, {2, 3}, {1}), {2}, {-6, -4});
  ExpectReduce(RunF32(ReduceMode::kSumSquare, x, {2, 3}, {1}), {2}, {14, 20.25});
  ExpectReduce(RunF32(ReduceMode::kAsum, x, {2, 3}, {1}), {2}, {6, 6.5});
  ExpectReduce(RunF32(ReduceMode::kMean, x, {2, 3}, {0, 1}), {}, {F32(0.5 / 6)});
}

// C-545: negative axes, duplicates merged, an empty axis list reduces
// everything, a scalar axis tensor is one axis; out of range, float or
// rank-2 axes are rejected.
TEST(ReduceTest, AxesC545) {
  const std::vector<float> x{1, 2, 3, 4, 5, 6};
  ExpectReduce(RunF32(ReduceMode::kSum, x, {2, 3}, {1, -1, 1}), {2}, {6, 15});
  ExpectReduce(RunF32(ReduceMode::kSum, x, {2, 3}, {-2}), {3}, {5, 7, 9});
  // No axis value reduces every axis (a model cannot hold an empty axis tensor: dims >= 1).
  std::vector<bool> reduced;
  ASSERT_TRUE(ReducedAxes({}, 3, false, &reduced).ok());
  EXPECT_EQ(reduced, (std::vector<bool>{true, true, true}));
  ASSERT_TRUE(ReducedAxes({-1, 2}, 3, false, &reduced).ok());
  EXPECT_EQ(reduced, (std::vector<bool>{false, false, true}));
  ExpectReduce(RunF32(ReduceMode::kSum, x, {2, 3}, {0}, {}, Dims{}), {3}, {5, 7, 9});
  const ReduceRun bad = RunF32(ReduceMode::kSum, x, {2, 3}, {2});
  EXPECT_EQ(bad.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(bad.status.message().find("out of range [-2, 2)"), std::string::npos) << bad.status.message();
  EXPECT_EQ(RunF32(ReduceMode::kSum, x, {2, 3}, {-3}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(ReduceMode::kSum, x, {2, 3}, {0, 1}, {}, {1, 2}).status.code(), NNRT_INVALID_MODEL);
  OpHarness h(NodeType::REDUCE_FUSION);
  h.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(h.Run().code(), NNRT_INVALID_MODEL);
}

// C-546: reduceToEnd reduces from the smallest listed axis through the last.
TEST(ReduceTest, ReduceToEndC546) {
  std::vector<float> x(24);
  for (int i = 0; i < 24; ++i) x[i] = static_cast<float>(i);
  ExpectReduce(RunF32(ReduceMode::kMax, x, {2, 3, 4}, {1}, {false, true}), {2}, {11, 23});
  ExpectReduce(RunF32(ReduceMode::kMax, x, {2, 3, 4}, {2, 1}, {true, true}), {2, 1, 1}, {11, 23});
  ExpectReduce(RunF32(ReduceMode::kMax, x, {2, 3, 4}, {-1}, {false, true}), {2, 3}, {3, 7, 11, 15, 19, 23});
}

// C-547: coeff scales only with reduceToEnd, and 0 (the builders' default)
// means no scaling.
TEST(ReduceTest, CoeffC547) {
  const std::vector<float> x{1, 2, 3, 4};
  ExpectReduce(RunF32(ReduceMode::kSum, x, {2, 2}, {1}, {false, true, 0}), {2}, {3, 7});
  ExpectReduce(RunF32(ReduceMode::kSum, x, {2, 2}, {1}, {false, false, 3}), {2}, {3, 7});
  ExpectReduce(RunF32(ReduceMode::kSum, x, {2, 2}, {1}, {false, true, 3}), {2}, {9, 21});
  ExpectReduce(RunF32(ReduceMode::kMean, x, {2, 2}, {0}, {false, true, -0.5f}), {}, {-1.25});
  EXPECT_EQ(
      RunF32(ReduceMode::kSum, x, {2, 2}, {1}, {false, true, std::numeric_limits<float>::infinity()}).status.code(),
      NNRT_INVALID_MODEL);
}

// C-548: int32 exact and wrapping; MEAN / L2 on integers and coeff on an
// integer result are unsupported; ALL is bool -> bool.
TEST(ReduceTest, IntegerAndBoolC548) {
  auto run = [](ReduceMode mode, DataType t, std::vector<uint8_t> x, ReduceAttrs a = {}) {
    OpHarness h(NodeType::REDUCE_FUSION);
    h.Input(t, {2, 2}, std::move(x))
        .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{-1}))
        .Output(t)
        .Attr(Attr::Int8("mode", static_cast<int8_t>(mode)))
        .Attr(Attr::Bool("keepDims", a.keep))
        .Attr(Attr::Bool("reduceToEnd", a.to_end))
        .Attr(Attr::Float("coeff", a.coeff));
    const Status s = h.Run();
    return s.ok() ? h.OutInts() : std::vector<int64_t>{s.code()};
  };
  const auto i32 = Bytes(std::vector<int32_t>{INT32_MAX, 1, -3, -4});
  EXPECT_EQ(run(ReduceMode::kSum, DataType::kInt32, i32), (std::vector<int64_t>{INT32_MIN, -7}));
  EXPECT_EQ(run(ReduceMode::kProd, DataType::kInt32, i32), (std::vector<int64_t>{INT32_MAX, 12}));
  EXPECT_EQ(run(ReduceMode::kMin, DataType::kInt32, i32), (std::vector<int64_t>{1, -4}));
  EXPECT_EQ(run(ReduceMode::kAsum, DataType::kInt32, i32), (std::vector<int64_t>{INT32_MIN, 7}));
  EXPECT_EQ(run(ReduceMode::kSumSquare, DataType::kInt32, i32), (std::vector<int64_t>{2, 25}));
  EXPECT_EQ(run(ReduceMode::kMean, DataType::kInt32, i32), (std::vector<int64_t>{NNRT_UNSUPPORTED_OP}));
  EXPECT_EQ(run(ReduceMode::kL2, DataType::kInt32, i32), (std::vector<int64_t>{NNRT_UNSUPPORTED_OP}));
  EXPECT_EQ(run(ReduceMode::kSum, DataType::kInt32, i32, {false, true, 2}),
            (std::vector<int64_t>{NNRT_UNSUPPORTED_OP}));
  EXPECT_EQ(run(ReduceMode::kSum, DataType::kInt32, i32, {false, true, 1}), (std::vector<int64_t>{INT32_MIN, -7}));
  const auto b = Bytes(std::vector<uint8_t>{1, 1, 1, 0});
  EXPECT_EQ(run(ReduceMode::kAll, DataType::kBool, b), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(run(ReduceMode::kSum, DataType::kBool, b), (std::vector<int64_t>{NNRT_UNSUPPORTED_OP}));
  EXPECT_EQ(run(ReduceMode::kAll, DataType::kInt32, i32), (std::vector<int64_t>{NNRT_UNSUPPORTED_OP}));
}

// ops_catalog #51 XTS: ALL over [[T,F,T],[T,T,T]] axis [1] keepDims -> [[F],[T]].
TEST(ReduceTest, CatalogAll) {
  OpHarness h(NodeType::REDUCE_FUSION);
  h.Input(DataType::kBool, {2, 3}, Bytes(std::vector<uint8_t>{1, 0, 1, 1, 1, 1}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kBool)
      .Attr(Attr::Int8("mode", 7))
      .Attr(Attr::Bool("keepDims", true));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 1}));
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{0, 1}));
}

// C-550: NaN propagates through MAX/MIN; float sums in binary64, rounded once.
TEST(ReduceTest, FloatSpecialValuesC550) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const ReduceRun r = RunF32(ReduceMode::kMax, {1, nan, 2, -inf, inf, 3}, {2, 3}, {1});
  ASSERT_TRUE(r.status.ok());
  EXPECT_TRUE(std::isnan(r.values[0]));
  EXPECT_EQ(r.values[1], std::numeric_limits<double>::infinity());
  const float tiny = 1.0f / (1 << 30);
  ExpectReduce(RunF32(ReduceMode::kSum, {1, tiny, -1}, {3}, {0}), {}, {static_cast<double>(tiny)});
  const ReduceRun s = RunF32(ReduceMode::kSum, {inf, -inf}, {2}, {0});
  EXPECT_TRUE(std::isnan(s.values[0]));
}

// C-551: quantized Q_out(coeff * f(DQ(x))) with the output's params.
TEST(ReduceTest, QuantizedC551) {
  auto run = [](ReduceMode mode, QuantParam yq) {
    OpHarness h(NodeType::REDUCE_FUSION);
    h.Input(DataType::kInt8, {2, 2}, Bytes(std::vector<int8_t>{3, 5, -7, 2}), {QP(0.5, 1)})  // [1, 2, -4, 0.5]
        .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
        .Output(DataType::kUint8, {yq})
        .Attr(Attr::Int8("mode", static_cast<int8_t>(mode)));
    const Status s = h.Run();
    return s.ok() ? h.OutInts() : std::vector<int64_t>{s.code()};
  };
  // MEAN [-1.5, 1.25] / 0.25 + 100 -> [94, 105].
  EXPECT_EQ(run(ReduceMode::kMean, QP(0.25, 100)), (std::vector<int64_t>{94, 105}));
  // MAX [1, 2]; PROD [-4, 1]; L2 [sqrt(17), sqrt(4.25)] / 0.1 -> [41.2, 20.6].
  EXPECT_EQ(run(ReduceMode::kMax, QP(0.5, 0)), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(run(ReduceMode::kProd, QP(0.5, 10)), (std::vector<int64_t>{2, 12}));
  EXPECT_EQ(run(ReduceMode::kL2, QP(0.1, 0)), (std::vector<int64_t>{41, 21}));
}

TEST(ReduceTest, DynamicDimsAndRuntimeAxes) {
  OpHarness h(NodeType::REDUCE_FUSION);
  h.Input(DataType::kFloat32, {-1, 3}, {})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kFloat32)
      .Attr(Attr::Bool("keepDims", true));
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 1}));
  OpHarness g(NodeType::REDUCE_FUSION);
  g.Input(DataType::kFloat32, {2, 3}, {})
      .Input(DataType::kInt32, {1}, {})
      .Output(DataType::kFloat32)
      .Attr(Attr::Bool("keepDims", true));
  ASSERT_TRUE(g.Infer().ok());
  EXPECT_EQ(g.OutDims(), (Dims{-1, -1}));
}

class ReduceEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ReduceEveryDataType, SumInTheType) {
  const DataType t = GetParam();
  const bool is_bool = t == DataType::kBool;
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  OpHarness h(NodeType::REDUCE_FUSION);
  h.Input(t, {2, 3},
          testing::EncodeAs(t, is_bool ? std::vector<double>{1, 1, 1, 0, 1, 1} : std::vector<double>{1, 2, 3, 4, 5, -4},
                            q),
          q)
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{-1}))
      .Output(t, q)
      .Attr(Attr::Int8("mode", static_cast<int8_t>(is_bool ? ReduceMode::kAll : ReduceMode::kSum)));
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (is_bool ? std::vector<double>{1, 0} : std::vector<double>{6, 5})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, ReduceEveryDataType, ::testing::ValuesIn(ReduceOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
