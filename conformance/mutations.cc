// The invalid-model mutation families (conformance/mutations.h). Every family
// starts from a copy of a valid one-node case (node 0 is the node under test,
// its input 0 a model input) and breaks exactly one rule, cited in `rule`.
#include "conformance/mutations.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "conformance/generators.h"
#include "reference/ops/op_def.h"

namespace nnrt {
namespace cts {
namespace {

// ---- Shared helpers ------------------------------------------------------------------

bool Begin(const GeneratedCase& valid, MutatedCase* out) {
  if (valid.test_case.model.nodes.empty()) return false;
  out->test_case = valid.test_case;
  out->config = valid.config;
  out->mutated_node = 0;
  out->detail.clear();
  return true;
}

Model& M(MutatedCase* out) { return out->test_case.model; }
Node& TheNode(MutatedCase* out) { return out->test_case.model.nodes[0]; }

// Input 0 of the node when it is a model input without data (every spec's "x").
Tensor* NodeModelInput0(MutatedCase* out) {
  Model& m = M(out);
  const Node& n = m.nodes[0];
  if (n.inputs.empty() || n.inputs[0] >= m.tensors.size()) return nullptr;
  const uint32_t t = n.inputs[0];
  if (std::find(m.inputs.begin(), m.inputs.end(), t) == m.inputs.end()) return nullptr;
  return m.tensors[t].HasData() ? nullptr : &m.tensors[t];
}

Tensor* NodeOutput0(MutatedCase* out) {
  Model& m = M(out);
  const Node& n = m.nodes[0];
  if (n.outputs.empty() || n.outputs[0] >= m.tensors.size()) return nullptr;
  return &m.tensors[n.outputs[0]];
}

bool IsCastLike(NodeType t) {
  return t == NodeType::CAST || t == NodeType::QUANT_DTYPE_CAST || t == NodeType::QUANT_DTYPE_CAST_V2;
}

Attr* FindMutableAttr(Node& n, const char* name) {
  for (Attr& a : n.attrs) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

// An attribute the spec declares (AttrDomain) and the generated node carries.
Attr* DomainAttr(const NodeSpec& spec, MutatedCase* out, const char* name) {
  if (FindAttrDomain(spec, name) == nullptr) return nullptr;
  return FindMutableAttr(TheNode(out), name);
}

bool ValueInDomain(const AttrDomain& d, int64_t v) {
  if (!d.choices.empty()) return std::find(d.choices.begin(), d.choices.end(), v) != d.choices.end();
  return v >= d.min && v <= d.max;
}

// ---- Operand types, ranks, dims ---------------------------------------------------------

// ops_catalog per-op data-type tuples: no operator under test other than the
// casts takes a bool operand to a non-bool result.
bool OperandTypeNotAllowed(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (IsCastLike(spec.type) || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  Tensor* y = NodeOutput0(out);
  // A bool input 0 (the condition of SELECT/WHERE) is already bool: nothing to break.
  if (x == nullptr || y == nullptr || y->data_type == DataType::kBool || x->data_type == DataType::kBool) return false;
  out->detail = "input '" + x->name + "' " + DataTypeName(x->data_type) + " -> bool";
  x->data_type = DataType::kBool;
  x->quant_params.clear();
  return true;
}

bool DataTypeNotInHdi(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr) return false;
  x->data_type = static_cast<DataType>(77);
  out->detail = "input '" + x->name + "' data type 77";
  return true;
}

bool RankAboveMax(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr) return false;
  while (x->dims.size() <= NNRT_HAL_MAX_RANK) x->dims.insert(x->dims.begin(), 1);
  out->detail = "input '" + x->name + "' rank " + std::to_string(x->dims.size());
  return true;
}

// ops_catalog #8: Conv2D input is NHWC, rank 4.
bool RankWrongForOperator(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::CONV2D_FUSION || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->dims.size() != 4) return false;
  x->dims.erase(x->dims.begin());
  out->detail = "conv input '" + x->name + "' rank 3 " + DimsToString(x->dims);
  return true;
}

bool DimZero(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->dims.empty()) return false;
  x->dims[0] = 0;
  out->detail = "input '" + x->name + "' dims " + DimsToString(x->dims);
  return true;
}

bool DimBelowMinusOne(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->dims.empty()) return false;
  x->dims[0] = -2;
  out->detail = "input '" + x->name + "' dims " + DimsToString(x->dims);
  return true;
}

// ---- Quantization parameters (quantization_semantics 4.2, ValidateModelStructure) ---------

bool SetInputScale(const GeneratedCase& valid, MutatedCase* out, double scale, const char* what) {
  if (!valid.quantized || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->quant_params.empty()) return false;
  x->quant_params[0].scale = scale;
  out->detail = "input '" + x->name + "' scale " + what;
  return true;
}

bool QuantScaleZero(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) { return SetInputScale(v, o, 0.0, "0"); }
bool QuantScaleNegative(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) {
  return SetInputScale(v, o, -0.5, "-0.5");
}
bool QuantScaleNan(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) {
  return SetInputScale(v, o, std::numeric_limits<double>::quiet_NaN(), "nan");
}
bool QuantScaleInf(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) {
  return SetInputScale(v, o, std::numeric_limits<double>::infinity(), "inf");
}

bool QuantNumBitsNot8(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!valid.quantized || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->quant_params.empty()) return false;
  x->quant_params[0].num_bits = 16;
  out->detail = "input '" + x->name + "' numBits 16";
  return true;
}

// A quantized operator must produce a quantized result of the same type
// (quantization_semantics 4.5); only the casts convert between domains.
bool QuantOutputFloat(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!valid.quantized || IsCastLike(spec.type) || !Begin(valid, out)) return false;
  Tensor* y = NodeOutput0(out);
  if (y == nullptr || y->quant_params.empty()) return false;
  y->data_type = DataType::kFloat32;
  y->quant_params.clear();
  out->detail = "quantized inputs with float32 output '" + y->name + "'";
  return true;
}

// ---- Node inputs and outputs (OpDef min/max counts) ---------------------------------------

bool TooFewInputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || def->min_inputs <= 0 || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  n.inputs.resize(static_cast<size_t>(def->min_inputs - 1));
  out->detail = "node has " + std::to_string(n.inputs.size()) + " inputs, needs >= " + std::to_string(def->min_inputs);
  return true;
}

bool TooManyInputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || def->max_inputs < 0 || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  if (n.inputs.empty()) return false;
  while (n.inputs.size() <= static_cast<size_t>(def->max_inputs)) n.inputs.push_back(n.inputs[0]);
  out->detail = "node has " + std::to_string(n.inputs.size()) + " inputs, allows <= " + std::to_string(def->max_inputs);
  return true;
}

// Without outputs the model output is produced by nothing (C-1).
bool NoOutputs(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  TheNode(out).outputs.clear();
  out->detail = "node has no outputs";
  return true;
}

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

// ---- Indices and graph structure ----------------------------------------------------------

uint32_t PastEnd(MutatedCase* out) { return static_cast<uint32_t>(M(out).tensors.size() + 3); }

bool NodeInputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || TheNode(out).inputs.empty()) return false;
  TheNode(out).inputs[0] = PastEnd(out);
  out->detail = "node input 0 = tensor " + std::to_string(TheNode(out).inputs[0]);
  return true;
}

bool NodeOutputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || TheNode(out).outputs.empty()) return false;
  TheNode(out).outputs[0] = PastEnd(out);
  out->detail = "node output 0 = tensor " + std::to_string(TheNode(out).outputs[0]);
  return true;
}

bool ModelInputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).inputs.empty()) return false;
  M(out).inputs[0] = PastEnd(out);
  out->detail = "model input 0 = tensor " + std::to_string(M(out).inputs[0]);
  return true;
}

bool ModelOutputIndexOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).outputs.empty()) return false;
  M(out).outputs[0] = PastEnd(out);
  out->detail = "model output 0 = tensor " + std::to_string(M(out).outputs[0]);
  return true;
}

// The node reads its own output: the smallest cycle.
bool Cycle(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Node& n = TheNode(out);
  if (n.inputs.empty() || n.outputs.empty()) return false;
  n.inputs[0] = n.outputs[0];
  out->detail = "node reads its own output tensor " + std::to_string(n.outputs[0]);
  return true;
}

bool TensorWrittenTwice(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Node copy = TheNode(out);
  copy.name += "_again";
  M(out).nodes.push_back(copy);
  for (SubGraph& g : M(out).subgraphs) g.nodes.push_back(static_cast<uint32_t>(M(out).nodes.size() - 1));
  out->detail = "a second node writes the same output tensors";
  return true;
}

bool NodeRemoved(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  M(out).nodes.clear();
  for (SubGraph& g : M(out).subgraphs) g.nodes.clear();
  out->mutated_node = -1;
  out->detail = "the only node removed: the model output is produced by nothing";
  return true;
}

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

bool ModelInputListedTwice(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).inputs.empty()) return false;
  M(out).inputs.push_back(M(out).inputs[0]);
  out->detail = "model input tensor " + std::to_string(M(out).inputs[0]) + " listed twice";
  return true;
}

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

bool ModelOutputIsModelInput(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || M(out).inputs.empty() || M(out).outputs.empty()) return false;
  M(out).outputs[0] = M(out).inputs[0];
  out->detail = "model output 0 is model input tensor " + std::to_string(M(out).inputs[0]);
  return true;
}

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

bool NodeTypeNotInHdi(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  TheNode(out).type = static_cast<NodeType>(3);  // a gap in HDI NodeType (2 ACTIVATION, 5 ADD_FUSION)
  out->detail = "node type 3";
  return true;
}

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

// ---- Attributes (HDI NodeAttrTypes, OpDef schema, NodeSpec AttrDomain) ---------------------

bool SetIntAttrOutsideDomain(const NodeSpec& spec, MutatedCase* out, const char* name, size_t element, int64_t value) {
  Attr* a = DomainAttr(spec, out, name);
  if (a == nullptr || a->ints.size() <= element) return false;
  if (ValueInDomain(*FindAttrDomain(spec, name), value)) return false;  // must leave the generator's domain
  a->ints[element] = value;
  out->detail = std::string(name) + "[" + std::to_string(element) + "] = " + std::to_string(value);
  return true;
}

// HDI ActivationType ends at 20 (UNKNOWN).
bool AttrActivationTypeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "activationType", 0, 99);
}

// HDI PadMode: PAD 0, SAME 1, VALID 2.
bool AttrPadModeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "padMode", 0, 7);
}

bool AttrStrideZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "stride", 0, 0);
}

bool AttrDilationNegative(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "dilation", 1, -1);
}

// C-357: ONE_HOT's axis lies in [-(r+1), r] for indices of rank r <= 3; 99 never does.
bool AttrOneHotAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return spec.type == NodeType::ONE_HOT && Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "axis", 0, 99);
}

// ops_catalog #8: group must divide the input channels; C + 1 never divides C.
bool AttrGroupNotDividingChannels(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  Attr* g = DomainAttr(spec, out, "group");
  if (x == nullptr || g == nullptr || g->ints.empty() || x->dims.size() != 4) return false;
  g->ints[0] = static_cast<int64_t>(x->dims[3]) + 1;
  out->detail = "group " + std::to_string(g->ints[0]) + " with " + std::to_string(x->dims[3]) + " input channels";
  return true;
}

bool AttrWrongType(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || TheNode(out).attrs.empty()) return false;
  Attr& a = TheNode(out).attrs[0];
  const AttrType before = a.type;
  if (a.type == AttrType::kFloat32) {
    a.ints.assign(a.floats.size(), 1);
    a.floats.clear();
    a.type = AttrType::kInt64;
  } else if (a.type == AttrType::kInt64) {
    a.floats.assign(a.ints.begin(), a.ints.end());
    a.ints.clear();
    a.type = AttrType::kFloat32;
  } else if (a.type == AttrType::kString) {
    a.ints = {1};
    a.str.clear();
    a.type = AttrType::kInt64;
  } else {
    a.type = AttrType::kInt64;  // bool / int8 -> int64, same values
  }
  out->detail = "attribute '" + a.name + "' " + AttrTypeName(before) + " -> " + AttrTypeName(a.type);
  return true;
}

bool AttrRequiredMissing(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  for (const AttrSpec& s : def->attrs) {
    if (!s.required) continue;
    auto it = std::find_if(n.attrs.begin(), n.attrs.end(), [&](const Attr& a) { return a.name == s.name; });
    if (it == n.attrs.end()) continue;
    n.attrs.erase(it);
    out->detail = std::string("required attribute '") + s.name + "' removed";
    return true;
  }
  return false;
}

bool AttrUnknownName(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  TheNode(out).attrs.push_back(Attr::Int64("notAnHdiAttribute", 1));
  out->detail = "attribute 'notAnHdiAttribute' added";
  return true;
}

// One element more than the schema's fixed count (a scalar becomes a 2-list).
bool AttrWrongCount(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || !Begin(valid, out)) return false;
  for (const AttrSpec& s : def->attrs) {
    if (s.count < 1) continue;
    Attr* a = FindMutableAttr(TheNode(out), s.name);
    if (a == nullptr) continue;
    if (a->type == AttrType::kFloat32) {
      a->floats.push_back(a->floats.empty() ? 0.0f : a->floats.back());
    } else if (a->type == AttrType::kString) {
      continue;
    } else {
      a->ints.push_back(a->ints.empty() ? 0 : a->ints.back());
    }
    out->detail = std::string("attribute '") + s.name + "' has " + std::to_string(a->Count()) + " elements, needs " +
                  std::to_string(s.count);
    return true;
  }
  return false;
}

// ---- Model config (HDI PerformanceMode 0..4, Priority 0..3) ---------------------------------

bool ConfigPerformanceModeInvalid(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  out->config.performance_mode = 9;
  out->mutated_node = -1;
  out->detail = "ModelConfig.mode 9";
  return true;
}

bool ConfigPriorityInvalid(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  out->config.priority = -1;
  out->mutated_node = -1;
  out->detail = "ModelConfig.priority -1";
  return true;
}

}  // namespace

const char* MutationLevelName(MutationLevel level) {
  switch (level) {
    case MutationLevel::kStructure: return "structure";
    case MutationLevel::kNode: return "node";
    case MutationLevel::kConfig: return "config";
  }
  return "?";
}

const std::vector<MutationFamily>& AllMutationFamilies() {
  using L = MutationLevel;
  static const std::vector<MutationFamily>* const families = new std::vector<MutationFamily>{
      {"operand_type_not_allowed", L::kNode, "ops_catalog data-type tuples: bool operand, non-bool result",
       OperandTypeNotAllowed},
      {"data_type_not_in_hdi", L::kStructure, "HDI DataType enum (ValidateModelStructure)", DataTypeNotInHdi},
      {"rank_above_max", L::kStructure, "rank <= NNRT_HAL_MAX_RANK (nnrt_hal.h)", RankAboveMax},
      {"rank_wrong_for_operator", L::kNode, "ops_catalog #8: Conv2D input is rank 4 NHWC", RankWrongForOperator},
      {"dim_zero", L::kStructure, "dims > 0 or -1 (ValidateModelStructure)", DimZero},
      {"dim_below_minus_one", L::kStructure, "dims > 0 or -1 (ValidateModelStructure)", DimBelowMinusOne},
      {"quant_scale_zero", L::kStructure, "quantization_semantics 4.2: scale 0 only on all-zero constants",
       QuantScaleZero},
      {"quant_scale_negative", L::kStructure, "quantization_semantics 4.2: finite scale >= 0", QuantScaleNegative},
      {"quant_scale_nan", L::kStructure, "quantization_semantics 4.2: finite scale >= 0", QuantScaleNan},
      {"quant_scale_inf", L::kStructure, "quantization_semantics 4.2: finite scale >= 0", QuantScaleInf},
      {"quant_num_bits_not_8", L::kStructure, "quantization_semantics 4.2: numBits == 8", QuantNumBitsNot8},
      {"quant_output_float", L::kNode, "quantization_semantics 4.5: quantized op, quantized result of the same type",
       QuantOutputFloat},
      {"too_few_inputs", L::kNode, "OpDef input count (HDI node inputs)", TooFewInputs},
      {"too_many_inputs", L::kNode, "OpDef input count (HDI node inputs)", TooManyInputs},
      {"no_outputs", L::kStructure, "C-1: every model output is produced by a node", NoOutputs},
      {"too_many_outputs", L::kNode, "OpDef output count (HDI node outputs)", TooManyOutputs},
      {"node_input_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       NodeInputIndexOutOfRange},
      {"node_output_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       NodeOutputIndexOutOfRange},
      {"model_input_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       ModelInputIndexOutOfRange},
      {"model_output_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       ModelOutputIndexOutOfRange},
      {"cycle", L::kStructure, "the graph is acyclic (ValidateModelStructure)", Cycle},
      {"tensor_written_twice", L::kStructure, "no tensor produced twice (ValidateModelStructure)",
       TensorWrittenTwice},
      {"node_removed", L::kStructure, "C-1: every model output is produced by a node", NodeRemoved},
      {"tensor_removed", L::kStructure, "tensor indices in range (ValidateModelStructure)", TensorRemoved},
      {"model_input_listed_twice", L::kStructure, "each model input listed once (ValidateModelStructure)",
       ModelInputListedTwice},
      {"model_input_with_data", L::kStructure, "model inputs carry no data (ValidateModelStructure)", ModelInputWithData},
      {"model_output_is_model_input", L::kStructure, "C-1: a model output is produced by a node",
       ModelOutputIsModelInput},
      {"constant_data_length", L::kStructure, "constant data = element count x type size (ValidateModelStructure)",
       ConstantDataLength},
      {"node_type_not_in_hdi", L::kStructure, "HDI NodeType enum", NodeTypeNotInHdi},
      {"subgraph_node_out_of_range", L::kStructure, "subgraph node indices in range (ValidateModelStructure)",
       SubGraphNodeOutOfRange},
      {"attr_activation_type_invalid", L::kNode, "HDI ActivationType 0..20", AttrActivationTypeInvalid},
      {"attr_pad_mode_invalid", L::kNode, "HDI PadMode 0..2", AttrPadModeInvalid},
      {"attr_stride_zero", L::kNode, "ops_catalog #8: stride >= 1", AttrStrideZero},
      {"attr_one_hot_axis_out_of_range", L::kNode, "ops_catalog #23, C-357: axis in [-(r+1), r]",
       AttrOneHotAxisOutOfRange},
      {"attr_dilation_negative", L::kNode, "ops_catalog #8: dilation >= 1", AttrDilationNegative},
      {"attr_group_not_dividing_channels", L::kNode, "ops_catalog #8: group divides the input channels",
       AttrGroupNotDividingChannels},
      {"attr_wrong_type", L::kNode, "OpDef attribute types (HDI NodeAttrTypes)", AttrWrongType},
      {"attr_required_missing", L::kNode, "OpDef required attributes (HDI NodeAttrTypes)", AttrRequiredMissing},
      {"attr_unknown_name", L::kNode, "OpDef attribute names: unknown names rejected", AttrUnknownName},
      {"attr_wrong_count", L::kNode, "OpDef attribute element counts (HDI NodeAttrTypes)", AttrWrongCount},
      {"config_performance_mode_invalid", L::kConfig, "HDI PerformanceMode 0..4", ConfigPerformanceModeInvalid},
      {"config_priority_invalid", L::kConfig, "HDI Priority 0..3", ConfigPriorityInvalid},
  };
  return *families;
}

const MutationFamily* FindMutationFamily(const std::string& name) {
  for (const MutationFamily& f : AllMutationFamilies()) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

}  // namespace cts
}  // namespace nnrt
