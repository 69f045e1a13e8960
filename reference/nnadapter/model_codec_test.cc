// The reference driver's cache buffer for programs with native steps
// (C-854): a model encodes and decodes to the same operands and operations,
// and every truncation or stray byte is refused without reading outside.
#include "reference/nnadapter/driver/model_codec.h"

#include <gtest/gtest.h>

#include <cstring>

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Model;
using ::nnadapter::hal::Operand;

NNAdapterOperandType TypeOf(NNAdapterOperandPrecisionCode precision, std::vector<int32_t> dims) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = precision;
  t.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) t.dimensions.data[i] = dims[i];
  return t;
}

TEST(NNAdapterModelCodec, RoundTripAndDamageC854) {
  Model m;
  float scales[2] = {0.5f, 0.25f};
  int8_t weights[2] = {3, -4};
  m.operands.push_back(Operand{TypeOf(NNADAPTER_FLOAT32, {2}), nullptr, 0});
  NNAdapterOperandType w = TypeOf(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2});
  w.symm_per_channel_params = {0, 2, scales};
  w.lifetime = NNADAPTER_CONSTANT_REFERENCE;
  m.operands.push_back(Operand{w, weights, 2});
  m.operands.push_back(Operand{TypeOf(NNADAPTER_FLOAT32, {2}), nullptr, 0});
  Operand* x = &m.operands.front();
  Operand* c = &*std::next(m.operands.begin());
  Operand* y = &m.operands.back();
  m.operations.push_back({NNADAPTER_ADD, {x, c, nullptr}, {y}});
  m.input_operands = {x};
  m.output_operands = {y};
  const std::vector<uint8_t> bytes = EncodeHalModel(m);
  OwnedHalModel decoded;
  ASSERT_TRUE(DecodeHalModel(bytes, &decoded));
  ASSERT_EQ(decoded.model.operands.size(), 3u);
  ASSERT_EQ(decoded.model.operations.size(), 1u);
  const auto& op = decoded.model.operations.front();
  EXPECT_EQ(op.type, NNADAPTER_ADD);
  ASSERT_EQ(op.input_operands.size(), 3u);
  EXPECT_EQ(op.input_operands[2], nullptr);
  const Operand* dc = op.input_operands[1];
  ASSERT_EQ(dc->length, 2u);
  EXPECT_EQ(static_cast<const int8_t*>(dc->buffer)[1], -4);
  ASSERT_EQ(dc->type.symm_per_channel_params.scale_count, 2u);
  EXPECT_EQ(dc->type.symm_per_channel_params.scales[1], 0.25f);
  EXPECT_EQ(decoded.model.input_operands[0], op.input_operands[0]);
  EXPECT_EQ(decoded.model.output_operands[0], op.output_operands[0]);
  EXPECT_EQ(EncodeHalModel(decoded.model), bytes);
  for (size_t n = 0; n < bytes.size(); ++n) {
    OwnedHalModel partial;
    EXPECT_FALSE(DecodeHalModel(std::vector<uint8_t>(bytes.begin(), bytes.begin() + n), &partial)) << n;
  }
  std::vector<uint8_t> longer = bytes;
  longer.push_back(0);
  OwnedHalModel extra;
  EXPECT_FALSE(DecodeHalModel(longer, &extra));
}

}  // namespace
}  // namespace nna
}  // namespace nnrt
