// Shared by the NNAdapter mutant drivers (docs/nnadapter.md, "The round trip
// and the mutants"): each is the reference NNAdapter HAL device
// (reference/nnadapter/driver) whose create_program first breaks one thing in
// the model it is given, as a driver with that bug would read it. Only
// CONSTANT_COPY operands (the caller's model owns them) are edited in place.
// Header-only: each mutant .so is linked on its own.
#ifndef NNRT_CTS_DRIVER_NNADAPTER_MUTANTS_NNADAPTER_MUTANT_UTIL_H_
#define NNRT_CTS_DRIVER_NNADAPTER_MUTANTS_NNADAPTER_MUTANT_UTIL_H_

#include <cstdint>
#include <cstring>
#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/nnadapter/driver/reference_hal_device.h"

namespace nnrt {
namespace nnadapter_mutant {

using nnadapter::hal::Model;
using nnadapter::hal::Operand;
using nnadapter::hal::Operation;

using CreateProgramFn = int (*)(void* context, Model* model, nnadapter::hal::Cache* cache, void** program);

// The reference device descriptor with another name and create_program.
inline nnadapter::hal::Device MutantDevice(const char* name, CreateProgramFn create_program) {
  nnadapter::hal::Device d = nnrt::nna::ReferenceHalDevice();
  d.name = name;
  d.vendor = "NNRt kit mutant (deliberately wrong)";
  d.create_program = create_program;
  return d;
}

// mutate(model) (when there is a model, i.e. not a cache restore), then the reference's create_program.
inline int CreateMutatedProgram(void (*mutate)(Model*), void* context, Model* model, nnadapter::hal::Cache* cache,
                                void** program) {
  if (model != nullptr) mutate(model);
  return nnrt::nna::ReferenceHalDevice().create_program(context, model, cache, program);
}

inline bool IsEditableConstant(const Operand* op) {
  return op != nullptr && op->type.lifetime == NNADAPTER_CONSTANT_COPY && op->buffer != nullptr;
}

inline size_t PrecisionBytes(NNAdapterOperandPrecisionCode p) {
  switch (p) {
    case NNADAPTER_FLOAT32: case NNADAPTER_INT32: case NNADAPTER_UINT32:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER: case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      return 4;
    case NNADAPTER_INT64: case NNADAPTER_UINT64: case NNADAPTER_FLOAT64:
      return 8;
    case NNADAPTER_INT16: case NNADAPTER_UINT16: case NNADAPTER_FLOAT16:
      return 2;
    default:
      return 1;
  }
}

}  // namespace nnadapter_mutant
}  // namespace nnrt

// Exports a mutant's device under Paddle Lite's symbol rule for lib<name>.so.
#define NNADAPTER_MUTANT_EXPORT(name, create_program)                                   \
  extern "C" __attribute__((visibility("default"))) nnadapter::hal::Device             \
      __nnadapter_device__##name = nnrt::nnadapter_mutant::MutantDevice(#name, create_program);

#endif  // NNRT_CTS_DRIVER_NNADAPTER_MUTANTS_NNADAPTER_MUTANT_UTIL_H_
