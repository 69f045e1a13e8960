// The invalid-model mutation families (conformance/mutations/mutations.h). Every family
// starts from a copy of a valid one-node case (node 0 is the node under test,
// its input 0 a model input) and breaks exactly one rule, cited in `rule`.
// This file: the helpers the families share, the model-config families and
// the registry. Every family registers itself (NNRT_MUTATION_FAMILY) in the
// file that defines it: operands.cc, graph.cc, attributes.cc, data_movement.cc,
// block_space.cc, strided.cc, fill_range.cc.
#include "conformance/mutations/mutations.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "conformance/generators.h"
#include "conformance/mutations/internal.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// ---- Shared helpers ------------------------------------------------------------------

bool Begin(const GeneratedCase& valid, MutatedCase* out) {
  if (valid.test_case.model.nodes.empty()) return false;
  out->test_case = valid.test_case;
  out->config = valid.config;
  out->mutated_node = 0;
  out->detail.clear();
  return true;
}

Model& M(MutatedCase* out) { return out->test_case.model; }

Node& TheNode(MutatedCase* out) { return out->test_case.model.nodes[0]; }

// Input 0 of the node when it is a model input without data (every spec's "x").
Tensor* NodeModelInput0(MutatedCase* out) {
  Model& m = M(out);
  const Node& n = m.nodes[0];
  if (n.inputs.empty() || n.inputs[0] >= m.tensors.size()) return nullptr;
  const uint32_t t = n.inputs[0];
  if (std::find(m.inputs.begin(), m.inputs.end(), t) == m.inputs.end()) return nullptr;
  return m.tensors[t].HasData() ? nullptr : &m.tensors[t];
}

Tensor* NodeOutput0(MutatedCase* out) {
  Model& m = M(out);
  const Node& n = m.nodes[0];
  if (n.outputs.empty() || n.outputs[0] >= m.tensors.size()) return nullptr;
  return &m.tensors[n.outputs[0]];
}

Tensor* ConstantNodeInput(MutatedCase* out, size_t index) {
  const Node& n = TheNode(out);
  if (n.inputs.size() <= index || n.inputs[index] >= M(out).tensors.size()) return nullptr;
  Tensor& t = M(out).tensors[n.inputs[index]];
  return t.HasData() ? &t : nullptr;
}

bool IsCastLike(NodeType t) {
  return t == NodeType::CAST || t == NodeType::QUANT_DTYPE_CAST || t == NodeType::QUANT_DTYPE_CAST_V2;
}

Attr* FindMutableAttr(Node& n, const char* name) {
  for (Attr& a : n.attrs) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

// Sets float attribute `name` of the node (adding it when the case left it at
// its default) to `value`.
void SetFloatAttr(MutatedCase* out, const char* name, float value) {
  Node& n = TheNode(out);
  Attr* a = FindMutableAttr(n, name);
  if (a == nullptr) {
    n.attrs.push_back(Attr::Float(name, value));
    return;
  }
  a->floats = {value};
}

// An attribute the spec declares (AttrDomain) and the generated node carries.
Attr* DomainAttr(const NodeSpec& spec, MutatedCase* out, const char* name) {
  if (FindAttrDomain(spec, name) == nullptr) return nullptr;
  return FindMutableAttr(TheNode(out), name);
}

bool ValueInDomain(const AttrDomain& d, int64_t v) {
  if (!d.choices.empty()) return std::find(d.choices.begin(), d.choices.end(), v) != d.choices.end();
  return v >= d.min && v <= d.max;
}

// ---- Model config (HDI PerformanceMode 0..4, Priority 0..3) ---------------------------------

namespace {

bool ConfigPerformanceModeInvalid(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  out->config.performance_mode = 9;
  out->mutated_node = -1;
  out->detail = "ModelConfig.mode 9";
  return true;
}
NNRT_MUTATION_FAMILY(930, "config_performance_mode_invalid", kConfig, "HDI PerformanceMode 0..4",
                     ConfigPerformanceModeInvalid);

bool ConfigPriorityInvalid(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  out->config.priority = -1;
  out->mutated_node = -1;
  out->detail = "ModelConfig.priority -1";
  return true;
}
NNRT_MUTATION_FAMILY(940, "config_priority_invalid", kConfig, "HDI Priority 0..3", ConfigPriorityInvalid);

}  // namespace
}  // namespace mutations_internal

const char* MutationLevelName(MutationLevel level) {
  switch (level) {
    case MutationLevel::kStructure: return "structure";
    case MutationLevel::kNode: return "node";
    case MutationLevel::kConfig: return "config";
  }
  return "?";
}

namespace {

struct RegisteredFamily {
  int order;
  MutationFamily family;
};

std::vector<RegisteredFamily>& Registrations() {
  static std::vector<RegisteredFamily>* const registrations = new std::vector<RegisteredFamily>;
  return *registrations;
}

}  // namespace

MutationFamilyRegistration::MutationFamilyRegistration(int order, const MutationFamily& family) {
  Registrations().push_back({order, family});
}

// The registrations in the order of their keys; two families with one key
// keep the order of their names, and invalid_model_test reports the clash.
const std::vector<MutationFamily>& AllMutationFamilies() {
  static const std::vector<MutationFamily>* const families = [] {
    std::vector<RegisteredFamily> sorted = Registrations();
    std::sort(sorted.begin(), sorted.end(), [](const RegisteredFamily& a, const RegisteredFamily& b) {
      if (a.order != b.order) return a.order < b.order;
      return std::strcmp(a.family.name, b.family.name) < 0;
    });
    auto* list = new std::vector<MutationFamily>;
    for (const RegisteredFamily& r : sorted) list->push_back(r.family);
    return list;
  }();
  return *families;
}

std::vector<int> MutationFamilyOrderKeys() {
  std::vector<int> keys;
  for (const RegisteredFamily& r : Registrations()) keys.push_back(r.order);
  std::sort(keys.begin(), keys.end());
  return keys;
}

const MutationFamily* FindMutationFamily(const std::string& name) {
  for (const MutationFamily& f : AllMutationFamilies()) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

}  // namespace cts
}  // namespace nnrt
