// A deliberately wrong driver: STRIDED_SLICE reads shrinkAxisMask as the
// documents word it ("the dim is shrunk to length 1") and keeps a dim of 1
// where tf.strided_slice removes it (C-618). The elements are right; every
// case with a shrunk entry reports dims of the wrong rank. Caught by the
// valid-model property of STRIDED_SLICE.
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/tensor/strided_slice.h"

namespace {

bool Bit(int64_t mask, int32_t i) { return i < 63 && ((mask >> i) & 1) != 0; }

nnrt::Status InferShrinkKeepsDim(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::InferStridedSlice(ctx));
  const nnrt::StridedSliceMasks m = nnrt::ReadStridedSliceMasks(*ctx.node);
  const int32_t k = ctx.inputs[1].dims.size() == 1 ? ctx.inputs[1].dims[0] : -1;
  if (m.shrink == 0 || k < 0) return nnrt::Status::Ok();
  int32_t addressing = 0;
  for (int32_t i = 0; i < k; ++i) addressing += !Bit(m.ellipsis, i) && !Bit(m.new_axis, i) ? 1 : 0;
  const size_t whole = ctx.inputs[0].dims.size() - static_cast<size_t>(addressing);
  const nnrt::Dims real = ctx.outputs[0].dims;
  nnrt::Dims out;
  size_t pos = 0;
  for (int32_t i = 0; i < k; ++i) {
    if (Bit(m.ellipsis, i)) {
      for (size_t w = 0; w < whole; ++w) out.push_back(real[pos++]);
    } else if (!Bit(m.new_axis, i) && Bit(m.shrink, i)) {
      out.push_back(1);
    } else {
      out.push_back(real[pos++]);
    }
  }
  while (pos < real.size()) out.push_back(real[pos++]);
  ctx.outputs[0].dims = out;
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-strided-slice-shrink-keeps-dim";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {
        nnrt::KernelOverride{nnrt::NodeType::STRIDED_SLICE, nnrt::StridedSliceKernel, InferShrinkKeepsDim}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
