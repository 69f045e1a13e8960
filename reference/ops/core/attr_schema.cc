#include "reference/ops/core/attr_schema.h"

#include <utility>

namespace nnrt {
namespace schema {

AttrSpec Int64(const char* name, int64_t default_value, ValueDomain domain) {
  return {name, AttrType::kInt64, 1, false, Attr::Int64(name, default_value), std::move(domain)};
}

AttrSpec Int64List(const char* name, std::vector<int64_t> default_value, ValueDomain domain) {
  return {name, AttrType::kInt64, kAny, false, Attr::Int64s(name, std::move(default_value)), std::move(domain)};
}

AttrSpec Float(const char* name, float default_value, ValueDomain domain) {
  return {name, AttrType::kFloat32, 1, false, Attr::Float(name, default_value), std::move(domain)};
}

AttrSpec FloatList(const char* name, std::vector<float> default_value) {
  return {name, AttrType::kFloat32, kAny, false, Attr::Floats(name, std::move(default_value)), {}};
}

AttrSpec Bool(const char* name, bool default_value) {
  return {name, AttrType::kBool, 1, false, Attr::Bool(name, default_value), ValueDomain{{0, 1}}};
}

AttrSpec Enum(const char* name, int8_t default_value, std::vector<int64_t> legal) {
  return {name, AttrType::kInt8, 1, false, Attr::Int8(name, default_value), ValueDomain{std::move(legal)}};
}

AttrSpec String(const char* name, std::string default_value) {
  return {name, AttrType::kString, kAny, false, Attr::String(name, std::move(default_value)), {}};
}

AttrSpec Required(AttrSpec spec) {
  spec.required = true;
  return spec;
}

AttrSpec FusedActivation() {
  return Enum("activationType", static_cast<int8_t>(ActivationType::kNone),
              {static_cast<int64_t>(ActivationType::kNone), static_cast<int64_t>(ActivationType::kRelu),
               static_cast<int64_t>(ActivationType::kRelu6)});
}

ValueDomain Range(double min, double max) {
  ValueDomain d;
  d.min = min;
  d.max = max;
  return d;
}

}  // namespace schema
}  // namespace nnrt
