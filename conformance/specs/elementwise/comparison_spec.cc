// EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL (ops_catalog
// #70, #72, #71, #73, #61, #18): numpy broadcasting of two operands of one
// type (the broadcast patterns of the arithmetic family, C-432), a bool output.
// Edge values come from the sweep (NaN, ±0, ±inf, subnormals, integer
// limits); equal operand values are planted often, so that the equality half
// of every predicate is exercised; quantized operands share their params in
// half of the cases (equal codes, equal reals) and differ otherwise (C-683).

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

std::vector<uint8_t> GenOperand(DataType dtype, size_t count, const std::vector<QuantParam>& q) {
  if (dtype == DataType::kBool) return GenBoolBytes(count);
  return GenTensorData(dtype, count, ValueProfile{}, q.empty() ? 0 : q[0].zero_point);
}

GeneratedCase GenerateComparison(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const BinaryShapes shapes = GenBinaryShapes();
  std::vector<QuantParam> q1, q2;
  if (g.quantized) {
    q1 = {GenQuantParam(dtype)};
    q2 = *rc::gen::inRange(0, 2) == 0 ? q1 : std::vector<QuantParam>{GenQuantParam(dtype)};
  }
  std::vector<uint8_t> data1 = GenOperand(dtype, ElementsOf(shapes.a), q1);
  std::vector<uint8_t> data2 = GenOperand(dtype, ElementsOf(shapes.b), q2);
  if (!DirectedCaseIndex()) PlantEqualValues(dtype, data1, &data2);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x1", dtype, shapes.a, std::move(data1), q1);
  // The second operand is sometimes a constant, as NNRt models often have.
  if (*rc::gen::inRange(0, 4) == 0) {
    b.Const("x2", dtype, shapes.b, std::move(data2), q2);
  } else {
    b.In("x2", dtype, shapes.b, std::move(data2), q2);
  }
  b.Out("y", DataType::kBool, shapes.out, {});
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec ComparisonSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateComparison;
  // A bool output is compared exactly whatever the class (tolerance.cc: integer / bool).
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = NotChainable(
      "its output is bool: the random graphs chain one numeric data type, and no chained node takes a bool operand");
  s.model_bound = ModelBoundRule::kNone;
  s.broadcasting_binary = true;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(510, ComparisonSpec(NodeType::EQUAL));
NNRT_NODE_SPEC(520, ComparisonSpec(NodeType::NOT_EQUAL));
NNRT_NODE_SPEC(530, ComparisonSpec(NodeType::GREATER));
NNRT_NODE_SPEC(540, ComparisonSpec(NodeType::GREATER_EQUAL));
NNRT_NODE_SPEC(550, ComparisonSpec(NodeType::LESS));
NNRT_NODE_SPEC(560, ComparisonSpec(NodeType::LESS_EQUAL));

}  // namespace cts
}  // namespace nnrt
