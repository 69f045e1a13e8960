#include "reference/nnadapter/lowering/lowering_common.h"

namespace nnrt {
namespace nna {

Status CheckOperandCount(const Operation& op, const char* name, int inputs, int outputs) {
  const int in = static_cast<int>(op.input_operands.size());
  const int out = static_cast<int>(op.output_operands.size());
  const bool in_ok = inputs >= 0 ? in == inputs : in >= -inputs;
  if (!in_ok || out != outputs) {
    return InvalidModel(std::string(name) + " takes " + (inputs >= 0 ? "" : "at least ") +
                        std::to_string(inputs >= 0 ? inputs : -inputs) + " inputs and " + std::to_string(outputs) +
                        " outputs, got " + std::to_string(in) + " and " + std::to_string(out));
  }
  return Status::Ok();
}

int64_t FuseCode::NodeActivation() const {
  switch (code) {
    case NNADAPTER_FUSED_RELU: return static_cast<int64_t>(ActivationType::kRelu);
    case NNADAPTER_FUSED_RELU6: return static_cast<int64_t>(ActivationType::kRelu6);
    default: return static_cast<int64_t>(ActivationType::kNone);
  }
}

Status ReadFuseCode(const Operand* operand, const char* name, FuseCode* fuse) {
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(operand, std::string(name) + " fuse_code", &fuse->code));
  if (fuse->code < NNADAPTER_FUSED_NONE || fuse->code > NNADAPTER_FUSED_RELU6) {
    return InvalidModel(std::string(name) + " fuse_code " + std::to_string(fuse->code) +
                        " is not an NNAdapterFuseCode value");
  }
  return Status::Ok();
}

uint32_t FuseTarget(LoweringBuilder& b, const FuseCode& fuse, uint32_t out) {
  if (!fuse.NeedsRelu1Node()) return out;
  const Tensor& t = b.tensor(out);
  return b.AddTemporary(t.data_type, t.dims, t.quant_params);
}

void AddFuseNode(LoweringBuilder& b, const FuseCode& fuse, uint32_t produced, uint32_t out) {
  if (!fuse.NeedsRelu1Node()) return;
  b.AddNode(NodeType::ACTIVATION, ActivationAttrs(ActivationType::kRelu1), {produced}, {out});
}

std::vector<uint8_t> PermuteConstant(const std::vector<uint8_t>& bytes, const Dims& dims, size_t element_size,
                                     const std::vector<int32_t>& perm) {
  const size_t rank = dims.size();
  std::vector<int64_t> in_strides(rank, 1);
  for (size_t i = rank; i-- > 1;) in_strides[i - 1] = in_strides[i] * dims[i];
  const Dims out_dims = PermuteDims(dims, perm);
  std::vector<uint8_t> out(bytes.size());
  std::vector<int64_t> index(rank, 0);  // position in the output
  const size_t count = element_size == 0 ? 0 : bytes.size() / element_size;
  for (size_t o = 0; o < count; ++o) {
    int64_t src = 0;
    for (size_t d = 0; d < rank; ++d) src += index[d] * in_strides[perm[d]];
    for (size_t k = 0; k < element_size; ++k) out[o * element_size + k] = bytes[src * element_size + k];
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < out_dims[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

std::vector<uint8_t> Int64Bytes(const std::vector<int64_t>& values) {
  std::vector<uint8_t> bytes(values.size() * 8);
  for (size_t i = 0; i < values.size(); ++i) {
    for (int k = 0; k < 8; ++k) bytes[8 * i + k] = static_cast<uint8_t>((static_cast<uint64_t>(values[i]) >> (8 * k)) & 0xff);
  }
  return bytes;
}

std::vector<Attr> ActivationAttrs(ActivationType type, float alpha) {
  std::vector<Attr> attrs = {Attr::Int8("activationType", static_cast<int8_t>(type))};
  if (alpha != 0.0f) attrs.push_back(Attr::Float("alpha", alpha));
  return attrs;
}

}  // namespace nna
}  // namespace nnrt
