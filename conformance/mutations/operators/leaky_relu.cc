// The invalid-model family of LEAKY_RELU's own rule (docs/operators/leaky_relu.md "Invalid models").
#include "conformance/mutations/internal.h"

#include <limits>

namespace nnrt {
namespace cts {
namespace mutations_internal {

// C-700: LEAKY_RELU's negativeSlope is finite.
bool LeakyReluSlopeNotFinite(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::LEAKY_RELU || !Begin(valid, out)) return false;
  SetFloatAttr(out, "negativeSlope", std::numeric_limits<float>::infinity());
  out->detail = "negativeSlope = inf";
  return true;
}
NNRT_MUTATION_FAMILY(644, "leaky_relu_slope_not_finite", kNode, "ops_catalog #74, C-700: negativeSlope is finite",
                     LeakyReluSlopeNotFinite);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
