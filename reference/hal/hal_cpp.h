// RAII C++ wrapper over the HAL C ABI, used by the runtime and the conformance
// suite. Every call returns a Status; a failing driver call carries the
// driver's code and its GetLastErrorMessage text. The wrapper does not trust
// the driver: NULL out-params on success, absurd counts, NULL strings,
// undefined return codes become NNRT_FAILED errors, never a crash (C-26).
#ifndef NNRT_REFERENCE_HAL_HAL_CPP_H_
#define NNRT_REFERENCE_HAL_HAL_CPP_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "reference/hal/hal_loader.h"
#include "reference/hal/hal_model_view.h"
#include "reference/ir/host_tensor.h"
#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"

namespace nnrt {

// Caps on what a driver may hand back (C-26).
constexpr uint32_t kHalMaxCacheBuffers = 1024;
constexpr uint32_t kHalMaxModelIo = 1u << 16;

// Owns one NNRT_HalDevice*; DestroyDevice runs when the last HalDevice /
// HalPreparedModel / HalBuffer of it is gone.
class HalDeviceHandle {
 public:
  HalDeviceHandle(std::shared_ptr<HalLibraryHandle> library, const NNRT_HalDriver* driver, NNRT_HalDevice* device,
                  std::string label)
      : library_(std::move(library)), driver_(driver), device_(device), label_(std::move(label)) {}
  ~HalDeviceHandle();
  HalDeviceHandle(const HalDeviceHandle&) = delete;
  HalDeviceHandle& operator=(const HalDeviceHandle&) = delete;

  const NNRT_HalDriver& driver() const { return *driver_; }
  NNRT_HalDevice* device() const { return device_; }
  const std::string& label() const { return label_; }
  // Turns a driver return code into a Status naming the function and quoting
  // the driver's last error message.
  Status Check(int32_t rc, const char* function) const;

 private:
  std::shared_ptr<HalLibraryHandle> library_;  // declared first: destroyed last
  const NNRT_HalDriver* driver_;
  NNRT_HalDevice* device_;
  std::string label_;
};

// A buffer from AllocateBuffer; ReleaseBuffer on destruction.
class HalBuffer {
 public:
  HalBuffer(std::shared_ptr<HalDeviceHandle> device, const NNRT_HalBuffer& buffer)
      : device_(std::move(device)), buffer_(buffer) {}
  ~HalBuffer();
  HalBuffer(const HalBuffer&) = delete;
  HalBuffer& operator=(const HalBuffer&) = delete;

  const NNRT_HalBuffer& raw() const { return buffer_; }
  int32_t fd() const { return buffer_.fd; }
  uint32_t size() const { return buffer_.bufferSize; }
  uint8_t* data() const { return static_cast<uint8_t*>(buffer_.hostAddress); }
  // Releases now and reports the driver's answer (the destructor then does nothing).
  Status Release();

 private:
  std::shared_ptr<HalDeviceHandle> device_;
  NNRT_HalBuffer buffer_;
  bool released_ = false;
};

class HalPreparedModel {
 public:
  HalPreparedModel(std::shared_ptr<HalDeviceHandle> device, NNRT_HalPreparedModel* prepared)
      : device_(std::move(device)), prepared_(prepared) {}
  ~HalPreparedModel();
  HalPreparedModel(const HalPreparedModel&) = delete;
  HalPreparedModel& operator=(const HalPreparedModel&) = delete;

  NNRT_HalPreparedModel* raw() const { return prepared_; }

  // Copies of the driver's cache buffers ([offset, offset + dataSize) of each).
  Status ExportModelCache(std::vector<std::vector<uint8_t>>* caches) const;
  // Per model input, per dim, the inclusive [min, max] range.
  Status GetInputDimRanges(std::vector<std::vector<uint32_t>>* min_dims,
                           std::vector<std::vector<uint32_t>>* max_dims) const;
  // Low level: the IOTensors as the driver will see them; *output_dims gets
  // one entry per output (also filled when the driver answers
  // NNRT_INSUFFICIENT_BUFFER, if it wrote them).
  Status Run(const std::vector<NNRT_HalIOTensor>& inputs, const std::vector<NNRT_HalIOTensor>& outputs,
             std::vector<Dims>* output_dims) const;
  // Host memory: `outputs` on entry holds, per model output, the dtype and a
  // `bytes` vector whose size is the capacity offered; on success bytes is
  // cut to the actual size and dims set.
  Status Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs) const;

 private:
  std::shared_ptr<HalDeviceHandle> device_;
  NNRT_HalPreparedModel* prepared_;
};

class HalDevice {
 public:
  explicit HalDevice(std::shared_ptr<HalDeviceHandle> handle) : handle_(std::move(handle)) {}

  NNRT_HalDevice* raw() const { return handle_->device(); }
  const NNRT_HalDriver& driver() const { return handle_->driver(); }
  // How PrepareModel / GetSupportedOperation lay out constant data.
  void set_view_options(const HalViewOptions& options) { view_options_ = options; }

  Status Name(std::string* name) const;
  Status Vendor(std::string* vendor) const;
  Status Version(uint32_t* major, uint32_t* minor) const;
  Status Type(int32_t* device_type) const;      // NNRT_HalDeviceType
  Status DeviceStatus(int32_t* status) const;   // NNRT_HalDeviceStatus
  Status GetSupportedOperation(const Model& model, std::vector<bool>* supported) const;
  Status IsFloat16PrecisionSupported(bool* supported) const;
  Status IsPerformanceModeSupported(bool* supported) const;
  Status IsPrioritySupported(bool* supported) const;
  Status IsDynamicInputSupported(bool* supported) const;
  Status IsModelCacheSupported(bool* supported) const;

  Status PrepareModel(const Model& model, const ModelConfig& config, std::unique_ptr<HalPreparedModel>* prepared) const;
  // The caches travel as process memory (fd = -1).
  Status PrepareModelFromModelCache(const std::vector<std::vector<uint8_t>>& caches, const ModelConfig& config,
                                    std::unique_ptr<HalPreparedModel>* prepared) const;
  Status PrepareModelFromModelCache(const std::vector<NNRT_HalBuffer>& caches, const ModelConfig& config,
                                    std::unique_ptr<HalPreparedModel>* prepared) const;
  Status PrepareOfflineModel(const std::vector<std::vector<uint8_t>>& models, const ModelConfig& config,
                             std::unique_ptr<HalPreparedModel>* prepared) const;
  Status AllocateBuffer(uint32_t length, std::unique_ptr<HalBuffer>* buffer) const;

 private:
  Status QueryBool(int32_t (*fn)(NNRT_HalDevice*, bool*), const char* function, bool* out) const;
  Status QueryString(int32_t (*fn)(NNRT_HalDevice*, const char**), const char* function, std::string* out) const;
  Status FinishPrepare(int32_t rc, const char* function, NNRT_HalPreparedModel* raw,
                       std::unique_ptr<HalPreparedModel>* prepared) const;

  std::shared_ptr<HalDeviceHandle> handle_;
  HalViewOptions view_options_;
};

// NNRT_INVALID_PARAMETER when `size` bytes do not fit the 32-bit fields of a
// NNRT_HalBuffer (C-302): callers refuse instead of narrowing.
Status CheckFitsHalBuffer(uint64_t size, const std::string& what);

// NNRT_HalIOTensor over host memory (fd = -1, the whole vector is the buffer).
// `dims` and `name` must outlive the returned struct; `size` must pass
// CheckFitsHalBuffer.
NNRT_HalIOTensor HostIOTensor(const std::string& name, DataType dtype, const Dims& dims, void* data, size_t size);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_HAL_HAL_CPP_H_
