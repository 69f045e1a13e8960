#include "reference/ops/tensor/transpose.h"

#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kX[] = "input 0 (x)";
const char kPerm[] = "input 1 (perm)";

}  // namespace

// C-601: every value in [0, rank) and each exactly once; negative values are
// not counted from the end. A bad constant perm makes the model invalid, a
// bad run-time perm the run (IndexValueError, C-351).
Status CheckPermutation(const std::vector<int64_t>& perm, int64_t rank, const TensorArg& perm_tensor) {
  if (static_cast<int64_t>(perm.size()) != rank) {
    return IndexValueError(perm_tensor, "TRANSPOSE " + std::string(kPerm) + " has " + std::to_string(perm.size()) +
                                            " values, " + kX + " has rank " + std::to_string(rank) + " (C-601)");
  }
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (size_t i = 0; i < perm.size(); ++i) {
    const int64_t p = perm[i];
    if (p < 0 || p >= rank) {
      return IndexValueError(perm_tensor, "TRANSPOSE perm[" + std::to_string(i) + "] = " + std::to_string(p) +
                                              " is outside [0, " + std::to_string(rank) + ") (C-601)");
    }
    if (seen[static_cast<size_t>(p)]) {
      return IndexValueError(perm_tensor, "TRANSPOSE perm lists axis " + std::to_string(p) +
                                              " twice; it must be a permutation of 0.." + std::to_string(rank - 1) +
                                              " (C-601)");
    }
    seen[static_cast<size_t>(p)] = true;
  }
  return Status::Ok();
}

Status InferTranspose(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& perm = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "TRANSPOSE", kX));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(perm, kPerm));
  const int64_t rank = static_cast<int64_t>(x.dims.size());
  if (rank < 1) return InvalidModel("TRANSPOSE " + std::string(kX) + " must have rank >= 1, got a scalar (C-601)");
  if (perm.dims.size() != 1) {
    return InvalidModel("TRANSPOSE " + std::string(kPerm) + " must be 1-D, got dims " + DimsToString(perm.dims) +
                        " (C-601)");
  }
  if (perm.dims[0] >= 0 && perm.dims[0] != rank) {
    return InvalidModel("TRANSPOSE " + std::string(kPerm) + " has " + std::to_string(perm.dims[0]) + " values, " +
                        kX + " has rank " + std::to_string(rank) + " (C-601)");
  }
  if (perm.data == nullptr) {
    // A run-time perm: only the rank is known at prepare time.
    ctx.outputs[0].dims = Dims(static_cast<size_t>(rank), -1);
    return Status::Ok();
  }
  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(perm, kPerm, &values));
  NNRT_RETURN_IF_ERROR(CheckPermutation(values, rank, perm));
  TransposeParams p;
  for (int64_t v : values) p.out.push_back(x.dims[static_cast<size_t>(v)]);
  if (!IsDynamic(x.dims)) {
    const std::vector<int64_t> strides = RowMajorStrides(x.dims);
    for (int64_t v : values) p.x_strides.push_back(strides[static_cast<size_t>(v)]);
  }
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

namespace {

// y[flat] = x[offset] for every output element in row-major order, element
// size T: an odometer over the output index keeps the input offset
// (sum of index[a] * x_strides[a]) up to date, the last axis a strided loop.
// Pure data movement: the same bytes land in the same places as in the
// per-element definition.
template <typename T>
void StridedCopy(const std::vector<int32_t>& out, const std::vector<int64_t>& x_strides, const uint8_t* x_bytes,
                 uint8_t* y_bytes) {
  const T* x = reinterpret_cast<const T*>(x_bytes);
  T* y = reinterpret_cast<T*>(y_bytes);
  const size_t rank = out.size();
  for (int32_t d : out) {
    if (d <= 0) return;
  }
  const int64_t inner = out[rank - 1], inner_stride = x_strides[rank - 1];
  std::vector<int64_t> index(rank, 0);
  int64_t offset = 0;
  while (true) {
    const T* src = x + offset;
    for (int64_t i = 0; i < inner; ++i) y[i] = src[i * inner_stride];
    y += inner;
    size_t a = rank - 1;
    while (a > 0) {
      --a;
      offset += x_strides[a];
      if (++index[a] < out[a]) break;
      offset -= x_strides[a] * out[a];
      index[a] = 0;
      if (a == 0) return;
    }
    if (rank == 1) return;
  }
}

}  // namespace

Status TransposeKernel(OpContext& ctx) {
  const TransposeParams& p = ctx.Params<TransposeParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  if (p.x_strides.size() == p.out.size() && !p.out.empty()) {
    switch (es) {
      case 1: StridedCopy<uint8_t>(p.out, p.x_strides, x.data, y.mutable_data); return Status::Ok();
      case 2: StridedCopy<uint16_t>(p.out, p.x_strides, x.data, y.mutable_data); return Status::Ok();
      case 4: StridedCopy<uint32_t>(p.out, p.x_strides, x.data, y.mutable_data); return Status::Ok();
      case 8: StridedCopy<uint64_t>(p.out, p.x_strides, x.data, y.mutable_data); return Status::Ok();
      default: break;
    }
  }
  ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es,
                x.data + static_cast<size_t>(OffsetOf(index, p.x_strides)) * es, es);
  });
  return Status::Ok();
}

OpDef TransposeOpDef() {
  return OpDef{NodeType::TRANSPOSE,
               {},
               /*inputs=*/2,
               2,
               /*outputs=*/1,
               1,
               &InferTranspose,
               &TransposeKernel,
               DataMovementTypes(),
               "data_movement"};
}

}  // namespace nnrt
