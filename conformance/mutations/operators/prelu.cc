// The invalid-model family of PRELU_FUSION's own rule (docs/operators/prelu.md "Invalid models").
#include "conformance/mutations/internal.h"

#include <string>

namespace nnrt {
namespace cts {
namespace mutations_internal {

// C-181: channelShared = true needs a one-element slope; a per-channel slope with it is invalid.
bool PreluSharedWithChannelSlope(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::PRELU_FUSION || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2 || n.inputs[1] >= M(out).tensors.size()) return false;
  const Tensor& slope = M(out).tensors[n.inputs[1]];
  if (ElementsOf(slope.dims) < 2) return false;  // a one-element slope may be shared
  Attr* a = FindMutableAttr(TheNode(out), "channelShared");
  if (a == nullptr) {
    TheNode(out).attrs.push_back(Attr::Bool("channelShared", true));
  } else {
    a->ints = {1};
  }
  out->detail = "channelShared = true with " + std::to_string(ElementsOf(slope.dims)) + " slope elements";
  return true;
}
NNRT_MUTATION_FAMILY(646, "prelu_shared_with_channel_slope", kNode,
                     "ops_catalog #21, C-181: channelShared needs a one-element slope", PreluSharedWithChannelSlope);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
