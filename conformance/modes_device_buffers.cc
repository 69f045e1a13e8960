// The "device-buffers" execution mode (docs/conformance.md "Execution modes"):
// inputs and outputs in buffers from the driver's AllocateBuffer.
#include "conformance/modes_internal.h"

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

CandidateRun RunDeviceBuffers(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                              const std::vector<HostTensor>& inputs,
                              const std::vector<HostTensor>& reference_outputs) {
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, c.model, config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  std::vector<std::unique_ptr<HalBuffer>> buffers;
  CandidateRun refused;
  // Appends a driver buffer of `bytes` (at least 1); false with *refused set
  // when the driver does not offer AllocateBuffer (kUnsupported) or fails.
  auto allocate = [&](size_t bytes) -> bool {
    std::unique_ptr<HalBuffer> b;
    const Status st = candidate.device->AllocateBuffer(static_cast<uint32_t>(std::max<size_t>(bytes, 1)), &b);
    if (!st.ok()) {
      refused = IsNotSupportedCode(st) ? Skip("AllocateBuffer is not supported: " + st.ToString())
                                       : Fail("AllocateBuffer failed: " + st.ToString());
      return false;
    }
    buffers.push_back(std::move(b));
    return true;
  };
  std::vector<NNRT_HalIOTensor> in, out;
  for (const HostTensor& t : inputs) {
    if (!allocate(t.bytes.size())) return refused;
    HalBuffer* b = buffers.back().get();
    HalBufferAccess access;
    NNRT_HalBuffer whole = b->raw();
    whole.offset = 0;
    whole.dataSize = whole.bufferSize;
    Status st = access.Open(whole, true, NNRT_INVALID_BUFFER, "allocated input buffer");
    if (!st.ok()) return Fail("the buffer AllocateBuffer returned cannot be mapped: " + st.ToString());
    if (access.size() < t.bytes.size()) return Fail("AllocateBuffer returned a buffer smaller than requested");
    if (!t.bytes.empty()) std::memcpy(access.data(), t.bytes.data(), t.bytes.size());
    NNRT_HalIOTensor io = HostIOTensor(t.name, t.dtype, t.dims, nullptr, 0);
    io.data = b->raw();
    io.data.offset = 0;
    io.data.dataSize = static_cast<uint32_t>(t.bytes.size());
    in.push_back(io);
  }
  const std::vector<HostTensor> slots = OutputSlots(reference_outputs);
  std::vector<HalBuffer*> out_buffers;
  for (const HostTensor& t : slots) {
    if (!allocate(t.bytes.size())) return refused;
    HalBuffer* b = buffers.back().get();
    NNRT_HalIOTensor io = HostIOTensor(t.name, t.dtype, t.dims, nullptr, 0);
    io.data = b->raw();
    io.data.offset = 0;
    io.data.dataSize = static_cast<uint32_t>(t.bytes.size());
    out.push_back(io);
    out_buffers.push_back(b);
  }
  std::vector<Dims> dims;
  Status st = prepared->Run(in, out, &dims);
  if (!st.ok()) return Fail("Run with AllocateBuffer buffers failed: " + st.ToString());
  for (size_t i = 0; i < slots.size(); ++i) {
    HostTensor t;
    t.name = slots[i].name;
    t.dtype = slots[i].dtype;
    t.dims = i < dims.size() ? dims[i] : Dims();
    const auto count = ElementCount(t.dims);
    const size_t bytes = count ? static_cast<size_t>(*count) * DataTypeSize(t.dtype) : SIZE_MAX;
    NNRT_HalBuffer whole = out_buffers[i]->raw();
    whole.offset = 0;
    whole.dataSize = whole.bufferSize;
    HalBufferAccess access;
    st = access.Open(whole, false, NNRT_INVALID_BUFFER, "allocated output buffer");
    if (!st.ok()) return Fail("the output buffer cannot be mapped after Run: " + st.ToString());
    if (bytes > access.size() || bytes > slots[i].bytes.size()) {
      return Fail("Run reported output " + std::to_string(i) + " dims " + DimsToString(t.dims) +
                  ", larger than its buffer");
    }
    t.bytes.assign(access.data(), access.data() + bytes);
    r.outputs.push_back(std::move(t));
  }
  return r;
}

}  // namespace modes_internal
}  // namespace cts
}  // namespace nnrt
