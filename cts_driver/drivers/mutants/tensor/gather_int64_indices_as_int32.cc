// A deliberately wrong driver: GATHER reads int64 indices through an int32
// pointer (index j = the j-th 32-bit word of the buffer), a type confusion of
// drivers whose kernels were written for int32 indices only. For small
// non-negative indices the words alternate value, 0, value, 0, ... so the
// wrong slices are copied without any out-of-range access. Caught by the
// valid-model property of GATHER (int64 index cases).
#include <cstdint>
#include <cstring>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/tensor/gather_scatter.h"

namespace {

nnrt::Status GatherInt64IndicesAsInt32(nnrt::OpContext& ctx) {
  nnrt::GatherParams p = ctx.Params<nnrt::GatherParams>();
  const nnrt::TensorArg& indices = ctx.inputs[1];
  if (indices.dtype() == nnrt::DataType::kInt64 && p.axis_dim > 0) {
    for (size_t j = 0; j < p.indices.size(); ++j) {
      int32_t word = 0;
      std::memcpy(&word, indices.data + 4 * j, 4);
      const int64_t wrapped = word % p.axis_dim;  // keeps the copy inside x
      p.indices[j] = wrapped < 0 ? wrapped + p.axis_dim : wrapped;
    }
  }
  nnrt::GatherCopy(ctx.inputs[0], p, ctx.outputs[0]);
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-gather-int64-indices-as-int32";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::GATHER, GatherInt64IndicesAsInt32}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
