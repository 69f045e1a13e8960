// Element-wise choice by a bool condition (family "select_where"): SELECT
// (ops_catalog #62, HDI Select {}) and WHERE (#87, HDI Where {}); inputs
// condition, x1, x2; y = condition ? x1 : x2, elements copied.
// Semantics: docs/operators/select.md, where.md; decisions C-359..C-361.
#ifndef NNRT_REFERENCE_OPS_SELECT_WHERE_H_
#define NNRT_REFERENCE_OPS_SELECT_WHERE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by the InferFn: the output dims and the
// strides by which each operand is read while iterating them (0 along a
// broadcast dim).
struct SelectParams {
  Dims out;
  std::vector<int64_t> cond_strides;
  std::vector<int64_t> x1_strides;
  std::vector<int64_t> x2_strides;
};

Status InferSelect(OpContext& ctx);
Status InferWhere(OpContext& ctx);
// for every output index in row-major order: the element of x1 where the
// condition byte is non-zero, else the one of x2 (bytes copied).
Status SelectKernel(OpContext& ctx);

OpDef SelectOpDef();
OpDef WhereOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SELECT_WHERE_H_
