#include "reference/nnadapter/testing/api_model_builder.h"

#include <gtest/gtest.h>

#include <utility>

#include "nnadapter/hal/types.h"
#include "reference/nnadapter/lowering/output_types.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

struct Slot {
  HostBuffer* buffer;
  size_t capacity;
};

void* AccessIn(void* memory, NNAdapterOperandType* type) {
  auto* b = static_cast<HostBuffer*>(memory);
  type->dimensions.count = static_cast<uint32_t>(b->dims.size());
  for (size_t i = 0; i < b->dims.size(); ++i) type->dimensions.data[i] = b->dims[i];
  return b->bytes.data();
}

size_t ElementSize(int32_t precision) {
  switch (precision) {
    case NNADAPTER_BOOL8: case NNADAPTER_INT8: case NNADAPTER_UINT8: case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL: case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER: return 1;
    case NNADAPTER_INT64: case NNADAPTER_FLOAT64: return 8;
    case NNADAPTER_FLOAT16: case NNADAPTER_INT16: return 2;
    default: return 4;
  }
}

void* AccessOut(void* memory, NNAdapterOperandType* type) {
  auto* slot = static_cast<Slot*>(memory);
  size_t elements = 1;
  slot->buffer->dims.assign(type->dimensions.data, type->dimensions.data + type->dimensions.count);
  for (int32_t d : slot->buffer->dims) elements *= static_cast<size_t>(d);
  const size_t bytes = elements * ElementSize(type->precision);
  if (bytes > slot->capacity) return nullptr;
  slot->buffer->bytes.resize(bytes);
  return slot->buffer->bytes.data();
}

}  // namespace

NNAdapterOperandType Type(int32_t precision, std::vector<int32_t> dims, float scale, int32_t zero_point) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = static_cast<NNAdapterOperandPrecisionCode>(precision);
  t.layout = NNADAPTER_NCHW;
  t.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) t.dimensions.data[i] = dims[i];
  if (precision == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER) {
    t.asymm_per_layer_params = {scale, zero_point};
  } else {
    t.symm_per_layer_params.scale = scale;
  }
  return t;
}

ApiModelBuilder::ApiModelBuilder(const char* device_name) {
  NNAdapterDevice_acquire(device_name, &device_);
  NNAdapterContext_create(&device_, 1, "", &context_);
  NNAdapterModel_create(&model_);
}

ApiModelBuilder::~ApiModelBuilder() {
  NNAdapterCompilation_destroy(compilation_);
  NNAdapterModel_destroy(model_);
  NNAdapterContext_destroy(context_);
  NNAdapterDevice_release(device_);
}

NNAdapterOperand* ApiModelBuilder::Operand(const NNAdapterOperandType& type) {
  NNAdapterOperand* o = nullptr;
  NNAdapterModel_addOperand(model_, &type, &o);
  return o;
}

NNAdapterOperand* ApiModelBuilder::Constant(const NNAdapterOperandType& type, const void* data, size_t bytes) {
  NNAdapterOperand* o = Operand(type);
  NNAdapterModel_setOperandValue(o, const_cast<void*>(data), static_cast<uint32_t>(bytes), true);
  return o;
}

NNAdapterOperand* ApiModelBuilder::Int32(int32_t v) { return Constant(Type(NNADAPTER_INT32, {}), &v, 4); }
NNAdapterOperand* ApiModelBuilder::Float32(float v) { return Constant(Type(NNADAPTER_FLOAT32, {}), &v, 4); }
NNAdapterOperand* ApiModelBuilder::Bool(bool v) {
  const uint8_t byte = v ? 1 : 0;
  return Constant(Type(NNADAPTER_BOOL8, {}), &byte, 1);
}
NNAdapterOperand* ApiModelBuilder::Int32s(const std::vector<int32_t>& v) {
  return Constant(Type(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}), v);
}

std::vector<float> Pseudorandom(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  for (float& f : v) {
    seed = seed * 1664525u + 1013904223u;
    f = static_cast<float>((seed >> 9) % 8192u) / 1024.0f - 4.0f + 0.0001f * static_cast<float>(seed & 15u);
  }
  return v;
}

std::vector<uint32_t> Bits(const std::vector<float>& v) {
  std::vector<uint32_t> bits(v.size());
  if (!v.empty()) std::memcpy(bits.data(), v.data(), v.size() * sizeof(float));
  return bits;
}

int ApiModelBuilder::Operation(int32_t type, std::vector<NNAdapterOperand*> inputs,
                               std::vector<NNAdapterOperand*> outputs) {
  NNAdapterOperation* op = nullptr;
  const int r = NNAdapterModel_addOperation(model_, type, static_cast<uint32_t>(inputs.size()), inputs.data(),
                                            static_cast<uint32_t>(outputs.size()), outputs.data(), &op);
  if (r == NNADAPTER_NO_ERROR) RecordInference(op);
  return r;
}

void ApiModelBuilder::RecordInference(NNAdapterOperation* operation) {
  const auto* op = reinterpret_cast<const nnadapter::hal::Operation*>(operation);
  std::vector<nnadapter::hal::Operand> outputs(op->output_operands.size());
  nnadapter::hal::Operation paddle_style = *op;
  const int32_t unknown = NNADAPTER_UNKNOWN;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (op->output_operands[k] == nullptr) continue;
    outputs[k] = *op->output_operands[k];
    std::memcpy(&outputs[k].type.precision, &unknown, sizeof(unknown));
    outputs[k].type.dimensions.count = 0;
    paddle_style.output_operands[k] = &outputs[k];
  }
  nnrt::nna::InferOutputTypes(&paddle_style);
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (op->output_operands[k] == nullptr) continue;
    inference_checks_.push_back(InferenceCheck{reinterpret_cast<NNAdapterOperand*>(op->output_operands[k]),
                                               outputs[k].type, op->type, k});
  }
}

void ApiModelBuilder::CheckInference() {
  for (const InferenceCheck& c : inference_checks_) {
    NNAdapterOperandType* declared = nullptr;
    if (NNAdapterModel_getOperandType(c.declared, &declared) != NNADAPTER_NO_ERROR) continue;
    const std::vector<int32_t> want(declared->dimensions.data, declared->dimensions.data + declared->dimensions.count);
    std::vector<int32_t> got(c.inferred.dimensions.data, c.inferred.dimensions.data + c.inferred.dimensions.count);
    for (size_t i = 0; i < want.size() && i < got.size(); ++i) {
      if (want[i] == NNADAPTER_UNKNOWN) got[i] = NNADAPTER_UNKNOWN;  // declared unknown: any inferred value
    }
    EXPECT_EQ(static_cast<int32_t>(c.inferred.precision), static_cast<int32_t>(declared->precision))
        << "inferred precision of operation " << c.operation << " output " << c.output;
    EXPECT_EQ(got, want) << "inferred dims of operation " << c.operation << " output " << c.output;
  }
  inference_checks_.clear();
}

int ApiModelBuilder::Compile(std::vector<NNAdapterOperand*> inputs, std::vector<NNAdapterOperand*> outputs) {
  return CompileCached(std::move(inputs), std::move(outputs), nullptr, nullptr);
}

int ApiModelBuilder::CompileCached(std::vector<NNAdapterOperand*> inputs, std::vector<NNAdapterOperand*> outputs,
                                   const char* token, const char* dir) {
  int r = NNAdapterModel_identifyInputsAndOutputs(model_, static_cast<uint32_t>(inputs.size()), inputs.data(),
                                                  static_cast<uint32_t>(outputs.size()), outputs.data());
  if (r == NNADAPTER_NO_ERROR) r = NNAdapterModel_finish(model_);
  if (r == NNADAPTER_NO_ERROR) r = NNAdapterCompilation_create(model_, token, nullptr, 0, dir, context_, &compilation_);
  if (r == NNADAPTER_NO_ERROR) r = NNAdapterCompilation_finish(compilation_);
  if (r == NNADAPTER_NO_ERROR) CheckInference();
  return r;
}

int ApiModelBuilder::RestoreCompilation(const char* token, const char* dir) {
  if (compilation_ != nullptr) NNAdapterCompilation_destroy(compilation_);
  compilation_ = nullptr;
  int r = NNAdapterCompilation_create(nullptr, token, nullptr, 0, dir, context_, &compilation_);
  if (r == NNADAPTER_NO_ERROR) r = NNAdapterCompilation_finish(compilation_);
  return r;
}

int ApiModelBuilder::Run(const std::vector<HostBuffer>& inputs, std::vector<HostBuffer>* outputs) {
  NNAdapterExecution* e = nullptr;
  int r = NNAdapterExecution_create(compilation_, &e);
  if (r != NNADAPTER_NO_ERROR) return r;
  std::vector<HostBuffer> in = inputs;
  std::vector<Slot> slots;
  for (HostBuffer& b : *outputs) slots.push_back(Slot{&b, b.bytes.empty() ? size_t{1} << 20 : b.bytes.size()});
  for (size_t i = 0; i < in.size() && r == NNADAPTER_NO_ERROR; ++i) {
    r = NNAdapterExecution_setInput(e, static_cast<int32_t>(i), &in[i], &AccessIn);
  }
  for (size_t i = 0; i < slots.size() && r == NNADAPTER_NO_ERROR; ++i) {
    r = NNAdapterExecution_setOutput(e, static_cast<int32_t>(i), &slots[i], &AccessOut);
  }
  if (r == NNADAPTER_NO_ERROR) r = NNAdapterExecution_compute(e);
  NNAdapterExecution_destroy(e);
  return r;
}

int RunOperation(ApiModelBuilder& m, int32_t type, std::vector<NNAdapterOperand*> inputs,
                 std::vector<NNAdapterOperand*> outputs, std::vector<NNAdapterOperand*> model_inputs,
                 const std::vector<HostBuffer>& values, std::vector<HostBuffer>* results) {
  int r = m.Operation(type, std::move(inputs), outputs);
  if (r == NNADAPTER_NO_ERROR) r = m.Compile(std::move(model_inputs), outputs);
  results->assign(outputs.size(), HostBuffer{});
  if (r == NNADAPTER_NO_ERROR) r = m.Run(values, results);
  return r;
}

bool SupportedAlone(ApiModelBuilder& m) {
  bool supported[1] = {false};
  if (NNAdapterModel_getSupportedOperations(m.model(), m.context(), supported) != NNADAPTER_NO_ERROR) return false;
  return supported[0];
}

}  // namespace testing
}  // namespace nna
}  // namespace nnrt
