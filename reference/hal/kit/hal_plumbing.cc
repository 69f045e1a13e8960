#include "reference/hal/kit/hal_plumbing.h"

#include <cstring>

namespace nnrt {
namespace driver_kit {
namespace {

// A plain char array: a thread_local with a destructor would pin the .so.
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

int32_t AnswerVersion(const NNRT_HalDevice* device, uint32_t* major, uint32_t* minor, uint32_t major_value,
                      uint32_t minor_value) {
  return Guard("GetVersion", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (major == nullptr || minor == nullptr) return NullPtr("major/minor");
    *major = major_value;
    *minor = minor_value;
    return Status::Ok();
  });
}

Status CheckPreparePointers(const NNRT_HalDevice* device, const NNRT_HalModel* model,
                            NNRT_HalPreparedModel** prepared) {
  if (prepared == nullptr) return NullPtr("prepared");
  *prepared = nullptr;
  if (device == nullptr) return NullPtr("device");
  if (model == nullptr) return NullPtr("model");
  return Status::Ok();
}

Status CheckRunPointers(const NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                        const NNRT_HalIOTensor* outputs, uint32_t output_count, const NNRT_HalShape* output_dims) {
  if (prepared == nullptr) return NullPtr("prepared");
  if (inputs == nullptr && input_count > 0) return NullPtr("inputs");
  if (outputs == nullptr && output_count > 0) return NullPtr("outputs");
  if (output_dims == nullptr && output_count > 0) return NullPtr("outputDims");
  return Status::Ok();
}

Status CheckDimRangePointers(const NNRT_HalPreparedModel* prepared, const uint32_t* const* min_dims,
                             const uint32_t* const* max_dims, const uint32_t* const* dim_counts,
                             const uint32_t* input_count) {
  if (prepared == nullptr) return NullPtr("prepared");
  if (min_dims == nullptr || max_dims == nullptr || dim_counts == nullptr || input_count == nullptr) {
    return NullPtr("an output pointer");
  }
  return Status::Ok();
}

}  // namespace driver_kit
}  // namespace nnrt
