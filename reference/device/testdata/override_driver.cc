// A sample driver built the way cts_driver/ builds mutants: the reference
// driver with one kernel overridden and one node type withdrawn. ABS becomes
// "y = 2x", so its results are known and differ from the real ABS; NEG is
// reported unsupported.
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"

namespace {

nnrt::Status SameShapeFloat32(nnrt::OpContext& ctx) {
  if (ctx.inputs[0].dtype() != nnrt::DataType::kFloat32) return nnrt::InvalidModel("test ABS takes float32 only");
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  return nnrt::Status::Ok();
}

nnrt::Status DoubleKernel(nnrt::OpContext& ctx) {
  const int64_t n = ctx.inputs[0].elements();
  for (int64_t i = 0; i < n; ++i) {
    const double x = nnrt::LoadAsDouble(nnrt::DataType::kFloat32, ctx.inputs[0].data, static_cast<size_t>(i));
    nnrt::StoreDouble(nnrt::DataType::kFloat32, ctx.outputs[0].mutable_data, static_cast<size_t>(i), 2.0 * x);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "nnrt-test-override";
    options.max_dynamic_dim = 8;
    options.overrides.push_back({nnrt::NodeType::ABS, &DoubleKernel, &SameShapeFloat32});
    options.unsupported.push_back(nnrt::NodeType::NEG);
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
