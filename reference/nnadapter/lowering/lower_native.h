// Operations that run as native kernels of the reference program instead of
// NNRt nodes (C-855): which ones, and reading their operands.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_NATIVE_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_NATIVE_H_

#include <cstdint>

#include "nnadapter/hal/types.h"
#include "reference/hal/host_tensor.h"
#include "reference/nnadapter/native/deformable_conv2d.h"

namespace nnrt {
namespace nna {

bool IsNativeOperation(int32_t operation);

// DEFORMABLE_CONV_2D's constant operands (filter, bias, pads, strides, group,
// deformable_group, dilations, fuse_code) into `params`, checked against the
// input, offset, mask and output types. float32 only (C-855).
Status ReadDeformableConv2D(const ::nnadapter::hal::Operation& op, DeformableConv2DParams* params);

// A constant operand's bytes as a host tensor.
Status ConstantHostTensor(const ::nnadapter::hal::Operand& operand, HostTensor* out);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_NATIVE_H_
