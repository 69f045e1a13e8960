// Tensors generated from operands and attributes (family "generators"):
// FILL (ops_catalog #14; inputs value and shape, C-658..C-659) and
// CONSTANT_OF_SHAPE (#68; input shape, attributes dataType and value,
// C-658, C-660..C-661). FILL's shape operand is a constant one case in two
// and a run-time input otherwise (CONSTANT_OF_SHAPE's always a run-time
// input), so that the -1 dims at prepare time and the dims Run reports are
// exercised (C-356); its values include size-1 dims.
// Values: FILL copies an edge value of its type (NaN payloads, ±0, ±Inf,
// type limits); CONSTANT_OF_SHAPE converts a float drawn from ties, NaN,
// ±Inf, ±0 and out-of-range magnitudes into every output type.
#include <limits>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"

namespace nnrt {
namespace cts {
namespace {

GeneratedCase Begin(DataType dtype, std::vector<QuantParam>* q) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  if (g.quantized) *q = {GenQuantParam(dtype)};
  return g;
}

// The shape operand holding `dims` as int32 or int64 values, a constant or a
// model input (C-658); always a model input when it is the node's only input
// (a model needs one).
void AddShapeOperand(SingleNodeCase& b, const Dims& dims, bool may_be_constant) {
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  const std::vector<int64_t> values(dims.begin(), dims.end());
  const Dims shape_dims = {static_cast<int32_t>(values.size())};
  if (!may_be_constant || *rc::gen::arbitrary<bool>()) {
    b.In("shape", index_type, shape_dims, IntBytes(index_type, values), {});
  } else {
    b.Const("shape", index_type, shape_dims, IntBytes(index_type, values), {});
  }
}

// FILL: value of rank 0 or [1] (or [1,1]) with an edge value of its type.
GeneratedCase GenerateFill(const NodeSpec& spec, DataType dtype) {
  std::vector<QuantParam> q;
  GeneratedCase g = Begin(dtype, &q);
  const Dims y_dims = GenShape(1, 4, 4);
  const Dims value_dims = *rc::gen::element(Dims{}, Dims{1}, Dims{1, 1});
  SingleNodeCase b(NodeType::FILL, spec.name);
  b.In("value", dtype, value_dims, GenMovedData(dtype, 1, g.quantized ? q[0].zero_point : 0), q);
  AddShapeOperand(b, y_dims, true);
  b.Out("y", dtype, y_dims, q);
  g.test_case = b.Build();
  return g;
}

// CONSTANT_OF_SHAPE: value absent (0) or one float among the conversion edge
// cases of C-661; dataType any value (not read, C-660).
GeneratedCase GenerateConstantOfShape(const NodeSpec& spec, DataType dtype) {
  std::vector<QuantParam> q;
  GeneratedCase g = Begin(dtype, &q);
  const Dims y_dims = GenShape(1, 4, 4);
  const float inf = std::numeric_limits<float>::infinity();
  const float value = *rc::gen::element<float>(0.0f, -0.0f, 1.0f, 2.5f, -2.5f, 0.3f, 4.5f, -1000.0f, 3e9f, inf, -inf,
                                               65520.0f, 1e-7f, std::numeric_limits<float>::quiet_NaN());
  SingleNodeCase b(NodeType::CONSTANT_OF_SHAPE, spec.name);
  AddShapeOperand(b, y_dims, false);
  b.WithAttr(Attr::Int64("dataType", *rc::gen::element<int64_t>(0, 43, 45)));
  if (*rc::gen::inRange(0, 5) > 0) b.WithAttr(Attr::Floats("value", {value}));
  b.Out("y", dtype, y_dims, q);
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec FillSpec() {
  NodeSpec s;
  s.name = "FILL";
  s.type = NodeType::FILL;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateFill;
  s.tolerance = ToleranceClass::kDataMovement;
  s.signed_zero_exact = true;
  s.graph = NotChainable("its output dims are the values of a shape operand, not a function of a chain tensor's dims; "
                         "the graph generator has no operand role for it");
  return s;
}

NodeSpec ConstantOfShapeSpec() {
  NodeSpec s;
  s.name = "CONSTANT_OF_SHAPE";
  s.type = NodeType::CONSTANT_OF_SHAPE;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateConstantOfShape;
  s.tolerance = ToleranceClass::kDataMovement;
  s.signed_zero_exact = true;
  s.graph = NotChainable("its only input is a shape operand and its output dims are that operand's values; the "
                         "graph generator has no operand role for it");
  return s;
}

}  // namespace cts
}  // namespace nnrt
