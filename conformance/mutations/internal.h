// Internal to the invalid-model mutation families (mutations.h): the helpers
// the families share (mutations.cc). Each family is a MutateFn in one of the
// family files, registered beside its definition with NNRT_MUTATION_FAMILY:
// a family of one operator's own rule in operators/<op>.cc, the others in the
// file of their kind.
#ifndef NNRT_CONFORMANCE_MUTATIONS_INTERNAL_H_
#define NNRT_CONFORMANCE_MUTATIONS_INTERNAL_H_

#include <cstdint>

#include "conformance/generators.h"
#include "conformance/mutations/mutations.h"
#include "conformance/node_spec.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// ---- Shared helpers (mutations.cc) ----

// Copies the valid case into *out; false when it has no node to mutate.
bool Begin(const GeneratedCase& valid, MutatedCase* out);
Model& M(MutatedCase* out);
Node& TheNode(MutatedCase* out);
// Input 0 of the node when it is a model input without data (every spec's "x").
Tensor* NodeModelInput0(MutatedCase* out);
Tensor* NodeOutput0(MutatedCase* out);
// Input `index` of the node when it is a constant of the model.
Tensor* ConstantNodeInput(MutatedCase* out, size_t index);
bool IsCastLike(NodeType t);
Attr* FindMutableAttr(Node& n, const char* name);
// Sets float attribute `name` of the node (adding it when the case left it at
// its default) to `value`.
void SetFloatAttr(MutatedCase* out, const char* name, float value);
// An attribute the spec declares (AttrDomain) and the generated node carries.
Attr* DomainAttr(const NodeSpec& spec, MutatedCase* out, const char* name);
bool ValueInDomain(const AttrDomain& d, int64_t v);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MUTATIONS_INTERNAL_H_
