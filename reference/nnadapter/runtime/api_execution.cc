// NNAdapterExecution_*: binding the caller's memory and running a compiled
// program synchronously.
#include "reference/nnadapter/runtime/api_objects.h"

using nnadapter::hal::Argument;
using nnrt::nna::ApiCompilation;
using nnrt::nna::ApiExecution;

namespace {

using AccessFn = void* (*)(void* memory, NNAdapterOperandType* type);

int Bind(std::vector<Argument>* arguments, int32_t index, void* memory, AccessFn access) {
  if (index < 0 || static_cast<size_t>(index) >= arguments->size() || access == nullptr) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  (*arguments)[index] = Argument{index, memory, access};
  return NNADAPTER_NO_ERROR;
}

bool AllBound(const std::vector<Argument>& arguments) {
  for (const Argument& a : arguments) {
    if (a.index < 0) return false;
  }
  return true;
}

}  // namespace

extern "C" {

int NNAdapterExecution_create(NNAdapterCompilation* compilation, NNAdapterExecution** execution) {
  auto* c = reinterpret_cast<ApiCompilation*>(compilation);
  if (c == nullptr || execution == nullptr || !c->finished) return NNADAPTER_INVALID_PARAMETER;
  auto* e = new ApiExecution();
  e->compilation = c;
  e->inputs.assign(c->input_types.size(), Argument{-1, nullptr, nullptr});
  e->outputs.assign(c->output_types.size(), Argument{-1, nullptr, nullptr});
  *execution = reinterpret_cast<NNAdapterExecution*>(e);
  return NNADAPTER_NO_ERROR;
}

void NNAdapterExecution_destroy(NNAdapterExecution* execution) { delete reinterpret_cast<ApiExecution*>(execution); }

int NNAdapterExecution_setInput(NNAdapterExecution* execution, int32_t index, void* memory, AccessFn access) {
  auto* e = reinterpret_cast<ApiExecution*>(execution);
  return e == nullptr ? NNADAPTER_INVALID_PARAMETER : Bind(&e->inputs, index, memory, access);
}

int NNAdapterExecution_setOutput(NNAdapterExecution* execution, int32_t index, void* memory, AccessFn access) {
  auto* e = reinterpret_cast<ApiExecution*>(execution);
  return e == nullptr ? NNADAPTER_INVALID_PARAMETER : Bind(&e->outputs, index, memory, access);
}

int NNAdapterExecution_compute(NNAdapterExecution* execution) {
  auto* e = reinterpret_cast<ApiExecution*>(execution);
  if (e == nullptr || !AllBound(e->inputs) || !AllBound(e->outputs)) return NNADAPTER_INVALID_PARAMETER;
  const ApiCompilation& c = *e->compilation;
  return c.context->device->hal->execute_program(c.program, static_cast<uint32_t>(e->inputs.size()),
                                                 e->inputs.data(), static_cast<uint32_t>(e->outputs.size()),
                                                 e->outputs.data());
}

}  // extern "C"
