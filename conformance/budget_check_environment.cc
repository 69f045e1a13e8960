// Linked into the conformance test binaries: under `bazel test` the run's time
// budget (C-264) comes from $TEST_TIMEOUT, and cases not started because it ran
// out are counted as skipped. A binary with skipped cases fails here, in the
// global tear-down, saying how many, instead of passing on a partial run or
// dying in a bare TIMEOUT with no per-case result.
#include <gtest/gtest.h>

#include "conformance/time_budget.h"

namespace nnrt {
namespace cts {
namespace {

class BudgetCheck : public ::testing::Environment {
 public:
  void TearDown() override {
    const std::string outcome = DescribeBudgetOutcome();
    if (!outcome.empty()) {
      ADD_FAILURE() << "incomplete run: " << outcome
                    << " (per-case results above; raise --test_timeout or set NNRT_CTS_TIME_BUDGET, "
                       "or lower NNRT_CTS_CASES)";
    }
  }
};

const auto* const kBudgetCheck = ::testing::AddGlobalTestEnvironment(new BudgetCheck);

}  // namespace
}  // namespace cts
}  // namespace nnrt
