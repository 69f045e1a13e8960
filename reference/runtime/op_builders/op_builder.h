// Op builders: the front-end validation of every OH_NN_OperationType and its
// lowering to an HDI v2.1 node (ops_catalog sections 1, 3 and 4).
//
// A builder is data: the node type it lowers to, its input/output counts, the
// attributes it fixes (the HDI attribute struct with its defaults comes from
// the node type's entry in the operator list, reference/ops/registry.cc), and
// one ParamSpec per accepted OH_NN_TensorType saying how that parameter tensor
// is checked and which attribute it fills. A few ops add a PostCheck for what
// depends on their input tensors (conv weights, LayerNorm gamma/beta, ...).
// The table is split by family (arith, activation, conv_pool, shape,
// reduce_norm, misc); op_builder.cc joins it and runs the common checks.
#ifndef NNRT_REFERENCE_RUNTIME_OP_BUILDERS_OP_BUILDER_H_
#define NNRT_REFERENCE_RUNTIME_OP_BUILDERS_OP_BUILDER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime_type.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"
#include "reference/runtime/nn_model.h"

namespace nnrt {
namespace rt {

// What one AddOperation call hands to its builder (indices already range-checked).
struct BuildRequest {
  const std::vector<ModelTensor>* tensors = nullptr;
  std::vector<uint32_t> params;
  std::vector<uint32_t> inputs;
  std::vector<uint32_t> outputs;

  const ModelTensor& input(size_t i) const { return (*tensors)[inputs[i]]; }
  const ModelTensor& output(size_t i) const { return (*tensors)[outputs[i]]; }
};

// The node being assembled: attributes start as the struct defaults and are
// overwritten by parameters.
struct BuildState {
  std::vector<Attr> attrs;
  std::vector<std::string> given;  // attribute names set from a parameter

  Attr* Find(const std::string& name);
  // Replaces the attribute of the same name (it must be part of the struct).
  void Set(Attr attr);
  bool WasGiven(const std::string& name) const;
};

struct ParamSpec;
// Checks one parameter tensor and writes the attribute(s) it stands for.
// Errors are Status(NNRT_INVALID_PARAMETER, ...).
using ParamReader = Status (*)(const ModelTensor& param, const ParamSpec& spec, BuildState* state);
// Op-specific checks that need the input tensors, and attributes derived from
// them. Runs after every parameter was read.
using PostCheck = Status (*)(const BuildRequest& request, BuildState* state);

struct ParamSpec {
  OH_NN_TensorType tensor_type;
  ParamReader reader;
  const char* attr;       // attribute filled (pad readers: the pad list; padMode is implied)
  int64_t min_value = 0;  // value range for enum-like readers
  int64_t max_value = 0;
};

struct OpBuilderSpec {
  OH_NN_OperationType op;
  const char* name;  // "Conv2D" etc., used in node names "<name>:<i>" and messages
  NodeType node_type;
  int32_t min_inputs;
  int32_t max_inputs;   // -1 = unbounded
  int32_t min_outputs;
  int32_t max_outputs;  // -1 = unbounded
  // Attributes the lowering always writes (the activation type an ACTIVATION
  // builder stands for, the mode of a REDUCE_* builder), replacing the schema
  // defaults of the node type's registry entry that every node starts from.
  std::vector<Attr> fixed_attrs;
  std::vector<ParamSpec> params;
  int32_t max_params;
  PostCheck post = nullptr;
};

// The builder of an operation type, nullptr when op is not 1..108.
const OpBuilderSpec* FindOpBuilder(int32_t op);
// All 108 builders in OH_NN_OperationType order.
const std::vector<OpBuilderSpec>& AllOpBuilders();

// Runs the builder of request's op: counts, parameters, post-checks; on
// success fills node->type/attrs/inputs/outputs/quant_type (inputs/outputs in
// the front end's numbering). Errors carry NNRT_INVALID_PARAMETER.
Status BuildOperation(const OpBuilderSpec& spec, const BuildRequest& request, Node* node);

// ---- Helpers for the family tables ---------------------------------------------
// An op without parameters or attributes, with exact input/output counts.
inline OpBuilderSpec NoParamOp(OH_NN_OperationType op, const char* name, NodeType type, int32_t inputs,
                               int32_t outputs) {
  return OpBuilderSpec{op, name, type, inputs, inputs, outputs, outputs, {}, {}, 0, nullptr};
}

// ---- Family tables (one file each) -------------------------------------------
std::vector<OpBuilderSpec> ArithBuilders();       // binary arithmetic, comparison, logical
std::vector<OpBuilderSpec> ActivationBuilders();  // ACTIVATION lowerings + unary math
std::vector<OpBuilderSpec> ConvPoolBuilders();    // conv, depthwise, deconv, pools, FC, matmul
std::vector<OpBuilderSpec> ShapeBuilders();       // data movement and shape ops
std::vector<OpBuilderSpec> ReduceNormBuilders();  // reduce family, norms, softmax
std::vector<OpBuilderSpec> MiscBuilders();        // LSTM, detection, quant cast, range, ...

// ---- Shared parameter readers (param_readers.cc) ------------------------------
// Every reader first requires the parameter to carry data (SetTensorData).
Status ReadFuseType(const ModelTensor&, const ParamSpec&, BuildState*);       // INT8 x1, 0..2 -> ActivationType
Status ReadInt64Scalar(const ModelTensor&, const ParamSpec&, BuildState*);    // INT64 x1 -> long
Status ReadInt64First(const ModelTensor&, const ParamSpec&, BuildState*);     // INT64 x>=1, first -> long
Status ReadInt64List(const ModelTensor&, const ParamSpec&, BuildState*);      // INT64 xN -> long[]
Status ReadInt64ListAppend(const ModelTensor&, const ParamSpec&, BuildState*);// INT64 xN appended to long[]
Status ReadInt64AsList(const ModelTensor&, const ParamSpec&, BuildState*);    // INT64 x1 -> long[1]
Status ReadInt64StrictScalar(const ModelTensor&, const ParamSpec&, BuildState*);  // INT64 shape [] -> long
Status ReadInt64Ranged(const ModelTensor&, const ParamSpec&, BuildState*);    // INT64 x1 in [min,max] -> long
Status ReadFloatScalar(const ModelTensor&, const ParamSpec&, BuildState*);    // FLOAT32 x1 -> float
Status ReadFloatStrictScalar(const ModelTensor&, const ParamSpec&, BuildState*);  // FLOAT32 shape [] -> float
Status ReadFloatList(const ModelTensor&, const ParamSpec&, BuildState*);      // FLOAT32 xN -> float[]
Status ReadBoolScalar(const ModelTensor&, const ParamSpec&, BuildState*);     // BOOL x1 -> boolean
Status ReadBoolFirst(const ModelTensor&, const ParamSpec&, BuildState*);      // BOOL x>=1, first -> boolean
Status ReadInt8Enum(const ModelTensor&, const ParamSpec&, BuildState*);       // INT8 x1 in [min,max] -> byte
Status ReadInt32Enum(const ModelTensor&, const ParamSpec&, BuildState*);      // INT32 x1 in [min,max] -> byte
Status ReadPadModeOrList(const ModelTensor&, const ParamSpec&, BuildState*);  // INT8 x1 padMode | INT64 x4 list
Status ReadRoundMode(const ModelTensor&, const ParamSpec&, BuildState*);      // INT32 x1, 0/1 -> RoundMode

// Parameter-data helpers for readers and post-checks.
std::vector<int64_t> Int64Values(const ModelTensor& t);  // INT64 data
// Integer constant data of an INT8/16/32/64 or UINT8/16/32 tensor; false otherwise.
bool ReadIntegerData(const ModelTensor& t, std::vector<int64_t>* values);
const char* TensorTypeName(int32_t tensor_type);  // "OH_NN_CONV2D_STRIDES"-like, "tensor type <n>" if unknown

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_OP_BUILDERS_OP_BUILDER_H_
