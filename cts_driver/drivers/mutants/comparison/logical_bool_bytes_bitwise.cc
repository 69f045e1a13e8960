// A deliberately wrong driver: LOGICAL_AND, LOGICAL_OR and LOGICAL_NOT on bool
// operands combine the stored bytes bitwise (a & b, a | b, a ^ 1), a kernel
// that assumes every bool byte is 0 or 1. C-293 makes any non-zero byte true,
// so 2 AND 1 is true (2 & 1 = 0 is false) and NOT 2 is false (2 ^ 1 = 3 is
// true). Integer operands run the reference. Caught by the valid-model
// property of LOGICAL_AND: its directed bool cases sweep the bytes {0, 1, 2,
// 127, 255} pairwise (C-910).
#include <cstdint>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/logical.h"
#include "reference/ops/core/op_util.h"

namespace {

bool AllBool(const nnrt::OpContext& ctx) {
  for (const nnrt::TensorArg& in : ctx.inputs) {
    if (in.dtype() != nnrt::DataType::kBool) return false;
  }
  return true;
}

nnrt::Status BitwiseBinary(nnrt::OpContext& ctx, bool is_and) {
  if (!AllBool(ctx)) return nnrt::LogicalKernel(ctx);
  const nnrt::TensorArg& a = ctx.inputs[0];
  const nnrt::TensorArg& b = ctx.inputs[1];
  nnrt::TensorArg& y = ctx.outputs[0];
  nnrt::ForEachBroadcastPair(a.dims, b.dims, y.dims, [&](size_t ia, size_t ib, size_t o) {
    y.mutable_data[o] = static_cast<uint8_t>(is_and ? (a.data[ia] & b.data[ib]) : (a.data[ia] | b.data[ib]));
  });
  return nnrt::Status::Ok();
}

nnrt::Status BitwiseAnd(nnrt::OpContext& ctx) { return BitwiseBinary(ctx, true); }
nnrt::Status BitwiseOr(nnrt::OpContext& ctx) { return BitwiseBinary(ctx, false); }

nnrt::Status BitwiseNot(nnrt::OpContext& ctx) {
  if (!AllBool(ctx)) return nnrt::LogicalKernel(ctx);
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  for (int64_t i = 0; i < x.elements(); ++i) y.mutable_data[i] = static_cast<uint8_t>(x.data[i] ^ 1);
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-logical-bool-bytes-bitwise", {nnrt::KernelOverride{nnrt::NodeType::LOGICAL_AND, BitwiseAnd},
                                            nnrt::KernelOverride{nnrt::NodeType::LOGICAL_OR, BitwiseOr},
                                            nnrt::KernelOverride{nnrt::NodeType::LOGICAL_NOT, BitwiseNot}});
  return driver;
}
