// The per-run time budget (docs/conformance.md "Slow drivers", C-264): a slow
// driver must end in a report that says what ran, what timed out and what was
// skipped, not in a bare target timeout. Every part of the suite asks
// RunBudgetExhausted() before it starts a case; a case not started is counted
// as skipped, and the run ends incomplete.
#ifndef NNRT_CONFORMANCE_TIME_BUDGET_H_
#define NNRT_CONFORMANCE_TIME_BUDGET_H_

#include <cstdint>
#include <string>

namespace nnrt {
namespace cts {

// Starts the clock with `seconds` to spend (<= 0: no budget). Restarting is allowed.
void StartRunBudget(double seconds);

// The budget from the environment: $NNRT_CTS_TIME_BUDGET (seconds) when set;
// else, under `bazel test`, 3/4 of $TEST_TIMEOUT minus 10 s (the rest is left
// for the case in flight, shrinking and the report); else 0 (none).
double RunBudgetFromEnv();

// Starts the budget from the environment once per process (the first call wins).
void StartRunBudgetFromEnvOnce();

bool RunBudgetExhausted();
double RunBudgetSeconds();    // 0: none
double RunElapsedSeconds();   // since StartRunBudget

// A per-case timeout that does not run past the budget by more than the case
// itself needs: min(timeout, remaining budget), at least 1 s.
int CaseTimeoutWithinBudget(int timeout_seconds);

// Cases not started because the budget was exhausted.
void AddSkippedCases(int64_t n);
int64_t SkippedCases();

// "time budget of 20 s exhausted after 21.3 s: 412 cases skipped" ("" when nothing was skipped).
std::string DescribeBudgetOutcome();

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_TIME_BUDGET_H_
