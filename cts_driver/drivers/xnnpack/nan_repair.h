// Special-value assist for float32 results of XNNPACK (docs/conformance.md
// "The XNNPACK driver", differences 1-4).
//
// XNNPACK ends every float kernel with max(v, lo) then min(v, hi) (x86
// maxps/minps return the second operand when one is NaN), so a NaN result
// becomes the lower clamp bound: -inf without a fused activation, 0 with RELU
// / RELU6; max(-0, 0) is +0; and it runs with denormals disabled (DAZ + FTZ).
// NNRt requires IEEE propagation of NaN, subnormal inputs honoured and RELU's
// x < 0 ? 0 : x (ADD, SUB, MUL, DIV, CONV2D_FUSION, RELU, RELU6 float32 are
// must-pass). After each node the driver therefore recomputes, in binary64
// with the fused clamp before the single rounding, exactly the elements XNNPACK
// cannot get right: arithmetic elements whose result is NaN, with a subnormal
// operand or a -0 result under a clamp; a whole convolution, transposed
// convolution, fully connected or matmul node whose inputs, weights or bias
// hold a non-finite or subnormal value; NaN (and SQRT of a
// negative) for the unary ops. With ordinary data every check is one scan
// and XNNPACK's values stand.
#ifndef NNRT_CTS_DRIVER_DRIVERS_XNNPACK_NAN_REPAIR_H_
#define NNRT_CTS_DRIVER_DRIVERS_XNNPACK_NAN_REPAIR_H_

#include <cstdint>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {
namespace xnnpack_driver {

// data[t]: the bytes of tensor t (input data, constant data or a result).
void RepairNaN(const Model& model, const std::vector<Dims>& dims, uint32_t node_index,
               const std::vector<const uint8_t*>& data, uint8_t* output);

}  // namespace xnnpack_driver
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_XNNPACK_NAN_REPAIR_H_
