// A deliberately wrong driver: GetInputDimRanges (HDI
// IPreparedModel::GetInputDimRanges) describes only the first model input, as
// a driver written for single-input models would: inputCount = 1 however many
// inputs the model has. Caught by the "dynamic-shape" execution mode on a
// two-input node (ADD_FUSION).
#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t RangesOfFirstInputOnly(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                               const uint32_t** dim_counts, uint32_t* input_count) {
  const int32_t rc = g_base->GetInputDimRanges(prepared, min_dims, max_dims, dim_counts, input_count);
  if (rc == NNRT_SUCCESS && input_count != nullptr && *input_count > 1) *input_count = 1;
  return rc;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-dim-ranges-first-input-only";
    options.vendor_name = "NNRt CTS sample wrong driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.GetInputDimRanges = RangesOfFirstInputOnly;
    return &table;
  }();
  return driver;
}
