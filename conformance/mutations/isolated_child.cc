#include "conformance/mutations/isolated_child.h"

#include <signal.h>
#include <sys/wait.h>

#include <cstring>

#include "conformance/runner.h"

namespace nnrt {
namespace cts {
namespace invalid_model_internal {

std::vector<std::string> RunForked(const std::function<void(const EmitRecord&)>& body, int timeout_seconds,
                                   std::string* crash) {
  crash->clear();
  const ForkedChild child = RunForkedChild(
      [&](const EmitRecord& emit) {
        body(emit);
        return true;
      },
      timeout_seconds);
  if (!child.setup_error.empty()) {
    *crash = child.setup_error;
    return {};
  }
  const int status = child.status;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    *crash = sig == SIGALRM ? "timeout after " + std::to_string(timeout_seconds) + " s in the isolated child"
                            : "signal " + std::to_string(sig) + " (" + strsignal(sig) + ") in the isolated child";
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    *crash = "the isolated child exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return child.records;
}

std::string CodeName(NNRT_ReturnCode code) {
  const char* name = ReturnCodeName(code);
  return name != nullptr ? name : std::to_string(static_cast<int32_t>(code));
}

std::string DriverError(const NNRT_HalDriver& driver) {
  if (driver.GetLastErrorMessage == nullptr) return "";
  const char* m = driver.GetLastErrorMessage();
  return m == nullptr ? "" : std::string(m, strnlen(m, kHalMaxStringLength));
}

}  // namespace invalid_model_internal
}  // namespace cts
}  // namespace nnrt
