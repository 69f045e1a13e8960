#include "reference/ops/core/op_def.h"

#include <algorithm>
#include <limits>

#include "reference/ops/core/op_util.h"

namespace nnrt {

int64_t TensorArg::elements() const {
  auto n = ElementCount(dims);
  return n ? *n : 0;
}

bool ValueDomain::Contains(double v) const {
  if (!choices.empty()) return std::find(choices.begin(), choices.end(), static_cast<int64_t>(v)) != choices.end() &&
                               static_cast<double>(static_cast<int64_t>(v)) == v;
  return v >= min && v <= max;
}

const AttrSpec* OpDef::FindAttr(const std::string& name) const {
  for (const AttrSpec& s : attrs) {
    if (name == s.name) return &s;
  }
  return nullptr;
}

Status ChargeWork(OpContext& ctx, std::initializer_list<int64_t> factors, const std::string& what) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  uint64_t steps = 1;
  for (int64_t f : factors) {
    const uint64_t u = f > 0 ? static_cast<uint64_t>(f) : 0;
    steps = (u != 0 && steps > kMax / u) ? kMax : steps * u;
  }
  const uint64_t left = ctx.work_limit > ctx.work_charged ? ctx.work_limit - ctx.work_charged : 0;
  if (steps > left) {
    const std::string op = ctx.node != nullptr ? NodeTypeName(ctx.node->type) : "kernel";
    return Status(NNRT_TIME_OUT, op + " needs " + std::to_string(steps) + " steps (" + what + ") while the run has " +
                                     std::to_string(left) +
                                     " left of its work budget (ReferenceDriverOptions.run_work_budget, env "
                                     "NNRT_REFERENCE_RUN_WORK_BUDGET; C-760)");
  }
  ctx.work_charged += steps;
  return Status::Ok();
}

namespace {
std::string CountRange(int32_t lo, int32_t hi) {
  if (hi < 0) return "at least " + std::to_string(lo);
  if (lo == hi) return std::to_string(lo);
  return std::to_string(lo) + ".." + std::to_string(hi);
}
}  // namespace

Status ValidateNodeAgainstSchema(const Node& node, const OpDef& def) {
  const int32_t in = static_cast<int32_t>(node.inputs.size());
  const int32_t out = static_cast<int32_t>(node.outputs.size());
  if (in < def.min_inputs || (def.max_inputs >= 0 && in > def.max_inputs)) {
    return InvalidModel(std::string(NodeTypeName(def.type)) + " takes " + CountRange(def.min_inputs, def.max_inputs) +
                        " inputs, got " + std::to_string(in));
  }
  if (out < def.min_outputs || (def.max_outputs >= 0 && out > def.max_outputs)) {
    return InvalidModel(std::string(NodeTypeName(def.type)) + " has " + CountRange(def.min_outputs, def.max_outputs) +
                        " outputs, got " + std::to_string(out));
  }
  for (size_t i = 0; i < node.attrs.size(); ++i) {
    const Attr& a = node.attrs[i];
    const AttrSpec* spec = def.FindAttr(a.name);
    if (spec == nullptr) {
      return InvalidModel(std::string(NodeTypeName(def.type)) + " has no attribute '" + a.name + "'");
    }
    for (size_t j = 0; j < i; ++j) {
      if (node.attrs[j].name == a.name) return InvalidModel("attribute '" + a.name + "' given twice");
    }
    if (a.type != spec->type) {
      return InvalidModel("attribute '" + a.name + "' must be " + AttrTypeName(spec->type) + ", got " +
                          AttrTypeName(a.type));
    }
    if (spec->count >= 0 && static_cast<int64_t>(a.Count()) != spec->count) {
      return InvalidModel("attribute '" + a.name + "' must have " + std::to_string(spec->count) +
                          " element(s), got " + std::to_string(a.Count()));
    }
    if (a.type == AttrType::kBool) {
      for (int64_t v : a.ints) {
        if (v != 0 && v != 1) return InvalidModel("attribute '" + a.name + "' is bool but holds " + std::to_string(v));
      }
    }
    if (a.type == AttrType::kInt8) {
      for (int64_t v : a.ints) {
        if (v < -128 || v > 127) return InvalidModel("attribute '" + a.name + "' is int8 but holds " + std::to_string(v));
      }
    }
  }
  for (const AttrSpec& s : def.attrs) {
    if (s.required && node.FindAttr(s.name) == nullptr) {
      return InvalidModel(std::string(NodeTypeName(def.type)) + " requires attribute '" + s.name + "'");
    }
  }
  return Status::Ok();
}

Status InferNode(const OpDef& def, OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(ValidateNodeAgainstSchema(*ctx.node, def));
  if (def.infer == nullptr) {
    return Unsupported(std::string(NodeTypeName(def.type)) + " is not implemented by the reference yet");
  }
  return def.infer(ctx);
}

Status RunNode(const OpDef& def, OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(InferNode(def, ctx));
  if (def.kernel == nullptr) {
    return Unsupported(std::string(NodeTypeName(def.type)) + " has no kernel in the reference yet");
  }
  NNRT_RETURN_IF_ERROR(CheckKernelBuffers(ctx));
  return def.kernel(ctx);
}

int32_t ImplementedNodeTypeCount() {
  int32_t n = 0;
  for (const OpDef& def : AllOpDefs()) n += (def.type != NodeType::NONE && def.implemented()) ? 1 : 0;
  return n;
}

int32_t OperatorNodeTypeCount() {
  int32_t n = 0;
  for (const OpDef& def : AllOpDefs()) n += def.type != NodeType::NONE ? 1 : 0;
  return n;
}

std::vector<Attr> DefaultAttrs(NodeType type) {
  std::vector<Attr> attrs;
  const OpDef* def = FindOpDef(type);
  if (def == nullptr) return attrs;
  for (const AttrSpec& s : def->attrs) attrs.push_back(s.default_value);
  return attrs;
}

namespace {

// The attribute itself, or its schema default when absent. Every name an
// operator module reads is in its own schema (registry_test checks the
// defaults exist); an unknown name reads as an empty attribute.
const Attr& AttrOrDefault(const Node& node, const char* name) {
  static const Attr* const kEmpty = new Attr();
  if (const Attr* a = node.FindAttr(name)) return *a;
  const OpDef* def = FindOpDef(node.type);
  const AttrSpec* spec = def != nullptr ? def->FindAttr(name) : nullptr;
  return spec != nullptr ? spec->default_value : *kEmpty;
}

}  // namespace

int64_t IntAttr(const Node& node, const char* name) {
  const Attr& a = AttrOrDefault(node, name);
  return a.ints.empty() ? 0 : a.ints[0];
}

bool BoolAttr(const Node& node, const char* name) { return IntAttr(node, name) != 0; }

float FloatAttr(const Node& node, const char* name) {
  const Attr& a = AttrOrDefault(node, name);
  return a.floats.empty() ? 0.0f : a.floats[0];
}

std::vector<int64_t> IntsAttr(const Node& node, const char* name) { return AttrOrDefault(node, name).ints; }

std::vector<float> FloatsAttr(const Node& node, const char* name) { return AttrOrDefault(node, name).floats; }

std::string StringAttr(const Node& node, const char* name) { return AttrOrDefault(node, name).str; }

int64_t GetIntAttr(const Node& node, const char* name, int64_t default_value) {
  const Attr* a = node.FindAttr(name);
  return (a != nullptr && !a->ints.empty()) ? a->ints[0] : default_value;
}

bool GetBoolAttr(const Node& node, const char* name, bool default_value) {
  const Attr* a = node.FindAttr(name);
  return (a != nullptr && !a->ints.empty()) ? a->ints[0] != 0 : default_value;
}

float GetFloatAttr(const Node& node, const char* name, float default_value) {
  const Attr* a = node.FindAttr(name);
  return (a != nullptr && !a->floats.empty()) ? a->floats[0] : default_value;
}

std::vector<int64_t> GetIntsAttr(const Node& node, const char* name, std::vector<int64_t> default_value) {
  const Attr* a = node.FindAttr(name);
  return a != nullptr ? a->ints : default_value;
}

std::vector<float> GetFloatsAttr(const Node& node, const char* name, std::vector<float> default_value) {
  const Attr* a = node.FindAttr(name);
  return a != nullptr ? a->floats : default_value;
}

std::string GetStringAttr(const Node& node, const char* name, const std::string& default_value) {
  const Attr* a = node.FindAttr(name);
  return a != nullptr ? a->str : default_value;
}

}  // namespace nnrt
