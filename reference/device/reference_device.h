// The reference HAL driver: every function of NNRT_HalDriver implemented on
// top of the reference interpreter. libnnrt_reference_driver.so exports it
// (driver_entry.cc); sample and mutant drivers (cts_driver/) build their own
// table with MakeReferenceDriver and a few kernel overrides.
#ifndef NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_H_
#define NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/device/interpreter.h"
#include "reference/hal/nnrt_hal.h"

namespace nnrt {

// Upper bound GetInputDimRanges reports for a dynamic (-1) dim (C-31).
constexpr uint32_t kReferenceMaxDynamicDim = 65536;

struct ReferenceDriverOptions {
  std::string device_name = "nnrt-reference";
  std::string vendor_name = "NNRt Reference & Conformance Kit";
  uint32_t version_major = 2;
  uint32_t version_minor = 1;
  int32_t device_type = NNRT_DEVICE_CPU;
  int32_t device_status = NNRT_DEVICE_AVAILABLE;
  bool float16_supported = true;
  bool performance_mode_supported = true;
  bool priority_supported = true;
  bool dynamic_input_supported = true;  // false: PrepareModel rejects -1 input dims (NNRT_NOT_SUPPORT)
  bool model_cache_supported = true;    // false: ExportModelCache / PrepareModelFromModelCache return NNRT_NOT_SUPPORT
  uint32_t max_dynamic_dim = kReferenceMaxDynamicDim;
  // false: GetInputDimRanges returns NNRT_NOT_SUPPORT, like an HDI v1.0 device
  // without the method (the runtime then skips or refuses range checks).
  bool input_dim_ranges_supported = true;
  // Bytes one Run may hold at once (C-303; InterpreterOptions). A device
  // created while NNRT_REFERENCE_RUN_MEMORY_BUDGET is set uses that instead
  // (run_memory_budget.h); above the budget Run fails with NNRT_OUT_OF_MEMORY.
  uint64_t run_memory_budget_bytes = kDefaultRunMemoryBudgetBytes;
  // Steps one Run's kernels may charge (C-760; InterpreterOptions); env
  // NNRT_REFERENCE_RUN_WORK_BUDGET overrides it at CreateDevice. Above it Run
  // fails with NNRT_TIME_OUT.
  uint64_t run_work_budget = kDefaultRunWorkBudget;
  std::vector<KernelOverride> overrides;  // applied by every device of this driver
  std::vector<NodeType> unsupported;      // node types reported unsupported (InterpreterOptions)
};

// Returns a static driver table whose devices use `options`. The options are
// copied; each device takes a snapshot at CreateDevice, so a later call (with
// other options) affects only devices created after it (C-33). Meant to be
// called once from a driver .so's NNRT_HalGetDriver; each .so linked with
// -Wl,-Bsymbolic and the export list of device/driver_exports.lds keeps its
// own copy of this code and of the options.
const NNRT_HalDriver* MakeReferenceDriver(const ReferenceDriverOptions& options);

// MakeReferenceDriver(ReferenceDriverOptions()) — what the reference .so exports.
const NNRT_HalDriver* ReferenceDriver();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_H_
