// Layer helpers of the zoo networks (docs/models.md): each adds the OH_NN
// operation(s) of one layer, declares its output with the concrete dims an app
// would compute, and draws its weights from the next seed. NHWC activations,
// SAME padding.
//
// Weight distributions (C-771): a layer followed by ReLU/ReLU6 draws
// He-uniform U(-sqrt(6 / fan_in), +sqrt(6 / fan_in)); a linear layer (projection,
// shortcut, attention, classifier) U(-sqrt(3 / fan_in), +sqrt(3 / fan_in)), so
// the output variance stays near the input's; biases U(-1/16, 1/16). These
// stand for batch-norm-folded weights: no separate normalisation node. A
// layer given a gain g draws g times those bounds (the transformer's Q and K
// projections, C-772).
#ifndef NNRT_ZOO_LAYERS_H_
#define NNRT_ZOO_LAYERS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "zoo/network_builder.h"

namespace nnrt {
namespace zoo {

enum class Act : int8_t { kNone = OH_NN_FUSED_NONE, kRelu = OH_NN_FUSED_RELU, kRelu6 = OH_NN_FUSED_RELU6 };

// How a k x k convolution pads: SAME (padMode SAME, TensorFlow's export), or
// floor(k / 2) on every side written out (padMode PAD with padList, PyTorch's
// padding = k // 2 as an ONNX / PyTorch export carries it, C-773).
enum class ConvPadding { kSame, kSymmetric };

class Layers {
 public:
  Layers(NetworkBuilder* b, uint64_t first_seed, ConvPadding padding = ConvPadding::kSame)
      : b_(b), seed_(first_seed), padding_(padding) {}
  NetworkBuilder& builder() { return *b_; }
  uint64_t NextSeed() { return seed_++; }

  // Uniform weight for `fan_in` inputs: He bound before a ReLU, sqrt(3/fan_in) otherwise.
  SeededData WeightSpec(int64_t fan_in, Act act, double gain = 1.0);
  SeededData BiasSpec();

  // Conv2D k x k, stride s, padded as the Layers' ConvPadding:
  // [N,H,W,Cin] -> [N,ceil(H/s),ceil(W/s),cout] (SAME; symmetric k/2 gives the
  // same size for odd k, and for k = 1).
  uint32_t Conv(const std::string& name, uint32_t x, int32_t cout, int32_t k, int32_t stride, Act act);
  // DepthwiseConv2dNative k x k, multiplier 1.
  uint32_t Depthwise(const std::string& name, uint32_t x, int32_t k, int32_t stride, Act act);
  uint32_t Add(const std::string& name, uint32_t a, uint32_t b, Act act);
  // AvgPool k x k, stride s, no padding, ceil rounding (PyTorch ceil_mode =
  // True): a last window that runs past the edge averages the elements it
  // covers (C-526). [N,H,W,C] -> [N,ceil((H-k)/s)+1,ceil((W-k)/s)+1,C].
  uint32_t AvgPoolCeil(const std::string& name, uint32_t x, int32_t k, int32_t stride);
  // AvgPool over the whole H x W, then Reshape to [N, C].
  uint32_t GlobalAvgPoolFlat(const std::string& name, uint32_t x);
  // FullConnection over the last axis of a 2-D [M, K] input: [M, cout];
  // weights drawn with `gain` times the WeightSpec bound.
  uint32_t Dense(const std::string& name, uint32_t x, int32_t cout, Act act, double gain = 1.0);
  uint32_t Softmax(const std::string& name, uint32_t x, int64_t axis);
  uint32_t Reshape(const std::string& name, uint32_t x, const Dims& dims);
  uint32_t Transpose(const std::string& name, uint32_t x, const std::vector<int64_t>& perm);

 private:
  NetworkBuilder* b_;
  uint64_t seed_;
  ConvPadding padding_;
};

// ceil(a / b) for positive ints.
inline int32_t CeilDiv(int32_t a, int32_t b) { return (a + b - 1) / b; }

}  // namespace zoo
}  // namespace nnrt

#endif  // NNRT_ZOO_LAYERS_H_
