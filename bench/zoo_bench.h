// Reference time per zoo model (zoo/, docs/models.md), for the
// runtime bench: one benchmark per model and variant, "zoo/<model>/<variant>".
#ifndef NNRT_BENCH_ZOO_BENCH_H_
#define NNRT_BENCH_ZOO_BENCH_H_

namespace nnrt {
namespace bench {

// Registers the zoo benchmarks with Google Benchmark (call before RunSpecifiedBenchmarks).
void RegisterZooBenchmarks();

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_ZOO_BENCH_H_
