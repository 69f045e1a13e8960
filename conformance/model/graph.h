// Sub-models of a model case, for the model-level check (model_check.h): the
// reference's value of every tensor, one node alone fed with given values,
// and the prefixes of the graph (in the order of nnrt::TopologicalOrder).
#ifndef NNRT_CONFORMANCE_MODEL_GRAPH_H_
#define NNRT_CONFORMANCE_MODEL_GRAPH_H_

#include <cstdint>
#include <vector>

#include "reference/ir/host_tensor.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// The reference's value of every tensor of `c`, indexed by tensor: the case's
// inputs, the constants' data and every node output (one reference run of
// the model with every node output exposed as a model output). A tensor that
// is neither has no bytes.
Status ReferenceTensorValues(const TestCase& c, std::vector<HostTensor>* values);

// Node `node` of `c` alone: its constant inputs keep their data, every other
// input becomes a model input bound to values[tensor] (dims as in the value),
// its outputs are the model outputs and `expected` holds values[output].
TestCase SingleNodeCase(const TestCase& c, uint32_t node, const std::vector<HostTensor>& values);

// The first `count` nodes of `order` with the case's inputs (those they
// read); the model outputs are the outputs of node order[count - 1], then
// the other prefix node outputs no prefix node reads (expected: none).
// original_outputs: the source tensor of each model output, in order.
TestCase PrefixCase(const TestCase& c, const std::vector<uint32_t>& order, size_t count,
                    std::vector<uint32_t>* original_outputs);

// True when tensor `t` of `m` is written by no node and is no model input
// (a constant, possibly empty).
bool IsConstantTensor(const Model& m, uint32_t t);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODEL_GRAPH_H_
