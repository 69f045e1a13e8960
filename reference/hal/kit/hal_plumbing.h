// The error plumbing every HAL driver function shares (docs/hal.md
// "Starting a new driver from the kit"): a thread-local last error message,
// Guard (runs a body returning Status, turns exceptions into return codes and
// records the message), NullPtr, Answer (a constant capability answer) and
// the pointer checks that open Run and GetInputDimRanges.
#ifndef NNRT_REFERENCE_HAL_KIT_HAL_PLUMBING_H_
#define NNRT_REFERENCE_HAL_KIT_HAL_PLUMBING_H_

#include <cstdint>
#include <new>
#include <string>
#include <type_traits>

#include "reference/hal/nnrt_hal.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace driver_kit {

// The function type of a driver table entry, to declare in a driver's
// internal header an entry that one file defines and another puts in the
// table, without writing the ABI's signature again:
//   driver_kit::Entry<decltype(NNRT_HalDriver::Run)> Run;
template <typename EntryPointer>
using Entry = std::remove_pointer_t<EntryPointer>;

// The calling thread's last error ("" after a successful call; C-28): what
// a driver's GetLastErrorMessage returns.
const char* LastErrorMessage();
void ClearLastError();
// Keeps at most 1023 characters.
void SetLastError(const std::string& message);

// Runs one entry point: clears the last error, runs fn (returning Status); an
// exception becomes NNRT_OUT_OF_MEMORY (std::bad_alloc) or NNRT_FAILED, so
// none crosses the C boundary; a failure's message is recorded as
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

// *out = value after checking `handle` (the device) and `out` (named `what`
// in the message).
template <typename Handle, typename T>
int32_t Answer(const char* function, Handle* handle, T* out, const char* what, T value) {
  return Guard(function, [&]() -> Status {
    if (handle == nullptr) return NullPtr("device");
    if (out == nullptr) return NullPtr(what);
    *out = value;
    return Status::Ok();
  });
}

// GetVersion: *major, *minor = the values after checking `device` and both
// pointers.
int32_t AnswerVersion(const NNRT_HalDevice* device, uint32_t* major, uint32_t* minor, uint32_t major_value,
                      uint32_t minor_value);

// The pointer arguments of PrepareModel, in the HAL's order: `prepared`
// (then *prepared = NULL, so a failure leaves no handle), the device, the model.
Status CheckPreparePointers(const NNRT_HalDevice* device, const NNRT_HalModel* model,
                            NNRT_HalPreparedModel** prepared);

// The pointer arguments of Run: the prepared model, and the arrays whose
// count is not 0.
Status CheckRunPointers(const NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                        const NNRT_HalIOTensor* outputs, uint32_t output_count, const NNRT_HalShape* output_dims);

// The pointer arguments of GetInputDimRanges.
Status CheckDimRangePointers(const NNRT_HalPreparedModel* prepared, const uint32_t* const* min_dims,
                             const uint32_t* const* max_dims, const uint32_t* const* dim_counts,
                             const uint32_t* input_count);

}  // namespace driver_kit
}  // namespace nnrt

#endif  // NNRT_REFERENCE_HAL_KIT_HAL_PLUMBING_H_
