// A deliberately wrong driver: TILE_FUSION repeats every element in place
// (numpy repeat: y[i] = x[i_k / multiples[k]]) instead of tiling whole copies
// (y[i] = x[i_k mod x_k]). The two agree when each tiled dim has size 1.
// Caught by the valid-model property of TILE_FUSION.
#include <cstring>
#include <vector>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/tensor/broadcast_tile.h"
#include "reference/ops/core/op_util.h"

namespace {

nnrt::Status TileRepeatsElements(nnrt::OpContext& ctx) {
  const nnrt::RepeatParams& p = ctx.Params<nnrt::RepeatParams>();
  const uint8_t* x = ctx.inputs[0].data;
  nnrt::TensorArg& y = ctx.outputs[0];
  const size_t es = nnrt::DataTypeSize(y.dtype());
  nnrt::ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    int64_t at = 0;
    for (size_t k = 0; k < index.size(); ++k) {
      const int64_t multiple = p.out[k] / p.x_padded[k];
      at += (index[k] / multiple) * p.x_strides[k];
    }
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, x + static_cast<size_t>(at) * es, es);
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-tile-repeats-elements";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::TILE_FUSION, TileRepeatsElements}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
