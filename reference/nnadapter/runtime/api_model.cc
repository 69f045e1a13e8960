// NNAdapterModel_*: building the device-independent model.
#include <cstring>

#include "reference/nnadapter/lowering/lowering.h"
#include "reference/nnadapter/lowering/operand_values.h"
#include "reference/nnadapter/lowering/output_types.h"
#include "reference/nnadapter/runtime/api_objects.h"

using nnadapter::hal::Operand;
using nnadapter::hal::Operation;
using nnrt::nna::ApiModel;

namespace {

ApiModel* Editable(NNAdapterModel* model) {
  auto* m = reinterpret_cast<ApiModel*>(model);
  return (m == nullptr || m->finished) ? nullptr : m;
}

// A type addOperand accepts: a known precision, or NNADAPTER_UNKNOWN for an
// operation output whose type addOperation infers (C-900); a known layout,
// rank within the limit, dims > 0 or NNADAPTER_UNKNOWN, valid quant params
// (C-823).
bool ValidType(const NNAdapterOperandType& type) {
  using nnrt::nna::RawValue;
  const bool unknown_precision = RawValue(type.precision) == NNADAPTER_UNKNOWN;
  if (!unknown_precision && nnrt::nna::PrecisionSize(RawValue(type.precision)) == 0) return false;
  if (RawValue(type.layout) != NNADAPTER_NCHW && RawValue(type.layout) != NNADAPTER_NHWC) return false;
  if (type.dimensions.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) return false;
  if (type.dimensions.dynamic_count > NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS) return false;
  for (uint32_t i = 0; i < type.dimensions.count; ++i) {
    const int32_t d = type.dimensions.data[i];
    if (d <= 0 && d != NNADAPTER_UNKNOWN) return false;
  }
  if (unknown_precision) return true;  // quant params, if any, are read once the precision is known
  nnrt::DataType dtype;
  std::vector<nnrt::QuantParam> quant;
  nnrt::Dims dims;
  const nnrt::Status s = nnrt::nna::ConvertOperandType(type, &dtype, &quant, &dims);
  return s.ok() || s.code() == NNRT_UNSUPPORTED_OP;  // representable in NNAdapter; the device decides the rest
}

// `allow_null`: an operation's operand lists may hold NULL for an absent
// optional operand (Paddle Lite's "no indices", a RESIZE without scales,
// C-903); the compilation checks where one is allowed.
bool AllOwnedBy(const ApiModel* model, uint32_t count, NNAdapterOperand** operands, bool allow_null = false) {
  if (count > 0 && operands == nullptr) return false;
  for (uint32_t i = 0; i < count; ++i) {
    if (operands[i] == nullptr && allow_null) continue;
    if (operands[i] == nullptr || nnrt::nna::OwnerOf(operands[i]) != model) return false;
  }
  return true;
}

std::vector<Operand*> AsOperands(uint32_t count, NNAdapterOperand** operands) {
  std::vector<Operand*> out;
  for (uint32_t i = 0; i < count; ++i) out.push_back(reinterpret_cast<Operand*>(operands[i]));
  return out;
}

}  // namespace

extern "C" {

int NNAdapterModel_create(NNAdapterModel** model) {
  if (model == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *model = reinterpret_cast<NNAdapterModel*>(new ApiModel());
  return NNADAPTER_NO_ERROR;
}

void NNAdapterModel_destroy(NNAdapterModel* model) {
  auto* m = reinterpret_cast<ApiModel*>(model);
  if (m == nullptr) return;
  nnrt::nna::UnregisterModelOperands(m);
  delete m;
}

int NNAdapterModel_finish(NNAdapterModel* model) {
  ApiModel* m = Editable(model);
  if (m == nullptr || !m->identified) return NNADAPTER_INVALID_PARAMETER;
  m->finished = true;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterModel_addOperand(NNAdapterModel* model, const NNAdapterOperandType* type, NNAdapterOperand** operand) {
  ApiModel* m = Editable(model);
  if (m == nullptr || type == nullptr || operand == nullptr || !ValidType(*type)) return NNADAPTER_INVALID_PARAMETER;
  Operand o{};
  std::memcpy(&o.type, type, sizeof(o.type));  // no enum loads before ValidType (C-823)
  o.type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
  // The precision may be NNADAPTER_UNKNOWN (-1, C-900), outside the enum's range:
  // compare its raw bytes, never load the enum.
  const int32_t precision = nnrt::nna::RawValue(o.type.precision);
  if (precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL || precision == NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL ||
      precision == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL) {
    const NNAdapterSymmPerChannelQuantParams& pc = type->symm_per_channel_params;
    m->scale_copies.emplace_back(pc.scales, pc.scales + pc.scale_count);
    o.type.symm_per_channel_params.scales = m->scale_copies.back().data();
  }
  m->model.operands.push_back(o);
  Operand* added = &m->model.operands.back();
  nnrt::nna::RegisterOperand(added, m);
  *operand = reinterpret_cast<NNAdapterOperand*>(added);
  return NNADAPTER_NO_ERROR;
}

int NNAdapterModel_setOperandValue(NNAdapterOperand* operand, void* buffer, uint32_t length, bool copy) {
  ApiModel* m = nnrt::nna::OwnerOf(operand);
  if (m == nullptr || m->finished || buffer == nullptr || length == 0) return NNADAPTER_INVALID_PARAMETER;
  auto* o = reinterpret_cast<Operand*>(operand);
  if (nnrt::nna::RawValue(o->type.precision) == NNADAPTER_UNKNOWN) return NNADAPTER_INVALID_PARAMETER;  // C-900
  if (o->type.lifetime == NNADAPTER_MODEL_INPUT || o->type.lifetime == NNADAPTER_MODEL_OUTPUT) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  if (copy) {
    const auto* bytes = static_cast<const uint8_t*>(buffer);
    m->constant_copies.emplace_back(bytes, bytes + length);
    o->buffer = m->constant_copies.back().data();
    o->type.lifetime = NNADAPTER_CONSTANT_COPY;
  } else {
    o->buffer = buffer;
    o->type.lifetime = NNADAPTER_CONSTANT_REFERENCE;
  }
  o->length = length;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterModel_getOperandType(NNAdapterOperand* operand, NNAdapterOperandType** type) {
  if (type == nullptr || nnrt::nna::OwnerOf(operand) == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *type = &reinterpret_cast<Operand*>(operand)->type;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterModel_addOperation(NNAdapterModel* model, NNAdapterOperationType type, uint32_t input_count,
                                NNAdapterOperand** input_operands, uint32_t output_count,
                                NNAdapterOperand** output_operands, NNAdapterOperation** operation) {
  ApiModel* m = Editable(model);
  if (m == nullptr || operation == nullptr || output_count == 0) return NNADAPTER_INVALID_PARAMETER;
  if (type < NNADAPTER_ABS || type > NNADAPTER_UNSQUEEZE) return NNADAPTER_INVALID_PARAMETER;
  if (!AllOwnedBy(m, input_count, input_operands, true) || !AllOwnedBy(m, output_count, output_operands, true)) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  m->model.operations.push_back(Operation{type, AsOperands(input_count, input_operands),
                                          AsOperands(output_count, output_operands)});
  // The outputs' unknown precision, quant params and dims, as upstream's
  // per-operation preparation infers them (C-900, C-901, C-902).
  nnrt::nna::InferOutputTypes(&m->model.operations.back());
  *operation = reinterpret_cast<NNAdapterOperation*>(&m->model.operations.back());
  return NNADAPTER_NO_ERROR;
}

int NNAdapterModel_identifyInputsAndOutputs(NNAdapterModel* model, uint32_t input_count,
                                            NNAdapterOperand** input_operands, uint32_t output_count,
                                            NNAdapterOperand** output_operands) {
  ApiModel* m = Editable(model);
  if (m == nullptr || output_count == 0) return NNADAPTER_INVALID_PARAMETER;
  if (!AllOwnedBy(m, input_count, input_operands) || !AllOwnedBy(m, output_count, output_operands)) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  std::vector<Operand*> ins = AsOperands(input_count, input_operands);
  std::vector<Operand*> outs = AsOperands(output_count, output_operands);
  for (Operand* o : ins) {
    if (nnrt::nna::IsConstant(*o)) return NNADAPTER_INVALID_PARAMETER;
  }
  for (Operand* o : outs) {
    if (nnrt::nna::IsConstant(*o)) return NNADAPTER_INVALID_PARAMETER;
  }
  for (Operand* o : ins) o->type.lifetime = NNADAPTER_MODEL_INPUT;
  for (Operand* o : outs) o->type.lifetime = NNADAPTER_MODEL_OUTPUT;
  m->model.input_operands = std::move(ins);
  m->model.output_operands = std::move(outs);
  m->identified = true;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterModel_getSupportedOperations(const NNAdapterModel* model, NNAdapterContext* context,
                                          bool* supported_operations) {
  const auto* m = reinterpret_cast<const ApiModel*>(model);
  if (m == nullptr || context == nullptr || supported_operations == nullptr) return NNADAPTER_INVALID_PARAMETER;
  // The HAL of this revision has no query: every device is answered by the
  // reference lowering and interpreter (C-822).
  size_t i = 0;
  for (const Operation& op : m->model.operations) {
    supported_operations[i++] = nnrt::nna::CheckOperationSupported(op).ok();
  }
  return NNADAPTER_NO_ERROR;
}

}  // extern "C"
