// Checks shared by the unit tests of the operators that copy elements
// unchanged (SLICE_FUSION, STRIDED_SLICE): the TensorFlow documentation's
// input, the bits of a NaN payload and of -0 that must survive, and a window
// that must come out right in every data type.
#ifndef NNRT_REFERENCE_OPS_TESTING_COPY_CHECKS_H_
#define NNRT_REFERENCE_OPS_TESTING_COPY_CHECKS_H_

#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace testing {

// x of the tf.slice and tf.strided_slice documentation examples (dims [3, 2, 3]):
// [[[1,1,1],[2,2,2]],[[3,3,3],[4,4,4]],[[5,5,5],[6,6,6]]].
inline const std::vector<float> kTfX = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6};

// A float32 quiet NaN with a payload: an exact copy keeps these bits.
constexpr uint32_t kPayloadNanBits = 0x7FA00007u;
constexpr uint32_t kNegativeZeroBits = 0x80000000u;

inline float PayloadNan() {
  float f;
  std::memcpy(&f, &kPayloadNanBits, sizeof f);
  return f;
}

// The bits of the first `count` float32 elements of h's first output (after Run).
inline std::vector<uint32_t> OutFloatBits(OpHarness& h, size_t count) {
  std::vector<uint32_t> bits(count);
  std::memcpy(bits.data(), h.ctx().outputs[0].mutable_data, count * sizeof(uint32_t));
  return bits;
}

// x = {1, 2, 3} of type `t` ({1, 0, 1} for bool, with quant params where `t`
// takes them) through a `type` node whose other inputs are the int64 [1]
// tensors `index_inputs`: the output must be the elements of x at `picked`.
inline void ExpectWindowInType(NodeType type, DataType t, const std::vector<int64_t>& index_inputs,
                               const std::vector<size_t>& picked) {
  const std::vector<QuantParam> q = QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0, 1} : std::vector<double>{1, 2, 3};
  OpHarness h(type);
  h.Input(t, {3}, EncodeAs(t, x, q), q);
  for (int64_t v : index_inputs) h.Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{v}));
  h.Output(t, q);
  ASSERT_TRUE(h.Run().ok());
  std::vector<double> expected;
  for (size_t i : picked) expected.push_back(x[i]);
  EXPECT_EQ(h.OutReals(), expected);
}

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TESTING_COPY_CHECKS_H_
