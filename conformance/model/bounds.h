// The composed end-to-end bound of a model (C-781, docs/conformance.md
// "Model-level tolerance"): for every tensor, a per-element upper bound on
// |candidate - reference| that a candidate meeting every node's own row of
// the tolerance table stays within. Forward over the graph:
//   E(node output) = own(node) + P_node(E(inputs)),
// own = the node's tolerance row evaluated at the reference's inputs (what
// CompareTensor allows), P = how the node can amplify an input error, by
// operator class (bilinear, sum, data movement / pooling, Lipschitz
// activations, softmax, layer norm). A node without a derived P (or a
// quantized / integer output fed by a non-zero bound) has no derived bound;
// neither has anything downstream of it.
#ifndef NNRT_CONFORMANCE_MODEL_BOUNDS_H_
#define NNRT_CONFORMANCE_MODEL_BOUNDS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/tolerance/tolerance.h"
#include "reference/hal/hal_cpp.h"
#include "reference/ir/host_tensor.h"
#include "reference/ir/ir.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

struct TensorBound {
  bool derived = false;     // false: no derived bound (compare with the whole-graph row)
  std::vector<double> abs;  // per element, when derived (empty = all zero)
  std::string why_not;      // when not derived: the first node without a rule
};

// `values`: ReferenceTensorValues(c); `order`: TopologicalOrder(c.model).
// bounds->at(t) for every tensor t (inputs and constants: derived, zero).
Status ComposeBounds(const TestCase& c, const std::vector<uint32_t>& order, const std::vector<HostTensor>& values,
                     const ModelConfig& config, CompareMode mode, std::vector<TensorBound>* bounds);

// SOFTMAX (rows of `len` elements, `inner` apart): with every input moved by
// at most m over its row, |s_i(x + d) - s_i(x)| <= s_i (exp(2 m) - 1), since
// each exp(x_j + d_j) / exp(x_j) and their sum move by a factor in
// [exp(-m), exp(m)]. s: the reference outputs; e: the input bounds.
std::vector<double> SoftmaxPerturbationBound(const std::vector<double>& s, int64_t len, int64_t inner,
                                             const std::vector<double>& e);

// LAYER_NORM over rows of `row` elements, sigma = sqrt(population variance +
// eps), c = x - mean, m = max e over the row: the mean moves by <= m, each c
// by <= 2m, sigma by <= m (the RMS is 1-Lipschitz), so for m < sigma
// |y' - y| <= |gamma| (2m / (sigma - m) + |c| m / (sigma (sigma - m)));
// +inf where m >= sigma. gamma empty = 1 (no affine), else read modulo its size.
std::vector<double> LayerNormPerturbationBound(const std::vector<double>& x, size_t row,
                                               const std::vector<double>& gamma, double eps,
                                               const std::vector<double>& e);

// The Lipschitz constant of an activation function over the reals (the
// largest |f'|), 0 when none is derived (docs/conformance.md table).
double ActivationLipschitz(ActivationType type, float alpha);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODEL_BOUNDS_H_
