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

// Adds the case's operation as one layer of a larger model: `inputs` are the
// activation operands (x, and the second operand of add and matmul); the
// weight and bias of conv, depthwise and fully connected come from `data` as
// constants with weight scale ScalesOf(c).w. `activation` is an OH_NN_FuseType
// (ignored by softmax). Returns the new output tensor (quantized with `out`).
uint32_t AddLayer(const OpCase& c, bool int8, const OpData& data, const std::vector<uint32_t>& inputs, Quant out,
                  int8_t activation, OhnnGraph* graph);

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_REFERENCE_OP_MODEL_H_
