// Layer helpers of the zoo networks (layers.h).
#include "zoo/layers.h"

#include <cmath>

namespace nnrt {
namespace zoo {

SeededData Layers::WeightSpec(int64_t fan_in, Act act, double gain) {
  const double variance_gain = act == Act::kNone ? 3.0 : 6.0;
  // sqrt is correctly rounded and the gains are small integers: same bits everywhere
  const double bound = gain * std::sqrt(variance_gain / static_cast<double>(fan_in));
  return SeededData::Uniform(NextSeed(), -bound, bound);
}

SeededData Layers::BiasSpec() { return SeededData::Uniform(NextSeed(), -0.0625, 0.0625); }

uint32_t Layers::Conv(const std::string& name, uint32_t x, int32_t cout, int32_t k, int32_t stride, Act act) {
  const Dims in = b_->dims(x);
  const uint32_t w = b_->Weight(name + ".w", {cout, k, k, in[3]}, WeightSpec(int64_t{k} * k * in[3], act));
  const uint32_t bias = b_->Bias(name + ".b", cout, BiasSpec(), x, w);
  const uint32_t y = b_->Activation(name, {in[0], CeilDiv(in[1], stride), CeilDiv(in[2], stride), cout});
  const int64_t p = k / 2;
  const OpParam padding = padding_ == ConvPadding::kSame ? Int8Param(OH_NN_CONV2D_PAD_MODE, 0)
                                                         : Int64Param(OH_NN_CONV2D_PAD, {p, p, p, p});
  b_->Op(OH_NN_OPS_CONV2D, {x, w, bias},
         {Int64Param(OH_NN_CONV2D_STRIDES, {stride, stride}), Int64Param(OH_NN_CONV2D_DILATION, {1, 1}), padding,
          Int64Param(OH_NN_CONV2D_GROUP, {1}),
          Int8Param(OH_NN_CONV2D_ACTIVATION_TYPE, static_cast<int8_t>(act))},
         {y});
  return y;
}

uint32_t Layers::Depthwise(const std::string& name, uint32_t x, int32_t k, int32_t stride, Act act) {
  const Dims in = b_->dims(x);
  const uint32_t w = b_->Weight(name + ".w", {in[3], k, k, 1}, WeightSpec(int64_t{k} * k, act));
  const uint32_t bias = b_->Bias(name + ".b", in[3], BiasSpec(), x, w);
  const uint32_t y = b_->Activation(name, {in[0], CeilDiv(in[1], stride), CeilDiv(in[2], stride), in[3]});
  b_->Op(OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE, {x, w, bias},
         {Int64Param(OH_NN_DEPTHWISE_CONV2D_NATIVE_STRIDES, {stride, stride}),
          Int64Param(OH_NN_DEPTHWISE_CONV2D_NATIVE_DILATION, {1, 1}),
          Int8Param(OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD_MODE, 0),
          Int8Param(OH_NN_DEPTHWISE_CONV2D_NATIVE_ACTIVATION_TYPE, static_cast<int8_t>(act))},
         {y});
  return y;
}

uint32_t Layers::Add(const std::string& name, uint32_t a, uint32_t b, Act act) {
  const uint32_t y = b_->Activation(name, b_->dims(a));
  b_->Op(OH_NN_OPS_ADD, {a, b}, {Int8Param(OH_NN_ADD_ACTIVATIONTYPE, static_cast<int8_t>(act))}, {y});
  return y;
}

uint32_t Layers::AvgPoolCeil(const std::string& name, uint32_t x, int32_t k, int32_t stride) {
  const Dims in = b_->dims(x);
  const uint32_t y =
      b_->Activation(name, {in[0], CeilDiv(in[1] - k, stride) + 1, CeilDiv(in[2] - k, stride) + 1, in[3]});
  b_->Op(OH_NN_OPS_AVG_POOL, {x},
         {Int64Param(OH_NN_AVG_POOL_KERNEL_SIZE, {k, k}), Int64Param(OH_NN_AVG_POOL_STRIDE, {stride, stride}),
          Int8Param(OH_NN_AVG_POOL_PAD_MODE, 1), Int32Param(OH_NN_AVG_POOL_ROUND_MODE, 1),
          Int8Param(OH_NN_AVG_POOL_ACTIVATION_TYPE, 0)},
         {y});
  return y;
}

uint32_t Layers::GlobalAvgPoolFlat(const std::string& name, uint32_t x) {
  const Dims in = b_->dims(x);
  const uint32_t pooled = b_->Activation(name, {in[0], 1, 1, in[3]});
  b_->Op(OH_NN_OPS_AVG_POOL, {x},
         {Int64Param(OH_NN_AVG_POOL_KERNEL_SIZE, {in[1], in[2]}), Int64Param(OH_NN_AVG_POOL_STRIDE, {1, 1}),
          Int8Param(OH_NN_AVG_POOL_PAD_MODE, 1), Int8Param(OH_NN_AVG_POOL_ACTIVATION_TYPE, 0)},
         {pooled});
  return Reshape(name + ".flat", pooled, {in[0], in[3]});
}

uint32_t Layers::Dense(const std::string& name, uint32_t x, int32_t cout, Act act, double gain) {
  const Dims in = b_->dims(x);
  const uint32_t w = b_->Weight(name + ".w", {cout, in[1]}, WeightSpec(in[1], act, gain));
  const uint32_t bias = b_->Bias(name + ".b", cout, BiasSpec(), x, w);
  const uint32_t y = b_->Activation(name, {in[0], cout});
  b_->Op(OH_NN_OPS_FULL_CONNECTION, {x, w, bias},
         {BoolParam(OH_NN_FULL_CONNECTION_HAS_BIAS, true),
          Int8Param(OH_NN_FULL_CONNECTION_ACTIVATIONTYPE, static_cast<int8_t>(act))},
         {y});
  return y;
}

uint32_t Layers::Softmax(const std::string& name, uint32_t x, int64_t axis) {
  const uint32_t y = b_->Activation(name, b_->dims(x));
  b_->Op(OH_NN_OPS_SOFTMAX, {x}, {Int64Param(OH_NN_SOFTMAX_AXIS, {axis})}, {y});
  return y;
}

uint32_t Layers::Reshape(const std::string& name, uint32_t x, const Dims& dims) {
  std::vector<int64_t> shape(dims.begin(), dims.end());
  const uint32_t s = b_->Int64Constant(name + ".shape", shape);
  const uint32_t y = b_->ActivationLike(name, dims, x);
  b_->Op(OH_NN_OPS_RESHAPE, {x, s}, {}, {y});
  return y;
}

uint32_t Layers::Transpose(const std::string& name, uint32_t x, const std::vector<int64_t>& perm) {
  const Dims in = b_->dims(x);
  Dims out;
  for (int64_t p : perm) out.push_back(in[static_cast<size_t>(p)]);
  const uint32_t p = b_->Int64Constant(name + ".perm", perm);
  const uint32_t y = b_->ActivationLike(name, out, x);
  b_->Op(OH_NN_OPS_TRANSPOSE, {x, p}, {}, {y});
  return y;
}

}  // namespace zoo
}  // namespace nnrt
