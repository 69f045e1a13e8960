// Invalid-model mutation families (after NNAPI VTS
// ValidateModel and the TOSA ERROR_IF lists, conformance_anchors.md). Each
// family is a named function that turns one VALID generated case (from a
// NodeSpec's generator) into a model -- or a model config -- that the spec
// forbids, or says "not applicable" for that case. The families read the same
// NodeSpec records as the valid-case generator (attribute domains) and the
// reference's OpDef schema (input/output counts, required attributes).
//
// What a candidate must do with a mutated model (C-211): PrepareModel returns
// an error and no prepared model; GetSupportedOperation returns an error for a
// structurally invalid model, and an error or "false" for the mutated node when
// only that node breaks its operator's rules.
#ifndef NNRT_CONFORMANCE_MUTATIONS_H_
#define NNRT_CONFORMANCE_MUTATIONS_H_

#include <string>
#include <vector>

#include "conformance/node_spec.h"
#include "reference/hal/hal_model_view.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// Where the violation lives, which decides what GetSupportedOperation may say (C-211).
enum class MutationLevel {
  kStructure,  // ValidateModelStructure territory: GetSupportedOperation must fail
  kNode,       // one node breaks its operator's schema / shape rules: error, or that node unsupported
  kConfig,     // the model is valid, the ModelConfig is not: only PrepareModel is checked
};
const char* MutationLevelName(MutationLevel level);

struct MutatedCase {
  TestCase test_case;  // the invalid model (inputs kept from the valid case)
  ModelConfig config;
  int64_t mutated_node = 0;  // index of the node the mutation targets (kNode)
  std::string detail;        // what exactly changed, for messages and meta lines
};

// Returns false when the family does not apply to this case (nothing in it to break that way).
using MutateFn = bool (*)(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);

struct MutationFamily {
  const char* name;      // "quant_scale_nan" (stable: used in case files and reports)
  MutationLevel level;
  const char* rule;      // the rule the mutated model breaks, with its source
  MutateFn mutate;
};

// A family registers itself at namespace scope in the file that defines it:
//   NNRT_MUTATION_FAMILY(order, "name", kNode, "rule and its source", Function);
// `order` is the family's place in the report (and in each valid case's
// mutation loop); keys are unique (invalid_model_test). A new family picks a
// free key between its neighbours and edits no shared table.
struct MutationFamilyRegistration {
  MutationFamilyRegistration(int order, const MutationFamily& family);
};
#define NNRT_MUTATION_FAMILY_CONCAT_INNER(a, b) a##b
#define NNRT_MUTATION_FAMILY_CONCAT(a, b) NNRT_MUTATION_FAMILY_CONCAT_INNER(a, b)
#define NNRT_MUTATION_FAMILY(order, name, level, rule, mutate)                                       \
  static const ::nnrt::cts::MutationFamilyRegistration NNRT_MUTATION_FAMILY_CONCAT(kMutationFamily, \
                                                                                   __LINE__)(     \
      order, ::nnrt::cts::MutationFamily{name, ::nnrt::cts::MutationLevel::level, rule, mutate})

// Every family, in report order (>= 20): the registrations sorted by their keys.
const std::vector<MutationFamily>& AllMutationFamilies();
const MutationFamily* FindMutationFamily(const std::string& name);
// The registrations' order keys, sorted (for the uniqueness check).
std::vector<int> MutationFamilyOrderKeys();

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MUTATIONS_H_
