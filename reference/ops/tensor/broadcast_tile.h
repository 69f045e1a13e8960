// BROADCAST_TO (ops_catalog #69, HDI BroadcastTo {shape}) and TILE_FUSION
// (#40, HDI TileFusion {dims}; input 1 = multiples), family "data_movement":
// x repeated into a larger output, elements copied. Semantics:
// docs/operators/broadcast_to.md, tile.md; decisions C-600, C-613, C-614.
#ifndef NNRT_REFERENCE_OPS_BROADCAST_TILE_H_
#define NNRT_REFERENCE_OPS_BROADCAST_TILE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What both kernels need: the output dims, x's dims left-padded with 1s to
// the output rank, and x's row-major strides for those padded dims.
struct RepeatParams {
  Dims out;
  Dims x_padded;
  std::vector<int64_t> x_strides;
};

// BROADCAST_TO's output dims (C-613): `shape` aligned with x from the right;
// -1 keeps x's dim there; each x dim is 1 or the target dim.
Status BroadcastToDims(const Dims& x, const std::vector<int64_t>& shape, Dims* out);

Status InferBroadcastTo(OpContext& ctx);
Status InferTile(OpContext& ctx);
// BROADCAST_TO: for every output index in row-major order, x's element at
// that index with index 0 along every stretched dim (bytes copied).
Status BroadcastToKernel(OpContext& ctx);
// TILE_FUSION: for every output index i in row-major order, x's element at
// (i_k mod x_padded[k]) along every dim k (bytes copied).
Status TileKernel(OpContext& ctx);

OpDef BroadcastToOpDef();
OpDef TileOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_BROADCAST_TILE_H_
