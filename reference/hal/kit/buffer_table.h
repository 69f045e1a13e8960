// The shared buffers of a HAL device (AllocateBuffer / ReleaseBuffer): one
// memfd per buffer, mapped read-write, remembered by fd so that only a buffer
// this device allocated is released (NNRT_INVALID_BUFFER otherwise); the
// buffers a caller never released are unmapped with the table (DestroyDevice).
#ifndef NNRT_REFERENCE_HAL_KIT_BUFFER_TABLE_H_
#define NNRT_REFERENCE_HAL_KIT_BUFFER_TABLE_H_

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "reference/hal/nnrt_hal.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace driver_kit {

class BufferTable {
 public:
  explicit BufferTable(std::string memfd_name) : memfd_name_(std::move(memfd_name)) {}
  ~BufferTable();  // unmaps and closes every buffer still held
  BufferTable(const BufferTable&) = delete;
  BufferTable& operator=(const BufferTable&) = delete;

  Status Allocate(uint32_t length, NNRT_HalBuffer* buffer);
  Status Release(const NNRT_HalBuffer& buffer);

 private:
  const std::string memfd_name_;
  std::mutex mu_;
  std::map<int32_t, std::pair<void*, uint32_t>> buffers_;  // fd -> (mapping, length)
};

// The bodies of a driver's AllocateBuffer and ReleaseBuffer: `table` is its
// device's buffer table, NULL when the device is NULL. (Functions of the
// table, not templates over the device: the drivers' NNRT_HalDevice structs
// differ and may be linked into one binary.)
int32_t AllocateBufferOf(BufferTable* table, uint32_t length, NNRT_HalBuffer* buffer);
int32_t ReleaseBufferOf(BufferTable* table, const NNRT_HalBuffer* buffer);

}  // namespace driver_kit
}  // namespace nnrt

#endif  // NNRT_REFERENCE_HAL_KIT_BUFFER_TABLE_H_
