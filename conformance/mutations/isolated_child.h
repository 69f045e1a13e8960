// Shared by the invalid-model checks (invalid_model.cc) and the wrong-run-input
// probes (run_probes.cc): a forked child that streams records back, and how a
// return code and a driver's last error read in messages.
#ifndef NNRT_CONFORMANCE_MUTATIONS_ISOLATED_CHILD_H_
#define NNRT_CONFORMANCE_MUTATIONS_ISOLATED_CHILD_H_

#include <functional>
#include <string>
#include <vector>

#include "conformance/runner.h"
#include "reference/hal/nnrt_hal.h"

namespace nnrt {
namespace cts {
namespace invalid_model_internal {

// Runs `body` in a forked child (C-89) that emits records as it goes, so a
// crash in the middle still leaves the records before it. The isolation
// primitive is RunForkedChild (conformance/isolation.cc); *crash describes a
// signal, a timeout or a bad exit, and is empty when the child ended well.
std::vector<std::string> RunForked(const std::function<void(const EmitRecord&)>& body, int timeout_seconds,
                                   std::string* crash);

// "NNRT_INVALID_PARAMETER", or the number for a code outside the enum.
std::string CodeName(NNRT_ReturnCode code);

// The driver's last error message ("" when it has none).
std::string DriverError(const NNRT_HalDriver& driver);

}  // namespace invalid_model_internal
}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MUTATIONS_ISOLATED_CHILD_H_
