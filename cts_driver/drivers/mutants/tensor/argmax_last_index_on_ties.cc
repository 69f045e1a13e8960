// A deliberately wrong driver: ARGMAX_FUSION with topK 1 keeps the last of
// equal maxima (a `>=` scan) instead of the first (C-554); other topK values
// run the reference. Caught by the valid-model property of ARGMAX_FUSION,
// whose cases hold many ties.
#include <cmath>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/tensor/argmax.h"

namespace {

nnrt::Status ArgMaxLastIndexOnTies(nnrt::OpContext& ctx) {
  const nnrt::ArgMaxParams& p = ctx.Params<nnrt::ArgMaxParams>();
  if (p.top_k != 1) return nnrt::RunArgMaxWithParams(ctx, p);
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  for (int64_t o = 0; o < p.outer; ++o) {
    for (int64_t i = 0; i < p.inner; ++i) {
      size_t best = static_cast<size_t>(o * p.axis_size * p.inner + i);
      int64_t best_k = 0;
      for (int64_t k = 1; k < p.axis_size; ++k) {
        const auto at = static_cast<size_t>((o * p.axis_size + k) * p.inner + i);
        if (nnrt::LoadAsDouble(x.dtype(), x.data, at) >= nnrt::LoadAsDouble(x.dtype(), x.data, best)) {
          best = at;
          best_k = k;
        }
      }
      const auto dst = static_cast<size_t>(o * p.inner + i);
      if (!p.out_values) {
        nnrt::StoreInt64(y.dtype(), y.mutable_data, dst, best_k);
      } else {
        return nnrt::RunArgMaxWithParams(ctx, p);  // values of ties are equal: no difference to show
      }
    }
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-argmax-last-index-on-ties";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ARGMAX_FUSION, ArgMaxLastIndexOnTies}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
