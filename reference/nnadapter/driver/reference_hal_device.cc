#include "reference/nnadapter/driver/reference_hal_device.h"

#include <cstring>
#include <memory>
#include <vector>

#include "reference/device/interpreter.h"
#include "reference/device/model_cache.h"
#include "reference/nnadapter/driver/hal_io.h"
#include "reference/nnadapter/driver/model_codec.h"
#include "reference/nnadapter/driver/step_runner.h"
#include "reference/nnadapter/lowering/lowering.h"
#include "reference/nnadapter/lowering/program.h"

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Argument;
using ::nnadapter::hal::Cache;

thread_local std::string last_error;

struct ReferenceDevice {};
struct ReferenceContext {
  std::string properties;
};
struct ReferenceProgram {
  std::unique_ptr<PreparedInterpreter> interpreter;  // one NNRt model, or
  std::unique_ptr<PreparedSteps> steps;              // steps with native kernels (C-855)
  std::vector<NNAdapterOperandType> input_types;
  std::vector<NNAdapterOperandType> output_types;
};

int Fail(const Status& status) {
  last_error = status.ToString();
  return ResultCodeOf(status);
}

int Succeed() {
  last_error.clear();
  return NNADAPTER_NO_ERROR;
}

int OpenDevice(void** device) {
  if (device == nullptr) return Fail(InvalidParameter("open_device: device is NULL"));
  *device = new ReferenceDevice();
  return Succeed();
}

void CloseDevice(void* device) { delete static_cast<ReferenceDevice*>(device); }

int CreateContext(void* device, const char* properties, void** context) {
  if (device == nullptr || context == nullptr) return Fail(InvalidParameter("create_context: NULL argument"));
  *context = new ReferenceContext{properties == nullptr ? "" : properties};
  return Succeed();
}

void DestroyContext(void* context) { delete static_cast<ReferenceContext*>(context); }

std::vector<NNAdapterOperandType> TypesOf(const std::vector<::nnadapter::hal::Operand*>& operands) {
  std::vector<NNAdapterOperandType> types;
  for (const ::nnadapter::hal::Operand* o : operands) types.push_back(o->type);
  return types;
}

// A model with native operations: lowered to steps and prepared.
Status PrepareStepsOf(const ::nnadapter::hal::Model& model, ReferenceProgram* program) {
  LoweredProgram lowered;
  NNRT_RETURN_IF_ERROR(LowerProgram(model, &lowered));
  if (program->input_types.size() != lowered.inputs.size() || program->output_types.size() != lowered.outputs.size()) {
    return InvalidModel("the cache's input/output types do not match its model");
  }
  return PreparedSteps::Prepare(std::move(lowered), &program->steps);
}

// From the cache buffer when one is given, otherwise by lowering `model`
// (and then filling the cache buffer when a cache is given): the NNRt model
// in the reference's model-cache format, or for models with native steps the
// NNAdapter model itself (model_codec.h).
Status BuildProgram(::nnadapter::hal::Model* model, Cache* cache, ReferenceProgram* program) {
  Model lowered;
  if (cache != nullptr && !cache->buffer.empty()) {
    program->input_types = cache->input_types;
    program->output_types = cache->output_types;
    if (IsEncodedHalModel(cache->buffer)) {
      OwnedHalModel owned;
      if (!DecodeHalModel(cache->buffer, &owned)) return Status(NNRT_INVALID_MODEL_CACHE, "damaged program cache");
      return PrepareStepsOf(owned.model, program);
    }
    ModelConfig config;
    NNRT_RETURN_IF_ERROR(ParseModelCache(cache->buffer.data(), cache->buffer.size(), &lowered, &config));
  } else {
    if (model == nullptr) return InvalidParameter("create_program: no model and no cache buffer");
    program->input_types = TypesOf(model->input_operands);
    program->output_types = TypesOf(model->output_operands);
    if (NeedsNativeSteps(*model)) {
      if (cache != nullptr) cache->buffer = EncodeHalModel(*model);
      return PrepareStepsOf(*model, program);
    }
    NNRT_RETURN_IF_ERROR(LowerModel(*model, &lowered));
    if (cache != nullptr) cache->buffer = SerializeModelCache(lowered, ModelConfig());
  }
  if (program->input_types.size() != lowered.inputs.size() ||
      program->output_types.size() != lowered.outputs.size()) {
    return InvalidModel("the cache's input/output types do not match its model");
  }
  return PrepareInterpreter(lowered, &program->interpreter);
}

int CreateProgram(void* context, ::nnadapter::hal::Model* model, Cache* cache, void** program) {
  if (context == nullptr || program == nullptr) return Fail(InvalidParameter("create_program: NULL argument"));
  auto p = std::make_unique<ReferenceProgram>();
  const Status s = BuildProgram(model, cache, p.get());
  if (!s.ok()) return Fail(s.WithContext("create_program"));
  *program = p.release();
  return Succeed();
}

void DestroyProgram(void* program) { delete static_cast<ReferenceProgram*>(program); }

int ExecuteProgram(void* program, uint32_t input_count, Argument* input_arguments, uint32_t output_count,
                   Argument* output_arguments) {
  auto* p = static_cast<ReferenceProgram*>(program);
  if (p == nullptr) return Fail(InvalidParameter("execute_program: program is NULL"));
  std::vector<HostTensor> inputs;
  Status s = ReadInputs(p->input_types, input_count, input_arguments, &inputs);
  std::vector<HostTensor> outputs;
  if (s.ok()) s = p->steps != nullptr ? p->steps->Run(inputs, &outputs) : p->interpreter->Run(inputs, &outputs);
  if (s.ok()) s = WriteOutputs(p->output_types, outputs, output_count, output_arguments);
  if (!s.ok()) return Fail(s.WithContext("execute_program"));
  return Succeed();
}

const ::nnadapter::hal::Device kDevice = {
    kReferenceDeviceName, "OpenHarmony NNRt Reference & Conformance Kit", NNADAPTER_CPU, 1,
    &OpenDevice,          &CloseDevice,
    &CreateContext,       &DestroyContext,
    &CreateProgram,       &DestroyProgram,
    &ExecuteProgram,
};

}  // namespace

const ::nnadapter::hal::Device& ReferenceHalDevice() { return kDevice; }

const std::string& ReferenceDeviceLastError() { return last_error; }

int ResultCodeOf(const Status& status) {
  switch (status.code()) {
    case NNRT_SUCCESS: return NNADAPTER_NO_ERROR;
    case NNRT_OUT_OF_MEMORY: return NNADAPTER_OUT_OF_MEMORY;
    case NNRT_INVALID_MODEL:
    case NNRT_INVALID_INPUT:
    case NNRT_INVALID_PARAMETER:
    case NNRT_UNSUPPORTED_OP:
    case NNRT_INVALID_MODEL_CACHE: return NNADAPTER_INVALID_PARAMETER;
    default: return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

}  // namespace nna
}  // namespace nnrt
