// The reference's in-memory model: the structure of HDI v2.1 ModelTypes.idl
// (Tensor, Node, SubGraph, Model) with node attributes as a typed, named list.
// Enum values are the HDI values, so an IR model maps 1:1 onto the HAL C ABI.
#ifndef NNRT_REFERENCE_IR_IR_H_
#define NNRT_REFERENCE_IR_IR_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/ir/status.h"

namespace nnrt {

// HDI DataType.
enum class DataType : int32_t {
  kUnknown = NNRT_DATA_TYPE_UNKNOWN,
  kBool = NNRT_DATA_TYPE_BOOL,
  kInt8 = NNRT_DATA_TYPE_INT8,
  kInt16 = NNRT_DATA_TYPE_INT16,
  kInt32 = NNRT_DATA_TYPE_INT32,
  kInt64 = NNRT_DATA_TYPE_INT64,
  kUint8 = NNRT_DATA_TYPE_UINT8,
  kUint16 = NNRT_DATA_TYPE_UINT16,
  kUint32 = NNRT_DATA_TYPE_UINT32,
  kUint64 = NNRT_DATA_TYPE_UINT64,
  kFloat16 = NNRT_DATA_TYPE_FLOAT16,
  kFloat32 = NNRT_DATA_TYPE_FLOAT32,
  kFloat64 = NNRT_DATA_TYPE_FLOAT64,
};

// HDI Format.
enum class Format : int32_t { kNone = NNRT_FORMAT_NONE, kNchw = NNRT_FORMAT_NCHW, kNhwc = NNRT_FORMAT_NHWC };

enum class QuantType : int32_t { kNone = NNRT_QUANT_TYPE_NONE, kAll = NNRT_QUANT_TYPE_ALL };

// HDI v2.1 NodeType, all 97 values. X(name, value).
#define NNRT_NODE_TYPES(X)                                                                                        \
  X(NONE, 0) X(ABS, 1) X(ACTIVATION, 2) X(ADD_FUSION, 5) X(ALL, 9) X(ARGMAX_FUSION, 11) X(ASSERT, 13)              \
  X(AVGPOOL_FUSION, 17) X(BATCH_TO_SPACE_ND, 22) X(BIAS_ADD, 23) X(BROADCAST_TO, 27) X(CAST, 28) X(CEIL, 29)      \
  X(CLIP, 30) X(CONCAT, 31) X(CONV2D_FUSION, 35) X(CONV2D_TRANSPOSE_FUSION, 36) X(COS, 37)                         \
  X(CONSTANT_OF_SHAPE, 38) X(CROP, 39) X(DEPTH_TO_SPACE, 45) X(DETECTION_POST_PROCESS, 46) X(DIV_FUSION, 47)      \
  X(ELTWISE, 52) X(EQUAL, 53) X(EXPFUSION, 55) X(EXPAND_DIMS, 56) X(FLATTEN, 61) X(FLOOR, 63) X(FILL, 66)         \
  X(FULL_CONNECTION, 67) X(FUSED_BATCH_NORM, 68) X(GATHER, 69) X(GATHER_ND, 70) X(GREATER, 71)                    \
  X(GREATER_EQUAL, 72) X(INSTANCE_NORM, 74) X(LAYER_NORM_FUSION, 75) X(LEAKY_RELU, 76) X(LESS, 77)                \
  X(LESS_EQUAL, 78) X(LOG, 79) X(LOGICAL_AND, 81) X(LOGICAL_NOT, 82) X(LOGICAL_OR, 83) X(LRN, 85) X(LSTM, 87)     \
  X(L2_NORMALIZE_FUSION, 88) X(MATMUL_FUSION, 89) X(MAXIMUM, 90) X(MAX_POOL_FUSION, 92) X(MINIMUM, 96)            \
  X(MOD, 98) X(MUL_FUSION, 99) X(NEG, 101) X(NOT_EQUAL, 103) X(ONE_HOT, 105) X(PAD_FUSION, 107)                   \
  X(POW_FUSION, 110) X(PRELU_FUSION, 112) X(QUANT_DTYPE_CAST, 113) X(RANK, 114) X(RANGE, 115) X(RECIPROCAL, 116)  \
  X(REAL_DIV, 117) X(REDUCE_FUSION, 118) X(RESHAPE, 119) X(RESIZE, 120) X(ROUND, 125) X(RSQRT, 126)               \
  X(SCALE_FUSION, 127) X(SCATTER_ND, 128) X(SHAPE, 130) X(SIN, 133) X(SLICE_FUSION, 135) X(SOFTMAX, 138)          \
  X(SPACE_TO_BATCH_ND, 141) X(SPACE_TO_DEPTH, 142) X(SPARSE_TO_DENSE, 144) X(SPLIT, 145) X(SQRT, 146)             \
  X(SQUEEZE, 147) X(SQUARE, 148) X(SQUARED_DIFFERENCE, 149) X(STACK, 150) X(STRIDED_SLICE, 151)                   \
  X(SUB_FUSION, 152) X(TILE_FUSION, 160) X(TOPK_FUSION, 161) X(TRANSPOSE, 162) X(UNSQUEEZE, 165) X(UNSTACK, 166)  \
  X(WHERE, 168) X(SELECT, 170) X(ERF, 178) X(LOG_SOFTMAX, 189) X(QUANT_DTYPE_CAST_V2, 999)

enum class NodeType : uint32_t {
#define NNRT_DECLARE_NODE_TYPE(name, value) name = value,
  NNRT_NODE_TYPES(NNRT_DECLARE_NODE_TYPE)
#undef NNRT_DECLARE_NODE_TYPE
};

// Every NodeType value in enum order (97 entries).
const std::vector<NodeType>& AllNodeTypes();

// HDI ActivationType values used by fused activations and NODE_TYPE_ACTIVATION.
enum class ActivationType : int8_t {
  kNone = 0, kRelu = 1, kSigmoid = 2, kRelu6 = 3, kElu = 4, kLeakyRelu = 5, kAbs = 6, kRelu1 = 7,
  kSoftsign = 8, kSoftplus = 9, kTanh = 10, kSelu = 11, kHswish = 12, kHsigmoid = 13, kThresholdRelu = 14,
  kLinear = 15, kHardTanh = 16, kSign = 17, kSwish = 18, kGelu = 19, kUnknown = 20,
};

// HDI PadMode.
enum class PadMode : int8_t { kPad = 0, kSame = 1, kValid = 2 };

using Dims = std::vector<int32_t>;  // HDI int[] dims; -1 = dynamic

struct QuantParam {
  int32_t num_bits = 8;
  int32_t zero_point = 0;
  double scale = 1.0;
  bool operator==(const QuantParam& o) const {
    return num_bits == o.num_bits && zero_point == o.zero_point && scale == o.scale;
  }
};

struct Tensor {
  std::string name;
  DataType data_type = DataType::kUnknown;
  Dims dims;
  Format format = Format::kNhwc;
  std::vector<uint8_t> data;  // constant data; empty = none
  std::vector<QuantParam> quant_params;
  bool HasData() const { return !data.empty(); }
  bool IsQuantized() const { return !quant_params.empty(); }
};

enum class AttrType : int32_t {
  kBool = NNRT_ATTR_BOOL,
  kInt8 = NNRT_ATTR_INT8,
  kInt64 = NNRT_ATTR_INT64,
  kFloat32 = NNRT_ATTR_FLOAT32,
  kString = NNRT_ATTR_STRING,
};

// One named attribute. bool, int8 and int64 values live in `ints`, float32
// values in `floats`, a string in `str`.
struct Attr {
  std::string name;
  AttrType type = AttrType::kInt64;
  std::vector<int64_t> ints;
  std::vector<float> floats;
  std::string str;

  size_t Count() const;
  static Attr Bool(std::string name, bool v);
  static Attr Int8(std::string name, int8_t v);
  static Attr Int64(std::string name, int64_t v);
  static Attr Int64s(std::string name, std::vector<int64_t> v);
  static Attr Float(std::string name, float v);
  static Attr Floats(std::string name, std::vector<float> v);
  static Attr String(std::string name, std::string v);
  bool operator==(const Attr& o) const;
};

struct Node {
  std::string name;
  NodeType type = NodeType::NONE;
  std::vector<Attr> attrs;
  std::vector<uint32_t> inputs;
  std::vector<uint32_t> outputs;
  QuantType quant_type = QuantType::kNone;

  const Attr* FindAttr(const std::string& attr_name) const;
};

struct SubGraph {
  std::string name;
  std::vector<uint32_t> inputs;   // indices into Model::subgraphs
  std::vector<uint32_t> outputs;  // indices into Model::subgraphs
  std::vector<uint32_t> nodes;    // indices into Model::nodes
};

struct Model {
  std::string name;
  std::vector<uint32_t> inputs;   // indices into tensors
  std::vector<uint32_t> outputs;  // indices into tensors
  std::vector<Node> nodes;
  std::vector<Tensor> tensors;
  std::vector<SubGraph> subgraphs;  // subgraphs[0] = main graph (all nodes when absent)
};

// ---- Enum helpers ----------------------------------------------------------

bool IsValidDataType(int32_t value);
size_t DataTypeSize(DataType t);  // 0 for kUnknown
const char* DataTypeName(DataType t);  // "float32", "int8", ... ("unknown" for kUnknown)
std::optional<DataType> ParseDataType(const std::string& name);
bool IsFloatType(DataType t);
bool IsIntegerType(DataType t);  // signed or unsigned integer, not bool
bool IsSignedIntegerType(DataType t);

// OH_NN_DataType <-> HDI DataType (ops_catalog 1.3). Returns nullopt for
// values outside 0..12.
std::optional<DataType> DataTypeFromOhnn(int32_t oh_nn_data_type);
int32_t DataTypeToOhnn(DataType t);

bool IsValidNodeType(uint32_t value);
const char* NodeTypeName(NodeType t);  // "ADD_FUSION" ("?" for an invalid value)
std::optional<NodeType> ParseNodeType(const std::string& name);

const char* FormatName(Format f);  // "none", "nchw", "nhwc"
std::optional<Format> ParseFormat(const std::string& name);

const char* AttrTypeName(AttrType t);  // "bool", "int8", "int64", "float32", "string"
std::optional<AttrType> ParseAttrType(const std::string& name);

// ---- Shapes -----------------------------------------------------------------

bool IsDynamic(const Dims& dims);
// Product of dims (1 for rank 0); nullopt when a dim is < 0 or it overflows int64.
std::optional<int64_t> ElementCount(const Dims& dims);
std::string DimsToString(const Dims& dims);  // "[1,2,-1]"

// ---- Structural validation ---------------------------------------------------

// Checks what every model must satisfy regardless of operators: enum values,
// indices in range, ranks <= NNRT_HAL_MAX_RANK, dims > 0 or -1, constant data
// length == element count x type size, quant params numBits == 8, finite
// positive scales (scale 0 only for all-zero constants, C-3) and zero points
// inside the data type's range (C-300; quant_param_rules.h), no tensor
// produced twice, every tensor a node reads is a model input, a constant or
// produced by a node (unreferenced tensors are allowed, C-2), model inputs
// not produced by a node and carrying no data, outputs produced by a node
// (not a constant, not a model input: clarification C-1),
// no cycles, subgraph indices in range. Returns NNRT_INVALID_MODEL with a
// message naming the offending tensor/node.
Status ValidateModelStructure(const Model& model);

// Node indices in an order where every node comes after the producers of its
// inputs (stable: ties keep model order). Fails on a cycle.
Status TopologicalOrder(const Model& model, std::vector<uint32_t>* order);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_IR_IR_H_
