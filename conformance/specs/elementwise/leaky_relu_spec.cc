// LEAKY_RELU, HDI node type 76 (struct LeakyRelu {negativeSlope}; no OH_NN
// operation lowers to it, C-700): ACTIVATION LEAKY_RELU's function with
// alpha = negativeSlope. negativeSlope is drawn in quarters from [-1, 3]
// (exact in float32; 0, the default, is RELU) or left absent; data with the
// edge values (NaN, ±0, ±inf, subnormals).
#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"

namespace nnrt {
namespace cts {
namespace {

GeneratedCase GenerateLeakyRelu(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const Dims dims = GenShape(0, 4, 5);
  ValueProfile profile;
  profile.typical_range = 6.0;
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParamWithScale(dtype, 1.0 / 256, 0.25)};
    qy = {*rc::gen::inRange(0, 2) == 0 ? qx[0] : GenQuantParam(dtype)};
  }
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, dims, GenTensorData(dtype, ElementsOf(dims), profile, g.quantized ? qx[0].zero_point : 0), qx);
  b.Out("y", dtype, dims, qy);
  if (*rc::gen::inRange(0, 4) != 0) {
    b.WithAttrs({Attr::Float("negativeSlope",
                             static_cast<float>(GenAttrValue(*FindAttrDomain(spec, "negativeSlope"))) / 4.0f)});
  }
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec LeakyReluNodeSpec() {
  NodeSpec s;
  s.name = NodeTypeName(NodeType::LEAKY_RELU);
  s.type = NodeType::LEAKY_RELU;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.attrs = {SchemaRange(s.type, "negativeSlope", -4, 12)};  // quarters: [-1, 3]
  s.generate = GenerateLeakyRelu;
  // As ACTIVATION LEAKY_RELU: one product, correctly rounded; quantized by table.
  s.tolerance = ToleranceClass::kCorrectlyRounded;
  s.graph = NotChainable("HDI-only; with its default slope 0 it is ACTIVATION RELU, which the graphs already chain");
  s.model_bound = ModelBoundRule::kLipschitz;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(670, LeakyReluNodeSpec());

}  // namespace cts
}  // namespace nnrt
