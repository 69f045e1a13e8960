#include "reference/ops/tensor/range.h"

#include <limits>
#include <string>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kInput[] = "RANGE input 0";
const char kOutput[] = "RANGE output 0";

// C-662: y has the input's data type (float32, float16, int32, int64 or a
// per-tensor quantized int8/uint8); the input's values and quant params are
// not read.
Status CheckRangeTypes(const TensorArg& x, const TensorArg& y) {
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(x, kInput,
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
                                        DataType::kInt32, DataType::kInt64}));
  NNRT_RETURN_IF_ERROR(CheckSameDataType(x, kInput, y, kOutput));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(y, kOutput));
  if (!IsQuant8Type(y.dtype())) return Status::Ok();
  if (!y.quantized()) {
    return InvalidModel(std::string(kOutput) + " of type " + DataTypeName(y.dtype()) +
                        " must carry quant params: the sequence holds real numbers (C-662)");
  }
  return CheckPerTensorQuant(y, kOutput);
}

std::string RangeText(int64_t start, int64_t limit, int64_t delta) {
  return "start " + std::to_string(start) + ", limit " + std::to_string(limit) + ", delta " + std::to_string(delta);
}

}  // namespace

__int128 RangeCount(int64_t start, int64_t limit, int64_t delta) {
  const __int128 span = static_cast<__int128>(limit) - start;
  const __int128 d = delta;
  __int128 q = span / d;  // truncates toward zero
  if (span % d != 0 && ((span > 0) == (d > 0))) ++q;  // ceil for a positive quotient
  return q;
}

Status InferRange(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckRangeTypes(x, y));
  RangeParams p;
  p.start = IntAttr(*ctx.node, "start");
  const int64_t limit = IntAttr(*ctx.node, "limit");
  p.delta = IntAttr(*ctx.node, "delta");
  const std::string text = RangeText(p.start, limit, p.delta);
  if (p.delta == 0) return InvalidModel("RANGE delta must not be 0 (" + text + ", C-663)");
  const __int128 count = RangeCount(p.start, limit, p.delta);
  if (count < 1) {
    return InvalidModel("RANGE " + text + " gives an empty sequence, which no tensor can hold (C-663)");
  }
  if (count > kMaxDimValue) {
    return InvalidModel("RANGE " + text + " gives more than 2^31-1 elements (C-663)");
  }
  p.count = static_cast<int64_t>(count);
  if (y.dtype() == DataType::kInt32) {
    // The sequence is monotonic: its ends bound every element (C-664).
    const auto last = static_cast<int64_t>(p.start + static_cast<__int128>(p.count - 1) * p.delta);
    for (int64_t v : {p.start, last}) {
      if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
        return InvalidModel("RANGE " + text + ": element " + std::to_string(v) +
                            " does not fit the int32 output (C-664)");
      }
    }
  }
  y.dims = Dims{static_cast<int32_t>(p.count)};
  ctx.SetParams(p);
  return Status::Ok();
}

Status RangeKernel(OpContext& ctx) {
  const RangeParams& p = ctx.Params<RangeParams>();
  TensorArg& y = ctx.outputs[0];
  const DataType t = y.dtype();
  for (int64_t i = 0; i < p.count; ++i) {
    // Exact: every element lies between start and limit, both int64 (the
    // product may not, hence 128 bits).
    const auto v = static_cast<int64_t>(p.start + static_cast<__int128>(i) * p.delta);
    const auto at = static_cast<size_t>(i);
    if (t == DataType::kFloat32) {
      const float f = static_cast<float>(v);  // one RNE rounding from the integer
      StoreDouble(t, y.mutable_data, at, static_cast<double>(f));
    } else if (t == DataType::kFloat16) {
      // |v| >= 2^53 lies far beyond binary16's range: +-Inf either way.
      StoreDouble(t, y.mutable_data, at, static_cast<double>(v));
    } else if (y.quantized()) {
      StoreInt64(t, y.mutable_data, at,
                 QuantizeHalfAwayFromZero(static_cast<double>(v), y.quant().scale, y.quant().zero_point, QuantMin(t),
                                          QuantMax(t)));
    } else {
      StoreInt64(t, y.mutable_data, at, v);
    }
  }
  return Status::Ok();
}

OpDef RangeOpDef() {
  using namespace schema;  // NOLINT
  // dataType is HDI "reserved" and the OH_NN builder always writes 0; it is
  // not read (C-662).
  return OpDef{NodeType::RANGE,
               {Int64("dataType", 0), Int64("start", 0), Int64("limit", 0), Int64("delta", 1)},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferRange, &RangeKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64},
               "generators"};
}

}  // namespace nnrt
