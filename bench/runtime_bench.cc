// Whole-runtime timings, so regressions outside single kernels show:
//  - golden/render_all: what `bazel run //golden:regenerate` computes, in
//    process — every golden case materialised by the reference and printed
//    (golden/golden_files.h RenderCase), nothing written;
//  - golden/regenerate_into_temp_dir: the same plus writing every file into a
//    fresh temporary directory (the regenerate tool's I/O, without touching
//    the source tree);
//  - resnet_front/prepare and resnet_front/run: a network-sized model
//    (bench/network_model.h) through the OH_NN C API on device 0 — build,
//    compile and executor creation; and OH_NNExecutor_RunSync alone;
//  - zoo/<model>/<variant>: one reference run of each zoo network (zoo_bench.h).
//   bazel run -c opt //bench:runtime_bench
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <benchmark/benchmark.h>

#include "bench/network_model.h"
#include "bench/ohnn_graph.h"
#include "bench/zoo_bench.h"
#include "golden/golden_case.h"
#include "golden/golden_files.h"

namespace nnrt {
namespace bench {
namespace {

// Renders every golden case; with `root` non-empty also writes it there.
// Returns false with `error` on the first failure.
bool RenderGolden(const std::string& root, size_t* cases, std::string* error) {
  *cases = 0;
  for (const golden::GoldenCase& c : golden::AllGoldenCases()) {
    std::string text;
    const Status st = golden::RenderCase(c, &text);
    if (!st.ok()) {
      *error = golden::RelativePath(c) + ": " + st.message();
      return false;
    }
    if (!root.empty() && !golden::WriteWholeFile(root + "/" + golden::RelativePath(c), text, error)) return false;
    benchmark::DoNotOptimize(text.data());
    ++*cases;
  }
  return true;
}

void RemoveTree(const std::string& root) {
  std::set<std::string> files;
  std::string error;
  golden::ListGoldenFiles(root, &files, &error);
  for (const std::string& rel : files) golden::RemoveFileAndEmptyParent(root, rel, &error);
  rmdir(root.c_str());
}

void BM_GoldenRender(benchmark::State& state, bool write) {
  size_t cases = 0;
  std::string error;
  for (auto _ : state) {
    std::string root;
    if (write) {
      char dir[] = "/tmp/nnrt_golden_bench_XXXXXX";
      if (mkdtemp(dir) == nullptr) {
        state.SkipWithError("mkdtemp failed");
        return;
      }
      root = dir;
    }
    const bool ok = RenderGolden(root, &cases, &error);
    if (write) {
      state.PauseTiming();
      RemoveTree(root);
      state.ResumeTiming();
    }
    if (!ok) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  state.counters["cases"] = static_cast<double>(cases);
}

bool PrepareResNetFront(bool int8, OhnnSession* session, std::string* error) {
  OhnnGraph graph;
  BuildResNetFront(int8, &graph);
  return session->Prepare(graph, error) && session->SetInput(0, ResNetFrontInput(int8), error);
}

void BM_ResNetFrontPrepare(benchmark::State& state, bool int8) {
  std::string error;
  for (auto _ : state) {
    OhnnSession session;
    if (!PrepareResNetFront(int8, &session, &error)) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
}

void BM_ResNetFrontRun(benchmark::State& state, bool int8) {
  // Prepared once per type and kept across the benchmark's repetitions.
  static std::map<bool, std::unique_ptr<OhnnSession>>* sessions = new std::map<bool, std::unique_ptr<OhnnSession>>();
  std::unique_ptr<OhnnSession>& session = (*sessions)[int8];
  std::string error;
  if (session == nullptr) {
    session = std::make_unique<OhnnSession>();
    if (!PrepareResNetFront(int8, session.get(), &error)) {
      session.reset();
      state.SkipWithError(error.c_str());
      return;
    }
  }
  for (auto _ : state) {
    if (!session->Run(&error)) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  state.counters["GMAC/s"] = benchmark::Counter(
      static_cast<double>(ResNetFrontMacs()) * 1e-9 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_GoldenRender, render_all, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_GoldenRender, regenerate_into_temp_dir, true)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_ResNetFrontPrepare, float32, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_ResNetFrontPrepare, int8, true)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_ResNetFrontRun, float32, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_ResNetFrontRun, int8, true)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace bench
}  // namespace nnrt

int main(int argc, char** argv) {
  std::printf("OH_NN device 0: %s\n", nnrt::bench::FirstDeviceName().c_str());
  nnrt::bench::RegisterZooBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
