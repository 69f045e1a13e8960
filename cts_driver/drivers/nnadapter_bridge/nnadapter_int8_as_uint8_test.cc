// int8 tensors with a zero point other than 0 through the bridge (C-832): they
// travel as uint8 with codes and zero point + 128 where every node touching
// them then gives the reference's codes exactly, and are unsupported, with the
// reason, where a rounding tie could come out one code apart.
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_int8_as_uint8.h"

#include <gtest/gtest.h>

#include <iterator>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_converter.h"

namespace nnrt {
namespace nnadapter_bridge {
namespace {

using nnadapter::hal::Operand;

Tensor Int8(Dims dims, const QuantParam& q, std::vector<uint8_t> data = {}) {
  Tensor t;
  t.data_type = DataType::kInt8;
  t.dims = std::move(dims);
  t.data = std::move(data);
  t.quant_params = {q};
  return t;
}

// One node `type` on tensors 0 (input), 1 (optional constant) -> last.
Model OneNode(NodeType type, std::vector<Tensor> tensors, std::vector<Attr> attrs = {}) {
  Model m;
  m.tensors = std::move(tensors);
  Node n;
  n.type = type;
  for (uint32_t t = 0; t + 1 < m.tensors.size(); ++t) n.inputs.push_back(t);
  n.outputs = {static_cast<uint32_t>(m.tensors.size() - 1)};
  n.attrs = std::move(attrs);
  m.nodes = {n};
  m.inputs = {0};
  m.outputs = n.outputs;
  return m;
}

TEST(Int8AsUint8, FlippingTheTopBitAddsOrRemoves128) {
  std::vector<uint8_t> b = {0x80, 0xff, 0x00, 0x7f};  // int8 -128, -1, 0, 127
  FlipInt8Uint8(b.data(), b.size());
  EXPECT_EQ(b, (std::vector<uint8_t>{0, 127, 128, 255}));
  FlipInt8Uint8(b.data(), b.size());
  EXPECT_EQ(b, (std::vector<uint8_t>{0x80, 0xff, 0x00, 0x7f}));
  EXPECT_TRUE(TravelsAsUint8(Int8({1}, {8, -5, 0.5})));
  EXPECT_FALSE(TravelsAsUint8(Int8({1}, {8, 0, 0.5})));
}

// The inputs of a requantising node may travel as uint8 (the kernel reads
// q - z only); a symmetric output stays int8.
TEST(Int8AsUint8, AddWithAsymmetricInputsAndASymmetricOutputConverts) {
  const QuantParam in{8, 3, 0.5}, out{8, 0, 0.25};
  ConvertedModel c;
  const Status st = ConvertModel(
      OneNode(NodeType::ADD_FUSION, {Int8({4}, in), Int8({4}, in, {0x80, 0xff, 0x00, 0x7f}), Int8({4}, out)}), &c);
  ASSERT_TRUE(st.ok()) << st.ToString();
  const auto& op = *c.builder->model()->operations.begin();
  const Operand* x = op.input_operands[0];
  const Operand* constant = op.input_operands[1];
  EXPECT_EQ(x->type.precision, NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER);
  EXPECT_EQ(x->type.asymm_per_layer_params.zero_point, 131);
  EXPECT_EQ(x->type.asymm_per_layer_params.scale, 0.5f);
  const auto* bytes = static_cast<const uint8_t*>(constant->buffer);
  EXPECT_EQ(std::vector<uint8_t>(bytes, bytes + 4), (std::vector<uint8_t>{0, 127, 128, 255}));
  EXPECT_EQ(op.output_operands[0]->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
}

TEST(Int8AsUint8, CodeCopyingNodesCarryAnAsymmetricOutput) {
  const QuantParam q{8, -7, 0.125};
  ConvertedModel c;
  Tensor shape;
  shape.data_type = DataType::kInt64;
  shape.dims = {1};
  shape.data = std::vector<uint8_t>(8, 0);
  shape.data[0] = 4;
  const Status st = ConvertModel(OneNode(NodeType::RESHAPE, {Int8({2, 2}, q), shape, Int8({4}, q)}), &c);
  ASSERT_TRUE(st.ok()) << st.ToString();
  const Operand* y = c.builder->model()->output_operands[0];
  EXPECT_EQ(y->type.precision, NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER);
  EXPECT_EQ(y->type.asymm_per_layer_params.zero_point, 121);
}

// A tie of a negative sum: RHA(-2.5) = -3 in int8, RHA(125.5) - 128 = -2.
TEST(Int8AsUint8, RequantisingNodesKeepAnAsymmetricOutputUnsupported) {
  const QuantParam q{8, 3, 0.5};
  ConvertedModel c;
  for (NodeType type : {NodeType::ADD_FUSION, NodeType::MUL_FUSION}) {
    const Status st =
        ConvertModel(OneNode(type, {Int8({4}, {8, 0, 0.5}), Int8({4}, {8, 0, 0.5}, {1, 2, 3, 4}), Int8({4}, q)}), &c);
    EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
    EXPECT_NE(st.message().find("tie at a negative sum"), std::string::npos) << st.ToString();
  }
  Tensor x = Int8({4}, q), y = Int8({4}, {8, 3, 0.25});
  const Status st = ConvertModel(
      OneNode(NodeType::ACTIVATION, {x, y}, {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kRelu))}),
      &c);
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(st.message().find("scale other than the input's"), std::string::npos) << st.ToString();
  const Status sig =
      ConvertModel(OneNode(NodeType::ACTIVATION, {x, x},
                           {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kSigmoid))}),
                   &c);
  EXPECT_EQ(sig.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(sig.message().find("table entries"), std::string::npos) << sig.ToString();
}

// RELU6's upper bound Q(6) = RHA(6 / scale + z): scale 4, zero point -3 gives
// the tie -1.5, -2 in int8 but 126.5 -> 127 (= -1 + 128) in uint8; zero point
// 1 gives 2.5, 3 in both. RELU's bounds (z, qmax) always shift by 128.
TEST(Int8AsUint8, Relu6IsUnsupportedOnlyWhereItsBoundRoundsDifferently) {
  auto relu6 = [](const QuantParam& q) {
    return OneNode(NodeType::ACTIVATION, {Int8({4}, q), Int8({4}, q)},
                   {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kRelu6))});
  };
  ConvertedModel c;
  const Status tie = ConvertModel(relu6({8, -3, 4.0}), &c);
  EXPECT_EQ(tie.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(tie.message().find("clamp range"), std::string::npos) << tie.ToString();
  const Status ok = ConvertModel(relu6({8, 1, 4.0}), &c);
  EXPECT_TRUE(ok.ok()) << ok.ToString();
  const Status relu = ConvertModel(OneNode(NodeType::ACTIVATION, {Int8({4}, {8, -3, 4.0}), Int8({4}, {8, 5, 4.0})},
                                           {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kRelu))}),
                                   &c);
  EXPECT_TRUE(relu.ok()) << relu.ToString();
}

}  // namespace
}  // namespace nnadapter_bridge
}  // namespace nnrt
