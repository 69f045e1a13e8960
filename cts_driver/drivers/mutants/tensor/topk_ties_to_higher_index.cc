// A deliberately wrong driver: TOPK_FUSION ranks equal values by descending
// index (the higher index first) instead of ascending (C-589). The values
// output is the reference's (equal values are equal); the indices differ on
// every tie the k results reach. Caught by the valid-model property of
// TOPK_FUSION, whose cases hold many ties.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/tensor/rank_order.h"
#include "reference/ops/tensor/topk.h"

namespace {

nnrt::Status TopKTiesToHigherIndex(nnrt::OpContext& ctx) {
  const nnrt::TopKParams& p = ctx.Params<nnrt::TopKParams>();
  const nnrt::Status values = nnrt::RunTopKWithParams(ctx, p);
  if (!values.ok()) return values;
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& indices = ctx.outputs[1];
  nnrt::RankRow row(x.dtype());
  std::vector<int64_t> order(static_cast<size_t>(p.axis_size));
  for (int64_t o = 0; o < p.outer; ++o) {
    for (int64_t i = 0; i < p.inner; ++i) {
      row.Load(x.data, static_cast<size_t>(o * p.axis_size * p.inner + i), static_cast<size_t>(p.inner), p.axis_size);
      for (size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int64_t>(k);
      std::stable_sort(order.begin(), order.end(), [&row](int64_t a, int64_t b) {
        const auto ua = static_cast<size_t>(a), ub = static_cast<size_t>(b);
        return row.Above(ua, ub) || (!row.Above(ub, ua) && a > b);  // the bug: ties to the higher index
      });
      if (!p.sorted) {
        std::stable_sort(order.begin(), order.begin() + p.k, [&row](int64_t a, int64_t b) {
          return row.Above(static_cast<size_t>(b), static_cast<size_t>(a));
        });
      }
      for (int64_t r = 0; r < p.k; ++r) {
        nnrt::StoreInt64(indices.dtype(), indices.mutable_data, static_cast<size_t>((o * p.k + r) * p.inner + i),
                         order[static_cast<size_t>(r)]);
      }
    }
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-topk-ties-to-higher-index";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::TOPK_FUSION, TopKTiesToHigherIndex}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
