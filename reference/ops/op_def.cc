#include "reference/ops/op_def.h"

namespace nnrt {

int64_t TensorArg::elements() const {
  auto n = ElementCount(dims);
  return n ? *n : 0;
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
    const AttrSpec* spec = nullptr;
    for (const AttrSpec& s : def.attrs) {
      if (a.name == s.name) spec = &s;
    }
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
