// Shared checks of the data-movement lowerings (gather, slices, block/space
// rearrangements, split, stack): the element types Arm NN moves unchanged
// and the constant integer operands NNRt passes as tensors.
#ifndef NNRT_CTS_DRIVER_DRIVERS_ARMNN_LOWER_DATA_MOVEMENT_H_
#define NNRT_CTS_DRIVER_DRIVERS_ARMNN_LOWER_DATA_MOVEMENT_H_

#include <cstdint>
#include <vector>

#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {

// x and y (tensor indices) one data type Arm NN moves exactly: float32, or
// quantized int8/uint8 per tensor with y's scale and zero point equal to x's
// (NNRt copies the codes, C-350). Plain integers and bool are refused:
// CpuRef's rearranging workloads read and write through float32 decoders.
Status CheckMovedTypes(LoweringContext& ctx, uint32_t x, uint32_t y);

// The values of the node's input `input` (int32 / int64), which must be a
// constant of the model: Arm NN takes them as descriptor fields.
Status ConstantInts(LoweringContext& ctx, size_t input, std::vector<int64_t>* values);

// axis in [-rank, rank) -> [0, rank).
inline unsigned NormalizedAxis(int64_t axis, size_t rank) {
  return static_cast<unsigned>(axis < 0 ? axis + static_cast<int64_t>(rank) : axis);
}

}  // namespace armnn_driver
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_ARMNN_LOWER_DATA_MOVEMENT_H_
