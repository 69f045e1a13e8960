// What an operator is to the reference: an attribute schema, a check + shape
// inference function and a kernel, registered under its HDI NodeType in the
// one table of registry.cc. One operator (or a tight family) per file.
#ifndef NNRT_REFERENCE_OPS_OP_DEF_H_
#define NNRT_REFERENCE_OPS_OP_DEF_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {

// One attribute of a node type's schema (HDI NodeAttrTypes field).
struct AttrSpec {
  const char* name;
  AttrType type;
  // Element count: -1 = any (list), otherwise exact (1 = scalar).
  int32_t count;
  // When false and the attribute is absent, the op uses its documented default.
  bool required;
};

// A tensor as an operator sees it: declared type, quant params and format from
// the model, actual dims, and data when known (constant data at prepare time,
// all data at run time).
struct TensorArg {
  const Tensor* decl = nullptr;  // the model's tensor (name, dtype, quant, format)
  Dims dims;                     // actual dims (may hold -1 at prepare time)
  const uint8_t* data = nullptr; // input data (nullptr when not yet known)
  uint8_t* mutable_data = nullptr;  // output buffer (run time only)
  size_t byte_size = 0;

  DataType dtype() const { return decl->data_type; }
  bool quantized() const { return !decl->quant_params.empty(); }
  const QuantParam& quant(size_t i = 0) const { return decl->quant_params[i]; }
  int64_t elements() const;  // element count of dims (0 if dynamic)
};

struct OpContext {
  const Node* node = nullptr;
  std::vector<TensorArg> inputs;
  std::vector<TensorArg> outputs;
};

// Validates data types, ranks, attribute values and input/output relations,
// then writes each outputs[i].dims. Dims of -1 in inputs mean "not known yet"
// (prepare time with dynamic inputs): propagate -1 where the output depends
// on them and check only what is known. Return codes:
//   NNRT_INVALID_MODEL   the node violates the spec (bad attribute, rank, ...)
//   NNRT_UNSUPPORTED_OP  legal per the spec but not implemented by the reference
//   NNRT_INVALID_INPUT / NNRT_INVALID_SHAPE at run time, for actual input dims
using InferFn = Status (*)(OpContext& ctx);
// Computes outputs from inputs. Called after InferFn succeeded on the same
// context with concrete dims and all data present.
using KernelFn = Status (*)(OpContext& ctx);

struct OpDef {
  NodeType type;
  std::vector<AttrSpec> attrs;  // the HDI attribute struct's fields
  int32_t min_inputs;
  int32_t max_inputs;   // -1 = unbounded
  int32_t min_outputs;
  int32_t max_outputs;  // -1 = unbounded
  InferFn infer;        // nullptr = not implemented yet (reported unsupported)
  KernelFn kernel;      // nullptr = not implemented yet
  bool implemented() const { return infer != nullptr && kernel != nullptr; }
};

// The registry: one entry for every HDI v2.1 NodeType. Returns nullptr for a
// value that is not a NodeType.
const OpDef* FindOpDef(NodeType type);
const std::vector<OpDef>& AllOpDefs();

// Checks a node against its OpDef: input/output counts, attribute names
// (unknown names rejected), types and counts, required attributes present.
Status ValidateNodeAgainstSchema(const Node& node, const OpDef& def);

// Runs schema validation and InferFn for one node.
Status InferNode(const OpDef& def, OpContext& ctx);

// ---- Attribute access (after schema validation) ------------------------------

int64_t GetIntAttr(const Node& node, const char* name, int64_t default_value);
bool GetBoolAttr(const Node& node, const char* name, bool default_value);
float GetFloatAttr(const Node& node, const char* name, float default_value);
std::vector<int64_t> GetIntsAttr(const Node& node, const char* name, std::vector<int64_t> default_value = {});
std::vector<float> GetFloatsAttr(const Node& node, const char* name, std::vector<float> default_value = {});
std::string GetStringAttr(const Node& node, const char* name, const std::string& default_value = "");

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_OP_DEF_H_
