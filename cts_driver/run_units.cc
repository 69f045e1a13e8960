// Units of `nnrt_cts run` on one or more processes (run_units.h).
#include "cts_driver/run_units.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>

#include "conformance/report_merge.h"
#include "conformance/time_budget.h"

namespace nnrt {
namespace cts {
namespace {

constexpr char kUnitMagic[] = "nnrt-cts-unit-1;";

// ---- Byte form: integers as "<decimal>;", strings as "<length>:<bytes>".
void PutInt(int64_t v, std::string* out) { *out += std::to_string(v) + ";"; }
void PutStr(const std::string& s, std::string* out) {
  *out += std::to_string(s.size()) + ":";
  *out += s;
}
void PutFamilies(const std::map<std::string, FamilyCounts>& m, std::string* out) {
  PutInt(static_cast<int64_t>(m.size()), out);
  for (const auto& kv : m) {
    PutStr(kv.first, out);
    PutInt(kv.second.rejected, out);
    PutInt(kv.second.not_rejected, out);
    PutInt(kv.second.not_applicable, out);
    PutInt(kv.second.reference_accepted, out);
  }
}

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}
  bool Int(int64_t* v) {
    const size_t end = s_.find(';', pos_);
    if (end == std::string::npos || end == pos_ || end - pos_ > 20) return false;
    char* stop = nullptr;
    const std::string digits = s_.substr(pos_, end - pos_);
    *v = std::strtoll(digits.c_str(), &stop, 10);
    if (stop == nullptr || *stop != '\0') return false;
    pos_ = end + 1;
    return true;
  }
  bool Str(std::string* v) {
    const size_t colon = s_.find(':', pos_);
    if (colon == std::string::npos || colon == pos_ || colon - pos_ > 20) return false;
    const unsigned long long n = std::strtoull(s_.substr(pos_, colon - pos_).c_str(), nullptr, 10);
    if (n > s_.size() - colon - 1) return false;
    *v = s_.substr(colon + 1, n);
    pos_ = colon + 1 + n;
    return true;
  }
  bool Families(std::map<std::string, FamilyCounts>* m) {
    int64_t n = 0;
    if (!Int(&n) || n < 0) return false;
    for (int64_t i = 0; i < n; ++i) {
      std::string name;
      FamilyCounts c;
      if (!Str(&name) || !Int(&c.rejected) || !Int(&c.not_rejected) || !Int(&c.not_applicable) ||
          !Int(&c.reference_accepted)) {
        return false;
      }
      (*m)[name] = c;
    }
    return true;
  }
  bool AtEnd() const { return pos_ == s_.size(); }

 private:
  const std::string& s_;
  size_t pos_ = sizeof kUnitMagic - 1;
};

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

}  // namespace

std::string SerializeUnitResult(const UnitResult& r) {
  std::string out = kUnitMagic;
  PutInt(r.ok ? 1 : 0, &out);
  PutStr(r.text, &out);
  PutStr(r.report_json, &out);
  PutInt(static_cast<int64_t>(r.coverage.size()), &out);
  for (const auto& kv : r.coverage) {
    PutStr(kv.first.first, &out);
    PutStr(kv.first.second, &out);
    PutInt(kv.second.passed, &out);
    PutInt(kv.second.failed, &out);
    PutInt(kv.second.unsupported, &out);
  }
  PutFamilies(r.families, &out);
  PutFamilies(r.run_probes, &out);
  PutInt(r.invalid_skipped, &out);
  PutInt(r.budget_skipped, &out);
  PutInt(static_cast<int64_t>(r.verdicts.size()), &out);
  for (const auto& kv : r.verdicts) {
    PutInt(kv.first, &out);
    PutInt(kv.second, &out);
  }
  return out;
}

Status ParseUnitResult(const std::string& bytes, UnitResult* r) {
  const Status bad = InvalidParameter("malformed unit result from a worker process");
  if (bytes.compare(0, sizeof kUnitMagic - 1, kUnitMagic) != 0) return bad;
  Reader in(bytes);
  *r = UnitResult{};
  int64_t ok = 0, n = 0;
  if (!in.Int(&ok) || !in.Str(&r->text) || !in.Str(&r->report_json) || !in.Int(&n) || n < 0) return bad;
  r->ok = ok != 0;
  for (int64_t i = 0; i < n; ++i) {
    std::pair<std::string, std::string> key;
    Counts c;
    if (!in.Str(&key.first) || !in.Str(&key.second) || !in.Int(&c.passed) || !in.Int(&c.failed) ||
        !in.Int(&c.unsupported)) {
      return bad;
    }
    r->coverage[key] = c;
  }
  if (!in.Families(&r->families) || !in.Families(&r->run_probes) || !in.Int(&r->invalid_skipped) ||
      !in.Int(&r->budget_skipped) || !in.Int(&n) ||
      n < 0) {
    return bad;
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t verdict = 0, count = 0;
    if (!in.Int(&verdict) || !in.Int(&count)) return bad;
    r->verdicts[static_cast<int>(verdict)] = count;
  }
  return in.AtEnd() ? Status::Ok() : bad;
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
struct UnitExecutor::Workers {
  struct Shared {
    std::atomic<int64_t> next;
  };
  std::string dir;
  Shared* shared = nullptr;
  int64_t* running = nullptr;  // per worker: the unit it runs, -1 when none
  int done_read = -1;
  std::vector<pid_t> pids;
  std::vector<int> statuses;
  std::vector<bool> finished;  // per unit: its result file exists
  bool all_exited = false;

  std::string UnitPath(size_t i) const { return dir + "/unit_" + std::to_string(i); }
};

UnitExecutor::UnitExecutor(std::vector<RunUnit> units, int jobs) : units_(std::move(units)), jobs_(jobs) {}

Status UnitExecutor::Start() {
  if (jobs_ <= 1 || units_.size() <= 1) return Status::Ok();
  auto w = std::make_unique<Workers>();
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/nnrt_cts_jobs.XXXXXX";
  if (mkdtemp(&templ[0]) == nullptr) {
    return InvalidParameter("--jobs: cannot create a directory for the workers under " +
                                                           templ + ": " + std::strerror(errno));
  }
  w->dir = templ;
  const size_t bytes = sizeof(Workers::Shared) + sizeof(int64_t) * static_cast<size_t>(jobs_);
  void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return InvalidParameter("--jobs: mmap of the unit counter failed");
  w->shared = new (mem) Workers::Shared{};
  w->shared->next.store(0);
  w->running = reinterpret_cast<int64_t*>(static_cast<char*>(mem) + sizeof(Workers::Shared));
  for (int k = 0; k < jobs_; ++k) w->running[k] = -1;
  int fds[2];
  if (pipe(fds) != 0) return InvalidParameter("--jobs: pipe failed");
  w->done_read = fds[0];
  w->finished.assign(units_.size(), false);
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  for (int k = 0; k < jobs_; ++k) {
    const pid_t pid = fork();
    if (pid < 0) break;  // fewer workers; the parent runs what is left over
    if (pid == 0) {
      close(fds[0]);
      for (;;) {
        const int64_t i = w->shared->next.fetch_add(1);
        if (i >= static_cast<int64_t>(units_.size())) break;
        w->running[k] = i;
        GlobalResults().Clear();
        const int64_t skipped_before = SkippedCases();
        UnitResult r = RunGuarded(units_[static_cast<size_t>(i)]);
        r.report_json = ReportJson(GlobalResults());
        r.budget_skipped = SkippedCases() - skipped_before;
        const std::string path = w->UnitPath(static_cast<size_t>(i));
        {
          std::ofstream out(path + ".tmp", std::ios::binary);
          out << SerializeUnitResult(r);
          if (!out.flush()) _exit(3);
        }
        if (std::rename((path + ".tmp").c_str(), path.c_str()) != 0) _exit(3);
        const uint32_t index = static_cast<uint32_t>(i);
        if (write(fds[1], &index, sizeof index) != static_cast<ssize_t>(sizeof index)) _exit(3);
        w->running[k] = -1;
      }
      _exit(0);
    }
    w->pids.push_back(pid);
  }
  close(fds[1]);
  w->statuses.assign(w->pids.size(), 0);
  workers_ = std::move(w);
  return Status::Ok();
}

UnitResult UnitExecutor::Wait(size_t index) {
  if (!workers_) return RunGuarded(units_[index]);
  Workers& w = *workers_;
  while (!w.finished[index] && !w.all_exited) {
    uint32_t done = 0;
    const ssize_t n = read(w.done_read, &done, sizeof done);
    if (n < 0 && errno == EINTR) continue;
    if (n == static_cast<ssize_t>(sizeof done) && done < w.finished.size()) {
      w.finished[done] = true;
      continue;
    }
    // End of the pipe: every worker has exited.
    for (size_t k = 0; k < w.pids.size(); ++k) {
      while (waitpid(w.pids[k], &w.statuses[k], 0) < 0 && errno == EINTR) {
      }
    }
    w.all_exited = true;
  }
  if (!w.finished[index]) {
    for (size_t k = 0; k < w.pids.size(); ++k) {
      if (w.running[k] != static_cast<int64_t>(index)) continue;
      UnitResult r;
      r.ok = false;
      r.text = "  FAIL  the worker process running this part " + DescribeExit(w.statuses[k]) +
               " (a crash of the suite itself, not of a case: each case runs isolated); its cases are not counted\n";
      return r;
    }
    return RunGuarded(units_[index]);  // never taken: every worker ended before it
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
  if (!w.all_exited) {
    for (pid_t pid : w.pids) kill(pid, SIGTERM);
    for (pid_t pid : w.pids) {
      int status = 0;
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
    }
  }
  close(w.done_read);
  for (size_t i = 0; i < w.finished.size(); ++i) {
    std::remove(w.UnitPath(i).c_str());
    std::remove((w.UnitPath(i) + ".tmp").c_str());
  }
  rmdir(w.dir.c_str());
  munmap(w.shared, sizeof(Workers::Shared) + sizeof(int64_t) * static_cast<size_t>(jobs_));
}

}  // namespace cts
}  // namespace nnrt
