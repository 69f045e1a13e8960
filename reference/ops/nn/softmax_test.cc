#include "reference/ops/nn/softmax.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/numerics/numerics.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

// exp and log as the kernel calls them: glibc's libm at run time (the reference's
// transcendentals, docs/semantics.md). A constant argument would let an optimising
// compiler fold std::exp with its own correctly rounded evaluation, which may differ
// from libm's in the last bit; the volatile keeps the oracle the kernel's function.
double LibmExp(double x) {
  volatile double v = x;
  return std::exp(v);
}
double LibmLog(double x) {
  volatile double v = x;
  return std::log(v);
}

struct SoftmaxRun {
  Status status;
  Dims dims;
  std::vector<double> values;
};

Attr AxisAttr(NodeType type, std::vector<int64_t> axis) {
  return type == NodeType::SOFTMAX ? Attr::Int64s("axis", std::move(axis)) : Attr::Int64("axis", axis.at(0));
}

SoftmaxRun RunF32(NodeType type, const std::vector<float>& x, Dims dims, std::vector<int64_t> axis) {
  OpHarness h(type);
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x)).Output(DataType::kFloat32);
  if (!axis.empty() || type == NodeType::SOFTMAX) h.Attr(AxisAttr(type, axis.empty() ? std::vector<int64_t>{} : axis));
  SoftmaxRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.values = h.OutDoubles();
  }
  return r;
}

// Rounded once to float32, through the library's out-of-line RoundToType: GCC 12.2
// at -O2 drops an inline (double)(float) round trip when its SLP vectorizer packs
// two of them into one register (C-962), which turned this oracle into plain doubles.
double F32(double v) { return RoundToType(DataType::kFloat32, v); }

// ops_catalog #95 XTS: [[1,2],[3,4],[5,6],[7,8]], axis 1 -> every row
// [-1.313262, -0.313262]; axis 0 -> every column [-6.145078, ..., -0.145078].
TEST(LogSoftmaxTest, CatalogModels) {
  const std::vector<float> x{1, 2, 3, 4, 5, 6, 7, 8};
  SoftmaxRun r = RunF32(NodeType::LOG_SOFTMAX, x, {4, 2}, {1});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int row = 0; row < 4; ++row) {
    EXPECT_NEAR(r.values[2 * row], -1.313262, 1e-6);
    EXPECT_NEAR(r.values[2 * row + 1], -0.313262, 1e-6);
  }
  r = RunF32(NodeType::LOG_SOFTMAX, x, {4, 2}, {0});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double col[] = {-6.145078, -4.145078, -2.145078, -0.145078};
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(r.values[2 * i], col[i], 1e-6);
    EXPECT_NEAR(r.values[2 * i + 1], col[i], 1e-6);
  }
  // XTS model 3: axis 2 on a rank-2 input is out of range (C-540).
  EXPECT_EQ(RunF32(NodeType::LOG_SOFTMAX, x, {4, 2}, {2}).status.code(), NNRT_INVALID_MODEL);
}

// ops_catalog #30 [UT]: [1,5,1,1], axis 1.
TEST(SoftmaxTest, CatalogModel) {
  const SoftmaxRun r = RunF32(NodeType::SOFTMAX, {0, 1, 2, 3, 4}, {1, 5, 1, 1}, {1});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 5, 1, 1}));
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += LibmExp(i - 4.0);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(r.values[i], F32(LibmExp(i - 4.0) / sum)) << i;
}

// C-540: SOFTMAX's list holds at most one axis, empty = the last axis;
// negative axes count from the end; LOG_SOFTMAX's axis defaults to 0.
TEST(SoftmaxTest, AxisListC540) {
  const std::vector<float> x{0, 1, 2, 3, 4, 5};
  const SoftmaxRun last = RunF32(NodeType::SOFTMAX, x, {2, 3}, {});
  const SoftmaxRun minus1 = RunF32(NodeType::SOFTMAX, x, {2, 3}, {-1});
  const SoftmaxRun one = RunF32(NodeType::SOFTMAX, x, {2, 3}, {1});
  ASSERT_TRUE(last.status.ok()) << last.status.ToString();
  EXPECT_EQ(last.values, one.values);
  EXPECT_EQ(minus1.values, one.values);
  EXPECT_NEAR(one.values[0] + one.values[1] + one.values[2], 1.0, 1e-6);
  const SoftmaxRun zero = RunF32(NodeType::SOFTMAX, x, {2, 3}, {-2});
  ASSERT_TRUE(zero.status.ok());
  EXPECT_EQ(zero.values[0], F32(LibmExp(-3.0) / (1 + LibmExp(-3.0))));
  const SoftmaxRun two = RunF32(NodeType::SOFTMAX, x, {2, 3}, {0, 1});
  EXPECT_EQ(two.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(two.status.message().find("at most one"), std::string::npos) << two.status.message();
  EXPECT_EQ(RunF32(NodeType::SOFTMAX, x, {2, 3}, {2}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(NodeType::SOFTMAX, x, {2, 3}, {-3}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(NodeType::SOFTMAX, {1}, {}, {}).status.code(), NNRT_INVALID_MODEL);
  // LOG_SOFTMAX without the attribute: axis 0.
  OpHarness h(NodeType::LOG_SOFTMAX);
  h.Input(DataType::kFloat32, {2, 1}, Bytes(std::vector<float>{0, 0})).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{F32(-LibmLog(2.0)), F32(-LibmLog(2.0))}));
}

// C-541: NaN, +inf and all--inf rows are NaN rows; -inf entries give 0 / -inf.
TEST(SoftmaxTest, SpecialValuesC541) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const SoftmaxRun r = RunF32(NodeType::SOFTMAX, {1, nan, 0, 1, inf, 0, -inf, -inf, -inf, -inf, 0, 0}, {4, 3}, {1});
  ASSERT_TRUE(r.status.ok());
  for (int i = 0; i < 9; ++i) EXPECT_TRUE(std::isnan(r.values[i])) << i;
  EXPECT_EQ(r.values[9], 0.0);
  EXPECT_EQ(r.values[10], 0.5);
  EXPECT_EQ(r.values[11], 0.5);
  const SoftmaxRun l = RunF32(NodeType::LOG_SOFTMAX, {-inf, 0, 0}, {1, 3}, {1});
  ASSERT_TRUE(l.status.ok());
  EXPECT_EQ(l.values[0], -std::numeric_limits<double>::infinity());
  EXPECT_EQ(l.values[1], F32(-LibmLog(2.0)));
}

// SoftmaxRowMax on rows long enough for its blocks of lanes: the largest
// value wherever it sits (in a block or in the tail), the first of equal
// zeros with its sign, and NaN anywhere (block or tail) making the row NaN.
TEST(SoftmaxTest, RowMaxOfLongRows) {
  for (size_t n : {8u, 9u, 16u, 21u}) {
    for (size_t at = 0; at < n; ++at) {
      std::vector<double> row(n, -3.0);
      row[at] = 2.5;
      double m = 0.0;
      ASSERT_TRUE(SoftmaxRowMax(&row, &m));
      EXPECT_EQ(m, 2.5) << n << " " << at;

      std::vector<double> zeros(n, -1.0);
      zeros[at] = -0.0;
      zeros[(at + 5) % n] = 0.0;
      if ((at + 5) % n != at) {
        ASSERT_TRUE(SoftmaxRowMax(&zeros, &m));
        EXPECT_EQ(std::signbit(m), at < (at + 5) % n) << "first zero, " << n << " " << at;
      }

      std::vector<double> with_nan(n, 1.0);
      with_nan[at] = std::numeric_limits<double>::quiet_NaN();
      EXPECT_FALSE(SoftmaxRowMax(&with_nan, &m));
      for (double v : with_nan) EXPECT_TRUE(std::isnan(v)) << n << " " << at;
    }
  }
}

// C-542: max subtraction and the sum in binary64: 1000 and 1001 do not
// overflow; the row sums to 1 up to rounding.
TEST(SoftmaxTest, LargeValuesMaxSubtractedC542) {
  const SoftmaxRun r = RunF32(NodeType::SOFTMAX, {1000, 1001, -1000}, {3}, {0});
  ASSERT_TRUE(r.status.ok());
  const double s = 1 + LibmExp(-1.0) + LibmExp(-2001.0);
  EXPECT_EQ(r.values, (std::vector<double>{F32(LibmExp(-1.0) / s), F32(1 / s), 0.0}));
  const SoftmaxRun l = RunF32(NodeType::LOG_SOFTMAX, {1000, 1001, -1000}, {3}, {0});
  EXPECT_EQ(l.values[2], F32(-2001.0 - LibmLog(s)));
}

// C-543: quantized in/out, the output's own params honoured (here not 1/256).
TEST(SoftmaxTest, QuantizedOutputParamsHonouredC543) {
  auto run = [](NodeType type, QuantParam yq) {
    OpHarness h(type);
    h.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{2, 0}), {QP(0.5, 0)})  // [1, 0]
        .Output(DataType::kUint8, {yq})
        .Attr(AxisAttr(type, {0}));
    const Status s = h.Run();
    return s.ok() ? h.OutInts() : std::vector<int64_t>{s.code()};
  };
  // softmax [e/(1+e), 1/(1+e)] = [0.7311, 0.2689]; /0.01 + 10 -> [83, 37].
  EXPECT_EQ(run(NodeType::SOFTMAX, QP(0.01, 10)), (std::vector<int64_t>{83, 37}));
  // 1/256, zp 0 (TFLite's uint8 choice): [187.2, 68.8] -> [187, 69].
  EXPECT_EQ(run(NodeType::SOFTMAX, QP(1.0 / 256, 0)), (std::vector<int64_t>{187, 69}));
  // log-softmax [-0.3133, -1.3133] with scale 1/16, zp 255 -> [250, 234].
  EXPECT_EQ(run(NodeType::LOG_SOFTMAX, QP(1.0 / 16, 255)), (std::vector<int64_t>{250, 234}));
  // int8 without quant params is not a softmax form; int32 is no softmax type.
  OpHarness h(NodeType::SOFTMAX);
  h.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{1, 2})).Output(DataType::kInt8);
  EXPECT_EQ(h.Run().code(), NNRT_UNSUPPORTED_OP);
  OpHarness g(NodeType::SOFTMAX);
  g.Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{1, 2})).Output(DataType::kInt32);
  EXPECT_EQ(g.Run().code(), NNRT_INVALID_MODEL);
}

TEST(SoftmaxTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::SOFTMAX);
  h.Input(DataType::kFloat32, {-1, 3}, {}).Output(DataType::kFloat32).Attr(Attr::Int64s("axis", {1}));
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 3}));
}

class SoftmaxEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(SoftmaxEveryDataType, UniformRowIsUniform) {
  const DataType t = GetParam();
  const std::vector<QuantParam> qx = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  const std::vector<QuantParam> qy = testing::QuantFor(t, QP(1.0 / 256, t == DataType::kUint8 ? 0 : -128));
  for (NodeType type : {NodeType::SOFTMAX, NodeType::LOG_SOFTMAX}) {
    OpHarness h(type);
    h.Input(t, {2, 4}, testing::EncodeAs(t, {3, 3, 3, 3, -1, 7, 7, -1}, qx), qx)
        .Output(t, type == NodeType::SOFTMAX ? qy : testing::QuantFor(t, QP(1.0 / 16, 127)))
        .Attr(AxisAttr(type, {-1}));
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    const std::vector<double> y = h.OutReals();
    if (type == NodeType::SOFTMAX) {
      EXPECT_EQ(y[0], 0.25) << DataTypeName(t);
      EXPECT_EQ(y[3], 0.25) << DataTypeName(t);
      EXPECT_NEAR(y[5], 0.5, 1.0 / 128) << DataTypeName(t);
    } else {
      EXPECT_NEAR(y[0], -LibmLog(4.0), 1.0 / 32) << DataTypeName(t);
      EXPECT_NEAR(y[5], -LibmLog(2.0), 1.0 / 32) << DataTypeName(t);
    }
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, SoftmaxEveryDataType, ::testing::ValuesIn(SoftmaxOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
