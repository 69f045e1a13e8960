// CONV2D_FUSION (HDI struct Conv2DFusion; ops_catalog #8 Conv2D, #10
// DepthwiseConv2dNative, which lowers to the same node type with
// group == inChannel). NHWC input, weight [outC, kH, kW, inC/group], optional
// bias [outC]. Semantics: docs/semantics.md "CONV2D_FUSION".
#ifndef NNRT_REFERENCE_OPS_CONV2D_H_
#define NNRT_REFERENCE_OPS_CONV2D_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"
#include "reference/ops/kernels/spatial_window.h"  // ConvPads, ComputeConvPadsAxis, ConvOutputSize

namespace nnrt {

// The validated attributes of a Conv2DFusion node (defaults applied).
struct Conv2DAttrs {
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

// The pads of both spatial axes for an input of height in_h and width in_w.
ConvPads ComputeConvPads(const Conv2DAttrs& p, int64_t in_h, int64_t in_w);

// Reads and validates the attributes against the tensors (ranks, channel
// relations, group, kernel size, stride, dilation, pads, activation).
Status ReadConv2DAttrs(const OpContext& ctx, Conv2DAttrs* params);

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
