// The NNRt -> NNAdapter conversion on hand-built models: operation order and
// operand lists (NNAdapter's definitions), NHWC <-> NCHW transposes and the
// permuted filter, fuse codes, explicit pads, quantised types (C-843, C-832),
// pooling rounding (C-845) and the unsupported reasons (C-844).
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_converter.h"

#include <cstring>
#include <iterator>

#include <gtest/gtest.h>

namespace nnrt {
namespace nnadapter_bridge {
namespace {

using nnadapter::hal::Operand;
using nnadapter::hal::Operation;

Tensor MakeTensor(DataType type, Dims dims, std::vector<uint8_t> data = {}, std::vector<QuantParam> q = {}) {
  Tensor t;
  t.data_type = type;
  t.dims = std::move(dims);
  t.data = std::move(data);
  t.quant_params = std::move(q);
  return t;
}

std::vector<uint8_t> FloatBytes(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

std::vector<int32_t> Int32s(const Operand* op) {
  std::vector<int32_t> v(op->length / 4);
  std::memcpy(v.data(), op->buffer, op->length);
  return v;
}

const Operation& OperationAt(const nnadapter::hal::Model& m, size_t i) { return *std::next(m.operations.begin(), i); }

// x [1,3,3,2] NHWC, w [4,2,2,2] OHWI = 0..31, no bias, relu -> y [1,2,2,4].
Model ConvModel(int8_t activation) {
  Model m;
  std::vector<float> w(32);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>(i);
  m.tensors = {MakeTensor(DataType::kFloat32, {1, 3, 3, 2}), MakeTensor(DataType::kFloat32, {4, 2, 2, 2}, FloatBytes(w)),
               MakeTensor(DataType::kFloat32, {1, 2, 2, 4})};
  Node n;
  n.type = NodeType::CONV2D_FUSION;
  n.attrs = {Attr::Int64s("kernelSize", {2, 2}), Attr::Int64s("stride", {1, 1}), Attr::Int64s("dilation", {1, 1}),
             Attr::Int8("padMode", 0), Attr::Int64s("padList", {0, 0, 0, 0}), Attr::Int64("group", 1),
             Attr::Int8("activationType", activation)};
  n.inputs = {0, 1};
  n.outputs = {2};
  m.nodes = {n};
  m.inputs = {0};
  m.outputs = {2};
  return m;
}

TEST(NNAdapterModelConverter, ConvBecomesTransposeConvTransposeWithAnOihwFilter) {
  ConvertedModel c;
  const Status st = ConvertModel(ConvModel(static_cast<int8_t>(ActivationType::kRelu)), &c);
  ASSERT_TRUE(st.ok()) << st.ToString();
  const nnadapter::hal::Model& m = *c.builder->model();
  ASSERT_EQ(m.operations.size(), 3u);
  const Operation& in_t = OperationAt(m, 0);
  const Operation& conv = OperationAt(m, 1);
  const Operation& out_t = OperationAt(m, 2);
  EXPECT_EQ(in_t.type, NNADAPTER_TRANSPOSE);
  EXPECT_EQ(Int32s(in_t.input_operands[1]), (std::vector<int32_t>{0, 3, 1, 2}));
  EXPECT_EQ(in_t.input_operands[0], m.input_operands[0]);
  ASSERT_EQ(conv.type, NNADAPTER_CONV_2D);
  ASSERT_EQ(conv.input_operands.size(), 9u);
  EXPECT_EQ(conv.input_operands[0], in_t.output_operands[0]);
  const Operand* filter = conv.input_operands[1];
  ASSERT_EQ(filter->type.dimensions.count, 4u);
  EXPECT_EQ(filter->type.dimensions.data[1], 2);  // C_in in dim 1
  // OIHW [o=1][i=1][h=0][w=1] comes from OHWI [1][0][1][1] = 8 + 0 + 2 + 1 = 11.
  float v = 0;
  std::memcpy(&v, static_cast<const uint8_t*>(filter->buffer) + ((1 * 2 + 1) * 4 + 0 * 2 + 1) * 4, 4);
  EXPECT_EQ(v, 11.0f);
  EXPECT_EQ(Int32s(conv.input_operands[3]), std::vector<int32_t>{NNADAPTER_AUTO_PAD_NONE});
  EXPECT_EQ(Int32s(conv.input_operands[4]), (std::vector<int32_t>{0, 0, 0, 0}));
  EXPECT_EQ(Int32s(conv.input_operands[6]), std::vector<int32_t>{1});
  EXPECT_EQ(Int32s(conv.input_operands[8]), std::vector<int32_t>{NNADAPTER_FUSED_RELU});
  EXPECT_EQ(out_t.type, NNADAPTER_TRANSPOSE);
  EXPECT_EQ(Int32s(out_t.input_operands[1]), (std::vector<int32_t>{0, 2, 3, 1}));
  EXPECT_EQ(out_t.output_operands[0], m.output_operands[0]);
  EXPECT_EQ(m.output_operands[0]->type.lifetime, NNADAPTER_MODEL_OUTPUT);
  EXPECT_EQ(m.input_operands[0]->type.lifetime, NNADAPTER_MODEL_INPUT);
}

Model AddModel(ActivationType activation) {
  Model m;
  m.tensors = {MakeTensor(DataType::kFloat32, {2}), MakeTensor(DataType::kFloat32, {2}),
               MakeTensor(DataType::kFloat32, {2})};
  Node add;
  add.type = NodeType::ADD_FUSION;
  add.attrs = {Attr::Int8("activationType", static_cast<int8_t>(activation))};
  add.inputs = {0, 1};
  add.outputs = {2};
  m.nodes = {add};
  m.inputs = {0, 1};
  m.outputs = {2};
  return m;
}

TEST(NNAdapterModelConverter, FusedActivationsWithoutAnExactFuseCodeAreUnsupported) {
  ConvertedModel c;
  ASSERT_TRUE(ConvertModel(AddModel(ActivationType::kRelu6), &c).ok());
  EXPECT_EQ(Int32s(OperationAt(*c.builder->model(), 0).input_operands[2]), std::vector<int32_t>{NNADAPTER_FUSED_RELU6});
  ASSERT_TRUE(ConvertModel(AddModel(ActivationType::kRelu1), &c).ok());
  EXPECT_EQ(Int32s(OperationAt(*c.builder->model(), 0).input_operands[2]), std::vector<int32_t>{NNADAPTER_FUSED_RELU1});
  for (ActivationType a : {ActivationType::kSigmoid, ActivationType::kTanh}) {
    const Status st = ConvertModel(AddModel(a), &c);
    EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
    EXPECT_NE(st.message().find("fuse code"), std::string::npos) << st.ToString();
  }
}

// x1 + x2 (x2 constant) with the given quant params on every tensor.
Model QuantAddModel(DataType type, const QuantParam& q) {
  Model m;
  m.tensors = {MakeTensor(type, {4}, {}, {q}), MakeTensor(type, {4}, {0x80, 0xff, 0x00, 0x7f}, {q}),
               MakeTensor(type, {4}, {}, {q})};
  Node add;
  add.type = NodeType::ADD_FUSION;
  add.inputs = {0, 1};
  add.outputs = {2};
  m.nodes = {add};
  m.inputs = {0};
  m.outputs = {2};
  return m;
}

TEST(NNAdapterModelConverter, QuantisedTypesMapOnlyWhereNNAdapterCarriesThemExactly) {
  ConvertedModel c;
  // uint8 asymmetric: as it is.
  ASSERT_TRUE(ConvertModel(QuantAddModel(DataType::kUint8, QuantParam{8, 3, 0.5}), &c).ok());
  const Operand* constant = OperationAt(*c.builder->model(), 0).input_operands[1];
  EXPECT_EQ(constant->type.precision, NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER);
  EXPECT_EQ(constant->type.asymm_per_layer_params.zero_point, 3);
  EXPECT_EQ(constant->type.asymm_per_layer_params.scale, 0.5f);
  const auto* bytes = static_cast<const uint8_t*>(constant->buffer);
  EXPECT_EQ(std::vector<uint8_t>(bytes, bytes + 4), (std::vector<uint8_t>{0x80, 0xff, 0x00, 0x7f}));
  // int8 with zero point 0: symmetric per layer.
  ASSERT_TRUE(ConvertModel(QuantAddModel(DataType::kInt8, QuantParam{8, 0, 0.25}), &c).ok());
  EXPECT_EQ(c.builder->model()->input_operands[0]->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_EQ(c.builder->model()->input_operands[0]->type.symm_per_layer_params.scale, 0.25f);
  // int8 with another zero point travels as uint8 (+128), but ADD rounds its
  // result with the zero point inside, so its output cannot (C-832;
  // nnadapter_int8_as_uint8_test.cc has the cases that convert).
  const Status st = ConvertModel(QuantAddModel(DataType::kInt8, QuantParam{8, 3, 0.5}), &c);
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(st.message().find("zero point inside"), std::string::npos) << st.ToString();
}

TEST(NNAdapterModelConverter, NodeTypesWithoutAConversionAreUnsupportedWithTheReason) {
  Model m;
  m.tensors = {MakeTensor(DataType::kFloat32, {2}), MakeTensor(DataType::kFloat32, {2})};
  Node n;
  n.type = NodeType::FLOOR;
  n.inputs = {0};
  n.outputs = {1};
  m.nodes = {n};
  m.inputs = {0};
  m.outputs = {1};
  ConvertedModel c;
  const Status st = ConvertModel(m, &c);
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(st.message().find("FLOOR"), std::string::npos) << st.ToString();
}

// x [1,4,4,1], kernel 3, stride 2, VALID: floor gives 1, ceil 2.
Model PoolModel(int64_t round_mode, int32_t out) {
  Model m;
  m.tensors = {MakeTensor(DataType::kFloat32, {1, 4, 4, 1}), MakeTensor(DataType::kFloat32, {1, out, out, 1})};
  Node n;
  n.type = NodeType::MAX_POOL_FUSION;
  n.attrs = {Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("strides", {2, 2}), Attr::Int8("padMode", 2),
             Attr::Int8("roundMode", static_cast<int8_t>(round_mode))};
  n.inputs = {0};
  n.outputs = {1};
  m.nodes = {n};
  m.inputs = {0};
  m.outputs = {1};
  return m;
}

TEST(NNAdapterModelConverter, PoolingPicksTheRoundingThatGivesTheReferencesSize) {
  for (const auto& [round_mode, out, ceil] : {std::tuple<int64_t, int32_t, bool>{0, 1, false}, {1, 2, true}}) {
    ConvertedModel c;
    const Status st = ConvertModel(PoolModel(round_mode, out), &c);
    ASSERT_TRUE(st.ok()) << st.ToString();
    const Operation& pool = OperationAt(*c.builder->model(), 1);
    ASSERT_EQ(pool.type, NNADAPTER_MAX_POOL_2D);
    ASSERT_EQ(pool.input_operands.size(), 9u);
    ASSERT_EQ(pool.output_operands.size(), 2u);  // {output, indices = NULL} (C-903)
    EXPECT_EQ(pool.output_operands[1], nullptr);
    EXPECT_EQ(*static_cast<const uint8_t*>(pool.input_operands[5]->buffer), ceil ? 1 : 0);
  }
  ConvertedModel c;
  EXPECT_EQ(ConvertModel(PoolModel(0, 3), &c).code(), NNRT_UNSUPPORTED_OP);
}

}  // namespace
}  // namespace nnadapter_bridge
}  // namespace nnrt
