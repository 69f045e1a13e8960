// LOGICAL_AND, LOGICAL_OR (ops_catalog #81, #89: numpy broadcasting, the
// arithmetic family's broadcast patterns) and LOGICAL_NOT (#82). Operands are
// bool or plain int32/int64 (non-zero = true, C-686); integer data mixes zeros
// with values whose bits do not overlap (1, 2, INT_MIN, -1), so that a bitwise
// AND/OR or a "== 1" test differs from the logical one; an integer case's
// second operand is bool one time in four (XTS model 2 of #81).
#include <optional>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

std::vector<uint8_t> GenLogicalData(DataType dtype, size_t count) {
  if (dtype == DataType::kBool) return GenBoolBytes(count);  // true as 1, 2, 127 or 255 (C-293)
  std::vector<uint8_t> bytes(count * DataTypeSize(dtype));
  const int64_t lo = QuantMin(dtype), hi = QuantMax(dtype);
  for (size_t i = 0; i < count; ++i) {
    const int k = *rc::gen::inRange(0, 8);
    const int64_t picks[] = {0, 0, 0, 1, 2, -1, lo, hi};
    int64_t v = picks[k];
    if (k == 4) v = int64_t{1} << *rc::gen::inRange(1, 30);
    StoreInt64(dtype, bytes.data(), i, v);
  }
  return bytes;
}

GeneratedCase GenerateLogical(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  SingleNodeCase b(spec.type, spec.name);
  if (spec.type == NodeType::LOGICAL_NOT) {
    const Dims d = GenShape(0, 4, 4);
    b.In("x", dtype, d, GenLogicalData(dtype, ElementsOf(d)), {});
    b.Out("y", DataType::kBool, d, {});
  } else {
    const BinaryShapes shapes = GenBinaryShapes();
    // A bool second operand one time in four, and at the odd directed cases
    // (its bytes then sweep from 2: non-canonical trues, C-910).
    const std::optional<size_t> directed = DirectedCaseIndex();
    const bool bool_second = directed ? *directed % 2 == 1 : *rc::gen::inRange(0, 4) == 0;
    const DataType t2 = dtype != DataType::kBool && bool_second ? DataType::kBool : dtype;
    b.In("x1", dtype, shapes.a, GenLogicalData(dtype, ElementsOf(shapes.a)), {});
    b.In("x2", t2, shapes.b, GenLogicalData(t2, ElementsOf(shapes.b)), {});
    b.Out("y", DataType::kBool, shapes.out, {});
  }
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec LogicalSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kBool, DataType::kInt32, DataType::kInt64};
  s.generate = GenerateLogical;
  // A bool output is compared exactly whatever the class (tolerance.cc: integer / bool).
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = NotChainable("bool operands and output: the random graphs chain one numeric data type");
  s.model_bound = ModelBoundRule::kNone;
  s.broadcasting_binary = type != NodeType::LOGICAL_NOT;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(570, LogicalSpec(NodeType::LOGICAL_AND));
NNRT_NODE_SPEC(580, LogicalSpec(NodeType::LOGICAL_OR));
NNRT_NODE_SPEC(590, LogicalSpec(NodeType::LOGICAL_NOT));

}  // namespace cts
}  // namespace nnrt
