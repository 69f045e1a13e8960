// int8 tensors with a zero point other than 0 through the bridge (C-832):
// NNAdapter's int8 is symmetric, so such a tensor travels as
// QUANT_UINT8_ASYMM_PER_LAYER with every code and the zero point + 128 (the
// same real values), where that gives the reference's results exactly.
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_INT8_AS_UINT8_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_INT8_AS_UINT8_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {
namespace nnadapter_bridge {

// int8 with one quant param whose zero point is not 0.
bool TravelsAsUint8(const Tensor& t);

// int8 code q <-> uint8 code q + 128: flipping the top bit of each byte does
// both directions.
void FlipInt8Uint8(uint8_t* bytes, size_t count);

// The constant's bytes as the bridge sends them (re-encoded when TravelsAsUint8).
std::vector<uint8_t> ConstantBytes(const Tensor& t);

// OK when every output of `node` that travels as uint8 comes out with exactly
// the reference's int8 codes + 128; otherwise NNRT_UNSUPPORTED_OP with the
// reason. `tensors` is the model's tensor table.
Status CheckUint8OutputsExact(const std::vector<Tensor>& tensors, const Node& node);

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_INT8_AS_UINT8_H_
