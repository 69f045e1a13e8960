#include "reference/ops/elementwise/select_where.h"

#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kCond[] = "input 0 (condition)";
const char kX1[] = "input 1 (x1)";
const char kX2[] = "input 2 (x2)";

// Condition bool; x1, x2 and y one data type and the same quant params: the
// chosen element is copied, never requantized (C-359).
Status CheckSelectTypes(const OpContext& ctx, const char* op) {
  const TensorArg& cond = ctx.inputs[0];
  const TensorArg& x1 = ctx.inputs[1];
  const TensorArg& x2 = ctx.inputs[2];
  const TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(cond, kCond, {DataType::kBool}));
  if (cond.quantized()) return InvalidModel(std::string(kCond) + " must not carry quant params");
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(x1, kX1,
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
                                        DataType::kInt32, DataType::kInt64, DataType::kBool}));
  NNRT_RETURN_IF_ERROR(CheckSameDataType(x1, kX1, x2, kX2));
  NNRT_RETURN_IF_ERROR(CheckSameDataType(x1, kX1, y, "output 0"));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x1, kX1));
  if (x1.decl->quant_params != x2.decl->quant_params || x1.decl->quant_params != y.decl->quant_params) {
    return Unsupported(std::string(op) + " with different quant params on x1, x2 and the output (requantization) "
                                         "is not supported (C-359)");
  }
  return Status::Ok();
}

// Strides for iterating `out`; -1 dims (prepare time) are not iterated.
SelectParams StridesFor(const Dims& cond, const Dims& x1, const Dims& x2, const Dims& out) {
  SelectParams p;
  p.out = out;
  if (IsDynamic(out)) return p;
  p.cond_strides = BroadcastStrides(cond, out);
  p.x1_strides = BroadcastStrides(x1, out);
  p.x2_strides = BroadcastStrides(x2, out);
  return p;
}

}  // namespace

// SELECT (C-360): x1 and x2 have the same dims, which are y's; the condition
// has those dims too, or is rank 1 with length x1.dims[0] (row selection:
// it is read as [N, 1, ..., 1]), or holds one element (scalar or [1]).
Status InferSelect(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckSelectTypes(ctx, "SELECT"));
  const Dims& cond = ctx.inputs[0].dims;
  const Dims& x1 = ctx.inputs[1].dims;
  const Dims& x2 = ctx.inputs[2].dims;
  bool same = x1.size() == x2.size();
  for (size_t d = 0; same && d < x1.size(); ++d) same = x1[d] < 0 || x2[d] < 0 || x1[d] == x2[d];
  if (!same) {
    return InvalidModel("SELECT " + std::string(kX1) + " " + DimsToString(x1) + " and " + kX2 + " " +
                        DimsToString(x2) + " must have the same dims (C-360)");
  }
  Dims out = x1;
  for (size_t d = 0; d < out.size(); ++d) {
    if (out[d] < 0) out[d] = x2[d];
  }
  Dims cond_as_read = cond;
  const bool one_element = !IsDynamic(cond) && ElementCount(cond).value_or(0) == 1;
  if (one_element) {
    cond_as_read = Dims{};
  } else if (cond.size() == 1 && x1.size() > 1) {
    if (cond[0] >= 0 && x1[0] >= 0 && cond[0] != x1[0]) {
      return InvalidModel("SELECT " + std::string(kCond) + " " + DimsToString(cond) +
                          " selects rows, so its length must be x1.dims[0] = " + std::to_string(x1[0]) + " (C-360)");
    }
    cond_as_read = Dims(x1.size(), 1);
    cond_as_read[0] = cond[0];
  } else if (cond.size() != x1.size()) {
    return InvalidModel("SELECT " + std::string(kCond) + " " + DimsToString(cond) + " must have x1's dims " +
                        DimsToString(x1) + ", be rank 1 of length x1.dims[0], or hold one element (C-360)");
  } else {
    for (size_t d = 0; d < cond.size(); ++d) {
      if (cond[d] >= 0 && x1[d] >= 0 && cond[d] != x1[d]) {
        return InvalidModel("SELECT " + std::string(kCond) + " " + DimsToString(cond) + " must have x1's dims " +
                            DimsToString(x1) + " (C-360)");
      }
    }
  }
  ctx.outputs[0].dims = out;
  ctx.SetParams(StridesFor(cond_as_read, x1, x2, out));
  return Status::Ok();
}

// WHERE (C-361): numpy broadcasting of condition, x1 and x2 (ONNX Where).
Status InferWhere(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckSelectTypes(ctx, "WHERE"));
  const Dims& cond = ctx.inputs[0].dims;
  const Dims& x1 = ctx.inputs[1].dims;
  const Dims& x2 = ctx.inputs[2].dims;
  Dims values, out;
  NNRT_RETURN_IF_ERROR(BroadcastShapes(x1, x2, &values).WithContext("WHERE x1 and x2 (C-361)"));
  NNRT_RETURN_IF_ERROR(BroadcastShapes(cond, values, &out).WithContext("WHERE condition and values (C-361)"));
  if (!IsDynamic(out) && !ElementCount(out)) return InvalidModel("WHERE output element count overflows");
  ctx.outputs[0].dims = out;
  ctx.SetParams(StridesFor(cond, x1, x2, out));
  return Status::Ok();
}

Status SelectKernel(OpContext& ctx) {
  const SelectParams& p = ctx.Params<SelectParams>();
  const TensorArg& cond = ctx.inputs[0];
  const TensorArg& x1 = ctx.inputs[1];
  const TensorArg& x2 = ctx.inputs[2];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    const bool c = cond.data[OffsetOf(index, p.cond_strides)] != 0;
    const uint8_t* src = c ? x1.data + static_cast<size_t>(OffsetOf(index, p.x1_strides)) * es
                           : x2.data + static_cast<size_t>(OffsetOf(index, p.x2_strides)) * es;
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, src, es);
  });
  return Status::Ok();
}

namespace {

std::vector<DataType> SelectDataTypes() {
  return {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
          DataType::kInt32,   DataType::kInt64,   DataType::kBool};
}

}  // namespace

OpDef SelectOpDef() {
  return OpDef{NodeType::SELECT, {}, /*inputs=*/3, 3, /*outputs=*/1, 1, &InferSelect, &SelectKernel, SelectDataTypes(),
               "select_where"};
}

OpDef WhereOpDef() {
  return OpDef{NodeType::WHERE, {}, /*inputs=*/3, 3, /*outputs=*/1, 1, &InferWhere, &SelectKernel, SelectDataTypes(),
               "select_where"};
}

}  // namespace nnrt
