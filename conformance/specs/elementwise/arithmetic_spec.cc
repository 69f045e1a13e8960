// ADD_FUSION, SUB_FUSION, MUL_FUSION, DIV_FUSION (ops_catalog #1, #38, #22, #11;
// HDI AddFusion / SubFusion / MulFusion / DivFusion {activationType}).
// Valid cases: numpy broadcasting of two operands of one data type, a fused
// activation NONE / RELU / RELU6, per-tensor quant params on int8 / uint8.
#include <cmath>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

// The output scale relative to the operands', kept in a band where results
// are neither all saturated nor all zero.
QuantParam OutputQuant(NodeType type, DataType dtype, const QuantParam& qa, const QuantParam& qb) {
  double centre;
  switch (type) {
    case NodeType::MUL_FUSION: centre = qa.scale * qb.scale * 64.0; break;
    case NodeType::DIV_FUSION: centre = qa.scale / qb.scale / 16.0; break;
    default: centre = std::max(qa.scale, qb.scale); break;
  }
  return GenQuantParamWithScale(dtype, centre / 4, centre * 4);
}

GeneratedCase GenerateArithmetic(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const BinaryShapes shapes = GenBinaryShapes();
  const Dims& d1 = shapes.a;
  const Dims& d2 = shapes.b;
  const Dims& out_dims = shapes.out;
  // Directed cases (fixed broadcast patterns) run without a fused activation.
  const int64_t activation = DirectedCaseIndex() ? 0 : GenAttrValue(*FindAttrDomain(spec, "activationType"));

  SingleNodeCase b(spec.type, spec.name);
  ValueProfile profile;
  std::vector<QuantParam> q1, q2, qy;
  if (g.quantized) {
    q1 = {GenQuantParam(dtype)};
    q2 = {GenQuantParam(dtype)};
    qy = {OutputQuant(spec.type, dtype, q1[0], q2[0])};
    // The common deployment choice for ADD/SUB: equal input scales and an
    // output scale twice as large (the sum's range doubles). Then t = (a1 +- a2)/2
    // and half of the results are exact ties, which exercises the tie rule
    // (quantization_semantics 4.3 / 6.2).
    const bool additive = spec.type == NodeType::ADD_FUSION || spec.type == NodeType::SUB_FUSION;
    if (additive && *rc::gen::inRange(0, 3) == 0) {
      q2[0].scale = q1[0].scale;
      qy[0].scale = 2 * q1[0].scale;
    }
  }
  std::vector<uint8_t> data1 = GenTensorData(dtype, ElementsOf(d1), profile, g.quantized ? q1[0].zero_point : 0);
  std::vector<uint8_t> data2 = GenTensorData(dtype, ElementsOf(d2), profile, g.quantized ? q2[0].zero_point : 0);
  if (g.quantized && spec.type == NodeType::DIV_FUSION) AvoidQuantizedZeroDivisor(dtype, q2[0], &data2);
  // The second operand is sometimes a constant, as NNRt models often have.
  const bool constant_rhs = *rc::gen::inRange(0, 4) == 0;
  b.In("x1", dtype, d1, std::move(data1), q1);
  if (constant_rhs) {
    b.Const("x2", dtype, d2, std::move(data2), q2);
  } else {
    b.In("x2", dtype, d2, std::move(data2), q2);
  }
  b.Out("y", dtype, out_dims, qy);
  b.WithAttrs({Attr::Int8("activationType", static_cast<int8_t>(activation))});
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec ElementwiseArithmeticSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.attrs = {SchemaDomain(type, "activationType")};  // NO_ACTIVATION, RELU, RELU6
  s.generate = GenerateArithmetic;
  s.tolerance = type == NodeType::DIV_FUSION ? ToleranceClass::kDiv : ToleranceClass::kAddSubMul;
  s.reference_aux = BoundsMagnitudeAux;
  // IEEE: the sign of a product is the xor of the operands' signs, zeros included.
  s.signed_zero_exact = type == NodeType::MUL_FUSION;
  // DIV leaves the finite range on ordinary values (x / ~0): a hazard, and not chained quantized.
  s.graph = type == NodeType::DIV_FUSION ? Chainable(GraphKind::kBinary, false, true)
                                         : Chainable(GraphKind::kBinary, true);
  s.model_bound = type == NodeType::MUL_FUSION   ? ModelBoundRule::kBilinear
                    : type == NodeType::DIV_FUSION ? ModelBoundRule::kNone
                                                   : ModelBoundRule::kSum;
  s.broadcasting_binary = true;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(10, ElementwiseArithmeticSpec(NodeType::ADD_FUSION));
NNRT_NODE_SPEC(30, ElementwiseArithmeticSpec(NodeType::SUB_FUSION));
NNRT_NODE_SPEC(40, ElementwiseArithmeticSpec(NodeType::MUL_FUSION));
NNRT_NODE_SPEC(100, ElementwiseArithmeticSpec(NodeType::DIV_FUSION));

}  // namespace cts
}  // namespace nnrt
