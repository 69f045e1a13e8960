// DEFORMABLE_CONV_2D's own reference kernel (NNAdapter only; no NNRt node
// type computes it, C-854): NCHW float32, offsets and mask per output
// position, bilinear sampling with zero outside the input.
#ifndef NNRT_REFERENCE_NNADAPTER_NATIVE_DEFORMABLE_CONV2D_H_
#define NNRT_REFERENCE_NNADAPTER_NATIVE_DEFORMABLE_CONV2D_H_

#include <cstdint>
#include <vector>

#include "reference/ir/host_tensor.h"

namespace nnrt {
namespace nna {

struct DeformableConv2DParams {
  std::vector<int64_t> pads = {0, 0, 0, 0};  // top, bottom, left, right
  std::vector<int64_t> strides = {1, 1};
  std::vector<int64_t> dilations = {1, 1};
  int64_t group = 1;
  int64_t deformable_group = 1;
  int32_t fuse_code = 0;     // NNAdapterFuseCode
  Dims filter_dims;          // [C_out, C_in/group, kH, kW]
  std::vector<float> filter;
  std::vector<float> bias;   // [C_out]
};

// The parameters' own consistency (positive strides, dilations, groups that
// divide the channels, filter and bias sizes). NNRT_INVALID_MODEL naming the field.
Status CheckDeformableConv2D(const DeformableConv2DParams& p);

// y's dims [N, C_out, OH, OW] for x's dims; offset must be
// [N, 2*dg*kH*kW, OH, OW] and mask [N, dg*kH*kW, OH, OW] (C-855).
Status DeformableConv2DOutputDims(const DeformableConv2DParams& p, const Dims& x, Dims* y);

// y = act(bias + sum over (ic, kh, kw) of w * (mask * bilinear(x, p))) in
// binary64 in that order, rounded once to float32 (C-855).
Status RunDeformableConv2D(const DeformableConv2DParams& p, const HostTensor& x, const HostTensor& offset,
                           const HostTensor& mask, HostTensor* y);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_NATIVE_DEFORMABLE_CONV2D_H_
