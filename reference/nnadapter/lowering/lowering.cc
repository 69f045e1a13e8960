#include "reference/nnadapter/lowering/lowering.h"

#include <algorithm>

#include "reference/device/interpreter.h"
#include "reference/nnadapter/lowering/lower_native.h"
#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {
namespace {

#define NNA_OP(name) NNADAPTER_##name, #name

// Why a row does not lower (C-818): unsupported, or run natively.
constexpr char kDeformableConv[] =
    "no NNRt node type samples at data-dependent positions: runs as a native kernel step of the reference program, "
    "float32 only (C-855)";

const LoweringEntry kTable[] = {
    {NNA_OP(ABS), &LowerActivationOf<ActivationType::kAbs>, ""},
    {NNA_OP(ADAPTIVE_AVERAGE_POOL_2D), &LowerAdaptiveAveragePool2D, ""},
    {NNA_OP(ADAPTIVE_MAX_POOL_2D), &LowerAdaptiveMaxPool2D, ""},
    {NNA_OP(ADD), &LowerFusedBinaryOf<NodeType::ADD_FUSION>, ""},
    {NNA_OP(ARG_MAX), &LowerArgMax, ""},
    {NNA_OP(ARG_MIN), &LowerArgMin, ""},
    {NNA_OP(ASSIGN), &LowerAssign, ""},
    {NNA_OP(EQUAL), &LowerComparisonOf<NodeType::EQUAL>, ""},
    {NNA_OP(AVERAGE_POOL_2D), &LowerAveragePool2D, ""},
    {NNA_OP(BATCH_NORMALIZATION), &LowerBatchNormalization, ""},
    {NNA_OP(CAST), &LowerCast, ""},
    {NNA_OP(CLIP), &LowerClip, ""},
    {NNA_OP(CONCAT), &LowerConcat, ""},
    {NNA_OP(CONV_2D), &LowerConv2D, ""},
    {NNA_OP(CONV_2D_TRANSPOSE), &LowerConv2DTranspose, ""},
    {NNA_OP(CUM_SUM), &LowerCumSum, ""},
    {NNA_OP(DEFORMABLE_CONV_2D), nullptr, kDeformableConv},
    {NNA_OP(DIV), &LowerFusedBinaryOf<NodeType::DIV_FUSION>, ""},
    {NNA_OP(EXP), &LowerExp, ""},
    {NNA_OP(EXPAND), &LowerExpand, ""},
    {NNA_OP(FILL), &LowerFill, ""},
    {NNA_OP(FLATTEN), &LowerFlatten, ""},
    {NNA_OP(FULLY_CONNECTED), &LowerFullyConnected, ""},
    {NNA_OP(GATHER), &LowerGather, ""},
    {NNA_OP(GELU), &LowerGelu, ""},
    {NNA_OP(GREATER), &LowerComparisonOf<NodeType::GREATER>, ""},
    {NNA_OP(GREATER_EQUAL), &LowerComparisonOf<NodeType::GREATER_EQUAL>, ""},
    {NNA_OP(HARD_SIGMOID), nullptr,
     "NNRt's HSIGMOID has slope exactly 1/6, which no float32 alpha equals: results would differ (C-816)"},
    {NNA_OP(HARD_SWISH), nullptr,
     "NNRt's HSWISH has slope exactly 1/6, which no float32 alpha equals: results would differ (C-816)"},
    {NNA_OP(INSTANCE_NORMALIZATION), &LowerInstanceNormalization, ""},
    {NNA_OP(LAYER_NORMALIZATION), &LowerLayerNormalization, ""},
    {NNA_OP(LEAKY_RELU), &LowerLeakyRelu, ""},
    {NNA_OP(LESS), &LowerComparisonOf<NodeType::LESS>, ""},
    {NNA_OP(LESS_EQUAL), &LowerComparisonOf<NodeType::LESS_EQUAL>, ""},
    {NNA_OP(LOG), &LowerLog, ""},
    {NNA_OP(LP_NORMALIZATION), nullptr,
     "no one definition to lower: the design document gives the norm itself with a keepdim operand, Paddle Lite's "
     "converter of that revision feeds Paddle's x / sqrt(sum(x^2) + epsilon), later headers x / (norm + epsilon); "
     "L2_NORMALIZE_FUSION computes x / sqrt(max(sum(x^2), epsilon)), none of them for epsilon > 0, and has no p = 1 "
     "(C-830)"},
    {NNA_OP(MAT_MUL), &LowerMatMul, ""},
    {NNA_OP(MAX), &LowerBinaryThenActivationOf<NodeType::MAXIMUM>, ""},
    {NNA_OP(MAX_POOL_2D), &LowerMaxPool2D, ""},
    {NNA_OP(MIN), &LowerBinaryThenActivationOf<NodeType::MINIMUM>, ""},
    {NNA_OP(MUL), &LowerFusedBinaryOf<NodeType::MUL_FUSION>, ""},
    {NNA_OP(NOT_EQUAL), &LowerComparisonOf<NodeType::NOT_EQUAL>, ""},
    {NNA_OP(PAD), &LowerPad, ""},
    {NNA_OP(POW), &LowerBinaryThenActivationOf<NodeType::POW_FUSION>, ""},
    {NNA_OP(PRELU), &LowerPrelu, ""},
    {NNA_OP(RANGE), nullptr, "RANGE's start/limit/delta are int64 attributes; float tensor operands do not fit (C-818)"},
    {NNA_OP(REDUCE_MEAN), &LowerReduceMean, ""},
    {NNA_OP(RELU), &LowerActivationOf<ActivationType::kRelu>, ""},
    {NNA_OP(RELU6), &LowerActivationOf<ActivationType::kRelu6>, ""},
    {NNA_OP(RESHAPE), &LowerReshape, ""},
    {NNA_OP(RESIZE_NEAREST), &LowerResizeNearest, ""},
    {NNA_OP(RESIZE_LINEAR), &LowerResizeLinear, ""},
    {NNA_OP(SHAPE), &LowerShape, ""},
    {NNA_OP(SIGMOID), &LowerActivationOf<ActivationType::kSigmoid>, ""},
    {NNA_OP(SLICE), &LowerSlice, ""},
    {NNA_OP(SOFTMAX), &LowerSoftmax, ""},
    {NNA_OP(SPLIT), &LowerSplit, ""},
    {NNA_OP(SQUEEZE), &LowerSqueeze, ""},
    {NNA_OP(STACK), &LowerStack, ""},
    {NNA_OP(SUB), &LowerFusedBinaryOf<NodeType::SUB_FUSION>, ""},
    {NNA_OP(SWISH), &LowerActivationOf<ActivationType::kSwish>, ""},
    {NNA_OP(TANH), &LowerActivationOf<ActivationType::kTanh>, ""},
    {NNA_OP(TOP_K), &LowerTopK, ""},
    {NNA_OP(TRANSPOSE), &LowerTranspose, ""},
    {NNA_OP(UNSQUEEZE), &LowerUnsqueeze, ""},
};

#undef NNA_OP

const LoweringEntry* FindEntry(int32_t operation) {
  if (operation < 0 || operation >= static_cast<int32_t>(sizeof(kTable) / sizeof(kTable[0]))) return nullptr;
  return &kTable[operation];  // the table is in enum order (checked by LoweringTest)
}

Status LowerOperation(LoweringBuilder& b, const ::nnadapter::hal::Operation& op) {
  const LoweringEntry* entry = FindEntry(op.type);
  if (entry == nullptr) return InvalidModel("operation type " + std::to_string(op.type) + " is not a standard one");
  if (entry->lower == nullptr) return Unsupported(std::string(entry->name) + ": " + entry->unsupported);
  return entry->lower(b, op).WithContext(entry->name);
}

Status AddIo(LoweringBuilder& b, const std::vector<::nnadapter::hal::Operand*>& operands, std::vector<uint32_t>* io) {
  for (const ::nnadapter::hal::Operand* o : operands) {
    if (o == nullptr) return InvalidModel("a model input or output is NULL");
    uint32_t t = 0;
    NNRT_RETURN_IF_ERROR(b.TensorOf(o, &t));
    io->push_back(t);
  }
  return Status::Ok();
}

}  // namespace

const char* OperationName(int32_t operation) {
  const LoweringEntry* entry = FindEntry(operation);
  return entry == nullptr ? "unknown" : entry->name;
}

std::vector<OperationSupport> LoweringTable() {
  std::vector<OperationSupport> rows;
  for (const LoweringEntry& e : kTable) {
    const SupportKind support = e.lower != nullptr               ? SupportKind::kLowered
                                : IsNativeOperation(e.operation) ? SupportKind::kNative
                                                                 : SupportKind::kUnsupported;
    rows.push_back({e.operation, e.name, support, e.unsupported});
  }
  return rows;
}

Status LowerOperations(const std::vector<const ::nnadapter::hal::Operation*>& operations,
                       const std::vector<::nnadapter::hal::Operand*>& inputs,
                       const std::vector<::nnadapter::hal::Operand*>& outputs, Model* out) {
  *out = Model();
  out->name = "nnadapter_model";
  LoweringBuilder b(out);
  NNRT_RETURN_IF_ERROR(AddIo(b, inputs, &out->inputs));
  size_t index = 0;
  for (const ::nnadapter::hal::Operation* op : operations) {
    NNRT_RETURN_IF_ERROR(LowerOperation(b, *op).WithContext("operation " + std::to_string(index)));
    ++index;
  }
  return AddIo(b, outputs, &out->outputs);
}

Status LowerModel(const ::nnadapter::hal::Model& model, Model* out) {
  std::vector<const ::nnadapter::hal::Operation*> operations;
  for (const ::nnadapter::hal::Operation& op : model.operations) operations.push_back(&op);
  return LowerOperations(operations, model.input_operands, model.output_operands, out);
}

namespace {

// `operation` alone as a prepared NNRt model: its non-constant inputs (each
// once) are the model inputs, its non-NULL outputs the model outputs.
Status PrepareAlone(const ::nnadapter::hal::Operation& operation, Model* lowered,
                    std::unique_ptr<PreparedInterpreter>* prepared) {
  lowered->name = "nnadapter_operation";
  LoweringBuilder b(lowered);
  std::vector<::nnadapter::hal::Operand*> inputs, outputs;
  for (::nnadapter::hal::Operand* o : operation.input_operands) {
    if (o != nullptr && !IsConstant(*o) && std::find(inputs.begin(), inputs.end(), o) == inputs.end()) {
      inputs.push_back(o);
    }
  }
  for (::nnadapter::hal::Operand* o : operation.output_operands) {
    if (o != nullptr) outputs.push_back(o);
  }
  NNRT_RETURN_IF_ERROR(AddIo(b, inputs, &lowered->inputs));
  NNRT_RETURN_IF_ERROR(LowerOperation(b, operation));
  NNRT_RETURN_IF_ERROR(AddIo(b, outputs, &lowered->outputs));
  return PrepareInterpreter(*lowered, prepared);
}

}  // namespace

Status CheckOperationSupported(const ::nnadapter::hal::Operation& operation) {
  if (operation.type == NNADAPTER_MAX_POOL_2D && RunsNatively(operation)) {
    MaxPool2DIndicesParams params;
    return ReadMaxPool2DWithIndices(operation, &params);
  }
  if (IsNativeOperation(operation.type)) {
    DeformableConv2DParams params;
    return ReadDeformableConv2D(operation, &params);
  }
  Model lowered;
  std::unique_ptr<PreparedInterpreter> prepared;
  return PrepareAlone(operation, &lowered, &prepared);
}

Status InferDimsThroughLowering(const ::nnadapter::hal::Operation& operation, std::vector<Dims>* dims) {
  Model lowered;
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareAlone(operation, &lowered, &prepared));
  dims->clear();
  size_t k = 0;
  for (const ::nnadapter::hal::Operand* o : operation.output_operands) {
    dims->push_back(o == nullptr ? Dims() : prepared->prepared_dims()[lowered.outputs[k++]]);
  }
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
