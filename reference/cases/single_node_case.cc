#include "reference/cases/single_node_case.h"

#include <utility>

namespace nnrt {

SingleNodeCase::SingleNodeCase(NodeType type, std::string model_name) {
  case_.model.name = std::move(model_name);
  Node node;
  node.name = std::string(NodeTypeName(type)) + "_0";
  node.type = type;
  case_.model.nodes.push_back(std::move(node));
}

uint32_t SingleNodeCase::AddTensor(const std::string& name, DataType dtype, Dims dims, std::vector<QuantParam> quant) {
  Tensor t;
  t.name = name;
  t.data_type = dtype;
  t.dims = std::move(dims);
  t.format = format_;
  t.quant_params = std::move(quant);
  case_.model.tensors.push_back(std::move(t));
  return static_cast<uint32_t>(case_.model.tensors.size() - 1);
}

SingleNodeCase& SingleNodeCase::In(const std::string& name, DataType dtype, Dims dims, std::vector<uint8_t> data,
                                   std::vector<QuantParam> quant) {
  const uint32_t index = AddTensor(name, dtype, dims, std::move(quant));
  case_.model.inputs.push_back(index);
  case_.model.nodes[0].inputs.push_back(index);
  case_.inputs.push_back(HostTensor{name, dtype, std::move(dims), std::move(data)});
  return *this;
}

SingleNodeCase& SingleNodeCase::Const(const std::string& name, DataType dtype, Dims dims, std::vector<uint8_t> data,
                                      std::vector<QuantParam> quant) {
  const uint32_t index = AddTensor(name, dtype, std::move(dims), std::move(quant));
  case_.model.tensors[index].data = std::move(data);
  case_.model.nodes[0].inputs.push_back(index);
  return *this;
}

SingleNodeCase& SingleNodeCase::Out(const std::string& name, DataType dtype, Dims dims,
                                    std::vector<QuantParam> quant) {
  const uint32_t index = AddTensor(name, dtype, std::move(dims), std::move(quant));
  case_.model.outputs.push_back(index);
  case_.model.nodes[0].outputs.push_back(index);
  return *this;
}

SingleNodeCase& SingleNodeCase::WithAttr(Attr attr) {
  case_.model.nodes[0].attrs.push_back(std::move(attr));
  return *this;
}

SingleNodeCase& SingleNodeCase::WithAttrs(std::vector<Attr> attrs) {
  for (Attr& a : attrs) WithAttr(std::move(a));
  return *this;
}

SingleNodeCase& SingleNodeCase::WithFormat(Format format) {
  format_ = format;
  return *this;
}

SingleNodeCase& SingleNodeCase::WithMeta(const std::string& key, const std::string& value) {
  case_.meta.emplace_back(key, value);
  return *this;
}

TestCase SingleNodeCase::Build() const {
  TestCase tc = case_;
  for (const Tensor& t : tc.model.tensors) {
    if (t.IsQuantized()) tc.model.nodes[0].quant_type = QuantType::kAll;
  }
  return tc;
}

}  // namespace nnrt
