// C-300: ValidateModelStructure rejects a zero point outside the value range
// of its tensor's data type, per entry of a per-channel list, with a message
// that names the tensor, the entry, the value and the range.
#include "reference/ir/quant_param_rules.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

namespace nnrt {
namespace {

constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int32_t kInt32Max = std::numeric_limits<int32_t>::max();

// x (model input, `dtype` [2] with one quant param zp) -> ABS -> y.
Model OneQuantizedInput(DataType dtype, std::vector<QuantParam> params, Dims dims = {2}) {
  Model m;
  Tensor x;
  x.name = "x";
  x.data_type = dtype;
  x.dims = dims;
  x.quant_params = std::move(params);
  Tensor y = x;
  y.name = "y";
  y.quant_params = {QuantParam{8, 0, 1.0}};
  if (!IsIntegerType(dtype)) y.quant_params.clear();
  m.tensors = {x, y};
  Node abs;
  abs.type = NodeType::ABS;
  abs.inputs = {0};
  abs.outputs = {1};
  m.nodes = {abs};
  m.inputs = {0};
  m.outputs = {1};
  return m;
}

QuantParam Zp(int32_t zero_point) { return QuantParam{8, zero_point, 0.5}; }

TEST(IntegerTypeRange, IsTheValueRangeOfEachIntegerType) {
  int64_t lo = 0, hi = 0;
  ASSERT_TRUE(IntegerTypeRange(DataType::kInt8, &lo, &hi));
  EXPECT_EQ(lo, -128);
  EXPECT_EQ(hi, 127);
  ASSERT_TRUE(IntegerTypeRange(DataType::kUint8, &lo, &hi));
  EXPECT_EQ(lo, 0);
  EXPECT_EQ(hi, 255);
  ASSERT_TRUE(IntegerTypeRange(DataType::kInt16, &lo, &hi));
  EXPECT_EQ(lo, -32768);
  ASSERT_TRUE(IntegerTypeRange(DataType::kUint32, &lo, &hi));
  EXPECT_EQ(hi, 4294967295);
  EXPECT_FALSE(IntegerTypeRange(DataType::kFloat32, &lo, &hi));
  EXPECT_FALSE(IntegerTypeRange(DataType::kBool, &lo, &hi));
}

TEST(ZeroPointRange, Int8AndUint8ZeroPointsMustBeValuesOfTheType) {
  struct Row {
    DataType dtype;
    int32_t zero_point;
    bool valid;
  };
  const Row rows[] = {
      {DataType::kInt8, -128, true},  {DataType::kInt8, 127, true},       {DataType::kInt8, 128, false},
      {DataType::kInt8, -129, false}, {DataType::kInt8, kInt32Min, false}, {DataType::kInt8, kInt32Max, false},
      {DataType::kUint8, 0, true},    {DataType::kUint8, 255, true},      {DataType::kUint8, -1, false},
      {DataType::kUint8, 256, false}, {DataType::kInt16, 40000, false},   {DataType::kUint32, -1, false},
      {DataType::kInt32, kInt32Min, true},
  };
  for (const Row& r : rows) {
    const Status s = ValidateModelStructure(OneQuantizedInput(r.dtype, {Zp(r.zero_point)}));
    EXPECT_EQ(s.ok(), r.valid) << DataTypeName(r.dtype) << " zp " << r.zero_point << ": " << s.ToString();
    if (!r.valid) {
      EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
    }
  }
}

TEST(ZeroPointRange, MessageNamesTensorEntryValueAndRange) {
  const Status s = ValidateModelStructure(OneQuantizedInput(DataType::kInt8, {Zp(0), Zp(kInt32Min)}, {2, 1}));
  ASSERT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(s.message(),
            "tensor 0 'x': quant param 1: zero point -2147483648 is outside the int8 range [-128, 127] (C-300)");
}

// Float tensors have no integer range: their quant params are the operators'
// business (C-41, C-47), not a structural error.
TEST(ZeroPointRange, FloatTensorsAreLeftToTheOperators) {
  EXPECT_TRUE(ValidateModelStructure(OneQuantizedInput(DataType::kFloat32, {Zp(kInt32Min)})).ok());
}

}  // namespace
}  // namespace nnrt
