// The NNAdapter bridge: an NNRt HAL driver table (reference/hal/nnrt_hal.h)
// whose devices run an NNAdapter HAL driver (Paddle Lite's hal::Device). The
// conformance suite loads it like any candidate, so isolation, shrinking,
// reports and replay work unchanged (docs/nnadapter.md, "Running an NNAdapter
// driver through the conformance suite").
//
// Each NNRt model the suite sends is checked with the reference's own
// validation, converted to an NNAdapter model (nnadapter_model_converter.h)
// and compiled with create_program; Run feeds execute_program through
// Argument access callbacks. GetSupportedOperation answers per node: the
// reference accepts it, the bridge converts it, and the driver compiles the
// node alone (C-846).
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_H_

#include <memory>
#include <string>

#include "conformance/runner.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_driver_loader.h"
#include "reference/hal/nnrt_hal.h"

namespace nnrt {
namespace nnadapter_bridge {

// The bridge's driver table. Devices created from it after this call run
// `driver` (one NNAdapter driver per process at a time, C-847); devices
// created earlier keep theirs.
const NNRT_HalDriver* BridgeDriverTable(std::shared_ptr<const NNAdapterDriver> driver);

// The candidate spelling the suite's reports and replay commands carry:
// "nnadapter:/abs/libx.so", or "nnadapter:/abs/libx.so#SYMBOL" when the device
// symbol is not the one derived from the file name.
constexpr const char kCandidatePrefix[] = "nnadapter:";
bool IsNNAdapterCandidate(const std::string& driver_spec);
std::string NNAdapterCandidateSpec(const std::string& abs_path, const std::string& symbol);

// Loads the NNAdapter driver a spec names and opens the bridge on it as a
// suite candidate (candidate->path = the spec).
Status OpenNNAdapterCandidate(const std::string& driver_spec, std::unique_ptr<cts::Candidate>* candidate);

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_H_
