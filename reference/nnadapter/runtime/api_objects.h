// What the NNAdapter API's opaque handles point at. NNAdapterOperand* and
// NNAdapterOperation* are the HAL's Operand* / Operation* themselves (as in
// Paddle Lite), owned by their model; a registry of live operands lets the
// API reject a pointer that is not one instead of dereferencing it.
#ifndef NNRT_REFERENCE_NNADAPTER_RUNTIME_API_OBJECTS_H_
#define NNRT_REFERENCE_NNADAPTER_RUNTIME_API_OBJECTS_H_

#include <list>
#include <memory>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/nnadapter.h"

namespace nnrt {
namespace nna {

struct ApiDevice {
  const ::nnadapter::hal::Device* hal = nullptr;
  void* handle = nullptr;  // from open_device
};

struct ApiContext {
  ApiDevice* device = nullptr;  // the first device; the others are accepted and unused (C-822)
  void* handle = nullptr;       // from create_context
};

struct ApiModel {
  ::nnadapter::hal::Model model;
  std::list<std::vector<uint8_t>> constant_copies;  // setOperandValue(copy = true)
  std::list<std::vector<float>> scale_copies;       // per-channel scales of addOperand
  bool finished = false;
  bool identified = false;
};

struct ApiCompilation {
  ApiModel* model = nullptr;  // NULL when restored from a cache
  ApiContext* context = nullptr;
  std::string cache_token;
  std::string cache_dir;
  std::vector<uint8_t> cache_file;  // a cache in the file format (from memory or <dir>/<token>.nnc)
  ::nnadapter::hal::Cache cache;
  void* program = nullptr;
  bool finished = false;
  std::vector<NNAdapterOperandType> input_types;
  std::vector<NNAdapterOperandType> output_types;
};

struct ApiExecution {
  ApiCompilation* compilation = nullptr;
  std::vector<::nnadapter::hal::Argument> inputs;   // index -1: not set
  std::vector<::nnadapter::hal::Argument> outputs;  // index -1: not set
};

// Live-operand registry.
void RegisterOperand(const ::nnadapter::hal::Operand* operand, ApiModel* model);
void UnregisterModelOperands(const ApiModel* model);
// The model owning `operand`, or nullptr when it is not a live operand.
ApiModel* OwnerOf(const void* operand);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_RUNTIME_API_OBJECTS_H_
