// Process isolation of the candidate side (C-89, DESIGN.md "A crashing driver
// must not take the suite down"): fork, run the driver in the child with an
// alarm, send the result back through a pipe, _exit. The parent reads until
// EOF, then reaps the child and turns a signal, a timeout or a missing result
// into a failing verdict.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "conformance/runner.h"

namespace nnrt {
namespace cts {
namespace {

// ---- A minimal byte format for CandidateRun (both ends are this binary) ----

void PutU64(std::string* out, uint64_t v) { out->append(reinterpret_cast<const char*>(&v), sizeof v); }

void PutBytes(std::string* out, const void* data, size_t n) {
  PutU64(out, n);
  out->append(static_cast<const char*>(data), n);
}

std::string Serialize(const CandidateRun& r) {
  std::string out;
  PutU64(&out, static_cast<uint64_t>(r.verdict));
  PutBytes(&out, r.message.data(), r.message.size());
  PutU64(&out, r.outputs.size());
  for (const HostTensor& t : r.outputs) {
    PutU64(&out, static_cast<uint64_t>(static_cast<int32_t>(t.dtype)));
    PutBytes(&out, t.dims.data(), t.dims.size() * sizeof(int32_t));
    PutBytes(&out, t.bytes.data(), t.bytes.size());
    PutBytes(&out, t.name.data(), t.name.size());
  }
  return out;
}

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}
  bool U64(uint64_t* v) {
    if (s_.size() - pos_ < sizeof *v) return false;
    std::memcpy(v, s_.data() + pos_, sizeof *v);
    pos_ += sizeof *v;
    return true;
  }
  bool Bytes(std::string* out) {
    uint64_t n;
    if (!U64(&n) || n > s_.size() - pos_) return false;
    out->assign(s_.data() + pos_, n);
    pos_ += n;
    return true;
  }

 private:
  const std::string& s_;
  size_t pos_ = 0;
};

bool Deserialize(const std::string& s, CandidateRun* r) {
  Reader in(s);
  uint64_t verdict, count;
  if (!in.U64(&verdict) || verdict > static_cast<uint64_t>(Verdict::kInvalidCase)) return false;
  r->verdict = static_cast<Verdict>(verdict);
  if (!in.Bytes(&r->message) || !in.U64(&count) || count > kHalMaxModelIo) return false;
  for (uint64_t i = 0; i < count; ++i) {
    HostTensor t;
    uint64_t dtype;
    std::string dims, bytes;
    if (!in.U64(&dtype) || !in.Bytes(&dims) || !in.Bytes(&bytes) || !in.Bytes(&t.name)) return false;
    if (dims.size() % sizeof(int32_t) != 0) return false;
    t.dtype = static_cast<DataType>(static_cast<int32_t>(dtype));
    t.dims.resize(dims.size() / sizeof(int32_t));
    if (!dims.empty()) std::memcpy(t.dims.data(), dims.data(), dims.size());
    t.bytes.assign(bytes.begin(), bytes.end());
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

}  // namespace

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

ForkedChild RunForkedChild(const std::function<bool(int fd)>& body, int timeout_seconds) {
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
    alarm(static_cast<unsigned>(timeout_seconds > 0 ? timeout_seconds : 60));
    const bool ok = body(fds[1]);
    close(fds[1]);
    _exit(ok ? 0 : 3);  // no atexit handlers, no destructors of the parent's objects
  }
  close(fds[1]);
  child.data = ReadAll(fds[0]);
  close(fds[0]);
  while (waitpid(pid, &child.status, 0) < 0 && errno == EINTR) {
  }
  return child;
}

CandidateRun RunOnCandidateIsolated(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                                    const std::vector<HostTensor>& inputs,
                                    const std::vector<HostTensor>& reference_outputs, int timeout_seconds) {
  return RunIsolated([&]() { return RunOnCandidate(candidate, c, config, inputs, reference_outputs); },
                     timeout_seconds);
}

CandidateRun RunIsolated(const std::function<CandidateRun()>& fn, int timeout_seconds) {
  const ForkedChild child =
      RunForkedChild([&](int fd) { return WriteAllToFd(fd, Serialize(fn())); }, timeout_seconds);
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
  if (!Deserialize(child.data, &r)) return Failure("isolation: the child's result could not be read");
  return r;
}

}  // namespace cts
}  // namespace nnrt
