#include "reference/nnadapter/runtime/api_objects.h"

#include <map>
#include <mutex>

namespace nnrt {
namespace nna {
namespace {

std::mutex& RegistryMutex() {
  static std::mutex m;
  return m;
}

std::map<const void*, ApiModel*>& Registry() {
  static auto* registry = new std::map<const void*, ApiModel*>();
  return *registry;
}

}  // namespace

void RegisterOperand(const ::nnadapter::hal::Operand* operand, ApiModel* model) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  Registry()[operand] = model;
}

void UnregisterModelOperands(const ApiModel* model) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  for (const ::nnadapter::hal::Operand& o : model->model.operands) Registry().erase(&o);
}

ApiModel* OwnerOf(const void* operand) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  auto it = Registry().find(operand);
  return it == Registry().end() ? nullptr : it->second;
}

}  // namespace nna
}  // namespace nnrt
