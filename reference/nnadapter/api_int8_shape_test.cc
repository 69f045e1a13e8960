// NNAdapter API end to end on the reference, quantised operands of the data
// movement operations not covered in api_shape_test.cc: the codes are copied
// and every operand keeps the output's params (C-600); int8 symmetric and
// uint8 asymmetric. CLIP and PAD CONSTANT are float32-only in the lowering
// (C-816, C-818): getSupportedOperations says so, pinned here.
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

using Ops = std::vector<NNAdapterOperand*>;

NNAdapterOperandType Quant(int32_t precision, std::vector<int32_t> dims) {
  return precision == kU8 ? Type(kU8, std::move(dims), 0.25f, 7) : Type(kI8, std::move(dims), 0.25f);
}

// One operation on quantised x (dims in_dims, bytes = codes) with the extra
// operands; its output has out_dims and the same params.
template <typename Extra>
HostBuffer RunCodes(int32_t op, int32_t precision, std::vector<int32_t> in_dims, const std::vector<uint8_t>& codes,
                    std::vector<int32_t> out_dims, Extra extra) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Quant(precision, in_dims));
  NNAdapterOperand* y = m.Operand(Quant(precision, out_dims));
  Ops ins = {x};
  for (NNAdapterOperand* o : extra(m)) ins.push_back(o);
  EXPECT_EQ(m.Operation(op, ins, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR) << op << " " << precision;
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({Buffer<uint8_t>(in_dims, codes)}, &out), NNADAPTER_NO_ERROR) << op << " " << precision;
  return out[0];
}

// The codes include the int8 extremes (0x80 = -128, 0x7f = 127) and the
// uint8 ones (0, 255).
const std::vector<uint8_t> kCodes = {0x80, 0x7f, 0x00, 0xff, 0x05, 0xfb};

TEST(NNAdapterInt8Shape, SingleInputOperationsCopyCodes) {
  for (int32_t p : {kI8, kU8}) {
    HostBuffer r = RunCodes(NNADAPTER_FLATTEN, p, {1, 2, 3}, kCodes, {1, 6}, [](ApiModelBuilder& m) {
      return Ops{m.Int32(1), m.Int32(-1)};
    });
    EXPECT_EQ(r.bytes, kCodes);
    EXPECT_EQ(r.dims, (std::vector<int32_t>{1, 6}));
    r = RunCodes(NNADAPTER_SQUEEZE, p, {1, 6}, kCodes, {6}, [](ApiModelBuilder& m) { return Ops{m.Int32s({0})}; });
    EXPECT_EQ(r.bytes, kCodes);
    r = RunCodes(NNADAPTER_UNSQUEEZE, p, {6}, kCodes, {1, 6}, [](ApiModelBuilder& m) { return Ops{m.Int32s({0})}; });
    EXPECT_EQ(r.dims, (std::vector<int32_t>{1, 6}));
    EXPECT_EQ(r.bytes, kCodes);
    r = RunCodes(NNADAPTER_RESHAPE, p, {2, 3}, kCodes, {3, 2}, [](ApiModelBuilder& m) {
      return Ops{m.Int32s({3, -1})};
    });
    EXPECT_EQ(r.bytes, kCodes);
    r = RunCodes(NNADAPTER_TRANSPOSE, p, {2, 3}, kCodes, {3, 2}, [](ApiModelBuilder& m) {
      return Ops{m.Int32s({1, 0})};
    });
    EXPECT_EQ(r.bytes, (std::vector<uint8_t>{0x80, 0xff, 0x7f, 0x05, 0x00, 0xfb}));
    r = RunCodes(NNADAPTER_ASSIGN, p, {6}, kCodes, {6}, [](ApiModelBuilder&) { return Ops{}; });
    EXPECT_EQ(r.bytes, kCodes);
    r = RunCodes(NNADAPTER_GATHER, p, {3, 2}, kCodes, {2, 2}, [](ApiModelBuilder& m) {
      return Ops{m.Int32s({2, 0}), m.Int32(0)};
    });
    EXPECT_EQ(r.bytes, (std::vector<uint8_t>{0x05, 0xfb, 0x80, 0x7f}));
    // REFLECT: {c1, c0, c1, ..., c5, c4}.
    r = RunCodes(NNADAPTER_PAD, p, {6}, kCodes, {8}, [](ApiModelBuilder& m) {
      return Ops{m.Int32s({1, 1}), m.Int32(NNADAPTER_PAD_MODE_REFLECT), m.Float32(0)};
    });
    EXPECT_EQ(r.bytes, (std::vector<uint8_t>{0x7f, 0x80, 0x7f, 0x00, 0xff, 0x05, 0xfb, 0x05}));
  }
}

TEST(NNAdapterInt8Shape, ConcatStackSplitCopyCodes) {
  for (int32_t p : {kI8, kU8}) {
    for (int32_t op : {NNADAPTER_CONCAT, NNADAPTER_STACK}) {
      ApiModelBuilder m;
      NNAdapterOperand* a = m.Operand(Quant(p, {2}));
      NNAdapterOperand* b = m.Operand(Quant(p, {2}));
      NNAdapterOperand* y =
          m.Operand(Quant(p, op == NNADAPTER_CONCAT ? std::vector<int32_t>{4} : std::vector<int32_t>{2, 2}));
      ASSERT_EQ(m.Operation(op, {a, b, m.Int32(0)}, {y}), NNADAPTER_NO_ERROR);
      ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR) << op << " " << p;
      std::vector<HostBuffer> out(1);
      ASSERT_EQ(m.Run({Buffer<uint8_t>({2}, {0x80, 0x7f}), Buffer<uint8_t>({2}, {0x00, 0xff})}, &out),
                NNADAPTER_NO_ERROR);
      EXPECT_EQ(out[0].bytes, (std::vector<uint8_t>{0x80, 0x7f, 0x00, 0xff})) << op << " " << p;
    }
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Quant(p, {3}));
    NNAdapterOperand* y0 = m.Operand(Quant(p, {1}));
    NNAdapterOperand* y1 = m.Operand(Quant(p, {2}));
    ASSERT_EQ(m.Operation(NNADAPTER_SPLIT, {x, m.Int32(0), m.Int32s({1, 2})}, {y0, y1}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y0, y1}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(2);
    ASSERT_EQ(m.Run({Buffer<uint8_t>({3}, {0x80, 0x7f, 0x05})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(out[0].bytes, (std::vector<uint8_t>{0x80}));
    EXPECT_EQ(out[1].bytes, (std::vector<uint8_t>{0x7f, 0x05}));
  }
}

// Codes are copied, never requantised: inputs with other params are
// unsupported (C-600), not silently rescaled.
TEST(NNAdapterInt8Shape, ConcatOfDifferentScalesIsUnsupported) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(kI8, {2}, 0.25f));
  NNAdapterOperand* b = m.Operand(Type(kI8, {2}, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(kI8, {4}, 0.25f));
  ASSERT_EQ(m.Operation(NNADAPTER_CONCAT, {a, b, m.Int32(0)}, {y}), NNADAPTER_NO_ERROR);
  bool supported[1] = {true};
  EXPECT_EQ(NNAdapterModel_getSupportedOperations(m.model(), m.context(), supported), NNADAPTER_NO_ERROR);
  EXPECT_FALSE(supported[0]);
  EXPECT_EQ(m.Compile({a, b}, {y}), NNADAPTER_INVALID_PARAMETER);
}

// CLIP and PAD CONSTANT lower float32 only: on int8 and uint8 inputs
// getSupportedOperations says false and the compilation fails.
TEST(NNAdapterInt8Shape, Float32OnlyLoweringsAreUnsupportedOnQuantisedInputs) {
  for (int32_t p : {kI8, kU8}) {
    {
      ApiModelBuilder m;
      NNAdapterOperand* x = m.Operand(Quant(p, {3}));
      NNAdapterOperand* y = m.Operand(Quant(p, {3}));
      ASSERT_EQ(m.Operation(NNADAPTER_CLIP,
                            {x, m.Constant(Quant(p, {1}), std::vector<uint8_t>{0}),
                             m.Constant(Quant(p, {1}), std::vector<uint8_t>{20})},
                            {y}),
                NNADAPTER_NO_ERROR);
      bool supported[1] = {true};
      EXPECT_EQ(NNAdapterModel_getSupportedOperations(m.model(), m.context(), supported), NNADAPTER_NO_ERROR);
      EXPECT_FALSE(supported[0]) << "CLIP " << p;
      EXPECT_EQ(m.Compile({x}, {y}), NNADAPTER_INVALID_PARAMETER);
    }
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Quant(p, {2}));
    NNAdapterOperand* y = m.Operand(Quant(p, {4}));
    ASSERT_EQ(
        m.Operation(NNADAPTER_PAD, {x, m.Int32s({1, 1}), m.Int32(NNADAPTER_PAD_MODE_CONSTANT), m.Float32(0)}, {y}),
        NNADAPTER_NO_ERROR);
    bool supported[1] = {true};
    EXPECT_EQ(NNAdapterModel_getSupportedOperations(m.model(), m.context(), supported), NNADAPTER_NO_ERROR);
    EXPECT_FALSE(supported[0]) << "PAD CONSTANT " << p;
    EXPECT_EQ(m.Compile({x}, {y}), NNADAPTER_INVALID_PARAMETER);
  }
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
