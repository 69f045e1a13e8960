#include "bench/op_cases.h"

#include <cmath>
#include <cstring>

namespace nnrt {
namespace bench {

OpCase PoolCase(std::string name, OpKind kind, int32_t hw, int32_t c, int32_t k, int32_t stride, int32_t pad) {
  OpCase o{std::move(name), kind};
  o.h = o.w = hw;
  o.c = c;
  o.k = k;
  o.stride = stride;
  o.pad = pad;
  return o;
}

OpCase ConvCase(std::string name, OpKind kind, int32_t hw, int32_t c, int32_t oc, int32_t k, int32_t stride) {
  OpCase o = PoolCase(std::move(name), kind, hw, c, k, stride, k / 2);
  o.oc = oc;
  return o;
}

OpCase MatrixCase(std::string name, OpKind kind, int32_t m, int32_t kdim, int32_t n) {
  OpCase o{std::move(name), kind};
  o.m = m;
  o.kdim = kdim;
  o.n = n;
  return o;
}

OpCase AddCase(std::string name, int32_t hw, int32_t c) {
  OpCase o{std::move(name), OpKind::kAdd};
  o.h = o.w = hw;
  o.c = c;
  return o;
}

std::vector<OpCase> AllOpCases() {
  return {
      ConvCase("conv3x3_56x56x64_to64", OpKind::kConv, 56, 64, 64, 3, 1),          // ResNet-18 conv2_x
      ConvCase("conv1x1_56x56x24_to144", OpKind::kConv, 56, 24, 144, 1, 1),        // MobileNetV2 expand
      ConvCase("conv1x1_28x28x128_to128", OpKind::kConv, 28, 128, 128, 1, 1),      // ResNet-18 conv3_x width
      ConvCase("conv3x3s2_112x112x32_to64", OpKind::kConv, 112, 32, 64, 3, 2),     // stride 2
      ConvCase("depthwise3x3_112x112x32", OpKind::kDepthwise, 112, 32, 32, 3, 1),  // MobileNetV2 block 1
      ConvCase("depthwise3x3_56x56x144", OpKind::kDepthwise, 56, 144, 144, 3, 1),  // MobileNetV2 block 3
      MatrixCase("fully_connected_512_to1000", OpKind::kFullyConnected, 1, 512, 1000),  // ResNet-18 classifier
      MatrixCase("matmul_128x256x256", OpKind::kMatMul, 128, 256, 256),
      PoolCase("max_pool3x3s2_112x112x64", OpKind::kMaxPool, 112, 64, 3, 2, 1),  // ResNet-18 stem
      PoolCase("avg_pool7x7_global_7x7x512", OpKind::kAvgPool, 7, 512, 7, 1, 0),  // ResNet-18 head
      PoolCase("avg_pool3x3s1_56x56x64", OpKind::kAvgPool, 56, 64, 3, 1, 1),
      MatrixCase("softmax_1x1000", OpKind::kSoftmax, 1, 0, 1000),
      MatrixCase("softmax_128x128", OpKind::kSoftmax, 128, 0, 128),
      AddCase("add_56x56x64_plus_1x1x64", 56, 64),
  };
}

std::vector<int32_t> InputShape(const OpCase& c) {
  switch (c.kind) {
    case OpKind::kFullyConnected:
    case OpKind::kMatMul: return {c.m, c.kdim};
    case OpKind::kSoftmax: return {c.m, c.n};
    default: return {1, c.h, c.w, c.c};
  }
}

std::vector<int32_t> SecondInputShape(const OpCase& c) {
  if (c.kind == OpKind::kAdd) return {1, 1, 1, c.c};
  if (c.kind == OpKind::kMatMul) return {c.kdim, c.n};
  return {};
}

std::vector<int32_t> WeightShape(const OpCase& c) {
  switch (c.kind) {
    case OpKind::kConv: return {c.oc, c.k, c.k, c.c};
    case OpKind::kDepthwise: return {c.c, c.k, c.k, 1};
    case OpKind::kFullyConnected: return {c.n, c.kdim};
    default: return {};
  }
}

std::vector<int32_t> OutputShape(const OpCase& c) {
  switch (c.kind) {
    case OpKind::kConv:
    case OpKind::kDepthwise:
    case OpKind::kMaxPool:
    case OpKind::kAvgPool: {
      const int32_t oh = (c.h + 2 * c.pad - c.k) / c.stride + 1, ow = (c.w + 2 * c.pad - c.k) / c.stride + 1;
      return {1, oh, ow, c.kind == OpKind::kConv ? c.oc : c.c};
    }
    case OpKind::kFullyConnected:
    case OpKind::kMatMul:
    case OpKind::kSoftmax: return {c.m, c.n};
    case OpKind::kAdd: return {1, c.h, c.w, c.c};
  }
  return {};
}

int64_t Elements(const std::vector<int32_t>& shape) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  return n;
}

int64_t ReductionLength(const OpCase& c) {
  switch (c.kind) {
    case OpKind::kConv: return int64_t{c.k} * c.k * c.c;
    case OpKind::kDepthwise: return int64_t{c.k} * c.k;
    case OpKind::kFullyConnected:
    case OpKind::kMatMul: return c.kdim;
    default: return 1;
  }
}

double DotOutputScale(double x_scale, double w_scale, int64_t k) {
  // Centred int8 values of the fill have a standard deviation of about 74;
  // a sum of K products about 74 * 74 * sqrt(K), mapped to about 40.
  return x_scale * w_scale * 74.0 * 74.0 * std::sqrt(static_cast<double>(k)) / 40.0;
}

Int8Scales ScalesOf(const OpCase& c) {
  switch (c.kind) {
    case OpKind::kConv:
    case OpKind::kDepthwise:
    case OpKind::kFullyConnected: {
      const double x = 0.05, w = 0.01;
      return {x, 0, w, DotOutputScale(x, w, ReductionLength(c))};
    }
    case OpKind::kMatMul: {
      const double x = 0.05, b = 0.02;
      return {x, b, 0, DotOutputScale(x, b, c.kdim)};
    }
    // Input scale 1: oneDNN 2.6's s8 softmax has no source scale (it takes the
    // softmax of the integers), so only s_x = 1 makes both sides compute the
    // same function. Probabilities in [0, 1] -> 0..128.
    case OpKind::kSoftmax: return {1.0, 0, 0, 1.0 / 128.0};
    case OpKind::kAdd: return {0.05, 0.03, 0, 0.07};
    default: return {0.05, 0, 0, 0.05};  // pooling keeps the input's scale
  }
}

namespace {

// Deterministic fill (LCG): int8 values in -128..127, float32 the same / 64.
std::vector<uint8_t> Fill(const std::vector<int32_t>& shape, bool int8, uint32_t seed) {
  const size_t n = static_cast<size_t>(Elements(shape));
  std::vector<uint8_t> bytes(n * (int8 ? 1 : 4));
  uint32_t state = 12345u + seed * 7919u;
  for (size_t i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    const int32_t v = static_cast<int32_t>(state >> 24) - 128;
    if (int8) {
      bytes[i] = static_cast<uint8_t>(static_cast<int8_t>(v));
    } else {
      const float f = static_cast<float>(v) / 64.0f;
      std::memcpy(&bytes[i * 4], &f, 4);
    }
  }
  return bytes;
}

std::vector<uint8_t> FillBias(int32_t count, bool int8) {
  std::vector<uint8_t> bytes(static_cast<size_t>(count) * 4);
  for (int32_t i = 0; i < count; ++i) {
    const int32_t v = (i * 37) % 255 - 127;
    if (int8) {
      const int32_t b = v * 16;
      std::memcpy(&bytes[i * 4], &b, 4);
    } else {
      const float f = static_cast<float>(v) / 128.0f;
      std::memcpy(&bytes[i * 4], &f, 4);
    }
  }
  return bytes;
}

}  // namespace

OpData MakeData(const OpCase& c, bool int8) {
  OpData d;
  d.x = Fill(InputShape(c), int8, 1);
  if (!SecondInputShape(c).empty()) d.second = Fill(SecondInputShape(c), int8, 2);
  if (!WeightShape(c).empty()) {
    d.weight = Fill(WeightShape(c), int8, 3);
    d.bias = FillBias(WeightShape(c)[0], int8);
  }
  return d;
}

}  // namespace bench
}  // namespace nnrt
