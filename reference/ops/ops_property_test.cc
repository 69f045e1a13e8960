// Property tests across operators (rapidcheck): commutativity under broadcasting,
// quantized RELU6, SAME padding, depthwise as per-channel convolution.
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "reference/numerics/numerics.h"
#include "reference/ops/nn/conv2d.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

// Float ADD with broadcasting is commutative bit for bit (one rounding of an exact sum).
RC_GTEST_PROP(OpsProperty, FloatAddIsCommutativeUnderBroadcasting, ()) {
  const int rank = *rc::gen::inRange(0, 4);
  Dims a_dims, b_dims;
  for (int i = 0; i < rank; ++i) {
    const int32_t d = *rc::gen::inRange(1, 4);
    const int choice = *rc::gen::inRange(0, 3);
    a_dims.push_back(choice == 1 ? 1 : d);
    b_dims.push_back(choice == 2 ? 1 : d);
  }
  auto values = [](const Dims& dims) {
    std::vector<float> v;
    for (int64_t i = 0; i < *ElementCount(dims); ++i) v.push_back(static_cast<float>(*rc::gen::inRange(-1000, 1000)) / 7.0f);
    return v;
  };
  const std::vector<float> a = values(a_dims);
  const std::vector<float> b = values(b_dims);
  OpHarness ab(NodeType::ADD_FUSION);
  ab.Input(DataType::kFloat32, a_dims, Bytes(a)).Input(DataType::kFloat32, b_dims, Bytes(b)).Output(DataType::kFloat32);
  OpHarness ba(NodeType::ADD_FUSION);
  ba.Input(DataType::kFloat32, b_dims, Bytes(b)).Input(DataType::kFloat32, a_dims, Bytes(a)).Output(DataType::kFloat32);
  RC_ASSERT(ab.Run().ok());
  RC_ASSERT(ba.Run().ok());
  RC_ASSERT(ab.OutDims() == ba.OutDims());
  RC_ASSERT(ab.OutDoubles() == ba.OutDoubles());
}

// quantization_semantics 4.8: clamping in the quantized domain equals quantizing the
// activated real value (Q is monotonic), for equal in/out params.
RC_GTEST_PROP(OpsProperty, QuantizedRelu6EqualsQuantizeOfRealRelu6, ()) {
  const double scale = std::ldexp(static_cast<double>(*rc::gen::inRange(1, 1000)), -*rc::gen::inRange(4, 12));
  const int32_t zp = *rc::gen::inRange(-128, 128);
  const int8_t q = static_cast<int8_t>(*rc::gen::inRange(-128, 128));
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", 3))
      .Input(DataType::kInt8, {1}, {static_cast<uint8_t>(q)}, {QP(scale, zp)})
      .Output(DataType::kInt8, {QP(scale, zp)});
  RC_ASSERT(h.Run().ok());
  const double r = Dequantize(q, scale, zp);
  const double relu6 = r < 0 ? 0 : (r > 6 ? 6 : r);
  RC_ASSERT(h.OutInts()[0] == QuantizeHalfAwayFromZero(relu6, scale, zp, -128, 127));
}

// SAME padding: output = ceil(in / stride), pads >= 0, the end pad is the larger one by at most 1.
RC_GTEST_PROP(OpsProperty, SamePaddingGivesCeilInOverStride, ()) {
  const int64_t in = *rc::gen::inRange(1, 200);
  const int64_t k = *rc::gen::inRange(1, 8);
  const int64_t s = *rc::gen::inRange(1, 5);
  const int64_t d = *rc::gen::inRange(1, 4);
  int64_t before = 0, after = 0;
  ComputeConvPadsAxis(PadMode::kSame, in, k, s, d, 0, 0, &before, &after);
  RC_ASSERT(before >= 0);
  RC_ASSERT(after - before == 0 || after - before == 1);
  RC_ASSERT(ConvOutputSize(in, k, s, d, before, after) == (in + s - 1) / s);
}

// A depthwise conv (group == inC, multiplier 1) equals C independent single-channel convs.
RC_GTEST_PROP(OpsProperty, DepthwiseEqualsPerChannelConvolution, ()) {
  const int32_t c = *rc::gen::inRange(1, 4);
  const int32_t hgt = *rc::gen::inRange(2, 5);
  const int32_t wid = *rc::gen::inRange(2, 5);
  std::vector<float> x, w;
  for (int i = 0; i < hgt * wid * c; ++i) x.push_back(static_cast<float>(*rc::gen::inRange(-50, 50)));
  for (int i = 0; i < c * 4; ++i) w.push_back(static_cast<float>(*rc::gen::inRange(-5, 5)));
  OpHarness dw(NodeType::CONV2D_FUSION);
  dw.Attr(Attr::Int64("group", c)).Attr(Attr::Int8("padMode", 1))
      .Input(DataType::kFloat32, {1, hgt, wid, c}, Bytes(x))
      .Input(DataType::kFloat32, {c, 2, 2, 1}, Bytes(w))
      .Output(DataType::kFloat32);
  RC_ASSERT(dw.Run().ok());
  const std::vector<double> all = dw.OutDoubles();
  for (int32_t ch = 0; ch < c; ++ch) {
    std::vector<float> xc, wc(w.begin() + ch * 4, w.begin() + ch * 4 + 4);
    for (int i = 0; i < hgt * wid; ++i) xc.push_back(x[static_cast<size_t>(i * c + ch)]);
    OpHarness one(NodeType::CONV2D_FUSION);
    one.Attr(Attr::Int8("padMode", 1))
        .Input(DataType::kFloat32, {1, hgt, wid, 1}, Bytes(xc))
        .Input(DataType::kFloat32, {1, 2, 2, 1}, Bytes(wc))
        .Output(DataType::kFloat32);
    RC_ASSERT(one.Run().ok());
    const std::vector<double> single = one.OutDoubles();
    for (size_t i = 0; i < single.size(); ++i) RC_ASSERT(all[i * static_cast<size_t>(c) + static_cast<size_t>(ch)] == single[i]);
  }
}

}  // namespace
}  // namespace nnrt
