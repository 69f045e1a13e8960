// The invalid-model family of CLIP's own rule (docs/operators/clip.md "Invalid models").
#include "conformance/mutations/internal.h"

#include <limits>

namespace nnrt {
namespace cts {
namespace mutations_internal {

// C-169: CLIP's bounds must not be NaN (min > max is allowed: every element becomes max).
bool ClipBoundNan(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::CLIP || !Begin(valid, out)) return false;
  SetFloatAttr(out, "max", std::numeric_limits<float>::quiet_NaN());
  out->detail = "max = NaN";
  return true;
}
NNRT_MUTATION_FAMILY(642, "clip_bound_nan", kNode, "C-169: CLIP min and max are not NaN", ClipBoundNan);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
