// A deliberately wrong driver: LOGICAL_AND computes the bitwise AND of the
// operand values and tests it for non-zero ((a & b) != 0), right for bool
// bytes 0/1 but wrong for integer operands whose bits do not overlap (2 AND 1
// is true, 2 & 1 is 0). Caught by the valid-model property of LOGICAL_AND on
// int32/int64 operands (C-686).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"

namespace {

nnrt::Status LogicalAndBitwise(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& a = ctx.inputs[0];
  const nnrt::TensorArg& b = ctx.inputs[1];
  nnrt::TensorArg& y = ctx.outputs[0];
  nnrt::ForEachBroadcastPair(a.dims, b.dims, y.dims, [&](size_t ia, size_t ib, size_t o) {
    const int64_t bits = nnrt::LoadAsInt64(a.dtype(), a.data, ia) & nnrt::LoadAsInt64(b.dtype(), b.data, ib);
    nnrt::StoreInt64(nnrt::DataType::kBool, y.mutable_data, o, bits != 0 ? 1 : 0);
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-logical-and-bitwise";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::LOGICAL_AND, LogicalAndBitwise}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
