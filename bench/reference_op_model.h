// The OH_NN model of one benchmark case (bench/op_cases.h): one operation
// with its weights as constants, built through the public C API.
#ifndef NNRT_BENCH_REFERENCE_OP_MODEL_H_
#define NNRT_BENCH_REFERENCE_OP_MODEL_H_

#include "bench/ohnn_graph.h"
#include "bench/op_cases.h"

namespace nnrt {
namespace bench {

// Adds the case's operation to `graph` (model inputs: x, then the second
// operand of add and matmul) and finishes it. Errors stay in graph.error().
void BuildOpModel(const OpCase& c, bool int8, const OpData& data, OhnnGraph* graph);

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_REFERENCE_OP_MODEL_H_
