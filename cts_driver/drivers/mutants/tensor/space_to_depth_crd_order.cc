// A deliberately wrong driver: SPACE_TO_DEPTH writes its output channels in
// CRD order (input channel major: y channel c*bs*bs + i*bs + j) instead of
// DCR ((i*bs + j)*C + c), the inverse of DEPTH_TO_SPACE CRD. The orders agree
// when x has one channel; every case with two or more gets wrong values.
// Caught by the valid-model property of SPACE_TO_DEPTH.
#include <cstring>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/tensor/depth_space.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"

namespace {

nnrt::Status CrdOrderKernel(nnrt::OpContext& ctx) {
  const nnrt::DepthSpaceParams& p = ctx.Params<nnrt::DepthSpaceParams>();
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  const size_t es = nnrt::DataTypeSize(y.dtype());
  const size_t c_axis = p.nchw ? 1 : 3, h_axis = p.nchw ? 2 : 1, w_axis = p.nchw ? 3 : 2;
  const std::vector<int64_t> xs = nnrt::RowMajorStrides(p.in);
  const int64_t bs = p.block;
  nnrt::ForEachIndex(p.out, [&](const std::vector<int64_t>& o, int64_t flat) {
    const int64_t c = o[c_axis] / (bs * bs), block = o[c_axis] % (bs * bs);
    const int64_t h = o[h_axis] * bs + block / bs, w = o[w_axis] * bs + block % bs;
    const int64_t offset = o[0] * xs[0] + c * xs[c_axis] + h * xs[h_axis] + w * xs[w_axis];
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, x.data + static_cast<size_t>(offset) * es, es);
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-space-to-depth-crd-order";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::SPACE_TO_DEPTH, CrdOrderKernel, nnrt::InferSpaceToDepth}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
