// The "device-buffers" execution mode (docs/conformance.md "Execution modes"):
// inputs and outputs at offsets of one buffer pool from the driver's AllocateBuffer.
#include "conformance/modes/internal.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace cts {
namespace modes_internal {

// ---- Driver-allocated buffers ----------------------------------------------------------

// Every input and output lives in ONE buffer from the driver's AllocateBuffer
// (a shared pool, as runtimes hand them out in the field), each at its own
// non-zero, 64-byte aligned offset, with guard bytes in front of, between and
// behind the regions. A driver that ignores NNRT_HalBuffer::offset reads the
// wrong inputs or writes over the guards; both fail the case (C-260).
namespace {

constexpr size_t kPoolAlign = 64;
constexpr uint8_t kPoolGuard = 0xA5;

size_t AlignUp(size_t n) { return (n + kPoolAlign - 1) / kPoolAlign * kPoolAlign; }

struct PoolRegion {
  size_t offset;
  size_t bytes;
};

// Regions for `sizes` starting at kPoolAlign (never at 0), one alignment unit
// of guard after each; *total is the pool size.
std::vector<PoolRegion> LayOutPool(const std::vector<size_t>& sizes, size_t* total) {
  std::vector<PoolRegion> regions;
  size_t next = kPoolAlign;
  for (size_t bytes : sizes) {
    regions.push_back(PoolRegion{next, bytes});
    next = AlignUp(next + std::max<size_t>(bytes, 1)) + kPoolAlign;
  }
  *total = next;
  return regions;
}

bool InsideARegion(const std::vector<PoolRegion>& regions, size_t i) {
  for (const PoolRegion& r : regions) {
    if (i >= r.offset && i < r.offset + r.bytes) return true;
  }
  return false;
}

}  // namespace

CandidateRun RunDeviceBuffers(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                              const std::vector<HostTensor>& inputs,
                              const std::vector<HostTensor>& reference_outputs) {
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, c.model, config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  const std::vector<HostTensor> slots = OutputSlots(reference_outputs);
  std::vector<size_t> sizes;
  for (const HostTensor& t : inputs) sizes.push_back(t.data.size());
  for (const HostTensor& t : slots) sizes.push_back(t.data.size());
  size_t total = 0;
  const std::vector<PoolRegion> regions = LayOutPool(sizes, &total);
  if (total > UINT32_MAX) return Skip("the case's tensors do not fit one HAL buffer");
  std::unique_ptr<HalBuffer> pool;
  const Status allocated = candidate.device->AllocateBuffer(static_cast<uint32_t>(total), &pool);
  if (!allocated.ok()) {
    return IsNotSupportedCode(allocated) ? Skip("AllocateBuffer is not supported: " + allocated.ToString())
                                         : Fail("AllocateBuffer failed: " + allocated.ToString());
  }
  NNRT_HalBuffer whole = pool->raw();
  whole.offset = 0;
  whole.dataSize = whole.bufferSize;
  {
    HalBufferAccess access;
    const Status st = access.Open(whole, true, NNRT_INVALID_BUFFER, "allocated pool");
    if (!st.ok()) return Fail("the buffer AllocateBuffer returned cannot be mapped: " + st.ToString());
    if (access.size() < total) return Fail("AllocateBuffer returned a buffer smaller than requested");
    std::memset(access.data(), kPoolGuard, total);
    for (size_t k = 0; k < inputs.size(); ++k) {
      if (!inputs[k].data.empty()) {
        std::memcpy(access.data() + regions[k].offset, inputs[k].data.data(), inputs[k].data.size());
      }
    }
  }
  auto io_at = [&](const HostTensor& t, const PoolRegion& region) {
    NNRT_HalIOTensor io = HostIOTensor(t.name, t.data_type, t.dims, nullptr, 0);
    io.data = pool->raw();
    io.data.offset = static_cast<uint32_t>(region.offset);
    io.data.dataSize = static_cast<uint32_t>(region.bytes);
    return io;
  };
  std::vector<NNRT_HalIOTensor> in, out;
  for (size_t k = 0; k < inputs.size(); ++k) in.push_back(io_at(inputs[k], regions[k]));
  for (size_t i = 0; i < slots.size(); ++i) out.push_back(io_at(slots[i], regions[inputs.size() + i]));
  std::vector<Dims> dims;
  Status st = prepared->Run(in, out, &dims);
  if (!st.ok()) return Fail("Run with inputs and outputs at offsets of one AllocateBuffer pool failed: " + st.ToString());
  HalBufferAccess access;
  st = access.Open(whole, false, NNRT_INVALID_BUFFER, "allocated pool");
  if (!st.ok()) return Fail("the pool cannot be mapped after Run: " + st.ToString());
  for (size_t i = 0; i < total; ++i) {
    if (!InsideARegion(regions, i) && access.data()[i] != kPoolGuard) {
      return Fail("Run wrote byte " + std::to_string(i) + " of the buffer pool, outside every input and output "
                  "region (does the driver honour NNRT_HalBuffer::offset?)");
    }
  }
  for (size_t i = 0; i < slots.size(); ++i) {
    HostTensor t;
    t.name = slots[i].name;
    t.data_type = slots[i].data_type;
    t.dims = i < dims.size() ? dims[i] : Dims();
    const auto count = ElementCount(t.dims);
    const size_t bytes = count ? static_cast<size_t>(*count) * DataTypeSize(t.data_type) : SIZE_MAX;
    if (bytes > slots[i].data.size()) {
      return Fail("Run reported output " + std::to_string(i) + " dims " + DimsToString(t.dims) +
                  ", larger than its buffer");
    }
    const uint8_t* begin = access.data() + regions[inputs.size() + i].offset;
    t.data.assign(begin, begin + bytes);
    r.outputs.push_back(std::move(t));
  }
  return r;
}

}  // namespace modes_internal
}  // namespace cts
}  // namespace nnrt
