#include "reference/ops/elementwise/select_where.h"

#include <cmath>
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

std::vector<uint8_t> Bools(const std::vector<int>& v) {
  std::vector<uint8_t> out;
  for (int b : v) out.push_back(static_cast<uint8_t>(b));
  return out;
}

std::vector<double> RunChoice(NodeType type, const std::vector<int>& cond, Dims cond_dims, const std::vector<float>& x1,
                              Dims x1_dims, const std::vector<float>& x2, Dims x2_dims, Dims* out_dims = nullptr) {
  OpHarness h(type);
  h.Input(DataType::kBool, std::move(cond_dims), Bools(cond))
      .Input(DataType::kFloat32, std::move(x1_dims), Bytes(x1))
      .Input(DataType::kFloat32, std::move(x2_dims), Bytes(x2))
      .Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (out_dims != nullptr) *out_dims = h.OutDims();
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

Status InferChoice(NodeType type, Dims cond_dims, Dims x1_dims, Dims x2_dims) {
  OpHarness h(type);
  h.Input(DataType::kBool, cond_dims, Bools(std::vector<int>(ElementCount(cond_dims).value_or(0), 1)))
      .Input(DataType::kFloat32, x1_dims, Bytes(std::vector<float>(ElementCount(x1_dims).value_or(0), 1)))
      .Input(DataType::kFloat32, x2_dims, Bytes(std::vector<float>(ElementCount(x2_dims).value_or(0), 2)))
      .Output(DataType::kFloat32);
  return h.Infer();
}

// ops_catalog #62 XTS models 1 and 2.
TEST(SelectTest, CatalogModels) {
  EXPECT_EQ(RunChoice(NodeType::SELECT, {1}, {1}, {1}, {1}, {4}, {1}), (std::vector<double>{1}));
  EXPECT_EQ(RunChoice(NodeType::SELECT, {1, 0, 0}, {3}, {1, 2, 3}, {3}, {4, 5, 6}, {3}),
            (std::vector<double>{1, 5, 6}));
}

// C-360: the three SELECT forms and the rejected mismatches (XTS models 3, 4).
TEST(SelectTest, RowScalarAndSameShapeFormsC360) {
  Dims dims;
  EXPECT_EQ(RunChoice(NodeType::SELECT, {0, 1}, {2}, {1, 2, 3, 4}, {2, 2}, {5, 6, 7, 8}, {2, 2}, &dims),
            (std::vector<double>{5, 6, 3, 4}));
  EXPECT_EQ(dims, (Dims{2, 2}));
  EXPECT_EQ(RunChoice(NodeType::SELECT, {0}, {}, {1, 2}, {2}, {5, 6}, {2}), (std::vector<double>{5, 6}));
  EXPECT_EQ(InferChoice(NodeType::SELECT, {2}, {3}, {3}).code(), NNRT_INVALID_MODEL);  // XTS model 3
  EXPECT_EQ(InferChoice(NodeType::SELECT, {3}, {3}, {4}).code(), NNRT_INVALID_MODEL);  // XTS model 4
  EXPECT_EQ(InferChoice(NodeType::SELECT, {2, 1}, {2, 2}, {2, 2}).code(), NNRT_INVALID_MODEL);
}

// ops_catalog #87 XTS models 1-3 (shape-[1] operands broadcast), C-361.
TEST(WhereTest, CatalogModelsBroadcastC361) {
  EXPECT_EQ(RunChoice(NodeType::WHERE, {1, 0, 1}, {3}, {1, 2, 3}, {3}, {4, 5, 6}, {3}),
            (std::vector<double>{1, 5, 3}));
  EXPECT_EQ(RunChoice(NodeType::WHERE, {0, 0, 1}, {3}, {5}, {1}, {7, 8, 9}, {3}), (std::vector<double>{7, 8, 5}));
  EXPECT_EQ(RunChoice(NodeType::WHERE, {1, 1, 0}, {3}, {10, 11, 12}, {3}, {3}, {1}),
            (std::vector<double>{10, 11, 3}));
  Dims dims;
  // numpy alignment from the right: condition [2,1] against x1 [3].
  EXPECT_EQ(RunChoice(NodeType::WHERE, {1, 0}, {2, 1}, {1, 2, 3}, {3}, {9}, {}, &dims),
            (std::vector<double>{1, 2, 3, 9, 9, 9}));
  EXPECT_EQ(dims, (Dims{2, 3}));
  EXPECT_EQ(InferChoice(NodeType::WHERE, {2}, {3}, {3}).code(), NNRT_INVALID_MODEL);
}

// -1 dims propagate at prepare time.
TEST(WhereTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::WHERE);
  h.Input(DataType::kBool, {-1, 1}, {}).Input(DataType::kFloat32, {3}, {}).Input(DataType::kFloat32, {1}, {})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 3}));
}

// C-359: the condition must be bool; quantized operands with different
// params are unsupported; NaN payloads and -0 are copied.
TEST(SelectTest, TypesAndExactCopyC359) {
  OpHarness int_cond(NodeType::WHERE);
  int_cond.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(int_cond.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness requant(NodeType::SELECT);
  requant.Input(DataType::kBool, {1}, Bools({1}))
      .Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{1}), {QP(0.5, 0)})
      .Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{1}), {QP(0.25, 0)})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
  const uint32_t nan_bits = 0x7FC00123u;
  float nan_value;
  std::memcpy(&nan_value, &nan_bits, 4);
  OpHarness h(NodeType::WHERE);
  h.Input(DataType::kBool, {2}, Bools({1, 0}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{nan_value, 1}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{2, -0.0f}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  uint32_t bits[2];
  std::memcpy(bits, h.ctx().outputs[0].mutable_data, 8);
  EXPECT_EQ(bits[0], nan_bits);
  EXPECT_EQ(bits[1], 0x80000000u);
}

class SelectWhereEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(SelectWhereEveryDataType, ChoiceInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> a = t == DataType::kBool ? std::vector<double>{1, 1, 0} : std::vector<double>{-1, 2, 3};
  const std::vector<double> b = t == DataType::kBool ? std::vector<double>{0, 0, 1} : std::vector<double>{4, -2, 0};
  for (NodeType type : {NodeType::SELECT, NodeType::WHERE}) {
    OpHarness h(type);
    h.Input(DataType::kBool, {3}, Bools({1, 0, 1}))
        .Input(t, {3}, testing::EncodeAs(t, a, q), q)
        .Input(t, {3}, testing::EncodeAs(t, b, q), q)
        .Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
    EXPECT_EQ(h.OutReals(), (std::vector<double>{a[0], b[1], a[2]})) << DataTypeName(t);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, SelectWhereEveryDataType, ::testing::ValuesIn(SelectOpDef().data_types),
                         [](const ::testing::TestParamInfo<DataType>& info) {
                           return std::string(DataTypeName(info.param));
                         });

}  // namespace
}  // namespace nnrt
