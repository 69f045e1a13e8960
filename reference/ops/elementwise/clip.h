// CLIP (ops_catalog #76, HDI Clip {max, min}): element-wise clamp to [min, max].
// Semantics: docs/operators/clip.md; decisions C-168, C-169.
#ifndef NNRT_REFERENCE_OPS_CLIP_H_
#define NNRT_REFERENCE_OPS_CLIP_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

Status InferClip(OpContext& ctx);
Status ClipKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc).
OpDef ClipOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_CLIP_H_
