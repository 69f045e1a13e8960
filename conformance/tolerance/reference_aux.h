// The per-element reference information the comparator needs for one output
// (ReferenceAux, compare.h; quantization_semantics 5.2, TOSA "bounds mode"),
// owned by the node's spec: NodeSpec::reference_aux names a function of this
// shape, written in the spec's file next to its generator, so adding an
// operator never edits a central switch. This header holds the building
// blocks those functions share.
#ifndef NNRT_CONFORMANCE_REFERENCE_AUX_H_
#define NNRT_CONFORMANCE_REFERENCE_AUX_H_

#include <cstdint>
#include <vector>

#include "conformance/tolerance/compare.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// Fills `aux` for output `output_index` of single-node case `c`, whose node is
// `node`. `want_magnitude`: the tolerance row needs sum(|terms|) per element.
using ReferenceAuxFn = Status (*)(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                                  ReferenceAux* aux);

// The data of tensor `index`: constant data, or the case's bound input (nullptr: none).
const std::vector<uint8_t>* TensorData(const TestCase& c, uint32_t index);
// The dims tensor `index` has in this case: its declared dims, or those of the
// bound input when the model declares -1 (dynamic-shape mode).
Dims ActualDims(const TestCase& c, uint32_t index);
// Input k of `node` as doubles (a float tensor with known data; else empty).
std::vector<double> FloatInput(const TestCase& c, const Node& node, size_t k);

// TOSA "bounds mode": the same node on |inputs| in float32, without the fused
// activation, with SUB as ADD, so every output is sum(|terms|). `adjust`, when
// given, rewrites the |inputs| case before it runs (an operator whose terms
// are not the plain absolute operands).
Status RunBoundsModel(const TestCase& c, size_t output_index, std::vector<double>* magnitude,
                      void (*adjust)(TestCase* bounds_case) = nullptr);

// Element-wise unary ops: input_x (and |x| as the magnitude) from input 0.
Status UnaryInputAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                     ReferenceAux* aux);
// Element-wise arithmetic: the bounds-mode magnitude only.
Status BoundsMagnitudeAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                          ReferenceAux* aux);
// Dot products: `terms` rounded terms per output, and the bounds-mode magnitude.
Status DotProductAux(const TestCase& c, size_t output_index, bool want_magnitude, int64_t terms, ReferenceAux* aux);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_REFERENCE_AUX_H_
