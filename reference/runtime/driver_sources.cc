// Where the runtime's driver tables come from: the reference device linked
// into the runtime, and driver .so files through the HAL loader.
#include "reference/device/reference_device.h"
#include "reference/hal/hal_loader.h"
#include "reference/runtime/hal_bridge.h"

namespace nnrt {
namespace rt {

const NNRT_HalDriver* BuiltInReferenceDriver() { return ReferenceDriver(); }

Status LoadDriverLibrary(const std::string& path, const NNRT_HalDriver** driver, std::shared_ptr<void>* library) {
  std::unique_ptr<HalLibrary> loaded;
  NNRT_RETURN_IF_ERROR(LoadHalDriver(path, &loaded));
  *driver = &loaded->driver();
  *library = std::shared_ptr<HalLibrary>(std::move(loaded));
  return Status::Ok();
}

}  // namespace rt
}  // namespace nnrt
