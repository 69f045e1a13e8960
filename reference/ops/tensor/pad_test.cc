#include "reference/ops/tensor/pad.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

const std::vector<float> kIdlX = {1, 2, 3, 4, 5, 6, 7, 8, 9};

// One PAD_FUSION node: x float32, paddings int32 (empty = unknown at prepare).
OpHarness PadCase(const std::vector<float>& x, Dims x_dims, const std::vector<int32_t>& paddings, Dims p_dims,
                  int64_t mode = 0, float constant = 0.0f) {
  OpHarness h(NodeType::PAD_FUSION);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kInt32, std::move(p_dims), Bytes(paddings))
      .Output(DataType::kFloat32)
      .Attr(Attr::Int8("paddingMode", static_cast<int8_t>(mode)))
      .Attr(Attr::Float("constantValue", constant));
  return h;
}

std::vector<double> RunPad(OpHarness h, Dims* dims = nullptr) {
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (dims != nullptr) *dims = h.OutDims();
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

// ops_catalog 2.4 (HDI IDL PaddingMode): x = [[1,2,3],[4,5,6],[7,8,9]], paddings [[2,2],[2,2]].
TEST(PadTest, IdlWorkedExamples) {
  Dims dims;
  const std::vector<double> reflect = RunPad(PadCase(kIdlX, {3, 3}, {2, 2, 2, 2}, {2, 2}, 1), &dims);
  EXPECT_EQ(dims, (Dims{7, 7}));
  EXPECT_EQ(reflect, (std::vector<double>{9, 8, 7, 8, 9, 8, 7, 6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1, 6, 5, 4, 5,
                                          6, 5, 4, 9, 8, 7, 8, 9, 8, 7, 6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1}));
  const std::vector<double> symmetric = RunPad(PadCase(kIdlX, {3, 3}, {2, 2, 2, 2}, {2, 2}, 2));
  EXPECT_EQ(symmetric, (std::vector<double>{5, 4, 4, 5, 6, 6, 5, 2, 1, 1, 2, 3, 3, 2, 2, 1, 1, 2, 3, 3, 2, 5, 4, 4, 5,
                                            6, 6, 5, 8, 7, 7, 8, 9, 9, 8, 8, 7, 7, 8, 9, 9, 8, 5, 4, 4, 5, 6, 6, 5}));
  const std::vector<double> constant = RunPad(PadCase(kIdlX, {3, 3}, {2, 2, 2, 2}, {2, 2}, 0));
  ASSERT_EQ(constant.size(), 49u);
  EXPECT_EQ(constant[0], 0);
  EXPECT_EQ(constant[2 * 7 + 2], 1);
  EXPECT_EQ(constant[4 * 7 + 4], 9);
  EXPECT_EQ(constant[6 * 7 + 6], 0);
}

TEST(PadTest, ConstantValueAndUnevenAmounts) {
  Dims dims;
  EXPECT_EQ(RunPad(PadCase({1, 2}, {1, 2}, {0, 1, 1, 0}, {2, 2}, 0, -1.5f), &dims),
            (std::vector<double>{-1.5, 1, 2, -1.5, -1.5, -1.5}));
  EXPECT_EQ(dims, (Dims{2, 3}));
}

// C-650: paddings must be [rank, 2]; the input decides and a non-empty
// attribute must repeat it; with the input unknown at prepare the attribute
// gives the output dims.
TEST(PadTest, PaddingsInputAndAttributeC650) {
  EXPECT_EQ(PadCase(kIdlX, {3, 3}, {1, 1, 1, 1}, {4}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(PadCase(kIdlX, {3, 3}, {1, 1, 1, 1, 1, 1}, {3, 2}).Infer().code(), NNRT_INVALID_MODEL);
  OpHarness differ = PadCase(kIdlX, {3, 3}, {1, 1, 1, 1}, {2, 2});
  differ.Attr(Attr::Int64s("paddings", {0, 0, 1, 1}));
  EXPECT_EQ(differ.Infer().code(), NNRT_INVALID_INPUT);  // a run-time input: bad run
  OpHarness same = PadCase(kIdlX, {3, 3}, {1, 1, 1, 1}, {2, 2});
  same.Attr(Attr::Int64s("paddings", {1, 1, 1, 1}));
  EXPECT_TRUE(same.Run().ok());
  OpHarness prepare = PadCase({}, {3, 3}, {}, {2, 2});
  prepare.Attr(Attr::Int64s("paddings", {0, 1, 2, 0}));
  ASSERT_TRUE(prepare.Infer().ok());
  EXPECT_EQ(prepare.OutDims(), (Dims{4, 5}));
  OpHarness unknown = PadCase({}, {3, 3}, {}, {2, 2});
  ASSERT_TRUE(unknown.Infer().ok());
  EXPECT_EQ(unknown.OutDims(), (Dims{-1, -1}));
  OpHarness wrong_count = PadCase(kIdlX, {3, 3}, {1, 1, 1, 1}, {2, 2});
  wrong_count.Attr(Attr::Int64s("paddings", {1, 1}));
  EXPECT_EQ(wrong_count.Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(PadCase({1}, {}, {}, {0, 2}).Infer().code(), NNRT_INVALID_MODEL);  // rank 0
}

// C-651: REFLECT amounts <= dim - 1, SYMMETRIC <= dim; RESERVED rejected.
TEST(PadTest, MirrorLimitsC651) {
  EXPECT_TRUE(PadCase({1, 2, 3}, {3}, {2, 2}, {1, 2}, 1).Run().ok());
  const Status reflect = PadCase({1, 2, 3}, {3}, {3, 0}, {1, 2}, 1).Infer();
  EXPECT_EQ(reflect.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(reflect.message().find("REFLECT's limit 2 (dim - 1)"), std::string::npos) << reflect.message();
  EXPECT_EQ(RunPad(PadCase({1, 2, 3}, {3}, {3, 3}, {1, 2}, 2)), (std::vector<double>{3, 2, 1, 1, 2, 3, 3, 2, 1}));
  EXPECT_EQ(PadCase({1, 2, 3}, {3}, {0, 4}, {1, 2}, 2).Infer().code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(PadCase({1}, {1}, {1, 0}, {1, 2}, 1).Infer().code(), NNRT_INVALID_INPUT);
  EXPECT_NE(PadCase({1}, {1}, {0, 0}, {1, 2}, 3).Infer().code(), NNRT_SUCCESS);
}

// C-653: negative amounts are rejected, not cropped.
TEST(PadTest, NegativeAmountsRejectedC653) {
  const Status s = PadCase({1, 2, 3}, {3}, {-1, 0}, {1, 2}).Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(s.message().find("must not be negative"), std::string::npos) << s.message();
}

// C-652: constantValue is a real value quantized with y's params; integer
// types round it half away from zero and saturate; bool is non-zero.
TEST(PadTest, ConstantValueInTheTypeC652) {
  OpHarness q(NodeType::PAD_FUSION);
  q.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{7}), {QP(0.5, 3)})
      .Input(DataType::kInt64, {1, 2}, Bytes(std::vector<int64_t>{1, 1}))
      .Output(DataType::kInt8, {QP(0.5, 3)})
      .Attr(Attr::Float("constantValue", 1.25f));
  ASSERT_TRUE(q.Run().ok());
  EXPECT_EQ(q.OutInts(), (std::vector<int64_t>{6, 7, 6}));  // 1.25 / 0.5 = 2.5 -> 3, + 3
  OpHarness big(NodeType::PAD_FUSION);
  big.Input(DataType::kUint8, {1}, Bytes(std::vector<uint8_t>{7}), {QP(0.5, 3)})
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{1, 0}))
      .Output(DataType::kUint8, {QP(0.5, 3)})
      .Attr(Attr::Float("constantValue", 1000.0f));
  ASSERT_TRUE(big.Run().ok());
  EXPECT_EQ(big.OutInts(), (std::vector<int64_t>{255, 7}));
  OpHarness i(NodeType::PAD_FUSION);
  i.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{7}))
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{1, 1}))
      .Output(DataType::kInt32)
      .Attr(Attr::Float("constantValue", -2.5f));
  ASSERT_TRUE(i.Run().ok());
  EXPECT_EQ(i.OutInts(), (std::vector<int64_t>{-3, 7, -3}));
  OpHarness b(NodeType::PAD_FUSION);
  b.Input(DataType::kBool, {1}, std::vector<uint8_t>{0})
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{0, 1}))
      .Output(DataType::kBool)
      .Attr(Attr::Float("constantValue", 0.5f));
  ASSERT_TRUE(b.Run().ok());
  EXPECT_EQ(b.OutInts(), (std::vector<int64_t>{0, 1}));
  OpHarness requant(NodeType::PAD_FUSION);
  requant.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{7}), {QP(0.5, 3)})
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{0, 1}))
      .Output(DataType::kInt8, {QP(0.25, 3)});
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness per_channel(NodeType::PAD_FUSION);
  per_channel.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{7, 7}), {QP(0.5, 3), QP(0.25, 3)})
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{0, 1}))
      .Output(DataType::kInt8, {QP(0.5, 3), QP(0.25, 3)});
  EXPECT_EQ(per_channel.Infer().code(), NNRT_INVALID_MODEL);
}

// Elements are copied bit for bit (NaN payloads, -0), mirrored ones too.
TEST(PadTest, ExactCopy) {
  const uint32_t nan_bits = 0x7FA00007u;
  float nan_value;
  std::memcpy(&nan_value, &nan_bits, 4);
  OpHarness h = PadCase({nan_value, -0.0f}, {2}, {1, 1}, {1, 2}, 2);
  ASSERT_TRUE(h.Run().ok());
  uint32_t bits[4];
  std::memcpy(bits, h.ctx().outputs[0].mutable_data, 16);
  EXPECT_EQ(bits[0], nan_bits);
  EXPECT_EQ(bits[1], nan_bits);
  EXPECT_EQ(bits[2], 0x80000000u);
  EXPECT_EQ(bits[3], 0x80000000u);
}

TEST(PadTest, SourceIndexMapping) {
  EXPECT_EQ(PadSourceIndex(PaddingMode::kConstant, -1, 3), -1);
  EXPECT_EQ(PadSourceIndex(PaddingMode::kReflect, -2, 3), 2);
  EXPECT_EQ(PadSourceIndex(PaddingMode::kReflect, 4, 3), 0);
  EXPECT_EQ(PadSourceIndex(PaddingMode::kSymmetric, -1, 3), 0);
  EXPECT_EQ(PadSourceIndex(PaddingMode::kSymmetric, 5, 3), 0);
}

class PadEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(PadEveryDataType, ReflectInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0} : std::vector<double>{1, 2};
  OpHarness h(NodeType::PAD_FUSION);
  h.Input(t, {2}, testing::EncodeAs(t, x, q), q)
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{1, 1}))
      .Output(t, q)
      .Attr(Attr::Int8("paddingMode", 1));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{x[1], x[0], x[1], x[0]}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, PadEveryDataType, ::testing::ValuesIn(PadOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
