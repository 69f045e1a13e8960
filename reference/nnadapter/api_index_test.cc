// NNAdapter API end to end on the reference: ARG_MAX, TOP_K and SLICE,
// float32 and int8, and the combinations without a lowering (C-824, C-825,
// C-827).
#include <gtest/gtest.h>

#include <climits>
#include <cmath>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

// ARG_MAX of x (dims `in`, precision `p`) along `axis` into a `dtype` output of dims `out`.
int ArgMax(int32_t p, std::vector<int32_t> in, const HostBuffer& x, int32_t axis, bool keepdim, int32_t dtype,
           int32_t out_precision, std::vector<int32_t> out, std::vector<HostBuffer>* results) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(p, in, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(out_precision, out));
  return RunOperation(m, NNADAPTER_ARG_MAX, {a, m.Int32(axis), m.Bool(keepdim), m.Int32(dtype)}, {y}, {a}, {x},
                      results);
}

// The first maximum wins a tie; int64 is the default dtype, keepdim keeps the axis.
TEST(NNAdapterIndex, ArgMaxFirstMaximumInt64AndInt32C824) {
  const HostBuffer x = Buffer<float>({2, 3}, {1, 5, 5, 3, -2, 3});
  std::vector<HostBuffer> r;
  ASSERT_EQ(ArgMax(kF32, {2, 3}, x, 1, false, NNADAPTER_INT64, NNADAPTER_INT64, {2}, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int64_t>(r[0]), (std::vector<int64_t>{1, 0}));
  ASSERT_EQ(ArgMax(kF32, {2, 3}, x, -2, true, NNADAPTER_INT32, NNADAPTER_INT32, {1, 3}, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(r[0].dims, (std::vector<int32_t>{1, 3}));
  EXPECT_EQ(Values<int32_t>(r[0]), (std::vector<int32_t>{1, 0, 0}));
}

TEST(NNAdapterIndex, ArgMaxRanksNaNAboveEveryNumberC824) {
  std::vector<HostBuffer> r;
  const HostBuffer x = Buffer<float>({3}, {1, std::nanf(""), 2});
  ASSERT_EQ(ArgMax(kF32, {3}, x, 0, false, NNADAPTER_INT64, NNADAPTER_INT64, {}, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int64_t>(r[0]), (std::vector<int64_t>{1}));
}

TEST(NNAdapterIndex, ArgMaxInt8) {
  std::vector<HostBuffer> r;
  const HostBuffer x = Buffer<int8_t>({4}, {-3, 7, 7, 2});
  ASSERT_EQ(ArgMax(kI8, {4}, x, 0, true, NNADAPTER_INT32, NNADAPTER_INT32, {1}, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int32_t>(r[0]), (std::vector<int32_t>{1}));
}

// A dtype that is not the output's precision is a malformed model.
TEST(NNAdapterIndex, ArgMaxDtypeMustNameTheOutputPrecisionC824) {
  std::vector<HostBuffer> r;
  const HostBuffer x = Buffer<float>({2}, {1, 2});
  EXPECT_EQ(ArgMax(kF32, {2}, x, 0, true, NNADAPTER_INT32, NNADAPTER_INT64, {1}, &r), NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(ArgMax(kF32, {2}, x, 0, true, NNADAPTER_FLOAT32, NNADAPTER_FLOAT32, {1}, &r), NNADAPTER_INVALID_PARAMETER);
}

// TOP_K k = 2 along axis 1 of x [2, 3]; outputs values and indices.
int TopK(int32_t p, const HostBuffer& x, int32_t k, bool largest, bool sorted, std::vector<HostBuffer>* results,
         bool* supported = nullptr) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(p, x.dims, 0.5f));
  std::vector<int32_t> out = x.dims;
  out.back() = k;
  NNAdapterOperand* values = m.Operand(Type(p, out, 0.5f));
  NNAdapterOperand* indices = m.Operand(Type(NNADAPTER_INT64, out));
  const std::vector<NNAdapterOperand*> ins = {a, m.Int32(k), m.Int32(-1), m.Bool(largest), m.Bool(sorted),
                                              m.Int32(NNADAPTER_INT64)};
  if (supported != nullptr) {
    EXPECT_EQ(m.Operation(NNADAPTER_TOP_K, ins, {values, indices}), NNADAPTER_NO_ERROR);
    *supported = SupportedAlone(m);
    return m.Compile({a}, {values, indices});
  }
  return RunOperation(m, NNADAPTER_TOP_K, ins, {values, indices}, {a}, {x}, results);
}

TEST(NNAdapterIndex, TopKLargestSortedAndUnsortedC825) {
  const HostBuffer x = Buffer<float>({2, 3}, {3, 1, 2, 5, 4, 5});
  std::vector<HostBuffer> r;
  ASSERT_EQ(TopK(kF32, x, 2, true, true, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{3, 2, 5, 5}));
  EXPECT_EQ(Values<int64_t>(r[1]), (std::vector<int64_t>{0, 2, 0, 2}));
  // sorted = false: the same two elements, smallest first, ties by index.
  ASSERT_EQ(TopK(kF32, x, 2, true, false, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{2, 3, 5, 5}));
  EXPECT_EQ(Values<int64_t>(r[1]), (std::vector<int64_t>{2, 0, 0, 2}));
}

TEST(NNAdapterIndex, TopKInt8) {
  std::vector<HostBuffer> r;
  ASSERT_EQ(TopK(kI8, Buffer<int8_t>({1, 3}, {1, -4, 9}), 1, true, true, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int8_t>(r[0]), (std::vector<int8_t>{9}));
  EXPECT_EQ(Values<int64_t>(r[1]), (std::vector<int64_t>{2}));
}

// k as a model input (an INT32 tensor of one element).
TEST(NNAdapterIndex, TopKWithARunTimeKC825) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(kF32, {1, 4}));
  NNAdapterOperand* k = m.Operand(Type(NNADAPTER_INT32, {1}));
  NNAdapterOperand* values = m.Operand(Type(kF32, {1, NNADAPTER_UNKNOWN}));
  NNAdapterOperand* indices = m.Operand(Type(NNADAPTER_INT32, {1, NNADAPTER_UNKNOWN}));
  std::vector<HostBuffer> r;
  ASSERT_EQ(RunOperation(m, NNADAPTER_TOP_K,
                         {a, k, m.Int32(1), m.Bool(true), m.Bool(true), m.Int32(NNADAPTER_INT32)}, {values, indices},
                         {a, k}, {Buffer<float>({1, 4}, {2, 8, -1, 5}), Buffer<int32_t>({1}, {3})}, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(r[0].dims, (std::vector<int32_t>{1, 3}));
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{8, 5, 2}));
  EXPECT_EQ(Values<int32_t>(r[1]), (std::vector<int32_t>{1, 3, 0}));
}

TEST(NNAdapterIndex, TopKSmallestIsUnsupportedC825) {
  std::vector<HostBuffer> r;
  bool supported = true;
  EXPECT_EQ(TopK(kF32, Buffer<float>({1, 3}, {1, 2, 3}), 1, false, true, &r, &supported), NNADAPTER_INVALID_PARAMETER);
  EXPECT_FALSE(supported);
}

// SLICE of x [3, 4] = 0..11 (row-major), numpy semantics.
std::vector<HostBuffer> Slice(int32_t p, const std::vector<int32_t>& axes, const std::vector<int32_t>& starts,
                              const std::vector<int32_t>& ends, const std::vector<int32_t>& steps,
                              std::vector<int32_t> out) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(p, {3, 4}, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(p, out, 0.5f));
  HostBuffer x = Buffer<float>({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  if (p == kI8) x = Buffer<int8_t>({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  std::vector<HostBuffer> r;
  EXPECT_EQ(RunOperation(m, NNADAPTER_SLICE, {a, m.Int32s(axes), m.Int32s(starts), m.Int32s(ends), m.Int32s(steps)},
                         {y}, {a}, {x}, &r),
            NNADAPTER_NO_ERROR);
  return r;
}

TEST(NNAdapterIndex, SliceLikeNumpyC827) {
  // x[:, 1::2] (INT_MAX as the end).
  std::vector<HostBuffer> r = Slice(kF32, {1}, {1}, {INT_MAX}, {2}, {3, 2});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].dims, (std::vector<int32_t>{3, 2}));
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{1, 3, 5, 7, 9, 11}));
  // x[-1:-4:-1, 3:0:-2]: negative starts and ends count from the end once.
  r = Slice(kF32, {-2, 1}, {-1, 3}, {-4, 0}, {-1, -2}, {3, 2});
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{11, 9, 7, 5, 3, 1}));
  // x[1:2] on int8: the codes are copied.
  r = Slice(kI8, {0}, {1}, {2}, {1}, {1, 4});
  EXPECT_EQ(Values<int8_t>(r[0]), (std::vector<int8_t>{4, 5, 6, 7}));
}

TEST(NNAdapterIndex, SliceErrors) {
  for (const std::vector<int32_t>& steps : {std::vector<int32_t>{0}, std::vector<int32_t>{1, 1}}) {
    ApiModelBuilder m;
    NNAdapterOperand* a = m.Operand(Type(kF32, {3}));
    NNAdapterOperand* y = m.Operand(Type(kF32, {1}));
    std::vector<HostBuffer> r;
    EXPECT_EQ(RunOperation(m, NNADAPTER_SLICE, {a, m.Int32s({0}), m.Int32s({0}), m.Int32s({1}), m.Int32s(steps)},
                           {y}, {a}, {Buffer<float>({3}, {1, 2, 3})}, &r),
              NNADAPTER_INVALID_PARAMETER);
  }
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
