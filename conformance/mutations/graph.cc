// Invalid-model mutation families on the graph (mutations.h): node input and
// output counts, tensor indices and the structure ValidateModelStructure checks.
#include "conformance/mutations/internal.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// ---- Node inputs and outputs (OpDef min/max counts) ---------------------------------------

bool TooFewInputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || def->min_inputs <= 0 || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  n.inputs.resize(static_cast<size_t>(def->min_inputs - 1));
  out->detail = "node has " + std::to_string(n.inputs.size()) + " inputs, needs >= " + std::to_string(def->min_inputs);
  return true;
}
NNRT_MUTATION_FAMILY(360, "too_few_inputs", kNode, "OpDef input count (HDI node inputs)", TooFewInputs);

bool TooManyInputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || def->max_inputs < 0 || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  if (n.inputs.empty()) return false;
  while (n.inputs.size() <= static_cast<size_t>(def->max_inputs)) n.inputs.push_back(n.inputs[0]);
  out->detail = "node has " + std::to_string(n.inputs.size()) + " inputs, allows <= " + std::to_string(def->max_inputs);
  return true;
}
NNRT_MUTATION_FAMILY(370, "too_many_inputs", kNode, "OpDef input count (HDI node inputs)", TooManyInputs);

// Without outputs the model output is produced by nothing (C-1).
bool NoOutputs(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  TheNode(out).outputs.clear();
  out->detail = "node has no outputs";
  return true;
}
NNRT_MUTATION_FAMILY(380, "no_outputs", kStructure, "C-1: every model output is produced by a node", NoOutputs);

bool TooManyOutputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || def->max_outputs < 0 || !Begin(valid, out)) return false;
  Tensor* y = NodeOutput0(out);
  if (y == nullptr) return false;
  Tensor extra = *y;
  extra.name = y->name + "_extra";
  Model& m = M(out);
  Node& n = TheNode(out);
  while (n.outputs.size() <= static_cast<size_t>(def->max_outputs)) {
    m.tensors.push_back(extra);
    n.outputs.push_back(static_cast<uint32_t>(m.tensors.size() - 1));
  }
  out->detail = "node has " + std::to_string(n.outputs.size()) + " outputs, allows <= " +
                std::to_string(def->max_outputs);
  return true;
}
NNRT_MUTATION_FAMILY(390, "too_many_outputs", kNode, "OpDef output count (HDI node outputs)", TooManyOutputs);

// ---- Indices and graph structure ----------------------------------------------------------

namespace {

uint32_t PastEnd(MutatedCase* out) { return static_cast<uint32_t>(M(out).tensors.size() + 3); }

}  // namespace

bool NodeInputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || TheNode(out).inputs.empty()) return false;
  TheNode(out).inputs[0] = PastEnd(out);
  out->detail = "node input 0 = tensor " + std::to_string(TheNode(out).inputs[0]);
  return true;
}
NNRT_MUTATION_FAMILY(400, "node_input_index_out_of_range", kStructure,
                     "tensor indices in range (ValidateModelStructure)",
                     NodeInputIndexOutOfRange);

bool NodeOutputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || TheNode(out).outputs.empty()) return false;
  TheNode(out).outputs[0] = PastEnd(out);
  out->detail = "node output 0 = tensor " + std::to_string(TheNode(out).outputs[0]);
  return true;
}
NNRT_MUTATION_FAMILY(410, "node_output_index_out_of_range", kStructure,
                     "tensor indices in range (ValidateModelStructure)",
                     NodeOutputIndexOutOfRange);

bool ModelInputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).inputs.empty()) return false;
  M(out).inputs[0] = PastEnd(out);
  out->detail = "model input 0 = tensor " + std::to_string(M(out).inputs[0]);
  return true;
}
NNRT_MUTATION_FAMILY(420, "model_input_index_out_of_range", kStructure,
                     "tensor indices in range (ValidateModelStructure)",
                     ModelInputIndexOutOfRange);

bool ModelOutputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).outputs.empty()) return false;
  M(out).outputs[0] = PastEnd(out);
  out->detail = "model output 0 = tensor " + std::to_string(M(out).outputs[0]);
  return true;
}
NNRT_MUTATION_FAMILY(430, "model_output_index_out_of_range", kStructure,
                     "tensor indices in range (ValidateModelStructure)",
                     ModelOutputIndexOutOfRange);

// The node reads its own output: the smallest cycle.
bool Cycle(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Node& n = TheNode(out);
  if (n.inputs.empty() || n.outputs.empty()) return false;
  n.inputs[0] = n.outputs[0];
  out->detail = "node reads its own output tensor " + std::to_string(n.outputs[0]);
  return true;
}
NNRT_MUTATION_FAMILY(440, "cycle", kStructure, "the graph is acyclic (ValidateModelStructure)", Cycle);

bool TensorWrittenTwice(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Node copy = TheNode(out);
  copy.name += "_again";
  M(out).nodes.push_back(copy);
  for (SubGraph& g : M(out).subgraphs) g.nodes.push_back(static_cast<uint32_t>(M(out).nodes.size() - 1));
  out->detail = "a second node writes the same output tensors";
  return true;
}
NNRT_MUTATION_FAMILY(450, "tensor_written_twice", kStructure,
                     "no tensor produced twice (ValidateModelStructure)",
                     TensorWrittenTwice);

bool NodeRemoved(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  M(out).nodes.clear();
  for (SubGraph& g : M(out).subgraphs) g.nodes.clear();
  out->mutated_node = -1;
  out->detail = "the only node removed: the model output is produced by nothing";
  return true;
}
NNRT_MUTATION_FAMILY(460, "node_removed", kStructure, "C-1: every model output is produced by a node", NodeRemoved);

// Removes the tensor of node input 0; later indices shift down, references to
// the removed tensor now point past the end.
bool TensorRemoved(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || TheNode(out).inputs.empty()) return false;
  Model& m = M(out);
  const uint32_t k = TheNode(out).inputs[0];
  if (k >= m.tensors.size()) return false;
  m.tensors.erase(m.tensors.begin() + k);
  const uint32_t gone = static_cast<uint32_t>(m.tensors.size());
  auto remap = [&](std::vector<uint32_t>& ids) {
    for (uint32_t& i : ids) i = i == k ? gone : (i > k ? i - 1 : i);
  };
  remap(m.inputs);
  remap(m.outputs);
  for (Node& n : m.nodes) {
    remap(n.inputs);
    remap(n.outputs);
  }
  out->detail = "tensor " + std::to_string(k) + " removed";
  return true;
}
NNRT_MUTATION_FAMILY(470, "tensor_removed", kStructure,
                     "tensor indices in range (ValidateModelStructure)",
                     TensorRemoved);

bool ModelInputListedTwice(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).inputs.empty()) return false;
  M(out).inputs.push_back(M(out).inputs[0]);
  out->detail = "model input tensor " + std::to_string(M(out).inputs[0]) + " listed twice";
  return true;
}
NNRT_MUTATION_FAMILY(480, "model_input_listed_twice", kStructure,
                     "each model input listed once (ValidateModelStructure)",
                     ModelInputListedTwice);

bool ModelInputWithData(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr) return false;
  const auto count = ElementCount(x->dims);
  const size_t size = DataTypeSize(x->data_type);
  if (!count || *count == 0 || size == 0) return false;
  x->data.assign(static_cast<size_t>(*count) * size, 0);
  out->detail = "model input '" + x->name + "' carries constant data";
  return true;
}
NNRT_MUTATION_FAMILY(490, "model_input_with_data", kStructure,
                     "model inputs carry no data (ValidateModelStructure)",
                     ModelInputWithData);

bool ModelOutputIsModelInput(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).inputs.empty() || M(out).outputs.empty()) return false;
  M(out).outputs[0] = M(out).inputs[0];
  out->detail = "model output 0 is model input tensor " + std::to_string(M(out).inputs[0]);
  return true;
}
NNRT_MUTATION_FAMILY(500, "model_output_is_model_input", kStructure,
                     "C-1: a model output is produced by a node",
                     ModelOutputIsModelInput);

bool ConstantDataLength(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  for (Tensor& t : M(out).tensors) {
    if (!t.HasData()) continue;
    t.data.push_back(0);
    out->detail = "constant '" + t.name + "' has one byte too many";
    return true;
  }
  return false;
}
NNRT_MUTATION_FAMILY(510, "constant_data_length", kStructure,
                     "constant data = element count x type size (ValidateModelStructure)",
                     ConstantDataLength);

bool NodeTypeNotInHdi(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  TheNode(out).type = static_cast<NodeType>(3);  // a gap in HDI NodeType (2 ACTIVATION, 5 ADD_FUSION)
  out->detail = "node type 3";
  return true;
}
NNRT_MUTATION_FAMILY(520, "node_type_not_in_hdi", kStructure, "HDI NodeType enum", NodeTypeNotInHdi);

bool SubGraphNodeOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Model& m = M(out);
  if (m.subgraphs.empty()) {
    SubGraph g;
    g.name = "main";
    for (uint32_t i = 0; i < m.nodes.size(); ++i) g.nodes.push_back(i);
    m.subgraphs.push_back(g);
  }
  m.subgraphs[0].nodes.push_back(static_cast<uint32_t>(m.nodes.size() + 5));
  out->detail = "subgraph 0 lists node " + std::to_string(m.nodes.size() + 5);
  return true;
}
NNRT_MUTATION_FAMILY(530, "subgraph_node_out_of_range", kStructure,
                     "subgraph node indices in range (ValidateModelStructure)",
                     SubGraphNodeOutOfRange);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
