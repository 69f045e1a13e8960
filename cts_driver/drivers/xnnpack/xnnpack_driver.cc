// libnnrt_xnnpack_driver.so: an NNRt HAL driver that runs models with
// Debian's XNNPACK (docs/conformance.md "The XNNPACK driver"), built on the
// HAL driver kit (cts_driver/drivers/kit/driver_kit.h).
//
// Model checking (structure, attributes, shape inference, error codes) and the
// HAL plumbing are the kit's; execution is XNNPACK only: PrepareModel lowers
// the whole model to one XNNPACK runtime per node (xnnpack_subgraph.h) or
// fails with NNRT_UNSUPPORTED_OP. Every non-constant tensor is a kit buffer
// padded by XNN_EXTRA_BYTES (XNNPACK kernels may read past an input's end);
// Run is serialised per prepared model (XNNPACK's setup + invoke mutate the
// runtimes), with NaN propagation restored after each node (nan_repair.h).
#include <memory>
#include <string>
#include <vector>

#include "cts_driver/drivers/kit/driver_kit.h"
#include "cts_driver/drivers/xnnpack/nan_repair.h"
#include "cts_driver/drivers/xnnpack/xnnpack_subgraph.h"

namespace nnrt {
namespace xnnpack_driver {
namespace {

class PreparedXnnpack : public driver_kit::PreparedBackend {
 public:
  explicit PreparedXnnpack(std::unique_ptr<XnnModel> xnn) : xnn_(std::move(xnn)) {}

  Status Execute(const Model& m, const std::vector<Dims>& dims, const std::vector<uint8_t*>& tensors) override {
    const std::vector<const uint8_t*> data(tensors.begin(), tensors.end());
    for (const XnnNodeRuntime& n : xnn_->nodes()) {
      std::vector<xnn_external_value> ext;
      for (const auto& e : n.externals) ext.push_back(xnn_external_value{e.first, tensors[e.second]});
      xnn_status s = xnn_setup_runtime(n.runtime, ext.size(), ext.data());
      if (s == xnn_status_success) s = xnn_invoke_runtime(n.runtime);
      if (s != xnn_status_success) {
        return Status(NNRT_FAILED, std::string("XNNPACK failed on node ") + std::to_string(n.node) + " (xnn_status " +
                                       std::to_string(static_cast<int>(s)) + ")");
      }
      const uint32_t out = m.nodes[n.node].outputs[0];
      RepairNaN(m, dims, n.node, data, tensors[out]);
    }
    return Status::Ok();
  }

 private:
  std::unique_ptr<XnnModel> xnn_;
};

Status Build(const Model& model, const std::vector<Dims>& dims, std::unique_ptr<driver_kit::PreparedBackend>* out) {
  std::unique_ptr<XnnModel> xnn;
  NNRT_RETURN_IF_ERROR(BuildXnnModel(model, dims, &xnn));
  out->reset(new PreparedXnnpack(std::move(xnn)));
  return Status::Ok();
}

driver_kit::Backend XnnpackBackend() {
  driver_kit::Backend b;
  b.device_name = "xnnpack-cpu";
  b.vendor_name = "XNNPACK (Debian 0.0~git20220216) via NNRt Conformance Kit";
  b.memfd_name = "nnrt-xnnpack-buffer";
  b.tensor_padding = XNN_EXTRA_BYTES;
  b.buffers_for_every_tensor = true;
  b.initialize = InitializeXnnpack;
  b.node_supported = NodeSupported;
  b.build = Build;
  return b;
}

const driver_kit::Backend kXnnpackBackend = XnnpackBackend();

}  // namespace
}  // namespace xnnpack_driver
}  // namespace nnrt

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  return nnrt::driver_kit::DriverTable(nnrt::xnnpack_driver::kXnnpackBackend);
}
