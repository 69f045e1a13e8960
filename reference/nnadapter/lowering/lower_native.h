// Operations that run as native kernels of the reference program instead of
// NNRt nodes (C-855): which ones, and reading their operands.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_NATIVE_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_NATIVE_H_

#include <cstdint>

#include "nnadapter/hal/types.h"
#include "reference/ir/host_tensor.h"
#include "reference/nnadapter/native/deformable_conv2d.h"
#include "reference/nnadapter/native/max_pool2d_indices.h"

namespace nnrt {
namespace nna {

// The operation type that always runs natively (DEFORMABLE_CONV_2D).
bool IsNativeOperation(int32_t operation);

// Whether this operation runs as a native step: DEFORMABLE_CONV_2D, and
// MAX_POOL_2D with a (non-NULL) indices output (C-903).
bool RunsNatively(const ::nnadapter::hal::Operation& op);

// MAX_POOL_2D {output, indices}: the window with auto_pad resolved (H and W
// must be known), checked against the output and indices types: float32, or
// 8-bit quantised with the output's params equal to the input's; fuse code
// NONE (C-903).
Status ReadMaxPool2DWithIndices(const ::nnadapter::hal::Operation& op, MaxPool2DIndicesParams* params);

// DEFORMABLE_CONV_2D's constant operands (filter, bias, pads, strides, group,
// deformable_group, dilations, fuse_code) into `params`, checked against the
// input, offset, mask and output types. float32 only (C-855).
Status ReadDeformableConv2D(const ::nnadapter::hal::Operation& op, DeformableConv2DParams* params);

// A constant operand's bytes as a host tensor.
Status ConstantHostTensor(const ::nnadapter::hal::Operand& operand, HostTensor* out);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_NATIVE_H_
