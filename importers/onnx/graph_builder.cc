#include "importers/onnx/graph_builder.h"

#include <utility>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace onnx_import {

namespace {

// ONNX-layout 4-D tensors are tagged NCHW so that the operators that read a
// channel axis from the tag (LRN, PRELU_FUSION) find it at dim 1.
Format FormatFor(Layout layout, const Dims& dims) {
  if (layout == Layout::kChannelsLast) return Format::kNhwc;
  return dims.size() == 4 ? Format::kNchw : Format::kNone;
}

}  // namespace

GraphBuilder::GraphBuilder(std::string model_name) { model_.name = std::move(model_name); }

std::string GraphBuilder::UniqueName(const std::string& base) {
  std::string name = base;
  for (int k = 2; used_names_.count(name) != 0; ++k) name = base + "_" + std::to_string(k);
  used_names_.insert(name);
  return name;
}

uint32_t GraphBuilder::AddTensor(const std::string& name, DataType dtype, const Dims& dims, Format format) {
  Tensor t;
  t.name = UniqueName(name);
  t.data_type = dtype;
  t.dims = dims;
  t.format = format;
  model_.tensors.push_back(std::move(t));
  return static_cast<uint32_t>(model_.tensors.size() - 1);
}

uint32_t GraphBuilder::AddInput(const std::string& name, DataType dtype, const Dims& dims) {
  const uint32_t t = AddTensor(name, dtype, dims, FormatFor(Layout::kOnnx, dims));
  model_.inputs.push_back(t);
  return t;
}

uint32_t GraphBuilder::AddConstant(const std::string& name, DataType dtype, const Dims& dims, std::vector<uint8_t> data) {
  const uint32_t t = AddTensor(name, dtype, dims, FormatFor(Layout::kOnnx, dims));
  model_.tensors[t].data = std::move(data);
  return t;
}

uint32_t GraphBuilder::AddEmptyConstant(const std::string& name, DataType dtype) {
  const uint32_t t = AddTensor(name, dtype, {0}, Format::kNone);
  empty_constants_.insert(t);
  return t;
}

uint32_t GraphBuilder::AddInt32Constant(const std::string& name, const std::vector<int64_t>& values, const Dims& dims) {
  std::vector<uint8_t> bytes(values.size() * 4);
  for (size_t i = 0; i < values.size(); ++i) StoreInt64(DataType::kInt32, bytes.data(), i, values[i]);
  return AddConstant(name, DataType::kInt32, dims, std::move(bytes));
}

std::vector<int64_t> GraphBuilder::ConstantInts(uint32_t t) const {
  const Tensor& x = model_.tensors[t];
  const size_t size = DataTypeSize(x.data_type);
  std::vector<int64_t> out;
  if (size == 0 || IsFloatType(x.data_type)) return out;
  for (size_t i = 0; i < x.data.size() / size; ++i) out.push_back(LoadAsInt64(x.data_type, x.data.data(), i));
  return out;
}

Status GraphBuilder::AddNode(NodeType type, const std::string& name, const std::vector<uint32_t>& inputs,
                             std::vector<Attr> attrs, const std::vector<DataType>& output_types,
                             std::vector<uint32_t>* outputs, Layout layout) {
  const OpDef* def = FindOpDef(type);
  if (def == nullptr || !def->implemented()) {
    return Unsupported(std::string("the reference does not implement ") + NodeTypeName(type));
  }
  // The node is checked against tensors that are not part of the model yet.
  std::vector<Tensor> out_decls(output_types.size());
  Node node;
  node.name = name;
  node.type = type;
  node.attrs = std::move(attrs);
  node.inputs = inputs;
  OpContext ctx;
  ctx.node = &node;
  bool all_constant = !inputs.empty();
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (empty_constants_.count(inputs[i]) != 0) {
      return Unsupported(std::string(NodeTypeName(type)) + " '" + name + "': input " + std::to_string(i) + " ('" +
                         model_.tensors[inputs[i]].name + "') is an empty tensor: NNRt tensors cannot be empty (C-891)");
    }
  }
  for (uint32_t t : inputs) {
    TensorArg a;
    a.decl = &model_.tensors[t];
    a.dims = model_.tensors[t].dims;
    if (model_.tensors[t].HasData()) {
      a.data = model_.tensors[t].data.data();
      a.byte_size = model_.tensors[t].data.size();
    } else {
      all_constant = false;
    }
    ctx.inputs.push_back(a);
  }
  for (size_t k = 0; k < output_types.size(); ++k) {
    out_decls[k].name = name + ":" + std::to_string(k);
    out_decls[k].data_type = output_types[k];
    out_decls[k].format = layout == Layout::kChannelsLast ? Format::kNhwc : Format::kNone;
    node.outputs.push_back(static_cast<uint32_t>(model_.tensors.size() + k));
    TensorArg a;
    a.decl = &out_decls[k];
    ctx.outputs.push_back(a);
  }
  NNRT_RETURN_IF_ERROR(InferNode(*def, ctx).WithContext(std::string(NodeTypeName(type)) + " '" + name + "'"));
  std::vector<Dims> out_dims;
  for (const TensorArg& a : ctx.outputs) out_dims.push_back(a.dims);
  if (all_constant) return FoldConstantNode(node, out_dims, output_types, layout, outputs);
  outputs->clear();
  for (size_t k = 0; k < output_types.size(); ++k) {
    outputs->push_back(AddTensor(out_decls[k].name, output_types[k], out_dims[k], FormatFor(layout, out_dims[k])));
  }
  node.outputs = *outputs;
  model_.nodes.push_back(std::move(node));
  return Status::Ok();
}

Status GraphBuilder::FoldConstantNode(const Node& node, const std::vector<Dims>& out_dims,
                                      const std::vector<DataType>& types, Layout layout,
                                      std::vector<uint32_t>* outputs) {
  const OpDef* def = FindOpDef(node.type);
  std::vector<Tensor> decls(types.size());
  std::vector<std::vector<uint8_t>> buffers(types.size());
  OpContext ctx;
  ctx.node = &node;
  for (uint32_t t : node.inputs) {
    TensorArg a;
    a.decl = &model_.tensors[t];
    a.dims = model_.tensors[t].dims;
    a.data = model_.tensors[t].data.data();
    a.byte_size = model_.tensors[t].data.size();
    ctx.inputs.push_back(a);
  }
  for (size_t k = 0; k < types.size(); ++k) {
    const std::optional<int64_t> count = ElementCount(out_dims[k]);
    if (!count) return Unsupported(node.name + ": folded output dims " + DimsToString(out_dims[k]) + " unknown");
    decls[k].name = node.name;
    decls[k].data_type = types[k];
    buffers[k].assign(static_cast<size_t>(*count) * DataTypeSize(types[k]), 0);
    TensorArg a;
    a.decl = &decls[k];
    a.dims = out_dims[k];
    a.mutable_data = buffers[k].data();
    a.byte_size = buffers[k].size();
    ctx.outputs.push_back(a);
  }
  NNRT_RETURN_IF_ERROR(RunNode(*def, ctx).WithContext(node.name + " (folded at import)"));
  outputs->clear();
  for (size_t k = 0; k < types.size(); ++k) {
    outputs->push_back(AddConstant(node.name + ":" + std::to_string(k), types[k], out_dims[k], std::move(buffers[k])));
    model_.tensors[outputs->back()].format = FormatFor(layout, out_dims[k]);
  }
  return Status::Ok();
}

Status GraphBuilder::AddNode1(NodeType type, const std::string& name, const std::vector<uint32_t>& inputs,
                              std::vector<Attr> attrs, DataType output_type, uint32_t* output, Layout layout) {
  std::vector<uint32_t> outs;
  NNRT_RETURN_IF_ERROR(AddNode(type, name, inputs, std::move(attrs), {output_type}, &outs, layout));
  *output = outs[0];
  return Status::Ok();
}

Status GraphBuilder::Transpose(uint32_t x, const std::vector<int64_t>& perm, const std::string& name, uint32_t* y,
                               Layout layout) {
  const uint32_t p = AddInt32Vector(name + "/perm", perm);
  return AddNode1(NodeType::TRANSPOSE, name, {x, p}, {}, tensor(x).data_type, y, layout);
}

Status GraphBuilder::Reshape(uint32_t x, const Dims& dims, const std::string& name, uint32_t* y) {
  const uint32_t s = AddInt32Vector(name + "/shape", std::vector<int64_t>(dims.begin(), dims.end()));
  return AddNode1(NodeType::RESHAPE, name, {x, s}, {}, tensor(x).data_type, y);
}

}  // namespace onnx_import
}  // namespace nnrt
