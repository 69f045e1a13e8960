// A hostile sample driver (docs/conformance.md "Hostile drivers"): Run fails with an undefined return code (12345) and a GetLastErrorMessage that is not NUL-terminated.
// The suite must report the case as failed with a clear message, never crash
// or hang, with and without isolation (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

char g_message[(1u << 16) + 1];  // kHalMaxStringLength + 1 characters (what the caller may read), none NUL

int32_t RunFailsOddly(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                      const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  (void)prepared;
  (void)inputs;
  (void)input_count;
  (void)outputs;
  (void)output_count;
  (void)output_dims;
  return 12345;
}

const char* UnterminatedMessage(void) {
  std::memset(g_message, 'm', sizeof g_message);
  return g_message;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-run_undefined_code_unterminated_message";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = RunFailsOddly;
    table.GetLastErrorMessage = UnterminatedMessage;
    return &table;
  }();
  return driver;
}
