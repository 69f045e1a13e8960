// Spatial-window geometry and attributes shared by the NHWC window operators
// (CONV2D_FUSION, CONV2D_TRANSPOSE_FUSION, AVGPOOL_FUSION, MAX_POOL_FUSION):
// the HDI PadMode rules (PAD / SAME / VALID), the output size of a window
// sliding over a padded axis, and the readers of the [h, w] pairs and the
// [top, bottom, left, right] pad lists of their attribute structs.
#ifndef NNRT_REFERENCE_OPS_SPATIAL_WINDOW_H_
#define NNRT_REFERENCE_OPS_SPATIAL_WINDOW_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Padding around the input of a window operator, in input pixels.
struct ConvPads {
  int64_t top = 0;
  int64_t bottom = 0;
  int64_t left = 0;
  int64_t right = 0;
  bool operator==(const ConvPads& o) const {
    return top == o.top && bottom == o.bottom && left == o.left && right == o.right;
  }
};

// Largest stride, dilation, kernel or pad the window operators accept (C-51).
constexpr int64_t kMaxWindowGeometry = 2147483647;  // 2^31 - 1

// Padding of one spatial axis for a mode (HDI PadMode, ops_catalog #2/#8):
//   PAD:   the explicit pads;
//   SAME:  out = ceil(in / stride), total = max((out-1)*stride + (k-1)*dilation + 1 - in, 0),
//          before = floor(total / 2), after = total - before (odd extra at bottom/right);
//   VALID: no padding.
// in <= 0 (unknown) gives zero pads.
void ComputeConvPadsAxis(PadMode mode, int64_t in, int64_t kernel, int64_t stride, int64_t dilation,
                         int64_t explicit_before, int64_t explicit_after, int64_t* before, int64_t* after);

// floor((in + before + after - ((k-1)*dilation + 1)) / stride) + 1; <= 0 when
// the dilated kernel does not fit the padded input; -1 when in is unknown (-1).
int64_t ConvOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t before, int64_t after);

// Reads a 2-element list attribute [h, w] (stride, dilation, kernelSize,
// strides) whose elements are in 1..2^31-1. An absent attribute leaves
// *first / *second unchanged (the caller's default); present with another
// element count is NNRT_INVALID_MODEL.
Status ReadWindowPair(const Node& node, const char* name, int64_t* first, int64_t* second);

// Reads attribute `padMode` (PAD 0, SAME 1, VALID 2) and the pad list
// attribute `list_name` ([top, bottom, left, right], absent or empty = zeros,
// elements in 0..2^31-1). With SAME or VALID a non-zero pad list is
// NNRT_INVALID_MODEL (C-52); *pads then stays all zero.
Status ReadPadModeAndList(const Node& node, const char* list_name, PadMode* mode, ConvPads* pads);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SPATIAL_WINDOW_H_
