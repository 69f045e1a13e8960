// The reference aux of the normalisation specs (norm_spec.cc): the
// "Normalisation bound" of docs/conformance.md, magnitude m and term count ksb
// per element.
#ifndef NNRT_CONFORMANCE_SPECS_NORM_REFERENCE_AUX_H_
#define NNRT_CONFORMANCE_SPECS_NORM_REFERENCE_AUX_H_

#include "conformance/tolerance/reference_aux.h"

namespace nnrt {
namespace cts {

// LAYER_NORM_FUSION, INSTANCE_NORM: ksb = row length + 4.
Status RowNormReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                           ReferenceAux* aux);
// FUSED_BATCH_NORM: ksb = 4.
Status BatchNormReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                             ReferenceAux* aux);
// L2_NORMALIZE_FUSION: ksb = group size + 4, m from the bounds-mode run.
Status L2NormalizeReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                               ReferenceAux* aux);
// SCALE_FUSION: one multiply-add, ksb = 2, m from the bounds-mode run.
Status ScaleReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                         ReferenceAux* aux);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_SPECS_NORM_REFERENCE_AUX_H_
