// NaN propagation for float32 results of XNNPACK.
//
// XNNPACK ends every float kernel with max(v, lo) then min(v, hi) (x86
// maxps/minps, which return the second operand when one is NaN), so a NaN
// result becomes the lower clamp bound: -inf without a fused activation, 0
// with RELU / RELU6 (measured on Debian's 0.0~git20220216 build). NNRt
// requires NaN to propagate (docs/semantics.md; ADD, SUB, MUL, DIV,
// CONV2D_FUSION, RELU, RELU6 float32 are must-pass), so after each node the
// driver sets to NaN exactly the elements whose IEEE result is NaN. The values
// themselves stay XNNPACK's; only NaN-ness is decided here, from the node's
// inputs, and only when an input holds a non-finite value (or, for DIV, a
// zero) — otherwise the pass returns at once.
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
