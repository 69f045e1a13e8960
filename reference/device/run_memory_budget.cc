#include "reference/device/run_memory_budget.h"

#include <cstdlib>

namespace nnrt {

bool ParseRunMemoryBudget(const std::string& text, uint64_t* bytes) {
  constexpr uint64_t kMax = uint64_t{1} << 63;
  uint64_t value = 0;
  size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    const uint64_t digit = static_cast<uint64_t>(text[i] - '0');
    if (value > (kMax - digit) / 10) return false;
    value = value * 10 + digit;
  }
  if (i == 0) return false;
  if (i + 1 == text.size()) {
    int shift = 0;
    switch (text[i]) {
      case 'K': shift = 10; break;
      case 'M': shift = 20; break;
      case 'G': shift = 30; break;
      default: return false;
    }
    if (value > (kMax >> shift)) return false;
    value <<= shift;
  } else if (i != text.size()) {
    return false;
  }
  if (value == 0) return false;
  *bytes = value;
  return true;
}

namespace {

Status ApplyCountEnv(const char* name, const char* unit, uint64_t* value) {
  const char* text = std::getenv(name);
  if (text == nullptr) return Status::Ok();
  if (!ParseRunMemoryBudget(text, value)) {
    return InvalidParameter(std::string(name) + "='" + text + "' is not a " + unit +
                            " count >= 1 (digits, optionally followed by K, M or G)");
  }
  return Status::Ok();
}

}  // namespace

Status ApplyRunMemoryBudgetEnv(uint64_t* bytes) { return ApplyCountEnv(kRunMemoryBudgetEnv, "byte", bytes); }

Status ApplyRunWorkBudgetEnv(uint64_t* steps) { return ApplyCountEnv(kRunWorkBudgetEnv, "step", steps); }

}  // namespace nnrt
