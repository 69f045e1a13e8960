// The common part of every op builder (ops_catalog 1.1 "Builder common
// checks", api_state_machine 1.3.3 AddOperation row 11): input/output counts,
// parameter count and tensor types, then the per-parameter readers, the op's
// post-check, and the node's quant type (ops_catalog 1.2).
#include "reference/runtime/op_builders/op_builder.h"

#include "reference/ops/core/op_def.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

namespace nnrt {
namespace rt {

Attr* BuildState::Find(const std::string& name) {
  for (Attr& a : attrs) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

void BuildState::Set(Attr attr) {
  given.push_back(attr.name);
  Attr* existing = Find(attr.name);
  if (existing != nullptr) {
    *existing = std::move(attr);
  } else {
    attrs.push_back(std::move(attr));
  }
}

bool BuildState::WasGiven(const std::string& name) const {
  return std::find(given.begin(), given.end(), name) != given.end();
}

namespace {

Status InvalidParam(const OpBuilderSpec& spec, const std::string& why) {
  return Status(NNRT_INVALID_PARAMETER, std::string(spec.name) + ": " + why);
}

std::string CountRange(int32_t min, int32_t max) {
  if (min == max) return std::to_string(min);
  if (max < 0) return "at least " + std::to_string(min);
  return std::to_string(min) + ".." + std::to_string(max);
}

bool CountOk(size_t n, int32_t min, int32_t max) {
  return n >= static_cast<size_t>(min) && (max < 0 || n <= static_cast<size_t>(max));
}

const ParamSpec* FindParamSpec(const OpBuilderSpec& spec, int32_t tensor_type) {
  for (const ParamSpec& p : spec.params) {
    if (p.tensor_type == tensor_type) return &p;
  }
  return nullptr;
}

std::vector<OpBuilderSpec> AssembleTable() {
  std::vector<OpBuilderSpec> all;
  for (auto family : {ArithBuilders, ActivationBuilders, ConvPoolBuilders, ShapeBuilders, ReduceNormBuilders,
                      MiscBuilders}) {
    for (OpBuilderSpec& s : family()) all.push_back(std::move(s));
  }
  std::sort(all.begin(), all.end(),
            [](const OpBuilderSpec& a, const OpBuilderSpec& b) { return a.op < b.op; });
  return all;
}

}  // namespace

const std::vector<OpBuilderSpec>& AllOpBuilders() {
  static const std::vector<OpBuilderSpec>* const kTable = new std::vector<OpBuilderSpec>(AssembleTable());
  return *kTable;
}

const OpBuilderSpec* FindOpBuilder(int32_t op) {
  for (const OpBuilderSpec& s : AllOpBuilders()) {
    if (s.op == op) return &s;
  }
  return nullptr;
}

Status BuildOperation(const OpBuilderSpec& spec, const BuildRequest& request, Node* node) {
  if (!CountOk(request.inputs.size(), spec.min_inputs, spec.max_inputs)) {
    return InvalidParam(spec, "expects " + CountRange(spec.min_inputs, spec.max_inputs) + " input(s), got " +
                                  std::to_string(request.inputs.size()));
  }
  if (!CountOk(request.outputs.size(), spec.min_outputs, spec.max_outputs)) {
    return InvalidParam(spec, "expects " + CountRange(spec.min_outputs, spec.max_outputs) + " output(s), got " +
                                  std::to_string(request.outputs.size()));
  }
  if (request.params.size() > static_cast<size_t>(spec.max_params)) {
    return InvalidParam(spec, "accepts at most " + std::to_string(spec.max_params) + " parameter(s), got " +
                                  std::to_string(request.params.size()));
  }
  BuildState state;
  state.attrs = DefaultAttrs(spec.node_type);
  for (const Attr& a : spec.fixed_attrs) state.Set(a);
  for (uint32_t index : request.params) {
    const ModelTensor& param = (*request.tensors)[index];
    const ParamSpec* p = FindParamSpec(spec, param.tensor_type);
    if (p == nullptr) {
      return InvalidParam(spec, "tensor " + std::to_string(index) + " has parameter type " +
                                    TensorTypeName(param.tensor_type) + ", which this operation does not accept");
    }
    Status s = p->reader(param, *p, &state);
    if (!s.ok()) return s.WithContext(spec.name);
  }
  if (spec.post != nullptr) {
    Status s = spec.post(request, &state);
    if (!s.ok()) return s.WithContext(spec.name);
  }
  node->type = spec.node_type;
  node->attrs = std::move(state.attrs);
  node->inputs = request.inputs;
  node->outputs = request.outputs;
  // QUANT_TYPE_ALL when the first output is quantized, for every op
  // (ops_catalog 1.2; docs/clarifications.md C-107).
  node->quant_type = request.output(0).quant_params.empty() ? QuantType::kNone : QuantType::kAll;
  return Status::Ok();
}

}  // namespace rt
}  // namespace nnrt
