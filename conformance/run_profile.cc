#include "conformance/run_profile.h"

#include <sys/resource.h>

namespace nnrt {
namespace cts {

const char* ProfileCostName(ProfileCost cost) {
  switch (cost) {
    case ProfileCost::kReference: return "reference run";
    case ProfileCost::kReferenceAux: return "reference bounds runs";
    case ProfileCost::kCandidate: return "candidate step in-process";
    case ProfileCost::kIsolatedChild: return "candidate step in a forked child";
    case ProfileCost::kCompare: return "comparison";
    case ProfileCost::kCount: break;
  }
  return "?";
}

void ProfileCounters::Add(const ProfileCounters& other) {
  for (int i = 0; i < kProfileCostCount; ++i) {
    calls[i] += other.calls[i];
    nanos[i] += other.nanos[i];
  }
}

ProfileCounters ProfileCounters::Minus(const ProfileCounters& before) const {
  ProfileCounters d;
  for (int i = 0; i < kProfileCostCount; ++i) {
    d.calls[i] = calls[i] - before.calls[i];
    d.nanos[i] = nanos[i] - before.nanos[i];
  }
  return d;
}

ProfileCounters& GlobalProfile() {
  static ProfileCounters counters;
  return counters;
}

ScopedCost::~ScopedCost() {
  const auto elapsed = std::chrono::steady_clock::now() - start_;
  ProfileCounters& p = GlobalProfile();
  const int i = static_cast<int>(cost_);
  ++p.calls[i];
  p.nanos[i] += std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count();
}

namespace {
int64_t Nanos(const timeval& t) { return static_cast<int64_t>(t.tv_sec) * 1000000000 + t.tv_usec * 1000; }
}  // namespace

CpuTimes CurrentCpuTimes() {
  CpuTimes t;
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  t.self_user = Nanos(self.ru_utime);
  t.self_sys = Nanos(self.ru_stime);
  t.children_user = Nanos(children.ru_utime);
  t.children_sys = Nanos(children.ru_stime);
  t.minor_faults = self.ru_minflt;
  return t;
}

CpuTimes CpuTimes::Minus(const CpuTimes& before) const {
  CpuTimes d;
  d.self_user = self_user - before.self_user;
  d.self_sys = self_sys - before.self_sys;
  d.children_user = children_user - before.children_user;
  d.children_sys = children_sys - before.children_sys;
  d.minor_faults = minor_faults - before.minor_faults;
  return d;
}

void CpuTimes::Add(const CpuTimes& o) {
  self_user += o.self_user;
  self_sys += o.self_sys;
  children_user += o.children_user;
  children_sys += o.children_sys;
  minor_faults += o.minor_faults;
}

}  // namespace cts
}  // namespace nnrt
