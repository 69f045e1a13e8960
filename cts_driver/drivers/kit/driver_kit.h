// A small framework for a static-shape HAL driver (docs/hal.md "Starting a
// new driver from the kit"). A backend supplies its names, a per-node support
// predicate, Build (model + prepared dims -> a prepared backend object) and
// Execute (that object + one buffer per tensor); the kit supplies the whole
// NNRT_HalDriver table around them:
//
// - the error plumbing and memfd shared buffers every driver in the tree
//   shares (reference/hal/kit: hal_plumbing.h, buffer_table.h);
// - capabilities: no fp16, performance mode, priority, dynamic input or model
//   cache (false / NNRT_NOT_SUPPORT), no offline models;
// - model checking by the reference (PrepareInterpreter): invalid models are
//   refused with the codes the HAL requires, tensor dims are the reference's
//   inferred ones; GetSupportedOperation is the reference's validity AND the
//   backend's predicate; PrepareModel refuses dynamic input dims
//   (NNRT_NOT_SUPPORT) and data-dependent dims (NNRT_UNSUPPORTED_OP);
// - GetInputDimRanges: min = max = the prepared dims;
// - Run: the I/O checks (count, data type, dims, sizes, output capacity), the
//   input copies in and output copies out; Execute is serialised per
//   prepared model.
//
// Execution values come from the backend alone: the kit never computes a
// tensor.
#ifndef NNRT_CTS_DRIVER_DRIVERS_KIT_DRIVER_KIT_H_
#define NNRT_CTS_DRIVER_DRIVERS_KIT_DRIVER_KIT_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace driver_kit {

// What Build returns: the backend's compiled form of one model.
class PreparedBackend {
 public:
  virtual ~PreparedBackend() = default;
  // tensors[t]: the bytes of tensor t at its prepared dims. Constants point at
  // the model's data (read only); model inputs hold the caller's values;
  // model outputs (and, with Backend::buffers_for_every_tensor, every other
  // tensor) are zeroed kit buffers, each padded by Backend::tensor_padding
  // bytes, which Execute fills. Never called concurrently on one object.
  virtual Status Execute(const Model& model, const std::vector<Dims>& dims, const std::vector<uint8_t*>& tensors) = 0;
};

struct Backend {
  const char* device_name = "";
  const char* vendor_name = "";
  const char* memfd_name = "nnrt-driver-buffer";  // names AllocateBuffer's memfds
  // Extra zeroed bytes after every kit tensor buffer (kernels that read past
  // the end, e.g. XNN_EXTRA_BYTES).
  size_t tensor_padding = 0;
  // true: a buffer for every non-constant tensor (a backend that runs node by
  // node); false: only for the model's inputs and outputs.
  bool buffers_for_every_tensor = false;
  // Once per CreateDevice; an error when the backend cannot run here. May be null.
  Status (*initialize)() = nullptr;
  // Whether node `node` (valid by the reference) can be built with the given
  // tensor dims (prepared, or declared when the model does not prepare);
  // `reason` says why not. Must agree with Build: a model all of whose nodes
  // are supported builds.
  bool (*node_supported)(const Model& model, const std::vector<Dims>& dims, uint32_t node, std::string* reason) = nullptr;
  // The whole model (valid, every dim known) -> a prepared backend object, or
  // NNRT_UNSUPPORTED_OP naming the node and the reason.
  Status (*build)(const Model& model, const std::vector<Dims>& dims, std::unique_ptr<PreparedBackend>* out) = nullptr;
};

// The HAL table of the driver built from `backend` (which must outlive every
// use; one backend per driver .so). A driver's entry point is:
//   extern "C" __attribute__((visibility("default")))
//   const NNRT_HalDriver* NNRT_HalGetDriver(void) { return DriverTable(kMyBackend); }
const NNRT_HalDriver* DriverTable(const Backend& backend);

}  // namespace driver_kit
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_KIT_DRIVER_KIT_H_
