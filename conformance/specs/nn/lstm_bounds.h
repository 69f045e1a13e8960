// The float tolerance of LSTM's three outputs (docs/operators/lstm.md "LSTM
// bound"): a first-order running error bound carried through the recurrence
// on the case's own data, in units of the unit roundoff u of the compared
// precision. Each gate's dot product contributes its TOSA dot-product term
// (terms x sum|a*b|), each sigmoid / tanh its TOSA abs-error bound, each
// product and sum one rounding; the errors of h and c are propagated through
// the gate derivatives (sigmoid' <= 1/4, tanh' <= 1) into the next step and
// the next layer. The magnitude handed to the kDotProduct row is this bound
// (dot_terms 1), so the row allows 6·bound·2^-24 (float32) or 2·bound·2^-11
// (float16).
#ifndef NNRT_CONFORMANCE_SPECS_LSTM_BOUNDS_H_
#define NNRT_CONFORMANCE_SPECS_LSTM_BOUNDS_H_

#include <cstddef>

#include "conformance/tolerance/compare.h"
#include "conformance/tolerance/reference_aux.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace cts {

Status LstmReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                        ReferenceAux* aux);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_SPECS_LSTM_BOUNDS_H_
