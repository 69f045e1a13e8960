// The bridge's device and prepared-model objects, shared by
// nnadapter_bridge.cc (device functions, driver table) and
// nnadapter_bridge_run.cc (PrepareModel, Run).
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_INTERNAL_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_INTERNAL_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_driver_loader.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_converter.h"
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

// Runs fn, records its message as the thread's last error, returns its code.
int32_t Guard(const std::function<Status()>& fn);
Status NullPtr(const char* what);

// create_program on a converted model; NNRT_DEVICE_ERROR naming the code on failure.
Status CompileOnDriver(const BridgeDevice& device, ConvertedModel* converted, void** program);

// The reference's checks, then per node (C-846): converted and compiled alone.
Status SupportedNodes(const BridgeDevice& device, const Model& model, std::vector<bool>* supported);

int32_t PrepareModel(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                     NNRT_HalPreparedModel** prepared);
void ReleasePreparedModel(NNRT_HalPreparedModel* prepared);
int32_t GetInputDimRanges(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                          const uint32_t** dim_counts, uint32_t* input_count);
int32_t Run(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
            const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims);

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_BRIDGE_INTERNAL_H_
