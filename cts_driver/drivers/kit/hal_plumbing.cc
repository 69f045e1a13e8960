#include "cts_driver/drivers/kit/hal_plumbing.h"

#include <cstring>

namespace nnrt {
namespace driver_kit {
namespace {

constexpr size_t kMaxErrorLength = 1024;
thread_local char g_last_error[kMaxErrorLength];

}  // namespace

const char* LastErrorMessage() { return g_last_error; }

void ClearLastError() { g_last_error[0] = '\0'; }

void SetLastError(const std::string& message) {
  const size_t n = message.size() < kMaxErrorLength - 1 ? message.size() : kMaxErrorLength - 1;
  std::memcpy(g_last_error, message.data(), n);
  g_last_error[n] = '\0';
}

}  // namespace driver_kit
}  // namespace nnrt
