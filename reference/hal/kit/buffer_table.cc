#include "reference/hal/kit/buffer_table.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "reference/hal/kit/hal_plumbing.h"

namespace nnrt {
namespace driver_kit {

BufferTable::~BufferTable() {
  for (auto& kv : buffers_) {
    munmap(kv.second.first, kv.second.second);
    close(kv.first);
  }
}

Status BufferTable::Allocate(uint32_t length, NNRT_HalBuffer* buffer) {
  if (length == 0) return InvalidParameter("length is 0");
  const int fd = memfd_create(memfd_name_.c_str(), MFD_CLOEXEC);
  if (fd < 0) return Status(NNRT_MEMORY_ERROR, std::string("memfd_create failed: ") + std::strerror(errno));
  if (ftruncate(fd, static_cast<off_t>(length)) != 0) {
    const int err = errno;
    close(fd);
    return Status(NNRT_MEMORY_ERROR, "ftruncate to " + std::to_string(length) + " bytes failed: " + std::strerror(err));
  }
  void* addr = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (addr == MAP_FAILED) {
    const int err = errno;
    close(fd);
    return Status(NNRT_MEMORY_ERROR, std::string("mmap failed: ") + std::strerror(err));
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    buffers_[fd] = {addr, length};
  }
  *buffer = NNRT_HalBuffer{fd, length, 0, length, addr};
  return Status::Ok();
}

Status BufferTable::Release(const NNRT_HalBuffer& buffer) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = buffers_.find(buffer.fd);
  if (it == buffers_.end() || it->second.first != buffer.hostAddress) {
    return Status(NNRT_INVALID_BUFFER, "fd " + std::to_string(buffer.fd) + " is not a buffer this device allocated");
  }
  munmap(it->second.first, it->second.second);
  close(it->first);
  buffers_.erase(it);
  return Status::Ok();
}

int32_t AllocateBufferOf(BufferTable* table, uint32_t length, NNRT_HalBuffer* buffer) {
  return Guard("AllocateBuffer", [&]() -> Status {
    if (table == nullptr) return NullPtr("device");
    if (buffer == nullptr) return NullPtr("buffer");
    return table->Allocate(length, buffer);
  });
}

int32_t ReleaseBufferOf(BufferTable* table, const NNRT_HalBuffer* buffer) {
  return Guard("ReleaseBuffer", [&]() -> Status {
    if (table == nullptr) return NullPtr("device");
    if (buffer == nullptr) return NullPtr("buffer");
    return table->Release(*buffer);
  });
}

}  // namespace driver_kit
}  // namespace nnrt
