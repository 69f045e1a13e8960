// The lookup of the tolerance table by node type: the class comes from the
// node type's conformance spec (NodeSpec::tolerance), the bound from the
// class rows of tolerance.cc. Lives beside the specs (conformance_lib) so the
// comparator library stays free of them.
#include "conformance/node_spec.h"
#include "conformance/tolerance/tolerance.h"

namespace nnrt {
namespace cts {

Tolerance LookupTolerance(const ToleranceKey& key) {
  const NodeSpec* spec = FindNodeSpecFor(key.node_type, key.activation);
  if (spec == nullptr || !spec->tolerance) {
    Tolerance t;
    t.kind = ToleranceKind::kNoRow;
    t.op_class = "no tolerance row";
    t.anchor = "the node type has no conformance spec with a tolerance class (docs/adding_an_operator.md)";
    t.strict = key.mode == CompareMode::kStrict;
    return t;
  }
  Tolerance t = ToleranceOfClass(*spec->tolerance, key);
  // Data movement copies the sign of every zero; other ops say so in their spec.
  const bool defines_zero_sign = spec->signed_zero_exact || *spec->tolerance == ToleranceClass::kDataMovement;
  t.signed_zero = defines_zero_sign && !key.quantized && IsFloatType(key.dtype);
  return t;
}

}  // namespace cts
}  // namespace nnrt
