// Loading a HAL driver: a shared library exporting NNRT_HalGetDriver
// (reference/hal/nnrt_hal.h), or a driver table already in the process.
#ifndef NNRT_REFERENCE_HAL_HAL_LOADER_H_
#define NNRT_REFERENCE_HAL_HAL_LOADER_H_

#include <memory>
#include <string>

#include "reference/hal/nnrt_hal.h"
#include "reference/ir/status.h"

namespace nnrt {

class HalDevice;  // reference/hal/hal_cpp.h

// Keeps a dlopen handle; dlclose runs when the last owner lets go. Every
// HalDevice / HalPreparedModel / HalBuffer created from a library holds one,
// so the code stays mapped while any object of the driver exists.
class HalLibraryHandle {
 public:
  explicit HalLibraryHandle(void* dl_handle) : dl_handle_(dl_handle) {}
  ~HalLibraryHandle();
  HalLibraryHandle(const HalLibraryHandle&) = delete;
  HalLibraryHandle& operator=(const HalLibraryHandle&) = delete;

 private:
  void* dl_handle_;  // NULL for an in-process driver table
};

// A checked driver table plus what keeps it loaded.
class HalLibrary {
 public:
  HalLibrary(std::shared_ptr<HalLibraryHandle> handle, const NNRT_HalDriver* driver, std::string label)
      : handle_(std::move(handle)), driver_(driver), label_(std::move(label)) {}

  const NNRT_HalDriver& driver() const { return *driver_; }
  const std::string& label() const { return label_; }  // the .so path, or the in-process label
  const std::shared_ptr<HalLibraryHandle>& handle() const { return handle_; }

  // Calls the driver's CreateDevice (defined in hal_cpp.cc).
  Status CreateDevice(std::unique_ptr<HalDevice>* device) const;

 private:
  std::shared_ptr<HalLibraryHandle> handle_;
  const NNRT_HalDriver* driver_;
  std::string label_;
};

// dlopen(abs_path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE), looks up NNRT_HAL_ENTRY_SYMBOL, calls
// it and checks the table (CheckHalDriverTable). abs_path must be absolute
// (C-24). Failures: NNRT_INVALID_PATH (relative path), NNRT_INVALID_FILE
// (dlopen failed, no entry symbol, entry returned NULL), NNRT_NOT_SUPPORT
// (ABI version or struct size mismatch, missing function).
Status LoadHalDriver(const std::string& abs_path, std::unique_ptr<HalLibrary>* library);

// Same checks for a table that is already in the process (e.g. the reference
// driver linked statically into a test or the runtime).
Status WrapHalDriver(const NNRT_HalDriver* driver, const std::string& label, std::unique_ptr<HalLibrary>* library);

// abiVersion == NNRT_HAL_ABI_VERSION, structSize >= sizeof(NNRT_HalDriver),
// every function pointer non-NULL (all are mandatory, C-25).
Status CheckHalDriverTable(const NNRT_HalDriver* driver, const std::string& label);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_HAL_HAL_LOADER_H_
