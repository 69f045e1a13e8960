// A deliberately wrong driver: float ADD broadcasts the smaller operand by
// cycling its elements (b[i mod size(b)]) instead of numpy broadcasting. Right
// when the broadcast dims are the leading ones, wrong as soon as a size-1 dim
// sits inside the shape ([2,3] + [2,1]). Caught by the broadcast patterns the
// arithmetic generator draws.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/arithmetic.h"

namespace {

nnrt::Status AddCycledBroadcast(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& a = ctx.inputs[0];
  const nnrt::TensorArg& b = ctx.inputs[1];
  nnrt::TensorArg& y = ctx.outputs[0];
  const int64_t na = a.elements(), nb = b.elements(), ny = y.elements();
  const bool plain = nnrt::GetIntAttr(*ctx.node, "activationType", 0) == 0;
  if (!plain || !nnrt::IsFloatType(y.dtype()) || na == 0 || nb == 0 || (na == ny && nb == ny)) {
    return nnrt::AddKernel(ctx);
  }
  for (int64_t i = 0; i < ny; ++i) {
    const double va = nnrt::LoadAsDouble(a.dtype(), a.data, static_cast<size_t>(i % na));
    const double vb = nnrt::LoadAsDouble(b.dtype(), b.data, static_cast<size_t>(i % nb));
    nnrt::StoreDouble(y.dtype(), y.mutable_data, static_cast<size_t>(i), va + vb);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-add-cycled-broadcast";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ADD_FUSION, AddCycledBroadcast}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
