// Process isolation of the candidate side (C-89, DESIGN.md "A crashing driver
// must not take the suite down"): fork, run the driver in the child with an
// alarm, send the result back through a pipe as records, _exit. The parent
// reads until EOF, then reaps the child and turns a signal, a timeout or a
// missing result into a failing verdict. In a disposable --jobs worker the
// step may run in-process instead (C-930, SetCandidateStepsInProcess).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cfenv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "conformance/run_profile.h"
#include "conformance/runner.h"

namespace nnrt {
namespace cts {
namespace {

bool g_steps_in_process = false;

// ---- The record format: "<decimal length>:<bytes>" per record ----

std::string Frame(const std::string& record) { return std::to_string(record.size()) + ":" + record; }


// ---- CandidateRun <-> records: verdict, message, output count, then per
// output its data type, dims (int32 bytes), bytes and name ----

std::string Raw(const void* data, size_t n) { return std::string(static_cast<const char*>(data), n); }

std::vector<std::string> ToRecords(const CandidateRun& r) {
  std::vector<std::string> out = {std::to_string(static_cast<int>(r.verdict)), r.message,
                                  std::to_string(r.outputs.size())};
  for (const HostTensor& t : r.outputs) {
    out.push_back(std::to_string(static_cast<int32_t>(t.data_type)));
    out.push_back(Raw(t.dims.data(), t.dims.size() * sizeof(int32_t)));
    out.push_back(Raw(t.data.data(), t.data.size()));
    out.push_back(t.name);
  }
  return out;
}

bool ParseCount(const std::string& s, uint64_t limit, uint64_t* v) {
  if (s.empty() || s.size() > 20) return false;
  char* stop = nullptr;
  *v = std::strtoull(s.c_str(), &stop, 10);
  return stop != nullptr && *stop == '\0' && *v <= limit;
}

bool FromRecords(const std::vector<std::string>& rec, CandidateRun* r) {
  uint64_t verdict = 0, count = 0;
  if (rec.size() < 3 || !ParseCount(rec[0], static_cast<uint64_t>(Verdict::kInvalidCase), &verdict) ||
      !ParseCount(rec[2], kHalMaxModelIo, &count) || rec.size() != 3 + 4 * count) {
    return false;
  }
  r->verdict = static_cast<Verdict>(verdict);
  r->message = rec[1];
  for (uint64_t i = 0; i < count; ++i) {
    const std::string* f = &rec[3 + 4 * i];
    HostTensor t;
    if (f[1].size() % sizeof(int32_t) != 0) return false;
    t.data_type = static_cast<DataType>(std::atoi(f[0].c_str()));
    t.dims.resize(f[1].size() / sizeof(int32_t));
    if (!t.dims.empty()) std::memcpy(t.dims.data(), f[1].data(), f[1].size());
    t.data.assign(f[2].begin(), f[2].end());
    t.name = f[3];
    r->outputs.push_back(std::move(t));
  }
  return true;
}

std::string ReadAll(int fd) {
  std::string data;
  char buf[65536];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    data.append(buf, static_cast<size_t>(n));
  }
  return data;
}

CandidateRun Failure(std::string message) {
  CandidateRun r;
  r.verdict = Verdict::kFail;
  r.message = std::move(message);
  return r;
}

unsigned AlarmSeconds(int timeout_seconds) { return static_cast<unsigned>(timeout_seconds > 0 ? timeout_seconds : 60); }

// The step in this process: records kept in memory, the alarm's default
// action ends the worker on a hang (its unit is then rerun, a fork per step).
// The floating-point environment (rounding, exception traps, and on x86 the
// MXCSR flush-to-zero bits) is restored after the step, as a forked child
// would leave the suite's untouched: a driver that changes it must not change
// the reference runs of the cases after it.
ForkedChild RunInProcess(const std::function<bool(const EmitRecord&)>& body, int timeout_seconds) {
  const ScopedCost cost(ProfileCost::kCandidate);
  ForkedChild child;
  fenv_t suite_env;
  fegetenv(&suite_env);
  signal(SIGALRM, SIG_DFL);
  alarm(AlarmSeconds(timeout_seconds));
  const bool ok = body([&](const std::string& record) { child.records.push_back(record); });
  alarm(0);
  fesetenv(&suite_env);
  child.status = ok ? 0 : 3 << 8;  // the waitpid status of _exit(0) / _exit(3)
  return child;
}

}  // namespace

std::string FrameRecords(const std::vector<std::string>& records) {
  std::string out;
  for (const std::string& record : records) out += Frame(record);
  return out;
}

bool UnframeRecords(const std::string& data, std::vector<std::string>* records) {
  records->clear();
  size_t pos = 0;
  while (pos < data.size()) {
    const size_t colon = data.find(':', pos);
    if (colon == std::string::npos || colon == pos || colon - pos > 20) return false;
    const std::string digits = data.substr(pos, colon - pos);
    char* stop = nullptr;
    const unsigned long long len = std::strtoull(digits.c_str(), &stop, 10);
    if (stop == nullptr || *stop != '\0' || len > data.size() - colon - 1) return false;
    records->push_back(data.substr(colon + 1, len));
    pos = colon + 1 + len;
  }
  return true;
}

void SetCandidateStepsInProcess(bool in_process) { g_steps_in_process = in_process; }
bool CandidateStepsInProcess() { return g_steps_in_process; }

bool WriteAllToFd(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

ForkedChild RunForkedChild(const std::function<bool(const EmitRecord&)>& body, int timeout_seconds) {
  if (g_steps_in_process) return RunInProcess(body, timeout_seconds);
  const ScopedCost cost(ProfileCost::kIsolatedChild);
  ForkedChild child;
  int fds[2];
  if (pipe(fds) != 0) {
    child.setup_error = std::string("isolation: pipe failed: ") + std::strerror(errno);
    return child;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    child.setup_error = std::string("isolation: fork failed: ") + std::strerror(errno);
    return child;
  }
  if (pid == 0) {
    // Child: default SIGALRM action terminates it when the driver hangs.
    close(fds[0]);
    signal(SIGALRM, SIG_DFL);
    alarm(AlarmSeconds(timeout_seconds));
    bool written = true;
    const bool ok = body([&](const std::string& record) { written = WriteAllToFd(fds[1], Frame(record)) && written; });
    close(fds[1]);
    _exit(ok && written ? 0 : 3);  // no atexit handlers, no destructors of the parent's objects
  }
  close(fds[1]);
  const std::string data = ReadAll(fds[0]);
  close(fds[0]);
  while (waitpid(pid, &child.status, 0) < 0 && errno == EINTR) {
  }
  UnframeRecords(data, &child.records);  // a truncated tail, left by a crash mid-write, is dropped
  return child;
}

CandidateRun RunOnCandidateIsolated(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                                    const std::vector<HostTensor>& inputs,
                                    const std::vector<HostTensor>& reference_outputs, int timeout_seconds) {
  return RunIsolated([&]() { return RunOnCandidate(candidate, c, config, inputs, reference_outputs); },
                     timeout_seconds);
}

CandidateRun RunIsolated(const std::function<CandidateRun()>& fn, int timeout_seconds) {
  const ForkedChild child = RunForkedChild(
      [&](const EmitRecord& emit) {
        for (const std::string& record : ToRecords(fn())) emit(record);
        return true;
      },
      timeout_seconds);
  if (!child.setup_error.empty()) return Failure(child.setup_error);
  const int status = child.status;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    if (sig == SIGALRM) {
      return Failure("the driver did not finish within " + std::to_string(timeout_seconds) +
                     " s (timeout; case run in an isolated child process)");
    }
    return Failure("the driver crashed: signal " + std::to_string(sig) + " (" + strsignal(sig) +
                   ") in the isolated child process");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return Failure("the isolated child process exited with status " + std::to_string(WEXITSTATUS(status)) +
                   " before reporting a result (the driver called exit, or a sanitizer stopped it)");
  }
  CandidateRun r;
  if (!FromRecords(child.records, &r)) return Failure("isolation: the child's result could not be read");
  return r;
}

}  // namespace cts
}  // namespace nnrt
