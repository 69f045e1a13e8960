#include "reference/ops/tensor/sparse_to_dense.h"

#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ops/tensor/gather_scatter.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kIndices[] = "input 0 (indices)";
const char kValues[] = "input 1 (values)";
const char kSparseShape[] = "input 2 (sparseShape)";

// C-621: indices [N, r], sparseShape [r], values [N] or one element ([] or [1]).
Status CheckOperandDims(const TensorArg& indices, const TensorArg& values, const TensorArg& shape) {
  if (indices.dims.size() != 2) {
    return InvalidModel("SPARSE_TO_DENSE " + std::string(kIndices) + " must be 2-D [N, r], got " +
                        DimsToString(indices.dims) + " (C-621)");
  }
  if (shape.dims.size() != 1) {
    return InvalidModel("SPARSE_TO_DENSE " + std::string(kSparseShape) + " must be 1-D [r], got " +
                        DimsToString(shape.dims) + " (C-621)");
  }
  const int32_t n = indices.dims[0], r = indices.dims[1];
  if (r >= 0 && shape.dims[0] >= 0 && r != shape.dims[0]) {
    return InvalidModel("SPARSE_TO_DENSE " + std::string(kIndices) + " " + DimsToString(indices.dims) +
                        " has tuples of " + std::to_string(r) + " but sparseShape has " +
                        std::to_string(shape.dims[0]) + " dims (C-621)");
  }
  const Dims& v = values.dims;
  const bool single = v.empty() || (v.size() == 1 && v[0] == 1);
  const bool per_index = v.size() == 1 && (v[0] < 0 || n < 0 || v[0] == n);
  if (!single && !per_index) {
    return InvalidModel("SPARSE_TO_DENSE " + std::string(kValues) + " must be [N] = [" + std::to_string(n) +
                        "] or one element ([] or [1]), got " + DimsToString(v) + " (C-621)");
  }
  return Status::Ok();
}

}  // namespace

Status InferSparseToDense(OpContext& ctx) {
  const TensorArg& indices = ctx.inputs[0];
  const TensorArg& values = ctx.inputs[1];
  const TensorArg& shape = ctx.inputs[2];
  TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(indices, kIndices));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(shape, kSparseShape));
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(values, y, "SPARSE_TO_DENSE", kValues));
  NNRT_RETURN_IF_ERROR(CheckOperandDims(indices, values, shape));
  // The output dims are the shape values (C-356): -1 each while they are not known.
  NNRT_RETURN_IF_ERROR(DimsFromShapeValues(shape, "SPARSE_TO_DENSE " + std::string(kSparseShape), y.decl->dims, &y.dims));
  if (shape.data == nullptr || indices.data == nullptr || IsDynamic(indices.dims) || IsDynamic(values.dims)) {
    return Status::Ok();
  }
  ScatterNdParams p;
  p.one_update = values.elements() == 1;
  // C-622: out of range is an invalid model only when both operands are constants.
  const bool constant = indices.decl->HasData() && shape.decl->HasData();
  NNRT_RETURN_IF_ERROR(TupleOffsets(indices, y.dims.size(), y.dims, "SPARSE_TO_DENSE " + std::string(kIndices),
                                    "C-622", constant ? NNRT_INVALID_MODEL : NNRT_INVALID_INPUT, &p.offsets));
  p.fill_code = values.quantized() ? values.quant().zero_point : 0;  // real 0 (C-623)
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

OpDef SparseToDenseOpDef() {
  // No attributes (HDI SparseToDense {}); the output dims are input 2's values.
  return OpDef{NodeType::SPARSE_TO_DENSE, {},
               /*inputs=*/3, 3, /*outputs=*/1, 1, &InferSparseToDense, &ScatterNdKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "strided_slice"};
}

}  // namespace nnrt
