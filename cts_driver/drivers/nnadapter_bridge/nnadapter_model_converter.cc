#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_converter.h"

#include <algorithm>
#include <cstring>
#include <set>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_converter_internal.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_int8_as_uint8.h"

namespace nnrt {
namespace nnadapter_bridge {

const std::vector<int32_t> kNhwcToNchw = {0, 3, 1, 2};
const std::vector<int32_t> kNchwToNhwc = {0, 2, 3, 1};

Dims Permuted(const Dims& dims, const std::vector<int32_t>& perm) {
  Dims out(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) out[i] = dims[static_cast<size_t>(perm[i])];
  return out;
}

namespace {

// The bytes of a row-major tensor with `dims` permuted (out dim i = in dim perm[i]).
std::vector<uint8_t> PermuteBytes(const std::vector<uint8_t>& src, const Dims& dims, const std::vector<int32_t>& perm,
                                  size_t element) {
  const size_t rank = dims.size();
  std::vector<int64_t> in_strides(rank, 1);
  for (size_t i = rank; i-- > 1;) in_strides[i - 1] = in_strides[i] * dims[i];
  const Dims out_dims = Permuted(dims, perm);
  std::vector<uint8_t> out(src.size());
  std::vector<int64_t> index(rank, 0);
  const size_t count = element == 0 ? 0 : src.size() / element;
  for (size_t n = 0; n < count; ++n) {
    int64_t offset = 0;
    for (size_t i = 0; i < rank; ++i) offset += index[i] * in_strides[static_cast<size_t>(perm[i])];
    std::memcpy(out.data() + n * element, src.data() + static_cast<size_t>(offset) * element, element);
    for (size_t i = rank; i-- > 0;) {
      if (++index[i] < out_dims[i]) break;
      index[i] = 0;
    }
  }
  return out;
}

Status UnsupportedType(const Tensor& t, const std::string& why) {
  return Unsupported("tensor '" + t.name + "' (" + DataTypeName(t.data_type) + "): " + why);
}

// Node indices in an order where every node comes after the producers of its inputs.
Status TopologicalOrder(const Model& m, std::vector<size_t>* order) {
  std::vector<int64_t> producer(m.tensors.size(), -1);
  for (size_t n = 0; n < m.nodes.size(); ++n) {
    for (uint32_t t : m.nodes[n].outputs) producer[t] = static_cast<int64_t>(n);
  }
  std::vector<int> state(m.nodes.size(), 0);  // 0 new, 1 visiting, 2 done
  std::vector<std::pair<size_t, size_t>> stack;
  for (size_t start = 0; start < m.nodes.size(); ++start) {
    if (state[start] != 0) continue;
    stack.push_back({start, 0});
    state[start] = 1;
    while (!stack.empty()) {
      auto& [n, next] = stack.back();
      if (next < m.nodes[n].inputs.size()) {
        const int64_t p = producer[m.nodes[n].inputs[next++]];
        if (p < 0 || state[static_cast<size_t>(p)] == 2) continue;
        if (state[static_cast<size_t>(p)] == 1) return InvalidModel("the model has a cycle through node " + std::to_string(p));
        state[static_cast<size_t>(p)] = 1;
        stack.push_back({static_cast<size_t>(p), 0});
        continue;
      }
      state[n] = 2;
      order->push_back(n);
      stack.pop_back();
    }
  }
  return Status::Ok();
}

}  // namespace

Status Converter::TypeOf(const Tensor& t, const Dims& dims, uint32_t channel_dim, NNAdapterOperandLifetimeCode lifetime,
                         NNAdapterOperandType* type) {
  if (dims.size() > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) return UnsupportedType(t, "rank above 8 (NNAdapter's limit)");
  if (IsDynamic(dims)) return UnsupportedType(t, "dynamic dims (the bridge converts static shapes only, C-842)");
  const std::vector<QuantParam>& q = t.quant_params;
  NNAdapterOperandPrecisionCode precision;
  switch (t.data_type) {
    case DataType::kFloat32: precision = NNADAPTER_FLOAT32; break;
    case DataType::kInt32: precision = NNADAPTER_INT32; break;
    case DataType::kInt64: precision = NNADAPTER_INT64; break;
    case DataType::kBool: precision = NNADAPTER_BOOL8; break;
    case DataType::kInt8:
      if (q.size() > 1) {
        for (const QuantParam& p : q) {
          if (p.zero_point != 0) return UnsupportedType(t, "per-channel zero point != 0 (NNAdapter's are symmetric)");
        }
        precision = NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL;
      } else if (q.size() == 1) {
        // NNAdapter's int8 is symmetric: with another zero point the tensor
        // travels as uint8, codes and zero point + 128 (C-832).
        precision = TravelsAsUint8(t) ? NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER : NNADAPTER_QUANT_INT8_SYMM_PER_LAYER;
      } else {
        precision = NNADAPTER_INT8;
      }
      break;
    case DataType::kUint8:
      if (q.size() > 1) return UnsupportedType(t, "per-channel uint8 (NNAdapter has no such type)");
      precision = q.empty() ? NNADAPTER_UINT8 : NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER;
      break;
    default:
      return UnsupportedType(t, "no NNAdapter counterpart the bridge uses (C-842)");
  }
  if (!q.empty() && t.data_type != DataType::kInt8 && t.data_type != DataType::kUint8) {
    return UnsupportedType(t, "quantised tensors must be int8 or uint8 (C-843)");
  }
  *type = MakeOperandType(precision, dims, lifetime);
  if (precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    type->symm_per_layer_params.scale = static_cast<float>(q[0].scale);
  } else if (precision == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER) {
    type->asymm_per_layer_params.scale = static_cast<float>(q[0].scale);
    type->asymm_per_layer_params.zero_point = q[0].zero_point + (TravelsAsUint8(t) ? 128 : 0);
  } else if (precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL) {
    if (channel_dim >= dims.size() || static_cast<size_t>(dims[channel_dim]) != q.size()) {
      return UnsupportedType(t, "per-channel scales that do not match dim " + std::to_string(channel_dim));
    }
    std::vector<float> scales;
    for (const QuantParam& p : q) scales.push_back(static_cast<float>(p.scale));
    type->symm_per_channel_params.channel_dim = channel_dim;
    type->symm_per_channel_params.scale_count = static_cast<uint32_t>(scales.size());
    type->symm_per_channel_params.scales = b_.KeepScales(std::move(scales));
  }
  return Status::Ok();
}

Status Converter::AddModelInputs() {
  for (uint32_t t : model_.inputs) {
    NNAdapterOperandType type;
    NNRT_RETURN_IF_ERROR(TypeOf(tensor(t), tensor(t).dims, 0, NNADAPTER_MODEL_INPUT, &type));
    operands_[t] = b_.AddOperand(type);
  }
  return Status::Ok();
}

Status Converter::FinishModel() {
  std::vector<NNAdapterOperand*> inputs, outputs;
  for (uint32_t t : model_.inputs) inputs.push_back(operands_.at(t));
  for (uint32_t t : model_.outputs) {
    auto it = operands_.find(t);
    if (it == operands_.end()) return InvalidModel("model output tensor " + std::to_string(t) + " is never written");
    outputs.push_back(it->second);
  }
  b_.SetInputsAndOutputs(std::move(inputs), std::move(outputs));
  return Status::Ok();
}

Status Converter::OperandOf(uint32_t t, NNAdapterOperand** op) {
  auto it = operands_.find(t);
  if (it != operands_.end()) {
    *op = it->second;
    return Status::Ok();
  }
  const Tensor& decl = tensor(t);
  if (!decl.HasData()) return InvalidModel("tensor " + std::to_string(t) + " is read before it is written");
  NNAdapterOperandType type;
  NNRT_RETURN_IF_ERROR(TypeOf(decl, decl.dims, 0, NNADAPTER_CONSTANT_COPY, &type));
  *op = operands_[t] = b_.AddConstant(type, ConstantBytes(decl));
  return Status::Ok();
}

Status Converter::Transposed(NNAdapterOperand* in, const std::vector<int32_t>& perm, NNAdapterOperand* out) {
  b_.AddOperation(NNADAPTER_TRANSPOSE, {in, b_.Int32Vector(perm)}, {out});
  return Status::Ok();
}

Status Converter::NchwOperandOf(uint32_t t, NNAdapterOperand** op) {
  auto it = nchw_.find(t);
  if (it != nchw_.end()) {
    *op = it->second;
    return Status::Ok();
  }
  const Tensor& decl = tensor(t);
  if (decl.dims.size() != 4) return Unsupported("tensor '" + decl.name + "' is not rank 4");
  const Dims dims = Permuted(decl.dims, kNhwcToNchw);
  NNAdapterOperandType type;
  if (decl.HasData() && operands_.find(t) == operands_.end()) {
    NNRT_RETURN_IF_ERROR(TypeOf(decl, dims, 0, NNADAPTER_CONSTANT_COPY, &type));
    *op = nchw_[t] =
        b_.AddConstant(type, PermuteBytes(ConstantBytes(decl), decl.dims, kNhwcToNchw, DataTypeSize(decl.data_type)));
    return Status::Ok();
  }
  NNAdapterOperand* src = nullptr;
  NNRT_RETURN_IF_ERROR(OperandOf(t, &src));
  NNRT_RETURN_IF_ERROR(TypeOf(decl, dims, 0, NNADAPTER_TEMPORARY_VARIABLE, &type));
  *op = nchw_[t] = b_.AddOperand(type);
  return Transposed(src, kNhwcToNchw, *op);
}

Status Converter::OutputOf(uint32_t t, NNAdapterOperand** op) {
  if (operands_.count(t) != 0) return InvalidModel("tensor " + std::to_string(t) + " is written twice");
  const bool is_output = std::find(model_.outputs.begin(), model_.outputs.end(), t) != model_.outputs.end();
  NNAdapterOperandType type;
  NNRT_RETURN_IF_ERROR(
      TypeOf(tensor(t), tensor(t).dims, 0, is_output ? NNADAPTER_MODEL_OUTPUT : NNADAPTER_TEMPORARY_VARIABLE, &type));
  *op = operands_[t] = b_.AddOperand(type);
  return Status::Ok();
}

Status Converter::NchwOutputOf(uint32_t t, NNAdapterOperand** op) {
  const Tensor& decl = tensor(t);
  if (decl.dims.size() != 4) return Unsupported("output tensor '" + decl.name + "' is not rank 4");
  const Dims dims = Permuted(decl.dims, kNhwcToNchw);
  NNAdapterOperandType type;
  NNRT_RETURN_IF_ERROR(TypeOf(decl, dims, 0, NNADAPTER_TEMPORARY_VARIABLE, &type));
  *op = b_.AddOperand(type);
  nchw_[t] = *op;
  NNAdapterOperand* out = nullptr;
  NNRT_RETURN_IF_ERROR(OutputOf(t, &out));
  pending_.push_back({*op, out});
  return Status::Ok();
}

void Converter::EmitPendingTransposes() {
  for (const auto& [nchw, out] : pending_) b_.AddOperation(NNADAPTER_TRANSPOSE, {nchw, b_.Int32Vector(kNchwToNhwc)}, {out});
  pending_.clear();
}

Status Converter::FloatBiasOperand(int64_t bias_tensor, int32_t n, NNAdapterOperand** op) {
  if (bias_tensor >= 0) return OperandOf(static_cast<uint32_t>(bias_tensor), op);
  *op = b_.AddConstant(MakeOperandType(NNADAPTER_FLOAT32, {n}, NNADAPTER_CONSTANT_COPY),
                       std::vector<uint8_t>(static_cast<size_t>(n) * sizeof(float), 0));
  return Status::Ok();
}

Status Converter::QuantBiasOperand(int64_t bias_tensor, const Tensor& input, const Tensor& weight, int32_t n,
                                   NNAdapterOperand** op) {
  std::vector<uint8_t> bytes(static_cast<size_t>(n) * sizeof(int32_t), 0);
  if (bias_tensor >= 0) {
    const Tensor& bias = tensor(static_cast<uint32_t>(bias_tensor));
    if (!bias.HasData() || bias.data_type != DataType::kInt32 || !bias.quant_params.empty()) {
      return Unsupported("a quantised node's bias must be a constant int32 tensor without quant params");
    }
    bytes = bias.data;
  }
  const double sx = input.quant_params.at(0).scale;
  NNAdapterOperandType type;
  if (weight.quant_params.size() > 1) {
    std::vector<float> scales;
    for (const QuantParam& q : weight.quant_params) scales.push_back(static_cast<float>(sx * q.scale));
    type = MakeOperandType(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {n}, NNADAPTER_CONSTANT_COPY);
    type.symm_per_channel_params.channel_dim = 0;
    type.symm_per_channel_params.scale_count = static_cast<uint32_t>(scales.size());
    type.symm_per_channel_params.scales = b_.KeepScales(std::move(scales));
  } else {
    type = MakeOperandType(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {n}, NNADAPTER_CONSTANT_COPY);
    type.symm_per_layer_params.scale = static_cast<float>(sx * weight.quant_params.at(0).scale);
  }
  *op = b_.AddConstant(type, std::move(bytes));
  return Status::Ok();
}

Status ConvertModel(const Model& model, ConvertedModel* out) {
  out->builder = std::make_unique<NNAdapterModelBuilder>();
  if (model.subgraphs.size() > 1) return Unsupported("models with several subgraphs have no NNAdapter counterpart");
  Converter c(model, out->builder.get());
  NNRT_RETURN_IF_ERROR(c.AddModelInputs());
  std::vector<size_t> order;
  NNRT_RETURN_IF_ERROR(TopologicalOrder(model, &order));
  for (size_t n : order) {
    const Node& node = model.nodes[n];
    const std::string where = "node " + std::to_string(n) + " (" + NodeTypeName(node.type) + ")";
    const NodeConverter convert = FindNodeConverter(node.type);
    if (convert == nullptr) return Unsupported(where + ": the bridge has no NNAdapter conversion for this node type");
    NNRT_RETURN_IF_ERROR(CheckUint8OutputsExact(model.tensors, node).WithContext(where));
    NNRT_RETURN_IF_ERROR(convert(c, node).WithContext(where));
    c.EmitPendingTransposes();
  }
  return c.FinishModel();
}

Model SingleNodeModel(const Model& model, size_t node_index) {
  Model m;
  m.name = model.name;
  m.tensors = model.tensors;
  const Node& node = model.nodes[node_index];
  m.nodes = {node};
  std::set<uint32_t> seen;
  for (uint32_t t : node.inputs) {
    if (!model.tensors[t].HasData() && seen.insert(t).second) m.inputs.push_back(t);
  }
  m.outputs = node.outputs;
  return m;
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
