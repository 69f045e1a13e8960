#include "conformance/time_budget.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "conformance/suite_environment.h"

namespace nnrt {
namespace cts {
namespace {

using Clock = std::chrono::steady_clock;

struct Budget {
  std::mutex mu;
  Clock::time_point start = Clock::now();
  double seconds = 0;
  std::atomic<int64_t> skipped{0};
};

Budget& TheBudget() {
  static Budget* b = new Budget();
  return *b;
}

double ParseSeconds(const EnvValue& value) {
  if (!value || value->empty()) return 0;
  const char* s = value->c_str();
  char* end = nullptr;
  const double v = std::strtod(s, &end);
  return (end != s && std::isfinite(v) && v > 0) ? v : 0;
}

}  // namespace

void StartRunBudget(double seconds) {
  Budget& b = TheBudget();
  std::lock_guard<std::mutex> lock(b.mu);
  b.start = Clock::now();
  b.seconds = seconds > 0 ? seconds : 0;
  b.skipped = 0;
}

double RunBudgetFromEnv() {
  const SuiteEnvironment& env = ProcessSuiteEnvironment();
  if (const double v = ParseSeconds(env.time_budget); v > 0) return v;
  if (const double t = ParseSeconds(env.test_timeout); t > 0) return std::max(1.0, 0.75 * t - 10);
  return 0;
}

void StartRunBudgetFromEnvOnce() {
  static std::once_flag once;
  std::call_once(once, [] { StartRunBudget(RunBudgetFromEnv()); });
}

double RunBudgetSeconds() {
  Budget& b = TheBudget();
  std::lock_guard<std::mutex> lock(b.mu);
  return b.seconds;
}

double RunElapsedSeconds() {
  Budget& b = TheBudget();
  std::lock_guard<std::mutex> lock(b.mu);
  return std::chrono::duration<double>(Clock::now() - b.start).count();
}

bool RunBudgetExhausted() {
  const double budget = RunBudgetSeconds();
  return budget > 0 && RunElapsedSeconds() >= budget;
}

int CaseTimeoutWithinBudget(int timeout_seconds) {
  const double budget = RunBudgetSeconds();
  if (budget <= 0) return timeout_seconds;
  const double remaining = budget - RunElapsedSeconds();
  return std::max(1, std::min(timeout_seconds, static_cast<int>(std::ceil(remaining))));
}

void AddSkippedCases(int64_t n) { TheBudget().skipped += n; }

int64_t SkippedCases() { return TheBudget().skipped.load(); }

std::string DescribeBudgetOutcome() {
  const int64_t skipped = SkippedCases();
  if (skipped == 0) return "";
  char text[160];
  std::snprintf(text, sizeof text, "time budget of %.0f s exhausted after %.1f s: %lld case(s) skipped",
                RunBudgetSeconds(), RunElapsedSeconds(), static_cast<long long>(skipped));
  return text;
}

}  // namespace cts
}  // namespace nnrt
