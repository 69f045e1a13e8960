// NNAdapter HAL: the structures a runtime hands to a device driver and the
// device descriptor a driver library exports.
//
// Layout: member for member as Paddle Lite's core/hal/types.h at the revision
// nnadapter.h follows (docs/clarifications.md C-810), so a driver built against
// Paddle Lite's header of that revision loads here and ours loads there. The
// structures hold std::vector and std::list: the ABI is C++ with libstdc++'s
// layout (the _GLIBCXX_USE_CXX11_ABI=1 one), not plain C (docs/nnadapter.md).
// The text of this header is our own.
#ifndef NNADAPTER_HAL_TYPES_H_
#define NNADAPTER_HAL_TYPES_H_

#include <cstdint>
#include <list>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace nnadapter {
namespace hal {

// A tensor of the model. buffer/length hold the bytes of a constant
// (lifetime CONSTANT_COPY or CONSTANT_REFERENCE); NULL/0 otherwise.
typedef struct Operand {
  NNAdapterOperandType type;
  void* buffer;
  uint32_t length;
} Operand;

// One model input or output at execution time. index is its position in
// Model::input_operands / output_operands; access(memory, type) returns the
// host buffer (see NNAdapterExecution_setInput in nnadapter.h).
typedef struct Argument {
  int index;
  void* memory;
  void* (*access)(void* memory, NNAdapterOperandType* type);
} Argument;

// Operand lists are in the order the operation's definition gives.
typedef struct Operation {
  NNAdapterOperationType type;
  std::vector<Operand*> input_operands;
  std::vector<Operand*> output_operands;
} Operation;

// Compiled-program cache. create_program either fills buffer (a fresh compile
// the runtime then stores as <dir>/<token>.nnc) or, when buffer arrives
// non-empty, restores the program from it with the model absent (NULL).
typedef struct Cache {
  const char* token;
  const char* dir;
  std::vector<NNAdapterOperandType> input_types;
  std::vector<NNAdapterOperandType> output_types;
  std::vector<uint8_t> buffer;
} Cache;

// operations are not necessarily in topological order.
typedef struct Model {
  std::list<Operand> operands;
  std::list<Operation> operations;
  std::vector<Operand*> input_operands;
  std::vector<Operand*> output_operands;
} Model;

// What lib<name>.so exports under the symbol
// NNADAPTER_DEVICE_SYMBOL_PREFIX_STRING <name>. Every member must be set.
typedef struct Device {
  const char* name;
  const char* vendor;
  NNAdapterDeviceType type;
  int32_t version;
  int (*open_device)(void** device);
  void (*close_device)(void* device);
  int (*create_context)(void* device, const char* properties, void** context);
  void (*destroy_context)(void* context);
  int (*create_program)(void* context, Model* model, Cache* cache,
                        void** program);
  void (*destroy_program)(void* program);
  int (*execute_program)(void* program, uint32_t input_count,
                         Argument* input_arguments, uint32_t output_count,
                         Argument* output_arguments);
} Device;

}  // namespace hal
}  // namespace nnadapter

// Prefix of a driver's device symbol (Paddle Lite's build sets the same
// prefix): lib<name>.so exports `extern "C" nnadapter::hal::Device
// __nnadapter_device__<name>`. Not part of Paddle Lite's types.h; ours.
#define NNADAPTER_DEVICE_SYMBOL_PREFIX_STRING "__nnadapter_device__"

#endif  // NNADAPTER_HAL_TYPES_H_
