// CONV2D_FUSION (HDI struct Conv2DFusion; ops_catalog #8 Conv2D, #10
// DepthwiseConv2dNative, which lowers to the same node type with
// group == inChannel). NHWC input, weight [outC, kH, kW, inC/group], optional
// bias [outC]. Semantics: docs/semantics.md "CONV2D_FUSION".
#ifndef NNRT_REFERENCE_OPS_CONV2D_H_
#define NNRT_REFERENCE_OPS_CONV2D_H_

#include <cstdint>
#include <vector>

#include "reference/ops/op_def.h"

namespace nnrt {

// Zero padding around the input, in input pixels.
struct ConvPads {
  int64_t top = 0;
  int64_t bottom = 0;
  int64_t left = 0;
  int64_t right = 0;
  bool operator==(const ConvPads& o) const {
    return top == o.top && bottom == o.bottom && left == o.left && right == o.right;
  }
};

// The validated attributes of a Conv2DFusion node (defaults applied).
struct Conv2DParams {
  int64_t kernel_h = 0;
  int64_t kernel_w = 0;
  int64_t stride_h = 1;
  int64_t stride_w = 1;
  int64_t dilation_h = 1;
  int64_t dilation_w = 1;
  PadMode pad_mode = PadMode::kPad;
  ConvPads explicit_pads;  // padList (PAD mode only; zeros otherwise)
  int64_t group = 1;
  ActivationType activation = ActivationType::kNone;
};

// Padding of one spatial axis for a mode (HDI PadMode, ops_catalog #2/#8):
//   PAD:   the explicit pads;
//   SAME:  out = ceil(in / stride), total = max((out-1)*stride + (k-1)*dilation + 1 - in, 0),
//          before = floor(total / 2), after = total - before (odd extra at bottom/right);
//   VALID: no padding.
// in <= 0 (unknown) gives zero pads.
void ComputeConvPadsAxis(PadMode mode, int64_t in, int64_t kernel, int64_t stride, int64_t dilation,
                         int64_t explicit_before, int64_t explicit_after, int64_t* before, int64_t* after);

// The pads of both spatial axes for an input of height in_h and width in_w.
ConvPads ComputeConvPads(const Conv2DParams& p, int64_t in_h, int64_t in_w);

// floor((in + before + after - ((k-1)*dilation + 1)) / stride) + 1; <= 0 when
// the dilated kernel does not fit the padded input; -1 when in is unknown (-1).
int64_t ConvOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t before, int64_t after);

// Reads and validates the attributes against the tensors (ranks, channel
// relations, group, kernel size, stride, dilation, pads, activation).
Status ReadConv2DParams(const OpContext& ctx, Conv2DParams* params);

Status InferConv2D(OpContext& ctx);
Status Conv2DKernel(OpContext& ctx);

// The kernel with caller-given pads (the reference passes ComputeConvPads),
// after InferConv2D parsed the node on the same context. Exists so that a
// deliberately wrong test driver can replace only the padding rule; output H/W
// follow from the given pads and must match the output dims.
Status RunConv2DWithPads(OpContext& ctx, const ConvPads& pads);

// The module's entry in the node-type list (registry.cc).
OpDef Conv2DOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_CONV2D_H_
