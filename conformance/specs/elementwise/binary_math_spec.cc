// MAXIMUM, MINIMUM, SQUARED_DIFFERENCE, MOD (ops_catalog #20, #97, #34, #83),
// REAL_DIV (HDI only), POW_FUSION (#25) and ELTWISE (#12): numpy broadcasting
// of two operands of one type with the arithmetic family's broadcast patterns
// (GenBinaryShapes, C-432), edge
// values from the sweep (NaN, ±0, ±inf, subnormals, integer limits). MAXIMUM
// and MINIMUM get equal pairs planted (-0 against +0, C-688); integer MOD
// divisors are never 0 (a run error, C-691), quantized REAL_DIV divisors never
// the zero point.
#include <algorithm>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

// The output scale, from the operands': the range of the result.
QuantParam OutputQuant(NodeType type, DataType dtype, const QuantParam& qa, const QuantParam& qb) {
  const double s = std::max(qa.scale, qb.scale);
  double centre = s;
  if (type == NodeType::SQUARED_DIFFERENCE) centre = s * s * 64.0;
  if (type == NodeType::REAL_DIV) centre = qa.scale / qb.scale / 16.0;
  return GenQuantParamWithScale(dtype, centre / 4, centre * 4);
}

// Integer MOD by zero fails the run (C-691): divisors 0 become 1.
void AvoidIntegerZeroDivisor(DataType dtype, std::vector<uint8_t>* data) {
  const size_t n = data->size() / DataTypeSize(dtype);
  for (size_t i = 0; i < n; ++i) {
    if (LoadAsInt64(dtype, data->data(), i) == 0) StoreInt64(dtype, data->data(), i, 1);
  }
}


GeneratedCase GenerateBinaryMath(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const BinaryShapes shapes = GenBinaryShapes();
  std::vector<QuantParam> q1, q2, qy;
  if (g.quantized) {
    q1 = {GenQuantParam(dtype)};
    q2 = {GenQuantParam(dtype)};
    qy = {OutputQuant(spec.type, dtype, q1[0], q2[0])};
  }
  std::vector<uint8_t> data1 = GenTensorData(dtype, ElementsOf(shapes.a), ValueProfile{}, g.quantized ? q1[0].zero_point : 0);
  std::vector<uint8_t> data2 = GenTensorData(dtype, ElementsOf(shapes.b), ValueProfile{}, g.quantized ? q2[0].zero_point : 0);
  const bool max_min = spec.type == NodeType::MAXIMUM || spec.type == NodeType::MINIMUM;
  if (max_min && !g.quantized && !DirectedCaseIndex()) PlantEqualValues(dtype, data1, &data2);
  if (spec.type == NodeType::MOD && !IsFloatType(dtype)) AvoidIntegerZeroDivisor(dtype, &data2);
  if (spec.type == NodeType::REAL_DIV && g.quantized) AvoidQuantizedZeroDivisor(dtype, q2[0], &data2);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x1", dtype, shapes.a, std::move(data1), q1);
  // The second operand is sometimes a constant, as NNRt models often have.
  if (*rc::gen::inRange(0, 4) == 0) {
    b.Const("x2", dtype, shapes.b, std::move(data2), q2);
  } else {
    b.In("x2", dtype, shapes.b, std::move(data2), q2);
  }
  b.Out("y", dtype, shapes.out, qy);
  g.test_case = b.Build();
  return g;
}

// POW_FUSION (ops_catalog #25): y = (shift + scale * x)^e (C-694). Half of the
// cases keep the default attributes and draw x and e with every edge value
// (C-696's special cases); the others draw scale from {1, 2, -1} and shift
// from {0, 1, -2} with finite exponents in [-4, 4], so that a driver rounding
// the base to the output type errs by at most |e| * 0.5 ulp before pow (within
// the pow row's 3 u |ref| term). Quantized: x non-negative in real value (a
// negative base is discontinuous in the exponent: NaN off the integers).
GeneratedCase GeneratePow(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const BinaryShapes shapes = GenBinaryShapes();
  const bool defaults = DirectedCaseIndex() || *rc::gen::inRange(0, 2) == 0;
  std::vector<Attr> attrs;
  if (!defaults) {
    attrs = {Attr::Float("scale", static_cast<float>(GenAttrValue(*FindAttrDomain(spec, "scale")))),
             Attr::Float("shift", static_cast<float>(GenAttrValue(*FindAttrDomain(spec, "shift"))))};
  }
  ValueProfile x_profile, e_profile;
  x_profile.typical_range = 4.0;
  e_profile.typical_range = 4.0;
  if (!defaults) {
    e_profile.nan_inf = false;
    e_profile.type_extremes = false;
  }
  std::vector<QuantParam> qx, qe, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qx[0].zero_point = static_cast<int32_t>(QuantMin(dtype));  // real x >= 0
    qe = {GenQuantParamWithScale(dtype, 1.0 / 64, 1.0 / 32)};   // exponents within about [-8, 8]
    qy = {GenQuantParamWithScale(dtype, 1.0 / 256, 1.0)};
  }
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, shapes.a, GenTensorData(dtype, ElementsOf(shapes.a), x_profile, g.quantized ? qx[0].zero_point : 0),
       qx);
  std::vector<uint8_t> e = GenTensorData(dtype, ElementsOf(shapes.b), e_profile, g.quantized ? qe[0].zero_point : 0);
  if (*rc::gen::inRange(0, 4) == 0) {
    b.Const("exponent", dtype, shapes.b, std::move(e), qe);
  } else {
    b.In("exponent", dtype, shapes.b, std::move(e), qe);
  }
  b.Out("y", dtype, shapes.out, qy);
  b.WithAttrs(attrs);
  g.test_case = b.Build();
  return g;
}

// ELTWISE (ops_catalog #12): a mode from the schema (PROD, SUM, MAXIMUM) and
// the broadcasting operands of the other binary ops; quantized output scales
// follow the mode's result range.
GeneratedCase GenerateEltwise(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const BinaryShapes shapes = GenBinaryShapes();
  const int64_t mode = GenAttrValue(*FindAttrDomain(spec, "mode"));
  std::vector<QuantParam> q1, q2, qy;
  if (g.quantized) {
    q1 = {GenQuantParam(dtype)};
    q2 = {GenQuantParam(dtype)};
    const double s = std::max(q1[0].scale, q2[0].scale);
    const double centre = mode == 0 ? q1[0].scale * q2[0].scale * 64.0 : s;
    qy = {GenQuantParamWithScale(dtype, centre / 4, centre * 4)};
  }
  SingleNodeCase b(spec.type, spec.name);
  b.In("x1", dtype, shapes.a, GenTensorData(dtype, ElementsOf(shapes.a), ValueProfile{}, g.quantized ? q1[0].zero_point : 0),
       q1);
  b.In("x2", dtype, shapes.b, GenTensorData(dtype, ElementsOf(shapes.b), ValueProfile{}, g.quantized ? q2[0].zero_point : 0),
       q2);
  b.Out("y", dtype, shapes.out, qy);
  b.WithAttrs({Attr::Int8("mode", static_cast<int8_t>(mode))});
  g.test_case = b.Build();
  return g;
}

// Negates the float32 data of input 1 of the node (constant data or the bound input).
void NegateSecondOperand(TestCase* c) {
  const Node& n = c->model.nodes[0];
  if (n.inputs.size() != 2 || n.inputs[0] == n.inputs[1]) return;
  Tensor& t = c->model.tensors[n.inputs[1]];
  std::vector<uint8_t>* data = t.HasData() ? &t.data : nullptr;
  for (HostTensor& bound : c->inputs) {
    if (!t.HasData() && bound.name == t.name) data = &bound.data;
  }
  if (data == nullptr || t.data_type != DataType::kFloat32) return;
  for (size_t i = 0; i < data->size() / 4; ++i) {
    StoreDouble(DataType::kFloat32, data->data(), i, -LoadAsDouble(DataType::kFloat32, data->data(), i));
  }
}

// SQUARED_DIFFERENCE on (|a|, -|b|) is (|a| + |b|)^2, the magnitude its
// operands' rounding scales with.
Status SquaredDifferenceReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                                     ReferenceAux* aux) {
  if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude, NegateSecondOperand);
  return Status::Ok();
}

// The pow bound reads only the reference: one placeholder x per output
// element, counted from the operands' actual dims (the model's may be -1 in
// dynamic-shape mode).
Status PowReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                       ReferenceAux* aux) {
  if (node.inputs.size() != 2) return Status::Ok();
  const Dims out = BroadcastOf(ActualDims(c, node.inputs[0]), ActualDims(c, node.inputs[1]));
  aux->input_x.assign(ElementsOf(out), 0.0);
  return Status::Ok();
}

}  // namespace

NodeSpec EltwiseSpec() {
  NodeSpec s;
  s.name = NodeTypeName(NodeType::ELTWISE);
  s.type = NodeType::ELTWISE;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32};
  s.attrs = {SchemaDomain(s.type, "mode")};  // PROD, SUM, MAXIMUM
  s.generate = GenerateEltwise;
  // MUL / ADD correctly rounded, MAXIMUM exact: all within the add/sub/mul row.
  s.tolerance = ToleranceClass::kAddSubMul;
  // A binary graph node would keep the default mode, PROD, which MUL_FUSION already chains.
  s.graph = NotChainable("its chainable form (the default mode PROD) is MUL_FUSION's, which the graphs already chain");
  // On |operands|: |a*b|, |a|+|b| or max(|a|, |b|) by mode.
  s.reference_aux = BoundsMagnitudeAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec PowSpec() {
  NodeSpec s;
  s.name = NodeTypeName(NodeType::POW_FUSION);
  s.type = NodeType::POW_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.attrs = {SchemaDomain(s.type, "scale", {1, 2, -1}), SchemaDomain(s.type, "shift", {0, 1, -2})};
  s.generate = GeneratePow;
  // pow(b, e) = exp(e ln b): the EXP bound with its exponent recovered from
  // the reference (ln |ref| = e ln |b|), as for EXPFUSION, on |ref|.
  s.tolerance = ToleranceClass::kPow;
  s.graph = NotChainable("a negative base makes the result NaN off the integer exponents, and bases near 0 overflow: "
                         "a graph of finite values cannot feed it");
  s.reference_aux = PowReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec BinaryMathSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.generate = GenerateBinaryMath;
  switch (type) {
    case NodeType::MAXIMUM:
    case NodeType::MINIMUM:
      s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32};
      // Exact float results; quantized requantizes (TOSA MAXIMUM/MINIMUM exact).
      s.tolerance = ToleranceClass::kReluFamily;
      // max(-0, +0) = +0 and min(-0, +0) = -0 are defined (C-688).
      s.signed_zero_exact = true;
      s.graph = Chainable(GraphKind::kBinary, true);
      break;
    case NodeType::SQUARED_DIFFERENCE:
      s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32};
      s.tolerance = ToleranceClass::kSquaredDifference;
      s.reference_aux = SquaredDifferenceReferenceAux;
      s.graph = Chainable(GraphKind::kBinary, true);
      break;
    case NodeType::MOD:
      s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt32, DataType::kInt64};
      // fmod is exact (its result is representable in the operands' format).
      s.tolerance = ToleranceClass::kClampExact;
      s.graph = NotChainable(
          "the remainder jumps by |x2| where x1 crosses a multiple of x2, so upstream rounding inside a graph "
          "moves results by more than any graph tolerance");
      break;
    default:  // REAL_DIV = DIV_FUSION without an activation (C-693)
      s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
      s.tolerance = ToleranceClass::kDiv;
      // As DIV_FUSION: leaves the finite range on ordinary values (x / ~0).
      s.graph = Chainable(GraphKind::kBinary, false, true);
      break;
  }
  s.model_bound = type == NodeType::MAXIMUM || type == NodeType::MINIMUM ? ModelBoundRule::kSameOp : ModelBoundRule::kNone;
  s.broadcasting_binary = true;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(600, BinaryMathSpec(NodeType::MAXIMUM));
NNRT_NODE_SPEC(610, BinaryMathSpec(NodeType::MINIMUM));
NNRT_NODE_SPEC(620, BinaryMathSpec(NodeType::SQUARED_DIFFERENCE));
NNRT_NODE_SPEC(630, BinaryMathSpec(NodeType::MOD));
NNRT_NODE_SPEC(640, BinaryMathSpec(NodeType::REAL_DIV));
NNRT_NODE_SPEC(650, PowSpec());
NNRT_NODE_SPEC(660, EltwiseSpec());

}  // namespace cts
}  // namespace nnrt
