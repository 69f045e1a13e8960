// CONCAT (ops_catalog #7, HDI Concat {axis}) and SPLIT (#32, HDI Split
// {outputNum, sizeSplits, axis}), family "data_movement": joining tensors
// along one axis and cutting one tensor into pieces along one axis; elements
// copied. Semantics: docs/operators/concat.md, split.md; decisions
// C-600, C-602..C-604.
#ifndef NNRT_REFERENCE_OPS_CONCAT_SPLIT_H_
#define NNRT_REFERENCE_OPS_CONCAT_SPLIT_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// One axis cut into blocks: `outer` = product of the dims before the axis;
// block[i] = the element count of piece i per outer index (its size along the
// axis times the product of the dims after it).
struct AxisBlocks {
  int32_t axis = 0;
  int64_t outer = 0;
  std::vector<int64_t> block;
};

// SPLIT's piece sizes along the axis for `outputs` outputs (C-603):
// sizeSplits empty or all 0 = equal pieces; otherwise one size per output, at
// most one -1 (the rest), sizes >= 1 summing to `dim`. `dim` < 0 (unknown)
// leaves the sizes that depend on it as -1.
Status ResolveSplitSizes(const std::vector<int64_t>& size_splits, int64_t output_num, int64_t outputs, int64_t dim,
                         std::vector<int64_t>* sizes);

Status InferConcat(OpContext& ctx);
Status InferSplit(OpContext& ctx);
// for o in [0, outer): for each input i in order: copy block[i] elements.
Status ConcatKernel(OpContext& ctx);
// for o in [0, outer): for each output i in order: copy block[i] elements.
Status SplitKernel(OpContext& ctx);

OpDef ConcatOpDef();
OpDef SplitOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_CONCAT_SPLIT_H_
