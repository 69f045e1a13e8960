// The single-operation cases //bench:reference_vs_onednn_bench times on both
// sides (layers of ResNet-18 and MobileNetV2), with the data both sides read:
// the same bytes, NHWC activations, weights in the OH_NN layout [outC, kH, kW,
// inC/group] (depthwise [C, kH, kW, 1]), matrices row-major.
#ifndef NNRT_BENCH_OP_CASES_H_
#define NNRT_BENCH_OP_CASES_H_

#include <cstdint>
#include <string>
#include <vector>

namespace nnrt {
namespace bench {

enum class OpKind { kConv, kDepthwise, kFullyConnected, kMatMul, kMaxPool, kAvgPool, kSoftmax, kAdd };

struct OpCase {
  std::string name;  // e.g. "conv3x3_56x56x64_to64"
  OpKind kind;
  // Convolution and pooling: NHWC input 1 x h x w x c, window k x k, stride,
  // symmetric padding `pad`, oc output channels (conv).
  int32_t h = 0, w = 0, c = 0, oc = 0, k = 0, stride = 1, pad = 0;
  // Fully connected [m, kdim] x [n, kdim]^T; matmul [m, kdim] x [kdim, n];
  // softmax [m, n] over the last axis.
  int32_t m = 0, kdim = 0, n = 0;
};

// Every case, in the order of the table.
std::vector<OpCase> AllOpCases();

// Square NHWC conv or depthwise (padding k / 2), pooling, matrix and
// broadcast-add (1 x hw x hw x c + 1 x 1 x 1 x c) cases.
OpCase ConvCase(std::string name, OpKind kind, int32_t hw, int32_t c, int32_t oc, int32_t k, int32_t stride);
OpCase PoolCase(std::string name, OpKind kind, int32_t hw, int32_t c, int32_t k, int32_t stride, int32_t pad);
OpCase MatrixCase(std::string name, OpKind kind, int32_t m, int32_t kdim, int32_t n);
OpCase AddCase(std::string name, int32_t hw, int32_t c);

// Shapes of the case's tensors.
std::vector<int32_t> InputShape(const OpCase& c);
std::vector<int32_t> SecondInputShape(const OpCase& c);  // add: the broadcast operand; matmul: B
std::vector<int32_t> WeightShape(const OpCase& c);       // conv, depthwise, fully connected
std::vector<int32_t> OutputShape(const OpCase& c);
// Multiply-accumulates (or window elements) per run, for the table.
int64_t Elements(const std::vector<int32_t>& shape);
// Reduction length per output element of the dot-product kinds (1 otherwise).
int64_t ReductionLength(const OpCase& c);

// Scales of an int8 case (zero points are 0 on both sides: oneDNN's int8
// weights are symmetric, and activations are kept symmetric so that the two
// compute the same function). The output scale keeps typical outputs near
// +-40 of the int8 range for the case's reduction length.
struct Int8Scales {
  double x, second, w, y;
};
Int8Scales ScalesOf(const OpCase& c);
// The output scale of a sum of k products of the fill's int8 values.
double DotOutputScale(double x_scale, double w_scale, int64_t k);

// The case's data, identical for both sides.
struct OpData {
  std::vector<uint8_t> x, second, weight, bias;  // bias float32 or int32 (int8 cases)
};
OpData MakeData(const OpCase& c, bool int8);

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_OP_CASES_H_
