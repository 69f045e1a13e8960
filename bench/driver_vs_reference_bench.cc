// A candidate driver (CANDIDATE_DRIVER, named CANDIDATE_NAME: the XNNPACK
// driver or the Arm NN driver, one binary each, bench/BUILD) against the
// reference driver on the same single-node models, both through the HAL
// (PrepareModel once, Run timed): CONV2D_FUSION (regular and depthwise),
// FULL_CONNECTION, MAX_POOL_FUSION, AVGPOOL_FUSION and ADD_FUSION, float32 and
// quantized uint8/int8. The benchmark's time is the candidate's Run; the
// counters give both drivers' microseconds per Run and the ratio
// reference / candidate.
//   bazel run -c opt //bench:xnnpack_vs_reference_bench
//   bazel run -c opt //bench:armnn_vs_reference_bench
#include <chrono>
#include <climits>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"
#include "reference/cases/single_node_case.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace {

std::string Runfile(const std::string& rel) {
  char buf[PATH_MAX];
  return realpath(rel.c_str(), buf) != nullptr ? std::string(buf) : rel;
}

std::vector<uint8_t> Fill(DataType t, const Dims& dims, uint32_t seed) {
  const size_t n = static_cast<size_t>(*ElementCount(dims));
  std::vector<uint8_t> data(n * DataTypeSize(t));
  uint32_t state = 12345u + seed;
  for (size_t i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    const int64_t v = static_cast<int64_t>(state >> 24) - 128;
    if (t == DataType::kFloat32) StoreDouble(t, data.data(), i, static_cast<double>(v) / 64.0);
    else if (t == DataType::kInt32) StoreInt64(t, data.data(), i, v * 16);
    else StoreInt64(t, data.data(), i, t == DataType::kUint8 ? v + 128 : v);
  }
  return data;
}

std::vector<QuantParam> Q(bool quant, double scale, int32_t zp) {
  return quant ? std::vector<QuantParam>{QuantParam{8, zp, scale}} : std::vector<QuantParam>{};
}

// One driver with one prepared model and its inputs.
struct Prepared {
  std::unique_ptr<HalLibrary> library;
  std::unique_ptr<HalDevice> device;
  std::unique_ptr<HalPreparedModel> model;
  std::vector<HostTensor> inputs, outputs;
};

Status Prepare(const std::string& so, const TestCase& c, Prepared* p) {
  NNRT_RETURN_IF_ERROR(LoadHalDriver(Runfile(so), &p->library));
  NNRT_RETURN_IF_ERROR(p->library->CreateDevice(&p->device));
  NNRT_RETURN_IF_ERROR(p->device->PrepareModel(c.model, ModelConfig(), &p->model));
  p->inputs.insert(p->inputs.end(), c.inputs.begin(), c.inputs.end());
  const Tensor& out = c.model.tensors[c.model.outputs[0]];
  p->outputs.assign(1, HostTensor{out.name, out.data_type, {}, std::vector<uint8_t>(size_t{1} << 24)});
  // One run to learn the output size; later runs offer exactly that capacity.
  std::vector<HostTensor> first = p->outputs;
  NNRT_RETURN_IF_ERROR(p->model->Run(p->inputs, &first));
  p->outputs[0].data.assign(first[0].data.size(), 0);
  return Status::Ok();
}

double MicrosPerRun(const Prepared& p, int runs) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < runs; ++i) {
    std::vector<HostTensor> out = p.outputs;
    if (!p.model->Run(p.inputs, &out).ok()) return -1;
  }
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / runs;
}

void Measure(benchmark::State& state, const TestCase& c) {
  Prepared ref, candidate;
  Status st = Prepare("reference/libnnrt_reference_driver.so", c, &ref);
  if (st.ok()) st = Prepare(CANDIDATE_DRIVER, c, &candidate);
  if (!st.ok()) {
    state.SkipWithError(st.ToString().c_str());
    return;
  }
  const double ref_us = MicrosPerRun(ref, 3);
  for (auto _ : state) {
    const double us = MicrosPerRun(candidate, 1);
    if (us < 0) {
      state.SkipWithError(CANDIDATE_NAME " Run failed");
      return;
    }
    state.SetIterationTime(us * 1e-6);
  }
  const double candidate_us = MicrosPerRun(candidate, 3);
  state.counters["reference_us"] = ref_us;
  state.counters[CANDIDATE_NAME "_us"] = candidate_us;
  state.counters["ratio_ref_over_" CANDIDATE_NAME] = candidate_us > 0 ? ref_us / candidate_us : 0;
}

// NHWC 1 x size x size x channels, 3x3 SAME, RELU; depthwise: group = channels.
void BM_Conv2D(benchmark::State& state, DataType dtype, bool depthwise) {
  const int32_t size = static_cast<int32_t>(state.range(0)), ch = static_cast<int32_t>(state.range(1));
  const bool quant = dtype != DataType::kFloat32;
  const int32_t zp = dtype == DataType::kUint8 ? 128 : 0;
  const Dims wdims = {ch, 3, 3, depthwise ? 1 : ch};
  SingleNodeCase b(NodeType::CONV2D_FUSION, "bench");
  b.In("x", dtype, {1, size, size, ch}, Fill(dtype, {1, size, size, ch}, 1), Q(quant, 0.05, zp + 3));
  b.Const("w", dtype, wdims, Fill(dtype, wdims, 2), Q(quant, 0.01, zp));
  b.Const("b", quant ? DataType::kInt32 : dtype, {ch}, Fill(quant ? DataType::kInt32 : dtype, {ch}, 3));
  b.Out("y", dtype, {}, Q(quant, 0.2, zp - 5));
  b.WithAttrs({Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("stride", {1, 1}), Attr::Int64s("dilation", {1, 1}),
               Attr::Int8("padMode", 1), Attr::Int64s("padList", {0, 0, 0, 0}),
               Attr::Int64("group", depthwise ? ch : 1), Attr::Int64("inChannel", ch), Attr::Int64("outChannel", ch),
               Attr::Int8("activationType", 1)});
  Measure(state, b.Build());
}

// rows x K times a constant [outC, K] weight with an [outC] bias, RELU.
void BM_FullConnection(benchmark::State& state, DataType dtype) {
  const int32_t rows = static_cast<int32_t>(state.range(0)), k = static_cast<int32_t>(state.range(1));
  const int32_t out_c = k;
  const bool quant = dtype != DataType::kFloat32;
  const int32_t zp = dtype == DataType::kUint8 ? 128 : 0;
  SingleNodeCase b(NodeType::FULL_CONNECTION, "bench");
  b.In("x", dtype, {rows, k}, Fill(dtype, {rows, k}, 1), Q(quant, 0.05, zp + 3));
  b.Const("w", dtype, {out_c, k}, Fill(dtype, {out_c, k}, 2), Q(quant, 0.01, zp));
  b.Const("b", quant ? DataType::kInt32 : dtype, {out_c}, Fill(quant ? DataType::kInt32 : dtype, {out_c}, 3));
  b.Out("y", dtype, {}, Q(quant, 0.2, zp - 5));
  b.WithAttrs({Attr::Bool("hasBias", true), Attr::Int8("activationType", 1)});
  Measure(state, b.Build());
}

// NHWC 1 x size x size x 32, 3x3 window, stride 2, SAME.
void BM_Pool(benchmark::State& state, NodeType type, DataType dtype) {
  const int32_t size = static_cast<int32_t>(state.range(0)), ch = 32;
  const bool quant = dtype != DataType::kFloat32;
  SingleNodeCase b(type, "bench");
  b.In("x", dtype, {1, size, size, ch}, Fill(dtype, {1, size, size, ch}, 1), Q(quant, 0.05, 3));
  b.Out("y", dtype, {}, Q(quant, 0.05, 3));
  b.WithAttrs({Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("strides", {2, 2}), Attr::Int8("padMode", 1)});
  Measure(state, b.Build());
}

void BM_Add(benchmark::State& state, DataType dtype) {
  const int32_t n = static_cast<int32_t>(state.range(0));
  const bool quant = dtype != DataType::kFloat32;
  SingleNodeCase b(NodeType::ADD_FUSION, "bench");
  b.In("a", dtype, {1, n}, Fill(dtype, {1, n}, 1), Q(quant, 0.05, 3));
  b.In("b", dtype, {1, n}, Fill(dtype, {1, n}, 2), Q(quant, 0.03, -7));
  b.Out("y", dtype, {}, Q(quant, 0.07, -2));
  b.WithAttrs({Attr::Int8("activationType", 0)});
  Measure(state, b.Build());
}

BENCHMARK_CAPTURE(BM_Conv2D, float32, DataType::kFloat32, false)->Args({16, 16})->Args({32, 32})->UseManualTime();
BENCHMARK_CAPTURE(BM_Conv2D, uint8, DataType::kUint8, false)->Args({16, 16})->Args({32, 32})->UseManualTime();
BENCHMARK_CAPTURE(BM_Conv2D, int8, DataType::kInt8, false)->Args({16, 16})->UseManualTime();
BENCHMARK_CAPTURE(BM_Conv2D, depthwise_float32, DataType::kFloat32, true)->Args({32, 32})->UseManualTime();
BENCHMARK_CAPTURE(BM_FullConnection, float32, DataType::kFloat32)->Args({1, 1024})->Args({64, 256})->UseManualTime();
BENCHMARK_CAPTURE(BM_FullConnection, uint8, DataType::kUint8)->Args({1, 1024})->Args({64, 256})->UseManualTime();
BENCHMARK_CAPTURE(BM_FullConnection, int8, DataType::kInt8)->Args({64, 256})->UseManualTime();
BENCHMARK_CAPTURE(BM_Pool, max_float32, NodeType::MAX_POOL_FUSION, DataType::kFloat32)->Arg(56)->UseManualTime();
BENCHMARK_CAPTURE(BM_Pool, max_int8, NodeType::MAX_POOL_FUSION, DataType::kInt8)->Arg(56)->UseManualTime();
BENCHMARK_CAPTURE(BM_Pool, avg_float32, NodeType::AVGPOOL_FUSION, DataType::kFloat32)->Arg(56)->UseManualTime();
BENCHMARK_CAPTURE(BM_Add, float32, DataType::kFloat32)->Arg(1 << 12)->Arg(1 << 16)->UseManualTime();
BENCHMARK_CAPTURE(BM_Add, int8, DataType::kInt8)->Arg(1 << 12)->Arg(1 << 16)->UseManualTime();

}  // namespace
}  // namespace nnrt

BENCHMARK_MAIN();
