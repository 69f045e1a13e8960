// A deliberately wrong driver: GetInputDimRanges answers the generic range
// [1, 65536] for every dynamic dim (as the reference does), but the device
// works in fixed tiles of 64 elements per dim, so Run refuses any input dim
// above 64 with NNRT_INVALID_SHAPE. Every run at the shapes the suite's random
// cases use (dims of a few elements) is right; only a run at the advertised
// max or midpoint shows the broken promise. Caught by the "dynamic-shape"
// execution mode, which runs every advertised range at its min, max and
// midpoint (C-263).
#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;
constexpr int32_t kTile = 64;

int32_t RunWithinTiles(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                       const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  for (uint32_t i = 0; inputs != nullptr && i < input_count; ++i) {
    for (uint32_t d = 0; inputs[i].dims != nullptr && d < inputs[i].dimCount; ++d) {
      if (inputs[i].dims[d] > kTile) return NNRT_INVALID_SHAPE;
    }
  }
  return g_base->Run(prepared, inputs, input_count, outputs, output_count, output_dims);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-dim-ranges-not-honoured";
    options.vendor_name = "NNRt CTS sample wrong driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = RunWithinTiles;
    return &table;
  }();
  return driver;
}
