// The error plumbing every HAL driver function shares (docs/hal.md
// "Starting a new driver from the kit"): a thread-local last error message,
// Guard (runs a body returning Status, turns exceptions into return codes and
// records the message), NullPtr and Answer (a constant capability answer).
#ifndef NNRT_CTS_DRIVER_DRIVERS_KIT_HAL_PLUMBING_H_
#define NNRT_CTS_DRIVER_DRIVERS_KIT_HAL_PLUMBING_H_

#include <new>
#include <string>

#include "reference/ir/status.h"

namespace nnrt {
namespace driver_kit {

// The calling thread's last error ("" after a successful call).
const char* LastErrorMessage();
void ClearLastError();
// Keeps at most 1023 characters.
void SetLastError(const std::string& message);

// Runs fn (returning Status); an exception becomes NNRT_OUT_OF_MEMORY
// (std::bad_alloc) or NNRT_FAILED; a failure's message is recorded as
// "<function>: <message>". Returns the status code.
template <typename Fn>
int32_t Guard(const char* function, Fn fn) {
  ClearLastError();
  Status s;
  try {
    s = fn();
  } catch (const std::bad_alloc&) {
    s = Status(NNRT_OUT_OF_MEMORY, "out of memory");
  } catch (...) {
    s = Status(NNRT_FAILED, "internal error");
  }
  if (!s.ok()) SetLastError(std::string(function) + ": " + s.message());
  return s.code();
}

inline Status NullPtr(const char* what) { return Status(NNRT_NULL_PTR, std::string(what) + " is NULL"); }

// *out = value after checking `handle` (the device) and `out`.
template <typename Handle, typename T>
int32_t Answer(const char* function, Handle* handle, T* out, T value) {
  return Guard(function, [&]() -> Status {
    if (handle == nullptr) return NullPtr("device");
    if (out == nullptr) return NullPtr("result");
    *out = value;
    return Status::Ok();
  });
}

}  // namespace driver_kit
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_KIT_HAL_PLUMBING_H_
