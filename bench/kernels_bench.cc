// Throughput of the reference kernels (DESIGN.md "Benchmarks"): CONV2D_FUSION
// and ADD_FUSION on float32 and quantized int8. The reference is written for
// clarity, not speed; these numbers track regressions and tell how many
// conformance cases per second the suite can afford.
//   bazel run -c opt //bench:kernels_bench
#include <cstdint>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/op_def.h"

namespace nnrt {
namespace {

// One node with owned tensors and buffers, inferred once, run many times.
class KernelFixture {
 public:
  explicit KernelFixture(NodeType type) { node_.type = type; }

  void Input(DataType t, Dims dims, std::vector<QuantParam> quant = {}) {
    auto tensor = std::make_unique<Tensor>();
    tensor->data_type = t;
    tensor->dims = dims;
    tensor->quant_params = std::move(quant);
    const size_t n = static_cast<size_t>(*ElementCount(dims));
    std::vector<uint8_t> data(n * DataTypeSize(t));
    // Deterministic pseudo-random fill (LCG) in a range valid for the type.
    uint32_t state = 12345u + static_cast<uint32_t>(inputs_.size());
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
    node_.inputs.push_back(static_cast<uint32_t>(inputs_.size()));
    inputs_.push_back(std::move(tensor));
    input_data_.push_back(std::move(data));
  }

  void Output(DataType t, std::vector<QuantParam> quant = {}) {
    output_ = std::make_unique<Tensor>();
    output_->data_type = t;
    output_->quant_params = std::move(quant);
    node_.outputs = {100};
  }

  Node& node() { return node_; }

  // Schema check + shape inference once; allocates the output.
  bool Prepare(benchmark::State& state) {
    const OpDef* def = FindOpDef(node_.type);
    if (def == nullptr || !def->implemented()) {
      state.SkipWithError("kernel not implemented");
      return false;
    }
    def_ = def;
    ctx_.node = &node_;
    for (size_t i = 0; i < inputs_.size(); ++i) {
      TensorArg arg;
      arg.decl = inputs_[i].get();
      arg.dims = inputs_[i]->dims;
      arg.data = input_data_[i].data();
      arg.byte_size = input_data_[i].size();
      ctx_.inputs.push_back(arg);
    }
    TensorArg out;
    out.decl = output_.get();
    ctx_.outputs.push_back(out);
    Status st = InferNode(*def, ctx_);
    if (!st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return false;
    }
    output_data_.assign(static_cast<size_t>(ctx_.outputs[0].elements()) * DataTypeSize(output_->data_type), 0);
    ctx_.outputs[0].mutable_data = output_data_.data();
    ctx_.outputs[0].byte_size = output_data_.size();
    return true;
  }

  bool Run(benchmark::State& state) {
    Status st = def_->kernel(ctx_);
    if (!st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return false;
    }
    benchmark::DoNotOptimize(output_data_.data());
    return true;
  }

  int64_t OutputElements() const { return ctx_.outputs[0].elements(); }

 private:
  Node node_;
  const OpDef* def_ = nullptr;
  std::vector<std::unique_ptr<Tensor>> inputs_;
  std::vector<std::vector<uint8_t>> input_data_;
  std::unique_ptr<Tensor> output_;
  std::vector<uint8_t> output_data_;
  OpContext ctx_;
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
  f.node().attrs = {Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("stride", {1, 1}),
                    Attr::Int64s("dilation", {1, 1}),    Attr::Int8("padMode", 1),
                    Attr::Int64s("padList", {0, 0, 0, 0}), Attr::Int64("group", 1),
                    Attr::Int64("inChannel", channels), Attr::Int64("outChannel", channels),
                    Attr::Int8("activationType", 1)};
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
  f.node().attrs = {Attr::Int8("activationType", 0)};
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

BENCHMARK_CAPTURE(BM_Unary, sqrt_float32, NodeType::SQRT, DataType::kFloat32)->Arg(1 << 10)->Arg(1 << 16);
BENCHMARK_CAPTURE(BM_Unary, erf_float32, NodeType::ERF, DataType::kFloat32)->Arg(1 << 10)->Arg(1 << 16);
BENCHMARK_CAPTURE(BM_Unary, log_int8, NodeType::LOG, DataType::kInt8)->Arg(1 << 10)->Arg(1 << 16);

BENCHMARK_CAPTURE(BM_Conv2D, float32, DataType::kFloat32)->Args({16, 8})->Args({32, 16});
BENCHMARK_CAPTURE(BM_Conv2D, int8, DataType::kInt8)->Args({16, 8})->Args({32, 16});
BENCHMARK_CAPTURE(BM_Add, float32, DataType::kFloat32)->Arg(1 << 10)->Arg(1 << 16);
BENCHMARK_CAPTURE(BM_Add, int8, DataType::kInt8)->Arg(1 << 10)->Arg(1 << 16);

}  // namespace
}  // namespace nnrt

BENCHMARK_MAIN();
