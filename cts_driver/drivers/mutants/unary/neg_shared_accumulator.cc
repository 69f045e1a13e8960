// A deliberately wrong driver: float32 NEG accumulates into one static
// scratch buffer shared by every prepared model and every thread (zeroed,
// then accumulated, then copied out) with no lock. One Run at a time is
// right; concurrent Runs on one prepared model (HDI IPreparedModel::Run may
// be called from several threads) add into each other's scratch and return
// multiples of -x. Caught by the "concurrent" execution mode on NEG; the
// sequential valid-model property passes it. Other data types and tensors
// larger than the scratch go to the reference kernel.
#include <chrono>
#include <cstring>
#include <thread>

#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/unary_math.h"

namespace {

constexpr int64_t kScratchElements = 4096;
double g_scratch[kScratchElements];  // the bug: shared, unsynchronised

nnrt::Status NegSharedAccumulator(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& x = ctx.inputs[0];
  const int64_t n = x.elements();
  if (x.dtype() != nnrt::DataType::kFloat32 || x.quantized() || n > kScratchElements) {
    return nnrt::UnaryMathKernel(ctx);
  }
  for (int64_t i = 0; i < n; ++i) g_scratch[i] = 0.0;
  // A pause between the phases (a device round trip in a real driver) makes
  // the interleaving of concurrent Runs reproducible.
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  for (int64_t i = 0; i < n; ++i) {
    float v;
    std::memcpy(&v, x.data + i * 4, 4);
    g_scratch[i] += -static_cast<double>(v);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  for (int64_t i = 0; i < n; ++i) {
    const float r = static_cast<float>(g_scratch[i]);
    std::memcpy(ctx.outputs[0].mutable_data + i * 4, &r, 4);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-neg-shared-accumulator";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::NEG, NegSharedAccumulator}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
