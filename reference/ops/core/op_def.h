// What an operator is to the reference: an attribute schema, a check + shape
// inference function and a kernel, registered under its HDI NodeType in the
// one table of registry.cc. One operator (or a tight family) per file.
#ifndef NNRT_REFERENCE_OPS_OP_DEF_H_
#define NNRT_REFERENCE_OPS_OP_DEF_H_

#include <any>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {

// The legal values of an attribute as the NNRt documents define them: an
// enumeration (HDI byte enums, bools) or an inclusive numeric range. The
// conformance suite draws valid values from it and the invalid-model mutators
// step outside it; an empty domain means "any value of the type".
struct ValueDomain {
  std::vector<int64_t> choices;  // enumerated legal values; empty = use the range
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool Contains(double v) const;
};

// One attribute of a node type's schema (HDI NodeAttrTypes field), declared
// once: name, type, element count, whether it is required, its default (the
// OH_NN builder default, which the runtime's op builders start from and the
// kernels use when the attribute is absent) and its legal domain.
struct AttrSpec {
  const char* name;
  AttrType type;
  // Element count: -1 = any (list), otherwise exact (1 = scalar).
  int32_t count;
  // When false and the attribute is absent, the op uses `default_value`.
  bool required;
  Attr default_value;
  ValueDomain domain;
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
  // The node's typed parameters, parsed once by the operator's InferFn
  // (SetParams) and read by its kernel (Params<P>()): a kernel never re-reads
  // or re-checks its attributes.
  std::any params;
  // Run time only (C-760): the steps this node's kernel may still charge
  // (what is left of the run's work budget; the interpreter sets it) and the
  // steps it charged (ChargeWork), which the interpreter adds to the run's.
  uint64_t work_limit = std::numeric_limits<uint64_t>::max();
  uint64_t work_charged = 0;

  template <typename P>
  void SetParams(P p) {
    params = std::move(p);
  }
  template <typename P>
  const P& Params() const {
    return *std::any_cast<P>(&params);
  }
};

// C-760: a kernel whose work grows faster than its input and output sizes
// (windows, reductions over a dimension, products of dims) charges the
// product of `factors` (each >= 0; the product saturates at 2^64 - 1) before
// its loops. Above ctx.work_limit - ctx.work_charged it returns NNRT_TIME_OUT
// "<op> needs N steps (<what>) while the run has M left of its work budget
// ..." and charges nothing.
Status ChargeWork(OpContext& ctx, std::initializer_list<int64_t> factors, const std::string& what);

// Validates data types, ranks, attribute values and input/output relations,
// then writes each outputs[i].dims. Dims of -1 in inputs mean "not known yet"
// (prepare time with dynamic inputs): propagate -1 where the output depends
// on them and check only what is known. Return codes:
//   NNRT_INVALID_MODEL   the node violates the spec (bad attribute, rank, ...)
//   NNRT_UNSUPPORTED_OP  legal per the spec but not implemented by the reference
//   NNRT_INVALID_INPUT / NNRT_INVALID_SHAPE at run time, for actual input dims
using InferFn = Status (*)(OpContext& ctx);
// Computes outputs from inputs. Called (by RunNode) after InferFn succeeded on
// the same context with concrete dims, all input data present and every
// buffer checked against its dims (CheckKernelBuffers), so a kernel is the
// loop nest alone.
using KernelFn = Status (*)(OpContext& ctx);

struct OpDef {
  NodeType type;
  std::vector<AttrSpec> attrs;  // the HDI attribute struct's fields, in struct order
  int32_t min_inputs;
  int32_t max_inputs;   // -1 = unbounded
  int32_t min_outputs;
  int32_t max_outputs;  // -1 = unbounded
  InferFn infer;        // nullptr = not implemented yet (reported unsupported)
  KernelFn kernel;      // nullptr = not implemented yet
  // The data types the kernel computes in (its signatures): int8/uint8 mean
  // quantized tensors where the op takes quant params. Empty for a node type
  // that is not implemented yet.
  std::vector<DataType> data_types;
  // The operator family (one golden directory, one mutant at least): "arithmetic",
  // "activation", "conv2d", "shape", "unary_math", "cast", ...
  const char* family = "";
  bool implemented() const { return infer != nullptr && kernel != nullptr; }
  const AttrSpec* FindAttr(const std::string& name) const;
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

// Runs a node whose context holds concrete dims and all input data: InferNode,
// then the buffer checks every kernel relies on (CheckKernelBuffers), then the
// kernel. The one path by which the interpreter, the tests and the benchmarks
// execute an operator.
Status RunNode(const OpDef& def, OpContext& ctx);

// The node types the list in registry.cc marks implemented, and the counts of
// the coverage line "node types N/96" (NONE is not an operator).
int32_t ImplementedNodeTypeCount();
int32_t OperatorNodeTypeCount();

// ---- Attribute access (after schema validation) ------------------------------
// An absent attribute reads as its schema default (AttrSpec::default_value of
// the node type's registry entry), so a default is written in one place.

int64_t IntAttr(const Node& node, const char* name);
bool BoolAttr(const Node& node, const char* name);
float FloatAttr(const Node& node, const char* name);
std::vector<int64_t> IntsAttr(const Node& node, const char* name);
std::vector<float> FloatsAttr(const Node& node, const char* name);
std::string StringAttr(const Node& node, const char* name);

// Explicit-default forms for code outside the operator modules (tests, the
// suite's runner) that reads an attribute of an arbitrary node.
int64_t GetIntAttr(const Node& node, const char* name, int64_t default_value);
bool GetBoolAttr(const Node& node, const char* name, bool default_value);
float GetFloatAttr(const Node& node, const char* name, float default_value);
std::vector<int64_t> GetIntsAttr(const Node& node, const char* name, std::vector<int64_t> default_value = {});
std::vector<float> GetFloatsAttr(const Node& node, const char* name, std::vector<float> default_value = {});
std::string GetStringAttr(const Node& node, const char* name, const std::string& default_value = "");

// The schema defaults of a node type in struct order: what the OH_NN op
// builders start a lowered node from (a required field holds a placeholder
// its builder overwrites).
std::vector<Attr> DefaultAttrs(NodeType type);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_OP_DEF_H_
