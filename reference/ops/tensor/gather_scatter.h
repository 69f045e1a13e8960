// Index-driven data movement (family "gather_scatter"): GATHER (ops_catalog
// #16, HDI Gather, no attributes; inputs x, indices, axis) and GATHER_ND
// (ops_catalog #108, HDI GatherNd, no attributes; inputs x, indices) and
// SCATTER_ND (#103, HDI ScatterNd, no attributes; inputs indices, updates, shape)
// and ONE_HOT (#23, HDI OneHot {axis}; implemented in one_hot.cc). Shared
// checks: index_checks.h.
// Semantics: docs/operators/gather.md, gather_nd.md; decisions C-350..C-358.
#ifndef NNRT_REFERENCE_OPS_GATHER_SCATTER_H_
#define NNRT_REFERENCE_OPS_GATHER_SCATTER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the GATHER kernel needs, decided once by InferGather: the resolved
// axis, the sizes around it and the index values (checked in [0, axis_dim)).
struct GatherParams {
  int64_t outer = 1;     // product of x.dims[:axis]
  int64_t axis_dim = 0;  // x.dims[axis]
  int64_t inner = 1;     // product of x.dims[axis+1:]
  std::vector<int64_t> indices;  // flat, row-major
};

Status InferGather(OpContext& ctx);
Status GatherKernel(OpContext& ctx);

// The copy loop of GATHER: for o in outer, for j in indices, the `inner`
// elements of x at (o, indices[j]) go to y at (o, j). Bytes are copied, so
// NaN payloads and signed zeros are kept.
void GatherCopy(const TensorArg& x, const GatherParams& p, TensorArg& y);

OpDef GatherOpDef();

// What the GATHER_ND kernel needs, decided once by InferGatherNd: the element
// offset in x of each index tuple (row-major) and the slice length copied
// from there.
struct GatherNdParams {
  int64_t inner = 1;             // product of x.dims[k:], k = indices.dims[-1]
  std::vector<int64_t> offsets;  // one per index tuple, in row-major tuple order
};

Status InferGatherNd(OpContext& ctx);
Status GatherNdKernel(OpContext& ctx);
OpDef GatherNdOpDef();

// SCATTER_ND (ops_catalog #103; inputs indices, updates, shape): a tensor of
// `shape` filled with real 0, then each update slice written at its tuple in
// row-major tuple order (a later duplicate overwrites, C-355).
struct ScatterNdParams {
  int64_t inner = 1;             // product of shape[k:]
  std::vector<int64_t> offsets;  // element offset in y of each tuple
  int64_t fill_code = 0;         // stored value of real 0 (the zero point when quantized)
  bool one_update = false;       // every tuple takes update row 0 (SPARSE_TO_DENSE's scalar values)
};

// The element offset in a row-major tensor of `dims` of every k-component
// tuple of `indices` (int32/int64 values, tuples in row-major order); a
// component outside [0, dims[t]) fails with `code`, the message starting
// with `what` and citing `clarification`.
Status TupleOffsets(const TensorArg& indices, size_t k, const Dims& dims, const std::string& what,
                    const char* clarification, NNRT_ReturnCode code, std::vector<int64_t>* offsets);

Status InferScatterNd(OpContext& ctx);
Status ScatterNdKernel(OpContext& ctx);
OpDef ScatterNdOpDef();

// ONE_HOT (ops_catalog #23, HDI OneHot {axis}; inputs indices, depth,
// onValue, offValue): a new axis of length depth at `axis`; element d of it
// is onValue where the index equals d, offValue elsewhere (an index outside
// [0, depth) gives an all-off row, C-357).
struct OneHotParams {
  int64_t outer = 1;   // product of indices.dims[:axis]
  int64_t depth = 0;
  int64_t inner = 1;   // product of indices.dims[axis:]
  std::vector<int64_t> indices;
};

Status InferOneHot(OpContext& ctx);
Status OneHotKernel(OpContext& ctx);
OpDef OneHotOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_GATHER_SCATTER_H_
