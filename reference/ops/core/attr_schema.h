// Constructors for attribute schemas (AttrSpec): each declares an HDI
// NodeAttrTypes field once, with its type, its default (the OH_NN builder
// default) and its legal domain. Used by the operator modules and by the
// entries of the node-type list that are not implemented yet.
#ifndef NNRT_REFERENCE_OPS_ATTR_SCHEMA_H_
#define NNRT_REFERENCE_OPS_ATTR_SCHEMA_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace schema {

constexpr int32_t kAny = -1;

// IDL long -> int64 scalar.
AttrSpec Int64(const char* name, int64_t default_value, ValueDomain domain = {});
// IDL long[] / long[][] -> int64 list (row-major).
AttrSpec Int64List(const char* name, std::vector<int64_t> default_value = {}, ValueDomain domain = {});
// IDL float -> float32 scalar; float[] -> float32 list.
AttrSpec Float(const char* name, float default_value, ValueDomain domain = {});
AttrSpec FloatList(const char* name, std::vector<float> default_value = {});
// IDL boolean.
AttrSpec Bool(const char* name, bool default_value);
// The IDL byte enums (ActivationType, PadMode, RoundMode, ReduceMode, ...) -> int8.
AttrSpec Enum(const char* name, int8_t default_value, std::vector<int64_t> legal);
// IDL String: one value of any length (Attr::Count() of a string is its length).
AttrSpec String(const char* name, std::string default_value);
// The same field, required (no default applies).
AttrSpec Required(AttrSpec spec);

// `activationType` of the *Fusion nodes: NO_ACTIVATION, RELU or RELU6, the
// values OH_NN_FuseType lowers to (ops_catalog 1.3).
AttrSpec FusedActivation();

ValueDomain Range(double min, double max);

}  // namespace schema
}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_ATTR_SCHEMA_H_
