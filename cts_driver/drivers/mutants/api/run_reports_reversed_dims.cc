// A deliberately wrong driver: Run writes the actual output dims
// (NNRT_HalShape, HDI IPreparedModel::Run outputsDims) in reverse order, as a
// driver whose backend keeps shapes innermost-first and forgets to flip them
// back would. The output data is right. Caught by the valid-model property of
// RESHAPE (the runner compares the reported dims with the reference's before
// any value).
#include <algorithm>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t RunReversingDims(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                         const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  const int32_t rc = g_base->Run(prepared, inputs, input_count, outputs, output_count, output_dims);
  if (rc != NNRT_SUCCESS || output_dims == nullptr) return rc;
  for (uint32_t i = 0; i < output_count; ++i) {
    const uint32_t rank = std::min<uint32_t>(output_dims[i].rank, NNRT_HAL_MAX_RANK);
    std::reverse(output_dims[i].dims, output_dims[i].dims + rank);
  }
  return rc;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-run-reports-reversed-dims";
    options.vendor_name = "NNRt CTS sample wrong driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = RunReversingDims;
    return &table;
  }();
  return driver;
}
