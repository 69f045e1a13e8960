// Where the reference device's per-run memory budget comes from (C-303): the
// driver option ReferenceDriverOptions.run_memory_budget_bytes (default
// kDefaultRunMemoryBudgetBytes, 4 GiB), overridden for every device created
// while the environment variable NNRT_REFERENCE_RUN_MEMORY_BUDGET is set.
// The per-run work budget (C-760) is set the same way:
// ReferenceDriverOptions.run_work_budget, NNRT_REFERENCE_RUN_WORK_BUDGET.
#ifndef NNRT_REFERENCE_DEVICE_RUN_MEMORY_BUDGET_H_
#define NNRT_REFERENCE_DEVICE_RUN_MEMORY_BUDGET_H_

#include <cstdint>
#include <string>

#include "reference/ir/status.h"

namespace nnrt {

constexpr char kRunMemoryBudgetEnv[] = "NNRT_REFERENCE_RUN_MEMORY_BUDGET";
constexpr char kRunWorkBudgetEnv[] = "NNRT_REFERENCE_RUN_WORK_BUDGET";

// A byte count >= 1: decimal digits, optionally followed by K, M or G
// (KiB, MiB, GiB). false for anything else or a value above 2^63.
bool ParseRunMemoryBudget(const std::string& text, uint64_t* bytes);

// When NNRT_REFERENCE_RUN_MEMORY_BUDGET is set, replaces *bytes with its
// value; a malformed value is NNRT_INVALID_PARAMETER (never ignored).
Status ApplyRunMemoryBudgetEnv(uint64_t* bytes);

// When NNRT_REFERENCE_RUN_WORK_BUDGET is set, replaces *steps with its value
// (written like a byte count: K, M, G multiply by 2^10, 2^20, 2^30); a
// malformed value is NNRT_INVALID_PARAMETER.
Status ApplyRunWorkBudgetEnv(uint64_t* steps);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_RUN_MEMORY_BUDGET_H_
