// Throughput of the reference kernels (DESIGN.md "Benchmarks"): CONV2D_FUSION,
// ADD_FUSION, MAX_POOL_FUSION, AVGPOOL_FUSION, FULL_CONNECTION, MATMUL_FUSION,
// SOFTMAX and LAYER_NORM_FUSION on float32 and quantized int8. The reference is written for
// clarity, not speed; these numbers track regressions and tell how many
// conformance cases per second the suite can afford.
//   bazel run -c opt //bench:kernels_bench
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "reference/ir/ir.h"
#include "reference/cases/single_node_case.h"
#include "reference/numerics/numerics.h"
#include "reference/cases/node_run.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace {

// Deterministic pseudo-random fill (LCG) in a range valid for the type.
std::vector<uint8_t> FillData(DataType t, const Dims& dims, uint32_t seed) {
  const size_t n = static_cast<size_t>(*ElementCount(dims));
  std::vector<uint8_t> data(n * DataTypeSize(t));
  uint32_t state = 12345u + seed;
  for (size_t i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    const int64_t v = static_cast<int64_t>(state >> 24) - 128;  // -128..127
    if (IsFloatType(t)) {
      StoreDouble(t, data.data(), i, static_cast<double>(v) / 64.0);
    } else if (t == DataType::kInt32) {
      StoreInt64(t, data.data(), i, v * 16);
    } else {
      StoreInt64(t, data.data(), i, v);
    }
  }
  return data;
}

// One node (SingleNodeCase) inferred and run once by NodeRun, then its
// kernel alone timed.
class KernelFixture {
 public:
  explicit KernelFixture(NodeType type) : case_(type, "bench") {}

  void Input(DataType t, Dims dims, std::vector<QuantParam> quant = {}) {
    const uint32_t index = inputs_++;
    std::vector<uint8_t> data = FillData(t, dims, index);
    case_.In("in" + std::to_string(index), t, std::move(dims), std::move(data), std::move(quant));
  }

  void Output(DataType t, std::vector<QuantParam> quant = {}) { case_.Out("out", t, {}, std::move(quant)); }

  void Attrs(std::vector<Attr> attrs) { case_.WithAttrs(std::move(attrs)); }

  // Schema check, shape inference, output allocation and one full run.
  bool Prepare(benchmark::State& state) {
    run_ = std::make_unique<NodeRun>(case_.Build());
    const Status st = run_->Run();
    if (!st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return false;
    }
    return true;
  }

  bool Run(benchmark::State& state) {
    const Status st = run_->RunKernelOnly();
    if (!st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return false;
    }
    benchmark::DoNotOptimize(run_->OutBytes().data());
    return true;
  }

  int64_t OutputElements() { return run_->ctx().outputs[0].elements(); }

 private:
  SingleNodeCase case_;
  uint32_t inputs_ = 0;
  std::unique_ptr<NodeRun> run_;
};

std::vector<QuantParam> Q(double scale, int32_t zp) { return {QuantParam{8, zp, scale}}; }

// NHWC 1 x size x size x channels, 3x3 kernel, SAME padding, channels -> channels.
void BM_Conv2D(benchmark::State& state, DataType dtype) {
  const int32_t size = static_cast<int32_t>(state.range(0));
  const int32_t channels = static_cast<int32_t>(state.range(1));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::CONV2D_FUSION);
  f.Input(dtype, {1, size, size, channels}, quant ? Q(0.05, 3) : std::vector<QuantParam>{});
  f.Input(dtype, {channels, 3, 3, channels}, quant ? Q(0.01, 0) : std::vector<QuantParam>{});
  f.Input(quant ? DataType::kInt32 : dtype, {channels});
  f.Output(dtype, quant ? Q(0.2, -5) : std::vector<QuantParam>{});
  f.Attrs({Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("stride", {1, 1}), Attr::Int64s("dilation", {1, 1}),
           Attr::Int8("padMode", 1), Attr::Int64s("padList", {0, 0, 0, 0}), Attr::Int64("group", 1),
           Attr::Int64("inChannel", channels), Attr::Int64("outChannel", channels), Attr::Int8("activationType", 1)});
  if (!f.Prepare(state)) return;
  for (auto _ : state) {
    if (!f.Run(state)) return;
  }
  const int64_t macs = f.OutputElements() * 9 * channels;
  state.SetItemsProcessed(state.iterations() * macs);  // items = multiply-accumulates
}

// Broadcast-free element-wise add of two 1 x n tensors.
void BM_Add(benchmark::State& state, DataType dtype) {
  const int32_t n = static_cast<int32_t>(state.range(0));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::ADD_FUSION);
  f.Input(dtype, {1, n}, quant ? Q(0.05, 3) : std::vector<QuantParam>{});
  f.Input(dtype, {1, n}, quant ? Q(0.03, -7) : std::vector<QuantParam>{});
  f.Output(dtype, quant ? Q(0.1, 0) : std::vector<QuantParam>{});
  f.Attrs({Attr::Int8("activationType", 0)});
  if (!f.Prepare(state)) return;
  for (auto _ : state) {
    if (!f.Run(state)) return;
  }
  state.SetItemsProcessed(state.iterations() * f.OutputElements());
}

// Element-wise unary op on 1 x n: float path, and the quantized path
// whose 256-entry table (quantization_semantics 4.9) is rebuilt per run.
void BM_Unary(benchmark::State& state, NodeType type, DataType dtype) {
  const int32_t n = static_cast<int32_t>(state.range(0));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(type);
  f.Input(dtype, {1, n}, quant ? Q(0.05, 3) : std::vector<QuantParam>{});
  f.Output(dtype, quant ? Q(0.02, -10) : std::vector<QuantParam>{});
  if (!f.Prepare(state)) return;
  for (auto _ : state) {
    if (!f.Run(state)) return;
  }
  state.SetItemsProcessed(state.iterations() * f.OutputElements());
}

// NHWC 1 x size x size x channels, 3x3 windows, stride 1, SAME (border windows
// partial): MAX_POOL_FUSION or AVGPOOL_FUSION.
void BM_Pool(benchmark::State& state, NodeType type, DataType dtype) {
  const int32_t size = static_cast<int32_t>(state.range(0));
  const int32_t channels = static_cast<int32_t>(state.range(1));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(type);
  f.Input(dtype, {1, size, size, channels}, quant ? Q(0.05, 3) : std::vector<QuantParam>{});
  // MAX_POOL_FUSION keeps the input's params (C-528); AVGPOOL_FUSION requantizes.
  f.Output(dtype, quant ? (type == NodeType::MAX_POOL_FUSION ? Q(0.05, 3) : Q(0.04, -2)) : std::vector<QuantParam>{});
  f.Attrs({Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("strides", {1, 1}), Attr::Int64s("pad", {0, 0, 0, 0}),
           Attr::Int8("padMode", 1), Attr::Int8("roundMode", 0), Attr::Bool("global", false),
           Attr::Int8("activationType", 0)});
  if (!f.Prepare(state)) return;
  for (auto _ : state) {
    if (!f.Run(state)) return;
  }
  state.SetItemsProcessed(state.iterations() * f.OutputElements() * 9);  // items = window elements read
}

std::vector<QuantParam> QIf(bool quant, double scale, int32_t zp) {
  return quant ? Q(scale, zp) : std::vector<QuantParam>{};
}

template <typename Fixture>
void TimeKernel(benchmark::State& state, Fixture& f, int64_t items_per_output) {
  if (!f.Prepare(state)) return;
  for (auto _ : state) {
    if (!f.Run(state)) return;
  }
  state.SetItemsProcessed(state.iterations() * f.OutputElements() * items_per_output);
}

// rows x K times a [K, K] weight plus bias (items = multiply-adds).
void BM_FullConnection(benchmark::State& state, DataType dtype) {
  const int32_t rows = static_cast<int32_t>(state.range(0)), k = static_cast<int32_t>(state.range(1));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::FULL_CONNECTION);
  f.Input(dtype, {rows, k}, QIf(quant, 0.05, 3));
  f.Input(dtype, {k, k}, QIf(quant, 0.01, 0));
  f.Input(quant ? DataType::kInt32 : dtype, {k});
  f.Output(dtype, QIf(quant, 0.2, -5));
  f.Attrs({Attr::Bool("hasBias", true), Attr::Int8("activationType", 0)});
  TimeKernel(state, f, k);
}

// [n, n] x [n, n] (items = multiply-adds).
void BM_MatMul(benchmark::State& state, DataType dtype) {
  const int32_t n = static_cast<int32_t>(state.range(0));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::MATMUL_FUSION);
  f.Input(dtype, {n, n}, QIf(quant, 0.05, 3));
  f.Input(dtype, {n, n}, QIf(quant, 0.03, -2));
  f.Output(dtype, QIf(quant, 0.4, 1));
  f.Attrs({Attr::Bool("transposeA", false), Attr::Bool("transposeB", false), Attr::Int8("activationType", 0)});
  TimeKernel(state, f, n);
}

// rows x n, softmax over the last axis (items = elements).
void BM_Softmax(benchmark::State& state, DataType dtype) {
  const int32_t rows = static_cast<int32_t>(state.range(0)), n = static_cast<int32_t>(state.range(1));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::SOFTMAX);
  f.Input(dtype, {rows, n}, QIf(quant, 0.05, 3));
  f.Output(dtype, QIf(quant, 1.0 / 256, -128));
  f.Attrs({Attr::Int64s("axis", {-1})});
  TimeKernel(state, f, 1);
}

// rows x n normalised over the last axis with gamma / beta [n] (items = elements).
void BM_LayerNorm(benchmark::State& state, DataType dtype) {
  const int32_t rows = static_cast<int32_t>(state.range(0)), n = static_cast<int32_t>(state.range(1));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::LAYER_NORM_FUSION);
  f.Input(dtype, {rows, n}, QIf(quant, 0.05, 3));
  f.Input(dtype, {n}, QIf(quant, 0.02, 0));
  f.Input(dtype, {n}, QIf(quant, 0.02, 0));
  f.Output(dtype, QIf(quant, 0.05, 0));
  f.Attrs({Attr::Int64("beginNormAxis", 1), Attr::Float("epsilon", 1e-5f), Attr::Bool("elementwiseAffine", true),
           Attr::Int64("beginParamsAxis", 1)});
  TimeKernel(state, f, 1);
}

// MobileNetV2 / ResNet-18 layer shapes (the speed issue's bench): NHWC
// 1 x size x size x in_c, k x k kernel, stride, group (group = in_c: depthwise),
// SAME padding, RELU; items = multiply-accumulates.
void BM_ConvLayer(benchmark::State& state, DataType dtype) {
  const int32_t size = static_cast<int32_t>(state.range(0)), in_c = static_cast<int32_t>(state.range(1));
  const int32_t out_c = static_cast<int32_t>(state.range(2)), k = static_cast<int32_t>(state.range(3));
  const int64_t stride = state.range(4), group = state.range(5);
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::CONV2D_FUSION);
  f.Input(dtype, {1, size, size, in_c}, QIf(quant, 0.05, 3));
  f.Input(dtype, {out_c, k, k, static_cast<int32_t>(in_c / group)}, QIf(quant, 0.01, 0));
  f.Input(quant ? DataType::kInt32 : dtype, {out_c});
  f.Output(dtype, QIf(quant, 0.2, -5));
  f.Attrs({Attr::Int64s("stride", {stride, stride}), Attr::Int8("padMode", 1), Attr::Int64("group", group),
           Attr::Int8("activationType", 1)});
  TimeKernel(state, f, k * k * (in_c / group));
}

// rows x in (one [in] row: FC 512 -> 1000 batch 1) times weight [out, in].
void BM_FullConnectionLayer(benchmark::State& state, DataType dtype) {
  const int32_t rows = static_cast<int32_t>(state.range(0)), in = static_cast<int32_t>(state.range(1));
  const int32_t out = static_cast<int32_t>(state.range(2));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::FULL_CONNECTION);
  f.Input(dtype, {rows, in}, QIf(quant, 0.05, 3));
  f.Input(dtype, {out, in}, QIf(quant, 0.01, 0));
  f.Input(quant ? DataType::kInt32 : dtype, {out});
  f.Output(dtype, QIf(quant, 0.2, -5));
  f.Attrs({Attr::Bool("hasBias", true), Attr::Int8("activationType", 0)});
  TimeKernel(state, f, in);
}

// NHWC 1 x size x size x c pooled by k x k windows with the stride (VALID; k = size: global).
void BM_PoolLayer(benchmark::State& state, NodeType type, DataType dtype) {
  const int32_t size = static_cast<int32_t>(state.range(0)), c = static_cast<int32_t>(state.range(1));
  const int64_t k = state.range(2), stride = state.range(3);
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(type);
  f.Input(dtype, {1, size, size, c}, QIf(quant, 0.05, 3));
  f.Output(dtype, QIf(quant, type == NodeType::MAX_POOL_FUSION ? 0.05 : 0.04, type == NodeType::MAX_POOL_FUSION ? 3 : -2));
  f.Attrs({Attr::Int64s("kernelSize", {k, k}), Attr::Int64s("strides", {stride, stride}), Attr::Int8("padMode", 2)});
  TimeKernel(state, f, k * k);
}

// [1, size, size, c] + [1, 1, 1, c].
void BM_AddBroadcast(benchmark::State& state, DataType dtype) {
  const int32_t size = static_cast<int32_t>(state.range(0)), c = static_cast<int32_t>(state.range(1));
  const bool quant = dtype == DataType::kInt8;
  KernelFixture f(NodeType::ADD_FUSION);
  f.Input(dtype, {1, size, size, c}, QIf(quant, 0.05, 3));
  f.Input(dtype, {1, 1, 1, c}, QIf(quant, 0.03, -7));
  f.Output(dtype, QIf(quant, 0.1, 0));
  TimeKernel(state, f, 1);
}

#define NNRT_LAYER_BENCH(fn, ...)                                      \
  BENCHMARK_CAPTURE(fn, float32, DataType::kFloat32)->__VA_ARGS__; \
  BENCHMARK_CAPTURE(fn, int8, DataType::kInt8)->__VA_ARGS__
NNRT_LAYER_BENCH(BM_ConvLayer, Args({56, 64, 64, 3, 1, 1})
                                   ->Args({28, 128, 128, 1, 1, 1})
                                   ->Args({56, 24, 144, 1, 1, 1})
                                   ->Args({112, 32, 64, 3, 2, 1})
                                   ->Args({112, 32, 32, 3, 1, 32})
                                   ->Args({56, 144, 144, 3, 1, 144}));
NNRT_LAYER_BENCH(BM_FullConnectionLayer, Args({1, 512, 1000}));
NNRT_LAYER_BENCH(BM_AddBroadcast, Args({56, 64}));
#undef NNRT_LAYER_BENCH
BENCHMARK_CAPTURE(BM_PoolLayer, max_float32, NodeType::MAX_POOL_FUSION, DataType::kFloat32)->Args({112, 64, 3, 2});
BENCHMARK_CAPTURE(BM_PoolLayer, max_int8, NodeType::MAX_POOL_FUSION, DataType::kInt8)->Args({112, 64, 3, 2});
BENCHMARK_CAPTURE(BM_PoolLayer, avg_float32, NodeType::AVGPOOL_FUSION, DataType::kFloat32)->Args({7, 512, 7, 1});
BENCHMARK_CAPTURE(BM_PoolLayer, avg_int8, NodeType::AVGPOOL_FUSION, DataType::kInt8)->Args({7, 512, 7, 1});

BENCHMARK_CAPTURE(BM_FullConnection, float32, DataType::kFloat32)->Args({64, 256});
BENCHMARK_CAPTURE(BM_FullConnection, int8, DataType::kInt8)->Args({64, 256});
BENCHMARK_CAPTURE(BM_MatMul, float32, DataType::kFloat32)->Arg(128)->Arg(256);
BENCHMARK_CAPTURE(BM_MatMul, int8, DataType::kInt8)->Arg(128);
BENCHMARK_CAPTURE(BM_Softmax, float32, DataType::kFloat32)->Args({128, 1000})->Args({1, 1000})->Args({128, 128});
BENCHMARK_CAPTURE(BM_Softmax, int8, DataType::kInt8)->Args({128, 1000})->Args({1, 1000})->Args({128, 128});
BENCHMARK_CAPTURE(BM_LayerNorm, float32, DataType::kFloat32)->Args({128, 768});
BENCHMARK_CAPTURE(BM_LayerNorm, int8, DataType::kInt8)->Args({128, 768});

BENCHMARK_CAPTURE(BM_Pool, max_float32, NodeType::MAX_POOL_FUSION, DataType::kFloat32)->Args({32, 16});
BENCHMARK_CAPTURE(BM_Pool, max_int8, NodeType::MAX_POOL_FUSION, DataType::kInt8)->Args({32, 16});
BENCHMARK_CAPTURE(BM_Pool, avg_float32, NodeType::AVGPOOL_FUSION, DataType::kFloat32)->Args({32, 16});
BENCHMARK_CAPTURE(BM_Pool, avg_int8, NodeType::AVGPOOL_FUSION, DataType::kInt8)->Args({32, 16});

BENCHMARK_CAPTURE(BM_Unary, sqrt_float32, NodeType::SQRT, DataType::kFloat32)->Arg(1 << 10)->Arg(1 << 16);
BENCHMARK_CAPTURE(BM_Unary, erf_float32, NodeType::ERF, DataType::kFloat32)->Arg(1 << 10)->Arg(1 << 16);
BENCHMARK_CAPTURE(BM_Unary, log_int8, NodeType::LOG, DataType::kInt8)->Arg(1 << 10)->Arg(1 << 16);

BENCHMARK_CAPTURE(BM_Conv2D, float32, DataType::kFloat32)->Args({16, 8})->Args({32, 16})->Args({56, 64});
BENCHMARK_CAPTURE(BM_Conv2D, int8, DataType::kInt8)->Args({16, 8})->Args({32, 16})->Args({56, 64});
BENCHMARK_CAPTURE(BM_Add, float32, DataType::kFloat32)->Arg(1 << 10)->Arg(1 << 16);
BENCHMARK_CAPTURE(BM_Add, int8, DataType::kInt8)->Arg(1 << 10)->Arg(1 << 16);

}  // namespace
}  // namespace nnrt

BENCHMARK_MAIN();
