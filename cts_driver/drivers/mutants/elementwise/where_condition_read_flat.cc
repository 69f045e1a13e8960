// A deliberately wrong driver: WHERE reads the condition at flat index
// i % count(condition) instead of broadcasting it by dims, the shortcut of a
// kernel written for "condition of the same shape or a trailing suffix". A
// condition such as [2,1] against values [2,3] picks the wrong elements.
// Caught by the valid-model property of WHERE.
#include <cstring>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/elementwise/select_where.h"

namespace {

nnrt::Status WhereConditionReadFlat(nnrt::OpContext& ctx) {
  const nnrt::SelectParams& p = ctx.Params<nnrt::SelectParams>();
  const nnrt::TensorArg& cond = ctx.inputs[0];
  const nnrt::TensorArg& x1 = ctx.inputs[1];
  const nnrt::TensorArg& x2 = ctx.inputs[2];
  nnrt::TensorArg& y = ctx.outputs[0];
  const size_t es = nnrt::DataTypeSize(y.dtype());
  const int64_t cond_count = cond.elements() > 0 ? cond.elements() : 1;
  nnrt::ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    const bool c = cond.data[flat % cond_count] != 0;
    const uint8_t* src = c ? x1.data + static_cast<size_t>(nnrt::OffsetOf(index, p.x1_strides)) * es
                           : x2.data + static_cast<size_t>(nnrt::OffsetOf(index, p.x2_strides)) * es;
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, src, es);
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-where-condition-read-flat";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::WHERE, WhereConditionReadFlat}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
