// The list of node specs the suite runs: one per implemented node type (one
// per activation type for NODE_TYPE_ACTIVATION, whose tolerance differs),
// each registered from its specs/<family>_spec.cc with NNRT_NODE_SPEC and an
// order key. The order is the graph generator's offer order: the simplest
// signatures first, so that shrinking moves towards them; spec_order_test pins it.
#include <algorithm>
#include <utility>

#include "conformance/node_spec.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace {

std::vector<std::pair<int, NodeSpec (*)()>>& Registrations() {
  static auto* const registrations = new std::vector<std::pair<int, NodeSpec (*)()>>();
  return *registrations;
}

const std::vector<std::pair<int, NodeSpec (*)()>>& SortedRegistrations() {
  static const auto* const sorted = [] {
    auto* r = new std::vector<std::pair<int, NodeSpec (*)()>>(Registrations());
    std::stable_sort(r->begin(), r->end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return r;
  }();
  return *sorted;
}

}  // namespace

NodeSpecRegistration::NodeSpecRegistration(int order, NodeSpec (*make)()) {
  Registrations().emplace_back(order, make);
}

std::vector<int> NodeSpecOrderKeys() {
  std::vector<int> keys;
  for (const auto& r : SortedRegistrations()) keys.push_back(r.first);
  return keys;
}

const std::vector<NodeSpec>& AllNodeSpecs() {
  static const std::vector<NodeSpec>* const specs = [] {
    auto* v = new std::vector<NodeSpec>();
    for (const auto& r : SortedRegistrations()) v->push_back(r.second());
    return v;
  }();
  return *specs;
}

const NodeSpec* FindNodeSpec(const std::string& name) {
  for (const NodeSpec& s : AllNodeSpecs()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const NodeSpec* FindNodeSpecFor(NodeType type, ActivationType activation) {
  for (const NodeSpec& s : AllNodeSpecs()) {
    if (s.type == type && (type != NodeType::ACTIVATION || s.activation == activation)) return &s;
  }
  return nullptr;
}

const NodeSpec* FirstNodeSpecOf(NodeType type) {
  for (const NodeSpec& s : AllNodeSpecs()) {
    if (s.type == type) return &s;
  }
  return nullptr;
}

std::vector<std::string> AllNodeSpecNames() {
  std::vector<std::string> names;
  for (const NodeSpec& s : AllNodeSpecs()) names.push_back(s.name);
  return names;
}

GraphRole Chainable(GraphKind kind, bool quantized_ok, bool hazard) {
  GraphRole r;
  r.kind = kind;
  r.quantized_ok = quantized_ok;
  r.hazard = hazard;
  return r;
}

GraphRole NotChainable(const char* reason) {
  GraphRole r;
  r.reason = reason;
  return r;
}

AttrDomain SchemaDomain(NodeType type, const char* name) {
  const OpDef* def = FindOpDef(type);
  const AttrSpec* spec = def != nullptr ? def->FindAttr(name) : nullptr;
  if (spec == nullptr) return AttrDomain{"", AttrType::kInt64, {}};
  AttrDomain d{spec->name, spec->type, spec->domain.choices};
  d.count = spec->count;
  return d;
}

AttrDomain SchemaDomain(NodeType type, const char* name, std::vector<int64_t> choices) {
  AttrDomain d = SchemaDomain(type, name);
  d.choices = std::move(choices);
  if (d.count < 0) d.count = 1;
  return d;
}

AttrDomain SchemaRange(NodeType type, const char* name, int64_t min, int64_t max, int32_t count) {
  AttrDomain d = SchemaDomain(type, name);
  d.choices.clear();
  d.min = min;
  d.max = max;
  d.count = count;
  return d;
}

}  // namespace cts
}  // namespace nnrt
