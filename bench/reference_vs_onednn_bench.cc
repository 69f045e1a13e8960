// The reference through the OH_NN C API on device 0 against oneDNN (Debian's
// libdnnl-dev, 2.6), side by side in one process on one thread, on the same
// shapes and the same data (bench/op_cases.h: ResNet-18 and MobileNetV2
// layers, float32 and int8). Each side is prepared once (model built and
// compiled / primitive created and weights reordered); only the run is timed.
// After the benchmarks a table gives per case both times, the ratio
// reference / oneDNN, its limit (10x float32, 15x int8), and whether the two
// outputs agree, which shows both computed the same function. The table's
// times are paired: rounds that time a batch of reference runs and then a
// batch of oneDNN runs, alternately, each side's time the median over the
// rounds (MeasurePaired), so that a burst of load on a shared machine hits
// both sides alike instead of one side's whole measurement.
//   bazel run -c opt //bench:reference_vs_onednn_bench
// Exit status 1 when a side fails to prepare or run (oneDNN lacking an int8
// implementation is reported, not a failure); the ratios do not set it.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench/ohnn_graph.h"
#include "bench/onednn_op.h"
#include "bench/op_cases.h"
#include "bench/output_agreement.h"
#include "bench/reference_op_model.h"

namespace nnrt {
namespace bench {
namespace {

// One side of one case: prepared once, kept for every benchmark repetition.
struct Side {
  bool prepared = false;
  std::string error;
  std::unique_ptr<OhnnSession> reference;
  std::unique_ptr<OnednnOp> onednn;
  double seconds_per_run = 0;  // from the last (final) benchmark run
  double paired_seconds = 0;   // the median over MeasurePaired's rounds
  std::vector<uint8_t> output;
};

struct Row {
  OpCase op;
  bool int8 = false;
  Side reference, onednn;
};

std::map<std::string, Row>& Rows() {
  static std::map<std::string, Row>* rows = new std::map<std::string, Row>();
  return *rows;
}

std::string RowName(const OpCase& c, bool int8) { return c.name + (int8 ? "/int8" : "/float32"); }

bool PrepareReference(Row* row) {
  Side& s = row->reference;
  const OpData data = MakeData(row->op, row->int8);
  OhnnGraph graph;
  BuildOpModel(row->op, row->int8, data, &graph);
  s.reference = std::make_unique<OhnnSession>();
  if (!s.reference->Prepare(graph, &s.error)) return false;
  if (!s.reference->SetInput(0, data.x, &s.error)) return false;
  if (!data.second.empty() && !s.reference->SetInput(1, data.second, &s.error)) return false;
  return true;
}

bool PrepareOnednn(Row* row) {
  Side& s = row->onednn;
  s.onednn = std::make_unique<OnednnOp>();
  return s.onednn->Prepare(row->op, row->int8, MakeData(row->op, row->int8), &s.error);
}

// User + system CPU seconds of the whole process (every thread).
double ProcessCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// Process CPU and wall seconds over each side's runs: their ratio shows how
// many threads the side kept busy (1.0 for one).
struct BusyThreads {
  double cpu = 0, wall = 0;
  double Ratio() const { return wall > 0 ? cpu / wall : 0; }
};
BusyThreads reference_busy, onednn_busy;

bool RunSide(Side* s) {
  if (s->onednn != nullptr) {
    s->onednn->Run();
    return true;
  }
  return s->reference->Run(&s->error);
}

void Measure(benchmark::State& state, const std::string& row_name, bool reference) {
  Row& row = Rows()[row_name];
  Side& side = reference ? row.reference : row.onednn;
  if (!side.prepared && side.error.empty()) {
    side.prepared = reference ? PrepareReference(&row) : PrepareOnednn(&row);
  }
  if (!side.prepared) {
    state.SkipWithError(side.error.c_str());
    return;
  }
  double total = 0;
  const double cpu0 = ProcessCpuSeconds();
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    if (!RunSide(&side)) {
      state.SkipWithError(side.error.c_str());
      side.prepared = false;
      return;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    state.SetIterationTime(seconds);
    total += seconds;
  }
  side.seconds_per_run = total / static_cast<double>(state.iterations());
  BusyThreads& busy = reference ? reference_busy : onednn_busy;
  busy.cpu += ProcessCpuSeconds() - cpu0;
  busy.wall += total;
  side.output = reference ? side.reference->Output(0) : side.onednn->Output();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Seconds per run of `runs` runs of one side; 0 when a run fails.
double TimeBatch(Side* s, int runs) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < runs; ++i) {
    if (!RunSide(s)) return 0;
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / runs;
}

// The table's times: kPairedRounds rounds, each a batch of reference runs
// and then a batch of oneDNN runs of about kBatchSeconds each (sized from
// the benchmark's per-run times); each side's time is the median of its
// per-run time over the rounds.
constexpr int kPairedRounds = 9;
constexpr double kBatchSeconds = 0.02;
void MeasurePaired(Row* row) {
  Side* sides[2] = {&row->reference, &row->onednn};
  int runs[2];
  for (int k = 0; k < 2; ++k) {
    if (!sides[k]->prepared || sides[k]->seconds_per_run <= 0) return;
    runs[k] = std::max(1, static_cast<int>(kBatchSeconds / sides[k]->seconds_per_run));
  }
  std::vector<double> times[2];
  for (int round = 0; round < kPairedRounds; ++round) {
    for (int k = 0; k < 2; ++k) {
      const double t = TimeBatch(sides[k], runs[k]);
      if (t <= 0) return;  // the side's error is in its Side; the table shows the benchmark's times
      times[k].push_back(t);
    }
  }
  for (int k = 0; k < 2; ++k) sides[k]->paired_seconds = Median(times[k]);
}

void RegisterAll() {
  for (const OpCase& c : AllOpCases()) {
    for (const bool int8 : {false, true}) {
      const std::string name = RowName(c, int8);
      Row& row = Rows()[name];
      row.op = c;
      row.int8 = int8;
      for (const bool reference : {true, false}) {
        benchmark::RegisterBenchmark(((reference ? "reference/" : "onednn/") + name).c_str(),
                                     [name, reference](benchmark::State& st) { Measure(st, name, reference); })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
      }
    }
  }
}

// A side's time for the table: the paired median, else the benchmark's mean.
double TableSeconds(const Side& s) { return s.paired_seconds > 0 ? s.paired_seconds : s.seconds_per_run; }

std::string Ms(const Side& s) {
  if (!s.prepared || TableSeconds(s) <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3f", TableSeconds(s) * 1e3);
  return buf;
}

// Prints the table; returns the number of rows where a side failed with an
// error other than oneDNN lacking the int8 variant.
int PrintTable() {
  std::printf("\n%-30s %-8s %12s %12s %9s %6s %-8s %-22s %s\n", "case", "type", "reference ms", "oneDNN ms", "ratio",
              "limit", "within?", "outputs", "oneDNN implementation");
  int failures = 0, ratios = 0, within_limit = 0;
  for (const OpCase& c : AllOpCases()) {
    for (const bool int8 : {false, true}) {
      const Row& row = Rows()[RowName(c, int8)];
      const bool ran = row.reference.seconds_per_run > 0 || row.onednn.seconds_per_run > 0;
      if (!ran && row.reference.error.empty() && row.onednn.error.empty()) continue;  // filtered out
      const double limit = int8 ? 15.0 : 10.0;
      std::string ratio = "-", within = "-", agree = "-";
      if (row.reference.seconds_per_run > 0 && row.onednn.seconds_per_run > 0) {
        const double r = TableSeconds(row.reference) / TableSeconds(row.onednn);
        char buf[32];
        std::snprintf(buf, sizeof(buf), "%.1fx", r);
        ratio = buf;
        within = r <= limit ? "yes" : "NO";
        ++ratios;
        within_limit += r <= limit ? 1 : 0;
        agree = CompareOutputs(row.reference.output, row.onednn.output, int8);
      } else if (!row.onednn.error.empty()) {
        within = int8 ? "n/a" : "ERROR";
        agree = int8 ? "no oneDNN int8" : "oneDNN error";
      }
      if (!row.reference.error.empty() || (!int8 && !row.onednn.error.empty())) ++failures;
      std::printf("%-30s %-8s %12s %12s %9s %5.0fx %-8s %-22s %s\n", c.name.c_str(), int8 ? "int8" : "float32",
                  Ms(row.reference).c_str(), Ms(row.onednn).c_str(), ratio.c_str(), limit, within.c_str(),
                  agree.c_str(), row.onednn.onednn ? row.onednn.onednn->implementation().c_str() : "");
      if (!row.reference.error.empty()) std::printf("  reference error: %s\n", row.reference.error.c_str());
      if (!row.onednn.error.empty()) std::printf("  oneDNN: %s\n", row.onednn.error.c_str());
    }
  }
  std::printf("ratios within their limit: %d of %d\n", within_limit, ratios);
  return failures;
}


}  // namespace
}  // namespace bench
}  // namespace nnrt

int main(int argc, char** argv) {
  const int threads = nnrt::bench::ForceOnednnSingleThread();
  std::printf("reference: OH_NN API on device 0 (%s); oneDNN %d.%d.%d, OpenMP runtime, threads: %d\n",
              nnrt::bench::FirstDeviceName().c_str(), dnnl::version()->major, dnnl::version()->minor,
              dnnl::version()->patch, threads);
  if (threads != 1) {
    std::fprintf(stderr, "could not force oneDNN to one thread (%d)\n", threads);
    return 1;
  }
  nnrt::bench::RegisterAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  // One busy thread gives about 1.0; two threads would approach 2.
  std::printf("process CPU time / wall time over the timed runs: reference %.2f, oneDNN %.2f\n",
              nnrt::bench::reference_busy.Ratio(), nnrt::bench::onednn_busy.Ratio());
  for (auto& [name, row] : nnrt::bench::Rows()) nnrt::bench::MeasurePaired(&row);
  return nnrt::bench::PrintTable() == 0 ? 0 : 1;
}
