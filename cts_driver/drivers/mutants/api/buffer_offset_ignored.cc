// A deliberately wrong driver: Run uses every fd-backed input and output
// buffer from its start, ignoring NNRT_HalBuffer::offset (HDI SharedBuffer
// offset). Right while each tensor has a buffer of its own at offset 0, wrong
// as soon as tensors share a pool. Caught by the device-buffers mode, which
// places every tensor at its own offset of one AllocateBuffer pool.
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

std::vector<NNRT_HalIOTensor> AtOffsetZero(const NNRT_HalIOTensor* tensors, uint32_t count) {
  std::vector<NNRT_HalIOTensor> out(tensors, tensors + count);
  for (NNRT_HalIOTensor& t : out) {
    if (t.data.fd >= 0) t.data.offset = 0;
  }
  return out;
}

int32_t RunIgnoringOffsets(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                           const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  if (inputs == nullptr || outputs == nullptr) {
    return g_base->Run(prepared, inputs, input_count, outputs, output_count, output_dims);
  }
  const std::vector<NNRT_HalIOTensor> in = AtOffsetZero(inputs, input_count);
  const std::vector<NNRT_HalIOTensor> out = AtOffsetZero(outputs, output_count);
  return g_base->Run(prepared, in.data(), input_count, out.data(), output_count, output_dims);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-buffer-offset-ignored";
    options.vendor_name = "NNRt CTS sample wrong driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = RunIgnoringOffsets;
    return &table;
  }();
  return driver;
}
