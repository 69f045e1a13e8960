// Sub-models of a model case (model_graph.h).
#include "conformance/model/graph.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "conformance/runner.h"
#include "reference/device/interpreter.h"

namespace nnrt {
namespace cts {
namespace {

bool IsModelInput(const Model& m, uint32_t t) {
  return std::find(m.inputs.begin(), m.inputs.end(), t) != m.inputs.end();
}

// Copies tensor `t` of `from` into `to` once; returns its new index.
uint32_t MapTensor(const Model& from, uint32_t t, Model* to, std::map<uint32_t, uint32_t>* mapped) {
  auto it = mapped->find(t);
  if (it != mapped->end()) return it->second;
  const auto index = static_cast<uint32_t>(to->tensors.size());
  to->tensors.push_back(from.tensors[t]);
  (*mapped)[t] = index;
  return index;
}

}  // namespace

bool IsConstantTensor(const Model& m, uint32_t t) {
  if (IsModelInput(m, t)) return false;
  for (const Node& n : m.nodes) {
    if (std::find(n.outputs.begin(), n.outputs.end(), t) != n.outputs.end()) return false;
  }
  return true;
}

Status ReferenceTensorValues(const TestCase& c, std::vector<HostTensor>* values) {
  const Model& m = c.model;
  values->assign(m.tensors.size(), HostTensor());
  for (uint32_t t = 0; t < m.tensors.size(); ++t) {
    const Tensor& tensor = m.tensors[t];
    if (tensor.HasData()) (*values)[t] = HostTensor{tensor.name, tensor.data_type, tensor.dims, tensor.data};
  }
  std::vector<HostTensor> inputs;
  NNRT_RETURN_IF_ERROR(CaseInputs(c, &inputs));
  for (size_t i = 0; i < inputs.size(); ++i) (*values)[m.inputs[i]] = inputs[i];
  Model exposed = m;
  exposed.outputs.clear();
  std::set<uint32_t> seen;
  for (const Node& n : m.nodes) {
    for (uint32_t o : n.outputs) {
      if (seen.insert(o).second) exposed.outputs.push_back(o);
    }
  }
  for (SubGraph& g : exposed.subgraphs) g.outputs.clear();
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(exposed, &prepared));
  std::vector<HostTensor> outputs;
  NNRT_RETURN_IF_ERROR(prepared->Run(inputs, &outputs));
  for (size_t i = 0; i < outputs.size() && i < exposed.outputs.size(); ++i) (*values)[exposed.outputs[i]] = outputs[i];
  return Status::Ok();
}

TestCase SingleNodeCase(const TestCase& c, uint32_t node, const std::vector<HostTensor>& values) {
  const Model& m = c.model;
  const Node& n = m.nodes[node];
  TestCase out;
  out.model.name = m.name + "." + (n.name.empty() ? std::string(NodeTypeName(n.type)) : n.name);
  std::map<uint32_t, uint32_t> mapped;
  Node copy = n;
  copy.inputs.clear();
  copy.outputs.clear();
  for (uint32_t in : n.inputs) {
    const bool constant = IsConstantTensor(m, in);
    const bool seen = mapped.count(in) != 0;
    const uint32_t t = MapTensor(m, in, &out.model, &mapped);
    copy.inputs.push_back(t);
    if (constant || seen) continue;
    const HostTensor& v = values[in];
    Tensor& declared = out.model.tensors[t];
    declared.data.clear();
    declared.dims = v.dims;
    out.model.inputs.push_back(t);
    out.inputs.push_back(HostTensor{declared.name, v.data_type, v.dims, v.data});
  }
  for (uint32_t o : n.outputs) {
    const uint32_t t = MapTensor(m, o, &out.model, &mapped);
    copy.outputs.push_back(t);
    out.model.outputs.push_back(t);
    const HostTensor& v = values[o];
    out.expected.push_back(HostTensor{m.tensors[o].name, v.data_type, v.dims, v.data});
  }
  out.model.nodes.push_back(std::move(copy));
  return out;
}

TestCase PrefixCase(const TestCase& c, const std::vector<uint32_t>& order, size_t count,
                    std::vector<uint32_t>* original_outputs) {
  original_outputs->clear();
  const Model& m = c.model;
  TestCase out;
  out.model.name = m.name + ".prefix" + std::to_string(count);
  std::set<uint32_t> read;
  for (size_t k = 0; k < count && k < order.size(); ++k) {
    for (uint32_t t : m.nodes[order[k]].inputs) read.insert(t);
  }
  std::map<uint32_t, uint32_t> mapped;
  // Only the model inputs the prefix reads: an unread input would be a dangling tensor.
  for (uint32_t in : m.inputs) {
    if (read.count(in) == 0) continue;
    out.model.inputs.push_back(MapTensor(m, in, &out.model, &mapped));
    for (const HostTensor& bound : c.inputs) {
      if (bound.name == m.tensors[in].name) out.inputs.push_back(bound);
    }
  }
  for (size_t k = 0; k < count && k < order.size(); ++k) {
    Node copy = m.nodes[order[k]];
    for (uint32_t& t : copy.inputs) t = MapTensor(m, t, &out.model, &mapped);
    for (uint32_t& t : copy.outputs) t = MapTensor(m, t, &out.model, &mapped);
    out.model.nodes.push_back(std::move(copy));
  }
  if (count == 0 || count > order.size()) return out;
  for (uint32_t o : m.nodes[order[count - 1]].outputs) {
    out.model.outputs.push_back(mapped[o]);
    original_outputs->push_back(o);
  }
  // Other node outputs no prefix node reads are outputs too (after the last node's), as in any model.
  for (size_t k = 0; k + 1 < count; ++k) {
    for (uint32_t o : m.nodes[order[k]].outputs) {
      if (read.count(o) != 0) continue;
      out.model.outputs.push_back(mapped[o]);
      original_outputs->push_back(o);
    }
  }
  return out;
}

}  // namespace cts
}  // namespace nnrt
