// The operands of AVERAGE_POOL_2D and MAX_POOL_2D (input, auto_pad, pads,
// kernel_shape, strides, ceil_mode, count_include_pad / return_indices,
// [return_indices_dtype,] fuse_code) and NNAdapter's pooled output size,
// shared by the lowering, the native MAX_POOL_2D-with-indices step and the
// output-type inference of addOperation (C-900, C-903).
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_POOL_OPERANDS_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_POOL_OPERANDS_H_

#include <cstdint>
#include <vector>

#include "reference/nnadapter/lowering/lowering_common.h"

namespace nnrt {
namespace nna {

struct Pool2DOperands {
  const char* name = "";
  bool average = false;
  int32_t auto_pad = NNADAPTER_AUTO_PAD_NONE;
  std::vector<int64_t> pads = {0, 0, 0, 0};  // explicit [top, bottom, left, right] (auto_pad NONE)
  std::vector<int64_t> kernel, strides;      // [h, w]
  bool ceil_mode = false;
  bool flag = false;           // count_include_pad (average) / return_indices (max)
  int32_t index_dtype = NNADAPTER_INT32;  // max only
  FuseCode fuse;
};

// Reads and checks the operand list: 8 inputs and 1 output (average), 9
// inputs and the 2 outputs {output, indices} (max; indices NULL for none,
// and return_indices must say whether it is given, C-903).
Status ReadPool2DOperands(const Operation& op, Pool2DOperands* p);

// The pads [before, after] of axis 0 (H) or 1 (W) for an input of size `in`
// as NNAdapter resolves auto_pad: SAME splits max((ceil(in/s) - 1)*s + k - in, 0)
// with the odd one after, VALID pads nothing.
void ResolvePads(const Pool2DOperands& p, int axis, int64_t in, int64_t* before, int64_t* after);

// NNAdapter's pooled size along `axis`: floor or (ceil_mode) ceil of
// (in + before + after - k) / s, plus 1; -1 when `in` is unknown.
int64_t Pool2DOutputSize(const Pool2DOperands& p, int axis, int64_t in);

// Whether NNAdapter's size keeps a last window that starts at or past the
// input's end (ceil_mode), a window NNRt pooling drops (C-523).
bool KeepsWindowInPadding(const Pool2DOperands& p, int axis, int64_t in);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_POOL_OPERANDS_H_
