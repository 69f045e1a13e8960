// The reference side of a case (runner.h): the case's inputs, the reference
// interpreter's outputs, the per-element information the comparator needs
// (TOSA bounds mode) and the tolerance row of each output.
#include "conformance/runner.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "conformance/node_spec.h"
#include "conformance/tolerance/reference_aux.h"
#include "conformance/run_profile.h"
#include "reference/cases/run_on_reference.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {

// ---- Reference side ---------------------------------------------------------------

Status RunReference(const TestCase& c, std::vector<HostTensor>* outputs) {
  const ScopedCost cost(ProfileCost::kReference);
  return RunCaseOnReference(c, outputs);
}

namespace {

// The node writing model output `output_index` (nullptr when none does).
const Node* ProducerOf(const Model& m, size_t output_index) {
  if (output_index >= m.outputs.size()) return nullptr;
  const uint32_t tensor = m.outputs[output_index];
  for (const Node& n : m.nodes) {
    for (uint32_t o : n.outputs) {
      if (o == tensor) return &n;
    }
  }
  return nullptr;
}

ActivationType ActivationOf(const Node& n) {
  if (n.type != NodeType::ACTIVATION) return ActivationType::kNone;
  return static_cast<ActivationType>(GetIntAttr(n, "activationType", 0));
}

}  // namespace

Status ComputeReferenceAux(const TestCase& c, size_t output_index, bool want_magnitude, ReferenceAux* aux) {
  const ScopedCost cost(ProfileCost::kReferenceAux);
  *aux = ReferenceAux();
  // Multi-node graphs use the whole-graph rows, which need no per-node aux (C-232).
  if (c.model.nodes.size() > 1) return Status::Ok();
  const Node* node = ProducerOf(c.model, output_index);
  if (node == nullptr) return Status::Ok();
  const NodeSpec* spec = FindNodeSpecFor(node->type, ActivationOf(*node));
  if (spec == nullptr || spec->reference_aux == nullptr) return Status::Ok();
  return spec->reference_aux(c, *node, output_index, want_magnitude, aux);
}

Tolerance ToleranceForCase(const TestCase& c, size_t output_index, const ModelConfig& config, CompareMode mode) {
  // C-232: an output of a multi-node model gets the whole-graph row (the
  // same rule on a replay, so a graph counterexample replays as it failed).
  if (c.model.nodes.size() > 1 && output_index < c.model.outputs.size() &&
      c.model.outputs[output_index] < c.model.tensors.size()) {
    const Tensor& t = c.model.tensors[c.model.outputs[output_index]];
    return LookupGraphTolerance(t.data_type, t.IsQuantized(), config.enable_float16, mode);
  }
  ToleranceKey key;
  const Node* node = ProducerOf(c.model, output_index);
  if (node != nullptr) {
    key.node_type = node->type;
    key.activation = ActivationOf(*node);
  }
  if (output_index < c.model.outputs.size() && c.model.outputs[output_index] < c.model.tensors.size()) {
    const Tensor& t = c.model.tensors[c.model.outputs[output_index]];
    key.dtype = t.data_type;
    key.quantized = t.IsQuantized();
  }
  key.enable_float16 = config.enable_float16;
  key.mode = mode;
  return LookupTolerance(key);
}

}  // namespace cts
}  // namespace nnrt
