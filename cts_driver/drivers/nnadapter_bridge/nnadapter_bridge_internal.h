// The bridge's device and prepared-model objects, shared by
// nnadapter_bridge.cc (device functions, driver table) and
// nnadapter_bridge_run.cc (PrepareModel, Run).
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_INTERNAL_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_INTERNAL_H_

#include <memory>
#include <string>
#include <vector>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_driver_loader.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_converter.h"
#include "reference/hal/kit/hal_plumbing.h"
#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nnadapter_bridge {

struct BridgeDevice {
  std::shared_ptr<const NNAdapterDriver> driver;
  void* device = nullptr;   // from open_device
  void* context = nullptr;  // from create_context
};

struct BridgePrepared {
  std::shared_ptr<const NNAdapterDriver> driver;
  Model model;               // the NNRt model (IO declarations)
  ConvertedModel converted;  // kept for the program's lifetime
  void* program = nullptr;
  std::vector<uint32_t> dims;        // GetInputDimRanges: min = max = the declared dims
  std::vector<uint32_t> dim_counts;
  ~BridgePrepared();
};

inline BridgeDevice* FromHal(NNRT_HalDevice* d) { return reinterpret_cast<BridgeDevice*>(d); }
inline BridgePrepared* FromHal(NNRT_HalPreparedModel* p) { return reinterpret_cast<BridgePrepared*>(p); }

// The shared HAL plumbing (reference/hal/kit): Guard runs one entry point and
// records "<function>: <message>" as the thread's last error.
using driver_kit::CheckDimRangePointers;
using driver_kit::CheckPreparePointers;
using driver_kit::CheckRunPointers;
using driver_kit::Guard;
using driver_kit::NullPtr;

// create_program on a converted model; NNRT_DEVICE_ERROR naming the code on failure.
Status CompileOnDriver(const BridgeDevice& device, ConvertedModel* converted, void** program);

// The reference's checks, then per node (C-846): converted and compiled alone.
Status SupportedNodes(const BridgeDevice& device, const Model& model, std::vector<bool>* supported);

driver_kit::Entry<decltype(NNRT_HalDriver::PrepareModel)> PrepareModel;
driver_kit::Entry<decltype(NNRT_HalDriver::ReleasePreparedModel)> ReleasePreparedModel;
driver_kit::Entry<decltype(NNRT_HalDriver::GetInputDimRanges)> GetInputDimRanges;
driver_kit::Entry<decltype(NNRT_HalDriver::Run)> Run;

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_INTERNAL_H_
