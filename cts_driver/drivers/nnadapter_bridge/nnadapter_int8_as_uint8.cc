#include "cts_driver/drivers/nnadapter_bridge/nnadapter_int8_as_uint8.h"

#include <string>

#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/nn/pool.h"

namespace nnrt {
namespace nnadapter_bridge {

bool TravelsAsUint8(const Tensor& t) {
  return t.data_type == DataType::kInt8 && t.quant_params.size() == 1 && t.quant_params[0].zero_point != 0;
}

void FlipInt8Uint8(uint8_t* bytes, size_t count) {
  for (size_t i = 0; i < count; ++i) bytes[i] ^= 0x80u;
}

std::vector<uint8_t> ConstantBytes(const Tensor& t) {
  std::vector<uint8_t> bytes = t.data;
  if (TravelsAsUint8(t)) FlipInt8Uint8(bytes.data(), bytes.size());
  return bytes;
}

namespace {

// The clamp range of `act` on the int8 output (s, z) and on its uint8 form
// (float32(s), z + 128), the scale NNAdapter carries: equal up to the shift.
Status CheckClampRangeShifts(ActivationType act, const Tensor& out) {
  const QuantParam& q = out.quant_params[0];
  QuantParam as_uint8 = q;
  as_uint8.zero_point = q.zero_point + 128;
  as_uint8.scale = static_cast<double>(static_cast<float>(q.scale));
  const QuantRange i8 = FusedActivationQuantRange(act, DataType::kInt8, q);
  const QuantRange u8 = FusedActivationQuantRange(act, DataType::kUint8, as_uint8);
  if (u8.lo == i8.lo + 128 && u8.hi == i8.hi + 128) return Status::Ok();
  return Unsupported("the clamp range of output '" + out.name + "' is [" + std::to_string(i8.lo) + ", " +
                     std::to_string(i8.hi) + "] in int8 but [" + std::to_string(u8.lo) + ", " + std::to_string(u8.hi) +
                     "] in its uint8 form (Q(6) rounds a tie differently, C-832)");
}

// ACTIVATION relu / relu6 / abs with the input's scale: t = q - z_x exactly
// (an integer, never a tie), so only the clamp bounds can differ.
Status CheckActivation(const std::vector<Tensor>& tensors, const Node& node, const Tensor& out) {
  const auto act = static_cast<ActivationType>(IntAttr(node, "activationType"));
  if (act != ActivationType::kRelu && act != ActivationType::kRelu6 && act != ActivationType::kAbs) {
    return Unsupported("ACTIVATION " + std::to_string(static_cast<int>(act)) + " into int8 output '" + out.name +
                       "' with zero point != 0: its table entries are rounded with the zero point inside, and a tie "
                       "at a negative sum rounds differently in uint8 (C-832)");
  }
  const Tensor& in = tensors[node.inputs.at(0)];
  if (in.quant_params.size() != 1 || in.quant_params[0].scale != out.quant_params[0].scale) {
    return Unsupported("ACTIVATION into int8 output '" + out.name +
                       "' with zero point != 0 and a scale other than the input's: the requantised value can be a "
                       "tie that rounds differently in uint8 (C-832)");
  }
  return act == ActivationType::kAbs ? Status::Ok() : CheckClampRangeShifts(act, out);
}

}  // namespace

Status CheckUint8OutputsExact(const std::vector<Tensor>& tensors, const Node& node) {
  for (uint32_t t : node.outputs) {
    const Tensor& out = tensors[t];
    if (!TravelsAsUint8(out)) continue;
    switch (node.type) {
      case NodeType::RESHAPE:
      case NodeType::TRANSPOSE:
      case NodeType::CONCAT:
        break;                           // codes copied, the input's params (C-600): + 128 in, + 128 out
      case NodeType::MAX_POOL_FUSION: {  // the largest code (order kept by + 128), then the clamp
        PoolAttrs p;
        NNRT_RETURN_IF_ERROR(ReadPoolAttrs(node, &p));
        NNRT_RETURN_IF_ERROR(CheckClampRangeShifts(p.activation, out));
        break;
      }
      case NodeType::ACTIVATION:
        NNRT_RETURN_IF_ERROR(CheckActivation(tensors, node, out));
        break;
      default:
        return Unsupported(std::string(NodeTypeName(node.type)) + " into int8 output '" + out.name +
                           "' with zero point " + std::to_string(out.quant_params[0].zero_point) +
                           ": NNAdapter carries it as uint8 (+128), and the result is rounded with the zero point "
                           "inside (RHA(t + z)), so a tie at a negative sum rounds one code higher in uint8 (C-832)");
    }
  }
  return Status::Ok();
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
