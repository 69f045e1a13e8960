// A deliberately wrong driver: float REDUCE_FUSION MAX and MIN fold with C's
// fmax / fmin (IEEE 754-2008 maxNum / minNum), which drop a NaN and keep the
// other operand, so a window holding a NaN gives the largest (smallest) of
// its numbers where C-550 says NaN propagates. Other modes and types run the
// reference. Caught by the valid-model property of REDUCE_FUSION: its directed
// cases put a NaN into windows of MAX and MIN reductions in every run (C-911).
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/tensor/reduce.h"

namespace {

nnrt::Status ReduceMaxSkipsNan(nnrt::OpContext& ctx) {
  const nnrt::ReduceParams& plan = ctx.Params<nnrt::ReduceParams>();
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  const bool max = plan.mode == nnrt::ReduceMode::kMax;
  if ((!max && plan.mode != nnrt::ReduceMode::kMin) || !nnrt::IsFloatType(x.dtype()) || x.quantized()) {
    return nnrt::RunReduceWithParams(ctx, plan);
  }
  const nnrt::Dims& dims = plan.in_dims;
  size_t outputs = 1, total = 1;
  for (size_t a = 0; a < dims.size(); ++a) {
    total *= static_cast<size_t>(dims[a]);
    if (!plan.reduced[a]) outputs *= static_cast<size_t>(dims[a]);
  }
  std::vector<double> acc(outputs, std::numeric_limits<double>::quiet_NaN());
  std::vector<size_t> coord(dims.size(), 0);
  for (size_t e = 0; e < total; ++e) {
    size_t o = 0;
    for (size_t a = 0; a < dims.size(); ++a) {
      if (!plan.reduced[a]) o = o * static_cast<size_t>(dims[a]) + coord[a];
    }
    const double v = nnrt::LoadAsDouble(x.dtype(), x.data, e);
    acc[o] = max ? std::fmax(acc[o], v) : std::fmin(acc[o], v);
    for (size_t a = dims.size(); a-- > 0;) {
      if (++coord[a] < static_cast<size_t>(dims[a])) break;
      coord[a] = 0;
    }
  }
  for (size_t o = 0; o < outputs; ++o) {
    nnrt::StoreDouble(y.dtype(), y.mutable_data, o, plan.apply_coeff ? acc[o] * plan.coeff : acc[o]);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-reduce-max-skips-nan", {nnrt::KernelOverride{nnrt::NodeType::REDUCE_FUSION, ReduceMaxSkipsNan}});
  return driver;
}
