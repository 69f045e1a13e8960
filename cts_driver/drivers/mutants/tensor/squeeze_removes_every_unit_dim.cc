// A deliberately wrong driver: SQUEEZE removes every dim of size 1 even when
// an axis list names only some of them (the "empty list" rule applied
// always). The data is right; Run reports the wrong output dims. Caught by
// the valid-model property of SQUEEZE (the runner compares the reported dims
// with the reference's).
#include <cstring>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status SqueezeRemovesEveryUnitDim(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  const size_t bytes = static_cast<size_t>(x.elements()) * nnrt::DataTypeSize(x.dtype());
  if (bytes > 0) std::memcpy(y.mutable_data, x.data, bytes);
  nnrt::Dims squeezed;
  for (int32_t d : x.dims) {
    if (d != 1) squeezed.push_back(d);
  }
  y.dims = squeezed;
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-squeeze-removes-every-unit-dim";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::SQUEEZE, SqueezeRemovesEveryUnitDim}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
