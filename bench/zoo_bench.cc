// Reference time per zoo model (zoo_bench.h). Each case is built once through
// the OH_NN API (BuildZooCase, the int8 calibration included) outside the
// timing; the timed part is one reference run of the whole network
// (RunCaseOnReference: the in-process reference device, prepare + run),
// which is what golden regeneration and `nnrt_cts run --models` pay per model.
#include "bench/zoo_bench.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "zoo/zoo.h"
#include "reference/cases/run_on_reference.h"

namespace nnrt {
namespace bench {
namespace {

// The built cases, by benchmark name (built on first use, kept for the repetitions).
std::map<std::string, std::unique_ptr<TestCase>>& BuiltCases() {
  static auto* cases = new std::map<std::string, std::unique_ptr<TestCase>>();
  return *cases;
}

void BM_ZooModel(benchmark::State& state, const zoo::ZooModel* model, zoo::ZooVariant variant,
                 const std::string& name) {
  std::unique_ptr<TestCase>& c = BuiltCases()[name];
  if (c == nullptr) {
    c = std::make_unique<TestCase>();
    const Status st = zoo::BuildZooCase(*model, variant, c.get());
    if (!st.ok()) {
      c.reset();
      state.SkipWithError(st.ToString().c_str());
      return;
    }
  }
  for (auto _ : state) {
    std::vector<HostTensor> outputs;
    const Status st = RunCaseOnReference(*c, &outputs);
    if (!st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return;
    }
    benchmark::DoNotOptimize(outputs.data());
  }
}

}  // namespace

void RegisterZooBenchmarks() {
  for (const zoo::ZooModel& m : zoo::ZooModels()) {
    for (zoo::ZooVariant v : {zoo::ZooVariant::kFloat32, zoo::ZooVariant::kFloat16, zoo::ZooVariant::kInt8}) {
      if (v == zoo::ZooVariant::kInt8 && !m.float_only_reason.empty()) continue;
      const std::string name = "zoo/" + m.name + "/" + zoo::ZooVariantName(v);
      benchmark::RegisterBenchmark(name.c_str(), BM_ZooModel, &m, v, name)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
}

}  // namespace bench
}  // namespace nnrt
