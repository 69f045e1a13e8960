// NODE_TYPE_ACTIVATION with activationType RELU, RELU6, SIGMOID, TANH
// (ops_catalog #47, #48, #28, #39; HDI struct Activation). Fields the OH_NN
// lowering always writes (alpha, minVal, maxVal = 0, approximate = false,
// ops_catalog 3) are present in half of the cases and absent in the other.
#include <cmath>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"

namespace nnrt {
namespace cts {
namespace {

// Output quant params: for the bounded functions, the conventional ones
// (TFLite: 1/256 with the type's lowest code) half of the time, random otherwise.
QuantParam ActivationOutputQuant(ActivationType act, DataType dtype, const QuantParam& in) {
  const bool bounded = act == ActivationType::kSigmoid || act == ActivationType::kTanh;
  if (bounded && *rc::gen::inRange(0, 2) == 0) {
    QuantParam q;
    q.scale = act == ActivationType::kSigmoid ? 1.0 / 256 : 1.0 / 128;
    q.zero_point = act == ActivationType::kSigmoid ? (dtype == DataType::kInt8 ? -128 : 0)
                                                   : (dtype == DataType::kInt8 ? 0 : 128);
    return q;
  }
  if (!bounded && *rc::gen::inRange(0, 2) == 0) return in;  // same params: pure clamp
  return GenQuantParam(dtype);
}

GeneratedCase GenerateActivation(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const Dims dims = GenShape(0, 4, 5);
  ValueProfile profile;
  profile.typical_range = 8.0;  // reach the saturating tails of sigmoid/tanh and RELU6's bound
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParamWithScale(dtype, 1.0 / 256, 0.25)};
    qy = {ActivationOutputQuant(spec.activation, dtype, qx[0])};
  }
  SingleNodeCase b(NodeType::ACTIVATION, spec.name);
  b.In("x", dtype, dims, GenTensorData(dtype, ElementsOf(dims), profile, g.quantized ? qx[0].zero_point : 0), qx);
  b.Out("y", dtype, dims, qy);
  std::vector<Attr> attrs = {Attr::Int8("activationType", static_cast<int8_t>(spec.activation))};
  if (*rc::gen::inRange(0, 2) == 0) {
    attrs.push_back(Attr::Float("alpha", 0.0f));
    attrs.push_back(Attr::Float("minVal", 0.0f));
    attrs.push_back(Attr::Float("maxVal", 0.0f));
    attrs.push_back(Attr::Bool("approximate", false));
  }
  b.WithAttrs(std::move(attrs));
  g.test_case = b.Build();
  return g;
}

const char* ActivationSuffix(ActivationType a) {
  switch (a) {
    case ActivationType::kRelu: return "RELU";
    case ActivationType::kRelu6: return "RELU6";
    case ActivationType::kSigmoid: return "SIGMOID";
    case ActivationType::kTanh: return "TANH";
    default: return "OTHER";
  }
}

}  // namespace

NodeSpec ActivationSpec(ActivationType activation) {
  NodeSpec s;
  s.name = std::string("ACTIVATION_") + ActivationSuffix(activation);
  s.type = NodeType::ACTIVATION;
  s.activation = activation;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  const NodeType t = NodeType::ACTIVATION;
  s.attrs = {SchemaDomain(t, "activationType", {static_cast<int64_t>(activation)}), SchemaDomain(t, "alpha", {0}),
             SchemaDomain(t, "minVal", {0}), SchemaDomain(t, "maxVal", {0}), SchemaDomain(t, "approximate", {0})};
  s.generate = GenerateActivation;
  switch (activation) {
    case ActivationType::kSigmoid: s.tolerance = ToleranceClass::kSigmoid; break;
    case ActivationType::kTanh: s.tolerance = ToleranceClass::kTanh; break;
    default: s.tolerance = ToleranceClass::kReluFamily; break;  // RELU, RELU6
  }
  s.graph = Chainable(GraphKind::kActivation, true);
  s.reference_aux = UnaryInputAux;
  s.model_bound = ModelBoundRule::kLipschitz;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(20, ActivationSpec(ActivationType::kRelu));
NNRT_NODE_SPEC(70, ActivationSpec(ActivationType::kRelu6));
NNRT_NODE_SPEC(80, ActivationSpec(ActivationType::kSigmoid));
NNRT_NODE_SPEC(90, ActivationSpec(ActivationType::kTanh));

}  // namespace cts
}  // namespace nnrt
