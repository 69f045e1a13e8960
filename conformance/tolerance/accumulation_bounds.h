// The per-element magnitudes and term counts of the accumulating operators
// whose float tolerance is a dot-product-form bound over a row or a reduced
// set: SOFTMAX / LOG_SOFTMAX (ToleranceClass::kSoftmax) and REDUCE_FUSION
// (kDotProduct). The derivations are in docs/conformance.md ("SOFTMAX and
// LOG_SOFTMAX bound") and docs/operators/reduce.md ("REDUCE_FUSION bound").
#ifndef NNRT_CONFORMANCE_ACCUMULATION_BOUNDS_H_
#define NNRT_CONFORMANCE_ACCUMULATION_BOUNDS_H_

#include <cstdint>
#include <vector>

#include "conformance/tolerance/compare.h"
#include "conformance/tolerance/reference_aux.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace cts {

// x: the float input values (row-major, dims `dims`).
Status SoftmaxBounds(const Node& node, const Dims& dims, const std::vector<double>& x, ReferenceAux* aux);
// x: the float input values; axes: the axis input's values; out_type: the
// output data type (its largest finite value and smallest normal enter PROD).
Status ReduceBounds(const Node& node, const Dims& dims, const std::vector<double>& x,
                    const std::vector<int64_t>& axes, DataType out_type, ReferenceAux* aux);

// The specs' reference aux (NodeSpec::reference_aux): the float input values
// and dims of the case (and REDUCE_FUSION's axis values) fed to the bounds above.
Status SoftmaxReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                           ReferenceAux* aux);
Status ReduceReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                          ReferenceAux* aux);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_ACCUMULATION_BOUNDS_H_
