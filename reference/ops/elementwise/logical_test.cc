#include "reference/ops/elementwise/logical.h"

#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

std::vector<int64_t> Run2(NodeType type, DataType ta, Dims da, std::vector<uint8_t> a, DataType tb, Dims db,
                          std::vector<uint8_t> b, Dims* out = nullptr) {
  OpHarness h(type);
  h.Input(ta, std::move(da), std::move(a)).Input(tb, std::move(db), std::move(b)).Output(DataType::kBool);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (out != nullptr) *out = h.OutDims();
  return s.ok() ? h.OutInts() : std::vector<int64_t>{};
}

std::vector<int64_t> RunNot(DataType t, Dims d, std::vector<uint8_t> x) {
  OpHarness h(NodeType::LOGICAL_NOT);
  h.Input(t, std::move(d), std::move(x)).Output(DataType::kBool);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return s.ok() ? h.OutInts() : std::vector<int64_t>{};
}

const DataType kB = DataType::kBool;
const DataType kI64 = DataType::kInt64;

// ops_catalog #81 XTS models 1..5, #89 models 1..2, #82 models 1..5.
TEST(LogicalTest, CatalogModels) {
  EXPECT_EQ(Run2(NodeType::LOGICAL_AND, kI64, {3}, Bytes(std::vector<int64_t>{1, 0, 1}), kI64, {3},
                 Bytes(std::vector<int64_t>{0, 1, 1})),
            (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_AND, kI64, {3}, Bytes(std::vector<int64_t>{1, 0, 1}), kB, {1}, {0}),
            (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_AND, kB, {2}, {1, 0}, kB, {1}, {1}), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_AND, kB, {1}, {0}, kB, {2}, {1, 0}), (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_AND, kB, {3}, {1, 0, 1}, kB, {3}, {0, 0, 1}), (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_OR, kB, {3}, {1, 0, 1}, kB, {3}, {0, 0, 1}), (std::vector<int64_t>{1, 0, 1}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_OR, kI64, {3}, Bytes(std::vector<int64_t>{0, 1, 0}), kI64, {3},
                 Bytes(std::vector<int64_t>{1, 0, 1})),
            (std::vector<int64_t>{1, 1, 1}));
  EXPECT_EQ(RunNot(kI64, {3}, Bytes(std::vector<int64_t>{1, 0, 1})), (std::vector<int64_t>{0, 1, 0}));
  EXPECT_EQ(RunNot(kB, {1}, {1}), (std::vector<int64_t>{0}));
  EXPECT_EQ(RunNot(kB, {1}, {0}), (std::vector<int64_t>{1}));
  EXPECT_EQ(RunNot(kB, {2}, {1, 0}), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(RunNot(kB, {3}, {0, 0, 1}), (std::vector<int64_t>{1, 1, 0}));
}

// C-686: any non-zero integer is true (2 AND 1 is true, not 2 & 1 = 0); a
// non-zero bool byte is true; float and quantized operands are unsupported.
TEST(LogicalTest, NonZeroIsTrueC686) {
  const int32_t min32 = std::numeric_limits<int32_t>::min();
  EXPECT_EQ(Run2(NodeType::LOGICAL_AND, DataType::kInt32, {4}, Bytes(std::vector<int32_t>{2, min32, -1, 0}),
                 DataType::kInt32, {4}, Bytes(std::vector<int32_t>{1, 1, 256, 5})),
            (std::vector<int64_t>{1, 1, 1, 0}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_OR, kB, {2}, {7, 0}, kB, {2}, {0, 0}), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(RunNot(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{256, 0})), (std::vector<int64_t>{0, 1}));
  OpHarness f(NodeType::LOGICAL_NOT);
  f.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(kB);
  EXPECT_EQ(f.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness q(NodeType::LOGICAL_OR);
  q.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{1}), {QP(0.5, 0)}).Input(kB, {1}, {1}).Output(kB);
  EXPECT_EQ(q.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness not_bool(NodeType::LOGICAL_AND);
  not_bool.Input(kB, {1}, {1}).Input(kB, {1}, {1}).Output(DataType::kInt32);
  EXPECT_EQ(not_bool.Infer().code(), NNRT_INVALID_MODEL);
}

// C-687: AND / OR broadcast like numpy; NOT keeps the dims.
TEST(LogicalTest, BroadcastingC687) {
  Dims dims;
  EXPECT_EQ(Run2(NodeType::LOGICAL_OR, kB, {2, 1}, {1, 0}, kB, {3}, {0, 1, 0}, &dims),
            (std::vector<int64_t>{1, 1, 1, 0, 1, 0}));
  EXPECT_EQ(dims, (Dims{2, 3}));
  OpHarness bad(NodeType::LOGICAL_AND);
  bad.Input(kB, {2}, {1, 0}).Input(kB, {3}, {1, 0, 1}).Output(kB);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness dyn(NodeType::LOGICAL_NOT);
  dyn.Input(kB, {-1, 2}, {}).Output(kB);
  ASSERT_TRUE(dyn.Infer().ok());
  EXPECT_EQ(dyn.OutDims(), (Dims{-1, 2}));
}

class LogicalEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(LogicalEveryDataType, TruthTablesInTheType) {
  const DataType t = GetParam();
  const std::vector<uint8_t> a = testing::EncodeAs(t, {0, 0, 1, 1});
  const std::vector<uint8_t> b = testing::EncodeAs(t, {0, 1, 0, 1});
  EXPECT_EQ(Run2(NodeType::LOGICAL_AND, t, {4}, a, t, {4}, b), (std::vector<int64_t>{0, 0, 0, 1}));
  EXPECT_EQ(Run2(NodeType::LOGICAL_OR, t, {4}, a, t, {4}, b), (std::vector<int64_t>{0, 1, 1, 1}));
  EXPECT_EQ(RunNot(t, {4}, b), (std::vector<int64_t>{1, 0, 1, 0}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, LogicalEveryDataType,
                         ::testing::ValuesIn(LogicalOpDef(NodeType::LOGICAL_AND).data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
