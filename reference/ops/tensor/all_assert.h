// The bool checks (family "bool_checks"): ALL (ops_catalog #77, HDI All
// {keepDims}; inputs x and axis) reduces a bool tensor to "every element is
// true" over the given axes, with REDUCE_FUSION's ALL mode (axes rules C-545);
// ASSERT (#78, HDI Assert {summarize}; inputs condition and data) passes data
// through when the condition holds and fails the run otherwise. Semantics:
// docs/semantics.md "ALL", "ASSERT"; decisions C-665..C-668.
#ifndef NNRT_REFERENCE_OPS_ALL_ASSERT_H_
#define NNRT_REFERENCE_OPS_ALL_ASSERT_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

Status InferAll(OpContext& ctx);
// REDUCE_FUSION's kernel with the ALL plan InferAll stored (ReduceParams).
Status AllKernel(OpContext& ctx);

// What ASSERT's kernel needs: how many data entries a failure message lists.
struct AssertParams {
  int64_t summarize = 0;
};

Status InferAssert(OpContext& ctx);
// Condition true: y = a copy of data's bytes. False: NNRT_INVALID_INPUT with a
// message listing the first `summarize` entries of data (C-668).
Status AssertKernel(OpContext& ctx);

OpDef AllOpDef();
OpDef AssertOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_ALL_ASSERT_H_
