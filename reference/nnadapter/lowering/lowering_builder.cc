#include "reference/nnadapter/lowering/lowering_builder.h"

#include <utility>

#include "reference/nnadapter/lowering/operand_values.h"

namespace nnrt {
namespace nna {

const std::vector<int32_t> kNchwToNhwc = {0, 2, 3, 1};
const std::vector<int32_t> kNhwcToNchw = {0, 3, 1, 2};

Dims PermuteDims(const Dims& dims, const std::vector<int32_t>& perm) {
  Dims out;
  for (int32_t p : perm) out.push_back(p < static_cast<int32_t>(dims.size()) ? dims[p] : -1);
  return out;
}

Status LoweringBuilder::TensorOf(const Operand* operand, uint32_t* index) {
  if (operand == nullptr) return InvalidModel("an operation names a NULL operand");
  auto it = tensor_of_.find(operand);
  if (it != tensor_of_.end()) {
    *index = it->second;
    return Status::Ok();
  }
  Tensor t;
  NNRT_RETURN_IF_ERROR(ConvertOperandType(operand->type, &t.data_type, &t.quant_params, &t.dims));
  // The data of an NNAdapter operand stays in its own order; NHWC-only NNRt
  // nodes get explicit TRANSPOSE nodes around them (C-813).
  t.format = Format::kNone;
  t.name = "operand" + std::to_string(tensor_of_.size());
  if (IsConstant(*operand)) {
    if (operand->buffer == nullptr && operand->length > 0) return InvalidModel(t.name + ": constant without data");
    const auto* bytes = static_cast<const uint8_t*>(operand->buffer);
    t.data.assign(bytes, bytes + operand->length);
  }
  model_->tensors.push_back(std::move(t));
  *index = static_cast<uint32_t>(model_->tensors.size() - 1);
  tensor_of_[operand] = *index;
  return Status::Ok();
}

uint32_t LoweringBuilder::AddTemporary(DataType dtype, Dims dims, std::vector<QuantParam> quant) {
  Tensor t;
  t.name = "lowered" + std::to_string(model_->tensors.size());
  t.data_type = dtype;
  t.dims = std::move(dims);
  t.format = Format::kNone;
  t.quant_params = std::move(quant);
  model_->tensors.push_back(std::move(t));
  return static_cast<uint32_t>(model_->tensors.size() - 1);
}

uint32_t LoweringBuilder::AddConstant(DataType dtype, Dims dims, std::vector<uint8_t> bytes,
                                      std::vector<QuantParam> quant) {
  const uint32_t index = AddTemporary(dtype, std::move(dims), std::move(quant));
  model_->tensors[index].data = std::move(bytes);
  return index;
}

void LoweringBuilder::AddNode(NodeType type, std::vector<Attr> attrs, std::vector<uint32_t> inputs,
                              std::vector<uint32_t> outputs) {
  Node n;
  n.name = std::string(NodeTypeName(type)) + "_" + std::to_string(model_->nodes.size());
  n.type = type;
  n.attrs = std::move(attrs);
  n.inputs = std::move(inputs);
  n.outputs = std::move(outputs);
  for (uint32_t in : n.inputs) {
    if (model_->tensors[in].IsQuantized()) n.quant_type = QuantType::kAll;
  }
  model_->nodes.push_back(std::move(n));
}

uint32_t LoweringBuilder::Transpose(uint32_t in, const std::vector<int32_t>& perm) {
  const Tensor& t = model_->tensors[in];
  const uint32_t out = AddTemporary(t.data_type, PermuteDims(t.dims, perm), t.quant_params);
  TransposeInto(in, out, perm);
  return out;
}

void LoweringBuilder::TransposeInto(uint32_t in, uint32_t out, const std::vector<int32_t>& perm) {
  std::vector<uint8_t> bytes(perm.size() * 4);
  for (size_t i = 0; i < perm.size(); ++i) {
    const int32_t v = perm[i];
    for (int b = 0; b < 4; ++b) bytes[4 * i + b] = static_cast<uint8_t>((static_cast<uint32_t>(v) >> (8 * b)) & 0xff);
  }
  const uint32_t perm_tensor = AddConstant(DataType::kInt32, {static_cast<int32_t>(perm.size())}, std::move(bytes));
  AddNode(NodeType::TRANSPOSE, {}, {in, perm_tensor}, {out});
}

}  // namespace nna
}  // namespace nnrt
