// A network-sized model through the OH_NN C API: the front of ResNet-18 at
// its real sizes — max pool 3x3/2 of a 1x112x112x64 input (the stem's
// output), two basic blocks at 56x56x64 (conv 3x3 + ReLU, conv 3x3, add of the
// shortcut + ReLU), global average pool, fully connected 64 -> 1000 and
// softmax; 15 operations, about 0.46 G multiply-accumulates per run. float32
// or int8 (per-tensor scales, zero points 0).
#ifndef NNRT_BENCH_NETWORK_MODEL_H_
#define NNRT_BENCH_NETWORK_MODEL_H_

#include <cstdint>
#include <vector>

#include "bench/ohnn_graph.h"

namespace nnrt {
namespace bench {

// Builds and finishes the model (one input, one output [1, 1000]).
void BuildResNetFront(bool int8, OhnnGraph* graph);
// Multiply-accumulates per run (the convolutions and the classifier).
int64_t ResNetFrontMacs();
// The input's bytes (1x112x112x64, the deterministic fill of bench/op_cases.h).
std::vector<uint8_t> ResNetFrontInput(bool int8);

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_NETWORK_MODEL_H_
