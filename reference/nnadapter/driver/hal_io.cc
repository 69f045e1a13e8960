#include "reference/nnadapter/driver/hal_io.h"

#include <cstring>
#include <string>

#include "reference/nnadapter/lowering/operand_values.h"

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Argument;

// The arguments in model order; every index in range and present once.
Status OrderArguments(const char* what, size_t expected, uint32_t count, const Argument* arguments,
                      std::vector<const Argument*>* ordered) {
  if (count != expected) {
    return InvalidInput(std::string(what) + ": " + std::to_string(count) + " arguments for " +
                        std::to_string(expected) + " model " + what);
  }
  if (count > 0 && arguments == nullptr) return InvalidInput(std::string(what) + ": arguments is NULL");
  ordered->assign(expected, nullptr);
  for (uint32_t i = 0; i < count; ++i) {
    const Argument& a = arguments[i];
    if (a.index < 0 || static_cast<size_t>(a.index) >= expected || (*ordered)[a.index] != nullptr) {
      return InvalidInput(std::string(what) + ": argument " + std::to_string(i) + " has index " +
                          std::to_string(a.index) + " (out of range or repeated)");
    }
    if (a.access == nullptr) return InvalidInput(std::string(what) + " " + std::to_string(a.index) + ": access is NULL");
    (*ordered)[a.index] = &a;
  }
  return Status::Ok();
}

}  // namespace

Status ReadInputs(const std::vector<NNAdapterOperandType>& types, uint32_t count, const Argument* arguments,
                  std::vector<HostTensor>* inputs) {
  std::vector<const Argument*> ordered;
  NNRT_RETURN_IF_ERROR(OrderArguments("inputs", types.size(), count, arguments, &ordered));
  inputs->clear();
  for (size_t i = 0; i < types.size(); ++i) {
    NNAdapterOperandType type = types[i];
    void* buffer = ordered[i]->access(ordered[i]->memory, &type);
    const std::string label = "input " + std::to_string(i);
    HostTensor t;
    std::vector<QuantParam> quant;
    NNRT_RETURN_IF_ERROR(ConvertOperandType(type, &t.data_type, &quant, &t.dims).WithContext(label));
    const std::optional<int64_t> elements = ElementCount(t.dims);
    if (!elements) return InvalidInput(label + ": dims " + DimsToString(t.dims) + " are not concrete");
    const size_t bytes = static_cast<size_t>(*elements) * PrecisionSize(RawValue(type.precision));
    if (buffer == nullptr && bytes > 0) return InvalidInput(label + ": access returned NULL");
    const auto* data = static_cast<const uint8_t*>(buffer);
    if (bytes > 0) t.data.assign(data, data + bytes);
    inputs->push_back(std::move(t));
  }
  return Status::Ok();
}

Status WriteOutputs(const std::vector<NNAdapterOperandType>& types, const std::vector<HostTensor>& outputs,
                    uint32_t count, const Argument* arguments) {
  std::vector<const Argument*> ordered;
  NNRT_RETURN_IF_ERROR(OrderArguments("outputs", types.size(), count, arguments, &ordered));
  if (outputs.size() != types.size()) return Status(NNRT_FAILED, "the run produced a different number of outputs");
  for (size_t i = 0; i < types.size(); ++i) {
    NNAdapterOperandType type = types[i];
    const HostTensor& t = outputs[i];
    type.dimensions.count = static_cast<uint32_t>(t.dims.size());
    for (size_t d = 0; d < t.dims.size(); ++d) type.dimensions.data[d] = t.dims[d];
    void* buffer = ordered[i]->access(ordered[i]->memory, &type);
    if (buffer == nullptr && !t.data.empty()) {
      return InvalidInput("output " + std::to_string(i) + ": access returned NULL");
    }
    if (!t.data.empty()) std::memcpy(buffer, t.data.data(), t.data.size());
  }
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
