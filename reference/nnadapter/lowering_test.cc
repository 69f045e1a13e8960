// The lowering table and the shape of what the lowering emits.
#include "reference/nnadapter/lowering/lowering.h"
#include "reference/nnadapter/lowering/lower_native.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Model;
using ::nnadapter::hal::Operand;

TEST(NNAdapterLowering, TableHasEveryOperationInEnumOrderC818) {
  const std::vector<OperationSupport> rows = LoweringTable();
  ASSERT_EQ(rows.size(), 65u);
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].operation, static_cast<int32_t>(i)) << rows[i].name;
    if (rows[i].support != SupportKind::kLowered) {
      EXPECT_GT(std::strlen(rows[i].reason), 0u) << rows[i].name << " has no reason";
    }
    EXPECT_EQ(rows[i].support == SupportKind::kNative, IsNativeOperation(rows[i].operation)) << rows[i].name;
  }
  EXPECT_EQ(rows[NNADAPTER_DEFORMABLE_CONV_2D].support, SupportKind::kNative);
  EXPECT_EQ(rows[NNADAPTER_CONV_2D].support, SupportKind::kLowered);
  EXPECT_STREQ(OperationName(NNADAPTER_CONV_2D), "CONV_2D");
  EXPECT_STREQ(OperationName(NNADAPTER_EQUAL), "EQUAL");
  EXPECT_STREQ(OperationName(99), "unknown");
}

NNAdapterOperandType F32(std::vector<int32_t> dims) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = NNADAPTER_FLOAT32;
  t.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) t.dimensions.data[i] = dims[i];
  return t;
}

Operand* Add(Model* m, NNAdapterOperandType type, void* buffer = nullptr, uint32_t length = 0) {
  if (buffer != nullptr) type.lifetime = NNADAPTER_CONSTANT_REFERENCE;
  m->operands.push_back(Operand{type, buffer, length});
  return &m->operands.back();
}

// NCHW pooling: TRANSPOSE (to NHWC), MAX_POOL_FUSION, TRANSPOSE (back); a
// RELU1 fuse code adds an ACTIVATION between the pool and the transpose (C-813, C-815).
TEST(NNAdapterLowering, PoolIsWrappedInTransposesC813) {
  Model m;
  int32_t pads[4] = {0, 0, 0, 0}, pair[2] = {1, 1}, zero = 0, relu1 = NNADAPTER_FUSED_RELU1;
  uint8_t no = 0;
  NNAdapterOperandType i32 = F32({});
  i32.precision = NNADAPTER_INT32;
  NNAdapterOperandType pads_type = F32({4}), pair_type = F32({2}), bool_type = F32({});
  pads_type.precision = pair_type.precision = NNADAPTER_INT32;
  bool_type.precision = NNADAPTER_BOOL8;
  Operand* x = Add(&m, F32({1, 2, 3, 3}));
  Operand* y = Add(&m, F32({1, 2, 3, 3}));
  m.operations.push_back({NNADAPTER_MAX_POOL_2D,
                          {x, Add(&m, i32, &zero, 4), Add(&m, pads_type, pads, 16), Add(&m, pair_type, pair, 8),
                           Add(&m, pair_type, pair, 8), Add(&m, bool_type, &no, 1), Add(&m, bool_type, &no, 1),
                           Add(&m, i32, &zero, 4), Add(&m, i32, &relu1, 4)},
                          {y, nullptr}});
  m.input_operands = {x};
  m.output_operands = {y};
  nnrt::Model lowered;
  ASSERT_TRUE(LowerModel(m, &lowered).ok());
  ASSERT_EQ(lowered.nodes.size(), 4u);
  EXPECT_EQ(lowered.nodes[0].type, NodeType::TRANSPOSE);
  EXPECT_EQ(lowered.nodes[1].type, NodeType::MAX_POOL_FUSION);
  EXPECT_EQ(lowered.nodes[2].type, NodeType::ACTIVATION);
  EXPECT_EQ(lowered.nodes[3].type, NodeType::TRANSPOSE);
  EXPECT_EQ(lowered.tensors[lowered.nodes[1].inputs[0]].dims, (Dims{1, 3, 3, 2}));
}

TEST(NNAdapterLowering, UnsupportedOperationNamesItsReasonC818) {
  Model m;
  Operand* x = Add(&m, F32({4}));
  Operand* y = Add(&m, F32({4}));
  m.operations.push_back({NNADAPTER_HARD_SWISH, {x}, {y}});
  m.input_operands = {x};
  m.output_operands = {y};
  nnrt::Model lowered;
  const Status s = LowerModel(m, &lowered);
  EXPECT_EQ(s.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(s.message().find("HARD_SWISH"), std::string::npos) << s.message();
}

TEST(NNAdapterLowering, PerChannelScalesOnlyAlongDimensionZeroC811) {
  Model m;
  float scales[2] = {0.5f, 0.25f};
  NNAdapterOperandType t = F32({2, 2});
  t.precision = NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL;
  t.symm_per_channel_params = {1, 2, scales};
  Operand* x = Add(&m, t);
  Operand* y = Add(&m, t);
  m.operations.push_back({NNADAPTER_RELU, {x}, {y}});
  m.input_operands = {x};
  m.output_operands = {y};
  nnrt::Model lowered;
  EXPECT_EQ(LowerModel(m, &lowered).code(), NNRT_UNSUPPORTED_OP);
}

// RESIZE_* without a shape operand (NULL, as Paddle Lite's converter passes
// it): the size is in * scale, lowered only when that is an integer (C-829).
Status LowerResizeByScales(float scale_h, float scale_w, nnrt::Model* lowered) {
  Model m;
  float scales[2] = {scale_h, scale_w};
  uint8_t no = 0;
  NNAdapterOperandType scales_type = F32({2}), bool_type = F32({});
  bool_type.precision = NNADAPTER_BOOL8;
  Operand* x = Add(&m, F32({1, 1, 2, 3}));
  Operand* y = Add(&m, F32({1, 1, 4, 6}));
  m.operations.push_back(
      {NNADAPTER_RESIZE_NEAREST, {x, nullptr, Add(&m, scales_type, scales, 8), Add(&m, bool_type, &no, 1)}, {y}});
  m.input_operands = {x};
  m.output_operands = {y};
  return LowerModel(m, lowered);
}

TEST(NNAdapterLowering, ResizeScalesGiveTheSizeOnlyWhenExactC829) {
  nnrt::Model lowered;
  ASSERT_TRUE(LowerResizeByScales(2.0f, 2.0f, &lowered).ok());
  ASSERT_EQ(lowered.nodes.size(), 3u);
  const Node& resize = lowered.nodes[1];
  EXPECT_EQ(resize.type, NodeType::RESIZE);
  EXPECT_NE(std::find(resize.attrs.begin(), resize.attrs.end(), Attr::Int64("newHeight", 4)), resize.attrs.end());
  EXPECT_NE(std::find(resize.attrs.begin(), resize.attrs.end(), Attr::Int64("newWidth", 6)), resize.attrs.end());
  const Status s = LowerResizeByScales(2.0f, 1.5f, &lowered);  // 3 * 1.5 = 4.5
  EXPECT_EQ(s.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(s.message().find("in * scale must be an integer"), std::string::npos) << s.message();
}

TEST(NNAdapterLowering, LpNormalizationIsUnsupportedWithItsReasonC830) {
  const OperationSupport row = LoweringTable()[NNADAPTER_LP_NORMALIZATION];
  EXPECT_STREQ(row.name, "LP_NORMALIZATION");
  EXPECT_EQ(row.support, SupportKind::kUnsupported);
  EXPECT_NE(std::string(row.reason).find("C-830"), std::string::npos) << row.reason;
}

// ARG_MIN has no NNRt node type: int8 codes CAST to float32 (exact), NEG,
// ARGMAX_FUSION with the axis, keepDims and the int64 output (C-851).
TEST(NNAdapterLowering, ArgMinIsArgMaxOfTheNegatedValuesC851) {
  Model m;
  NNAdapterOperandType q = F32({2, 3});
  q.precision = NNADAPTER_QUANT_INT8_SYMM_PER_LAYER;
  q.symm_per_layer_params.scale = 0.5f;
  NNAdapterOperandType i64 = F32({2});
  i64.precision = NNADAPTER_INT64;
  NNAdapterOperandType i32 = F32({});
  i32.precision = NNADAPTER_INT32;
  NNAdapterOperandType b8 = F32({});
  b8.precision = NNADAPTER_BOOL8;
  int32_t axis = -1, dtype = NNADAPTER_INT64;
  bool keepdim = false;
  Operand* x = Add(&m, q);
  Operand* y = Add(&m, i64);
  m.operations.push_back(
      {NNADAPTER_ARG_MIN, {x, Add(&m, i32, &axis, 4), Add(&m, b8, &keepdim, 1), Add(&m, i32, &dtype, 4)}, {y}});
  m.input_operands = {x};
  m.output_operands = {y};
  nnrt::Model lowered;
  ASSERT_TRUE(LowerModel(m, &lowered).ok());
  ASSERT_EQ(lowered.nodes.size(), 3u);
  EXPECT_EQ(lowered.nodes[0].type, NodeType::CAST);
  EXPECT_EQ(lowered.nodes[1].type, NodeType::NEG);
  EXPECT_EQ(lowered.nodes[2].type, NodeType::ARGMAX_FUSION);
  EXPECT_EQ(lowered.tensors[lowered.nodes[1].outputs[0]].data_type, DataType::kFloat32);
}

}  // namespace
}  // namespace nna
}  // namespace nnrt
