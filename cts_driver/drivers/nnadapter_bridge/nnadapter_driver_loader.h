// Loading an NNAdapter HAL driver (Paddle Lite's lib<name>.so exporting an
// nnadapter::hal::Device under __nnadapter_device__<name>) so that the
// conformance suite can run it through the bridge (nnadapter_bridge.h).
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_DRIVER_LOADER_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_DRIVER_LOADER_H_

#include <memory>
#include <string>

#include "nnadapter/hal/types.h"
#include "reference/hal/hal_loader.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace nnadapter_bridge {

// A loaded device descriptor and what keeps its library mapped.
struct NNAdapterDriver {
  std::string path;    // the .so (or an in-process label)
  std::string symbol;  // the exported device symbol
  std::shared_ptr<HalLibraryHandle> handle;
  const nnadapter::hal::Device* device = nullptr;
};

// "/x/y/libfoo_npu.so" -> "__nnadapter_device__foo_npu" (Paddle Lite's rule,
// C-840). A file name not of the form lib<name>.so is NNRT_INVALID_PATH: pass
// the symbol explicitly then.
Status DeviceSymbolForLibrary(const std::string& path, std::string* symbol);

// Every member of the descriptor set: name and vendor non-NULL, version >= 1,
// type one of NNAdapterDeviceCode, all seven functions non-NULL (C-841).
// Failures are NNRT_NOT_SUPPORT naming the member.
Status CheckNNAdapterDevice(const nnadapter::hal::Device* device, const std::string& label);

// dlopen(abs_path), dlsym(symbol, or DeviceSymbolForLibrary(abs_path) when
// empty), CheckNNAdapterDevice. Failures: NNRT_INVALID_PATH (relative path or
// no derivable symbol), NNRT_INVALID_FILE (dlopen failed, symbol missing),
// NNRT_NOT_SUPPORT (descriptor incomplete).
Status LoadNNAdapterDriver(const std::string& abs_path, const std::string& symbol,
                           std::shared_ptr<const NNAdapterDriver>* driver);

// The same checks for a descriptor already in the process (tests).
Status WrapNNAdapterDevice(const nnadapter::hal::Device* device, const std::string& label,
                           std::shared_ptr<const NNAdapterDriver>* driver);

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_DRIVER_LOADER_H_
