// Cheap timing counters of a conformance run (`nnrt_cts run --profile`,
// docs/conformance.md "Where the time goes"): how many times and for how long
// each cost of a case was paid in this process. A --jobs worker ships its
// counters with each unit's result; the parent adds them up per part.
#ifndef NNRT_CONFORMANCE_RUN_PROFILE_H_
#define NNRT_CONFORMANCE_RUN_PROFILE_H_

#include <chrono>
#include <cstdint>

namespace nnrt {
namespace cts {

enum class ProfileCost : int {
  kReference = 0,  // RunReference: the reference interpreter on a case
  kReferenceAux,   // ComputeReferenceAux: the comparison bounds' extra reference runs
  kCandidate,      // a candidate-side step run in this process (RunOnCandidate, a mode's step, a query)
  kIsolatedChild,  // a candidate-side step in a forked child, fork to reap (includes the step itself)
  kCompare,        // CompareOutputs (includes kReferenceAux)
  kCount
};
constexpr int kProfileCostCount = static_cast<int>(ProfileCost::kCount);
const char* ProfileCostName(ProfileCost cost);

struct ProfileCounters {
  int64_t calls[kProfileCostCount] = {};
  int64_t nanos[kProfileCostCount] = {};
  void Add(const ProfileCounters& other);
  ProfileCounters Minus(const ProfileCounters& before) const;
};

// This process's counters.
ProfileCounters& GlobalProfile();

// Adds the scope's wall time to one cost of GlobalProfile(). Nested scopes of
// different costs both count (kCompare includes kReferenceAux).
class ScopedCost {
 public:
  explicit ScopedCost(ProfileCost cost) : cost_(cost), start_(std::chrono::steady_clock::now()) {}
  ~ScopedCost();
  ScopedCost(const ScopedCost&) = delete;
  ScopedCost& operator=(const ScopedCost&) = delete;

 private:
  ProfileCost cost_;
  std::chrono::steady_clock::time_point start_;
};

// CPU time of this process and of its reaped children (getrusage), in nanoseconds.
struct CpuTimes {
  int64_t self_user = 0, self_sys = 0, children_user = 0, children_sys = 0;
  int64_t minor_faults = 0;  // this process's minor page faults
  CpuTimes Minus(const CpuTimes& before) const;
  void Add(const CpuTimes& other);
};
CpuTimes CurrentCpuTimes();

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_RUN_PROFILE_H_
