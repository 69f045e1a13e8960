// DEPTH_TO_SPACE (ops_catalog #65, HDI DepthToSpace {blockSize, format, mode})
// and SPACE_TO_DEPTH (#104, HDI SpaceToDepth {blockSize, format}), family
// "block_space": one rank-4 input x, one output y of x's type and quant params.
// DEPTH_TO_SPACE moves channel blocks of bs*bs into bs x bs spatial tiles
// (y [N, H*bs, W*bs, C/bs^2] in NHWC terms), SPACE_TO_DEPTH is the inverse
// with DCR order (y [N, H/bs, W/bs, C*bs^2]). The `format` attribute decides
// the layout (C-630). Elements are copied byte for byte.
// Semantics: docs/operators/depth_to_space.md, space_to_depth.md; decisions C-630..C-633.
#ifndef NNRT_REFERENCE_OPS_DEPTH_SPACE_H_
#define NNRT_REFERENCE_OPS_DEPTH_SPACE_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided once by InferDepthToSpace / InferSpaceToDepth.
struct DepthSpaceParams {
  bool to_space = true;  // DEPTH_TO_SPACE; false: SPACE_TO_DEPTH
  bool nchw = true;      // layout from the `format` attribute (C-630)
  bool crd = false;      // DEPTH_TO_SPACE mode CRD (C-632); DCR otherwise
  int64_t block = 1;
  Dims in;   // x's dims as stored
  Dims out;  // y's dims as stored
};

Status InferDepthToSpace(OpContext& ctx);
Status InferSpaceToDepth(OpContext& ctx);
// For every element of y in row-major order: the element of x it comes from
// (bytes copied); the source index is DepthSpaceSource's.
Status DepthSpaceKernel(OpContext& ctx);

// The flat offset in x of y's element at `index` (y's dims, stored layout):
// DEPTH_TO_SPACE DCR: y[n, h*bs+i, w*bs+j, c] = x[n, h, w, (i*bs + j)*C' + c];
// CRD: x[n, h, w, c*bs*bs + i*bs + j]; SPACE_TO_DEPTH:
// y[n, h, w, (i*bs + j)*C + c] = x[n, h*bs+i, w*bs+j, c] (C-632, C-633).
int64_t DepthSpaceSource(const DepthSpaceParams& p, const std::vector<int64_t>& index);

OpDef DepthToSpaceOpDef();
OpDef SpaceToDepthOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_DEPTH_SPACE_H_
