// Units of `nnrt_cts run` on one or more processes (run_units.h).
#include "cts_driver/run_units.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "conformance/report/merge.h"
#include "conformance/runner.h"
#include "conformance/suite_environment.h"
#include "conformance/time_budget.h"

namespace nnrt {
namespace cts {
namespace {

Status ReadWholeFile(const std::string& path, std::string* bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return InvalidParameter("cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  *bytes = ss.str();
  return Status::Ok();
}

// Runs a unit, turning an escaped exception into a failed unit (a suite bug, shown).
UnitResult RunGuarded(const RunUnit& unit) {
  try {
    return unit();
  } catch (const std::exception& e) {
    UnitResult r;
    r.ok = false;
    r.text = std::string("  FAIL  internal error of the suite: ") + e.what() + "\n";
    return r;
  }
}

std::string DescribeExit(int status) {
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  return "ended";
}

int64_t CasesRun() {
  const CellCounts totals = GlobalResults().Totals();
  int64_t cases = 0;
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    if (static_cast<CaseResult>(i) != CaseResult::kSkipped) cases += totals[i];
  }
  return cases;
}

// RunGuarded with the unit's profile filled in.
UnitResult RunMeasured(const RunUnit& unit) {
  const auto start = std::chrono::steady_clock::now();
  const CpuTimes cpu_before = CurrentCpuTimes();
  const ProfileCounters costs_before = GlobalProfile();
  const int64_t cases_before = CasesRun();
  UnitResult r = RunGuarded(unit);
  r.profile.cpu = CurrentCpuTimes().Minus(cpu_before);
  r.profile.costs = GlobalProfile().Minus(costs_before);
  r.profile.cases = CasesRun() - cases_before;
  r.profile.wall_nanos =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace

void UnitProfile::Add(const UnitProfile& other) {
  wall_nanos += other.wall_nanos;
  cpu.Add(other.cpu);
  costs.Add(other.costs);
  cases += other.cases;
  reruns += other.reruns;
}

int DefaultJobs() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 1;
}

// The worker side: a shared counter hands out unit indices; a finished unit
// leaves <dir>/unit_<i> and writes i (4 bytes, atomic on a pipe) to `done`.
// A worker slot whose process died in a unit gets a replacement that reruns
// that unit first, with a fork per candidate step (`rerun[k]`).
struct UnitExecutor::Workers {
  struct Shared {
    std::atomic<int64_t> next;
  };
  std::string dir;
  Shared* shared = nullptr;
  size_t shared_bytes = 0;
  int64_t* running = nullptr;  // per worker slot: the unit it runs, -1 when none
  int done_read = -1;
  int done_write = -1;
  std::vector<pid_t> pids;      // per slot; -1 when the slot's process has been reaped
  std::vector<int64_t> rerun;   // per slot: the unit its current process reruns first, -1 when none
  std::vector<bool> finished;   // per unit: its result file exists
  std::map<size_t, int> lost;   // unit -> waitpid status of the worker that died in its rerun

  std::string UnitPath(size_t i) const { return dir + "/unit_" + std::to_string(i); }
  bool AnyAlive() const {
    for (pid_t p : pids) {
      if (p > 0) return true;
    }
    return false;
  }
};

namespace {

// Runs unit i in a worker and leaves its result for the parent; false when it cannot.
bool RunUnitInWorker(UnitExecutor::Workers* w, const std::vector<RunUnit>& units, int k, int64_t i, bool rerun) {
  w->running[k] = i;
  GlobalResults().Clear();
  const int64_t skipped_before = SkippedCases();
  UnitResult r = RunMeasured(units[static_cast<size_t>(i)]);
  r.report_json = ReportJson(GlobalResults());
  r.budget_skipped = SkippedCases() - skipped_before;
  r.profile.reruns = rerun ? 1 : 0;
  const std::string path = w->UnitPath(static_cast<size_t>(i));
  {
    std::ofstream out(path + ".tmp", std::ios::binary);
    out << SerializeUnitResult(r);
    if (!out.flush()) return false;
  }
  if (std::rename((path + ".tmp").c_str(), path.c_str()) != 0) return false;
  const uint32_t index = static_cast<uint32_t>(i);
  if (write(w->done_write, &index, sizeof index) != static_cast<ssize_t>(sizeof index)) return false;
  w->running[k] = -1;
  return true;
}

}  // namespace

UnitExecutor::UnitExecutor(std::vector<RunUnit> units, int jobs, bool steps_in_process)
    : units_(std::move(units)), jobs_(jobs), steps_in_process_(steps_in_process) {}

Status UnitExecutor::Start() {
  if (units_.empty() || (!steps_in_process_ && (jobs_ <= 1 || units_.size() <= 1))) return Status::Ok();
  auto w = std::make_unique<Workers>();
  const std::string tmp = NonEmpty(ProcessSuiteEnvironment().tmpdir);
  std::string templ = (!tmp.empty() ? tmp : std::string("/tmp")) + "/nnrt_cts_jobs.XXXXXX";
  if (mkdtemp(&templ[0]) == nullptr) {
    return InvalidParameter("--jobs: cannot create a directory for the workers under " + templ + ": " +
                            std::strerror(errno));
  }
  w->dir = templ;
  const int slots = std::max(1, jobs_);
  w->shared_bytes = sizeof(Workers::Shared) + sizeof(int64_t) * static_cast<size_t>(slots);
  void* mem = mmap(nullptr, w->shared_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return InvalidParameter("--jobs: mmap of the unit counter failed");
  w->shared = new (mem) Workers::Shared{};
  w->shared->next.store(0);
  w->running = reinterpret_cast<int64_t*>(static_cast<char*>(mem) + sizeof(Workers::Shared));
  int fds[2];
  if (pipe(fds) != 0) return InvalidParameter("--jobs: pipe failed");
  w->done_read = fds[0];
  w->done_write = fds[1];
  w->finished.assign(units_.size(), false);
  w->pids.assign(static_cast<size_t>(slots), -1);
  w->rerun.assign(static_cast<size_t>(slots), -1);
  workers_ = std::move(w);
  for (int k = 0; k < slots; ++k) SpawnWorker(k, -1);
  return Status::Ok();
}

// Forks the process of slot k; it reruns unit `rerun` first (a fork per
// candidate step), then takes units until none is left.
void UnitExecutor::SpawnWorker(int k, int64_t rerun) {
  Workers& w = *workers_;
  w.running[k] = rerun;
  w.rerun[static_cast<size_t>(k)] = rerun;
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    w.running[k] = -1;
    w.pids[static_cast<size_t>(k)] = -1;
    return;  // fewer workers; the parent runs what is left over
  }
  if (pid == 0) {
    close(w.done_read);
    if (rerun >= 0) {
      SetCandidateStepsInProcess(false);
      if (!RunUnitInWorker(&w, units_, k, rerun, true)) _exit(3);
    }
    SetCandidateStepsInProcess(steps_in_process_);
    for (;;) {
      const int64_t i = w.shared->next.fetch_add(1);
      if (i >= static_cast<int64_t>(units_.size())) break;
      if (!RunUnitInWorker(&w, units_, k, i, false)) _exit(3);
    }
    _exit(0);
  }
  w.pids[static_cast<size_t>(k)] = pid;
}

// Reaps the worker processes that ended; one that died in a unit is replaced
// by a process rerunning that unit, unless it died in that very rerun.
void UnitExecutor::ReapWorkers() {
  Workers& w = *workers_;
  for (size_t k = 0; k < w.pids.size(); ++k) {
    if (w.pids[k] <= 0) continue;
    int status = 0;
    const pid_t got = waitpid(w.pids[k], &status, WNOHANG);
    if (got == 0 || (got < 0 && errno == EINTR)) continue;
    w.pids[k] = -1;
    const int64_t unit = w.running[k];
    w.running[k] = -1;
    if (unit < 0 || w.finished[static_cast<size_t>(unit)]) continue;
    if (w.rerun[k] == unit || !steps_in_process_) {
      w.lost[static_cast<size_t>(unit)] = status;  // a crash of the suite itself
      SpawnWorker(static_cast<int>(k), -1);
    } else {
      SpawnWorker(static_cast<int>(k), unit);
    }
  }
}

UnitResult UnitExecutor::Wait(size_t index) {
  if (!workers_) return RunMeasured(units_[index]);
  Workers& w = *workers_;
  while (!w.finished[index] && w.lost.count(index) == 0 && w.AnyAlive()) {
    pollfd p{w.done_read, POLLIN, 0};
    const int ready = poll(&p, 1, 100);
    if (ready > 0) {
      uint32_t done = 0;
      const ssize_t n = read(w.done_read, &done, sizeof done);
      if (n == static_cast<ssize_t>(sizeof done) && done < w.finished.size()) w.finished[done] = true;
    }
    ReapWorkers();
  }
  if (!w.finished[index]) {
    const auto lost = w.lost.find(index);
    if (lost != w.lost.end()) {
      UnitResult r;
      r.ok = false;
      r.text = "  FAIL  the worker process running this part " + DescribeExit(lost->second) +
               " (a crash of the suite itself, not of a case: each case runs isolated); its cases are not counted\n";
      return r;
    }
    return RunMeasured(units_[index]);  // never taken: every worker ended before it
  }
  std::string bytes;
  UnitResult r;
  Status st = ReadWholeFile(w.UnitPath(index), &bytes);
  if (st.ok()) st = ParseUnitResult(bytes, &r);
  if (st.ok()) st = MergeReportJson(r.report_json, "unit " + std::to_string(index), &GlobalResults());
  if (st.ok()) AddSkippedCases(r.budget_skipped);
  std::remove(w.UnitPath(index).c_str());
  if (!st.ok()) {
    r = UnitResult{};
    r.ok = false;
    r.text = "  FAIL  result of part " + std::to_string(index) + " lost: " + st.ToString() + "\n";
  }
  return r;
}

UnitExecutor::~UnitExecutor() {
  if (!workers_) return;
  Workers& w = *workers_;
  for (pid_t pid : w.pids) {
    if (pid > 0) kill(pid, SIGTERM);
  }
  for (pid_t pid : w.pids) {
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  close(w.done_read);
  close(w.done_write);
  for (size_t i = 0; i < w.finished.size(); ++i) {
    std::remove(w.UnitPath(i).c_str());
    std::remove((w.UnitPath(i) + ".tmp").c_str());
  }
  rmdir(w.dir.c_str());
  munmap(w.shared, w.shared_bytes);
}

}  // namespace cts
}  // namespace nnrt
