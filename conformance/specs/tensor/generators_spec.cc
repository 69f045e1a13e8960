// Tensors generated from operands and attributes (family "generators"):
// FILL (ops_catalog #14; inputs value and shape, C-658..C-659),
// CONSTANT_OF_SHAPE (#68; input shape, attributes dataType and value,
// C-658, C-660..C-661) and RANGE (#66; attributes start, limit, delta; the
// input only fixes the type, C-662..C-664). FILL's shape operand is a constant one case in two
// and a run-time input otherwise (CONSTANT_OF_SHAPE's always a run-time
// input), so that the -1 dims at prepare time and the dims Run reports are
// exercised (C-356); its values include size-1 dims.
// Values: FILL copies an edge value of its type (NaN payloads, ±0, ±Inf,
// type limits); CONSTANT_OF_SHAPE converts a float drawn from ties, NaN,
// ±Inf, ±0 and out-of-range magnitudes into every output type. RANGE draws
// both signs of delta, limits that divide the span and that do not, one-
// element sequences, and sequences at the ends of the output type (int32
// and int64 limits, float32 above 2^24, float16 above 2048 and past 65504,
// quantized values that saturate).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/specs/tensor/data_movement_gen.h"

namespace nnrt {
namespace cts {
namespace {

using data_movement_gen::CaseStart;
using data_movement_gen::DataMovementBase;
using data_movement_gen::Start;

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
  CaseStart s = Start(dtype);
  const Dims y_dims = GenShape(1, 4, 4);
  const Dims value_dims = *rc::gen::element(Dims{}, Dims{1}, Dims{1, 1});
  SingleNodeCase b(NodeType::FILL, spec.name);
  b.In("value", dtype, value_dims, GenMovedData(dtype, 1, s.zero_point), s.q);
  AddShapeOperand(b, y_dims, true);
  b.Out("y", dtype, y_dims, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// CONSTANT_OF_SHAPE: value absent (0) or one float among the conversion edge
// cases of C-661; dataType any value (not read, C-660).
GeneratedCase GenerateConstantOfShape(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims y_dims = GenShape(1, 4, 4);
  const float inf = std::numeric_limits<float>::infinity();
  const float value = *rc::gen::element<float>(0.0f, -0.0f, 1.0f, 2.5f, -2.5f, 0.3f, 4.5f, -1000.0f, 3e9f, inf, -inf,
                                               65520.0f, 1e-7f, std::numeric_limits<float>::quiet_NaN());
  SingleNodeCase b(NodeType::CONSTANT_OF_SHAPE, spec.name);
  AddShapeOperand(b, y_dims, false);
  b.WithAttr(Attr::Int64("dataType", *rc::gen::element<int64_t>(0, 43, 45)));
  if (*rc::gen::inRange(0, 5) > 0) b.WithAttr(Attr::Floats("value", {value}));
  b.Out("y", dtype, y_dims, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// Where a RANGE sequence starts: small, or at an end of the output type.
int64_t GenRangeStart(DataType dtype, int64_t delta, int64_t count) {
  const int64_t span = delta * (count - 1);
  switch (*rc::gen::inRange(0, 3)) {
    case 0: return *rc::gen::inRange<int64_t>(-10, 11);
    case 1:  // the upper end of the type, reached by the last element when delta > 0
      switch (dtype) {
        case DataType::kInt32: return (delta > 0 ? 2147483647 - span : 2147483647);
        case DataType::kInt64:
          // The last element one below the maximum leaves room for the limit.
          return delta > 0 ? std::numeric_limits<int64_t>::max() - 1 - span : std::numeric_limits<int64_t>::max();
        case DataType::kFloat32: return 16777217;  // 2^24 + 1: odd integers round
        case DataType::kFloat16: return *rc::gen::element<int64_t>(2049, 65519, 65520);
        default: return *rc::gen::element<int64_t>(200, 300);  // quantized: saturates
      }
    default:  // the lower end
      switch (dtype) {
        case DataType::kInt32: return (delta < 0 ? -2147483648LL - span : -2147483648LL);
        case DataType::kInt64:
          return delta < 0 ? std::numeric_limits<int64_t>::min() + 1 - span : std::numeric_limits<int64_t>::min();
        case DataType::kFloat32: return -16777219;
        case DataType::kFloat16: return *rc::gen::element<int64_t>(-2051, -65519, -65520);
        default: return *rc::gen::element<int64_t>(-200, -300);
      }
  }
}

// RANGE: delta of either sign (|delta| 1..5, or large), 1..8 elements; the
// limit lies r in [1, |delta|] past the last element, so the count is
// ceil((limit - start) / delta) with and without a remainder (C-663).
GeneratedCase GenerateRange(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const int64_t magnitude = *rc::gen::weightedOneOf<int64_t>(
      {{4, rc::gen::inRange<int64_t>(1, 6)}, {1, rc::gen::element<int64_t>(1000, 65536, 1LL << 40)}});
  const int64_t delta = *rc::gen::arbitrary<bool>() ? magnitude : -magnitude;
  int64_t count = *rc::gen::inRange<int64_t>(1, 9);
  if (dtype == DataType::kInt32 && magnitude > 65536) count = 1;  // keeps the elements inside int32
  const int64_t start = GenRangeStart(dtype, delta, count);
  const int64_t last = start + delta * (count - 1);
  const int64_t r = *rc::gen::inRange<int64_t>(1, magnitude + 1);
  // Past the last element by r, clamped to the int64 range (still > last).
  const __int128 wanted = static_cast<__int128>(last) + (delta > 0 ? r : -r);
  const int64_t limit = static_cast<int64_t>(
      std::max<__int128>(std::numeric_limits<int64_t>::min(),
                         std::min<__int128>(std::numeric_limits<int64_t>::max(), wanted)));
  const Dims x_dims = GenShape(0, 3, 3);
  SingleNodeCase b(NodeType::RANGE, spec.name);
  b.In("x", dtype, x_dims, GenTensorData(dtype, ElementsOf(x_dims), ValueProfile{}, s.zero_point), s.q);
  b.WithAttr(Attr::Int64("dataType", 0));
  b.WithAttr(Attr::Int64("start", start));
  b.WithAttr(Attr::Int64("limit", limit));
  b.WithAttr(Attr::Int64("delta", delta));
  b.Out("y", dtype, {static_cast<int32_t>(count)}, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

}  // namespace

NodeSpec RangeSpec() {
  NodeSpec s;
  s.name = "RANGE";
  s.type = NodeType::RANGE;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8,
              DataType::kUint8,   DataType::kInt32,   DataType::kInt64};
  s.generate = GenerateRange;
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = NotChainable("its output dims come from its attributes, not from its operand; the graph generator has "
                         "no role for an operator whose output is unrelated to the chain tensor");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec FillSpec() {
  NodeSpec s = DataMovementBase(NodeType::FILL, GenerateFill);
  s.graph = NotChainable("its output dims are the values of a shape operand, not a function of a chain tensor's dims; "
                         "the graph generator has no operand role for it");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec ConstantOfShapeSpec() {
  NodeSpec s = DataMovementBase(NodeType::CONSTANT_OF_SHAPE, GenerateConstantOfShape);
  s.graph = NotChainable("its only input is a shape operand and its output dims are that operand's values; the "
                         "graph generator has no operand role for it");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(1100, FillSpec());
NNRT_NODE_SPEC(1110, ConstantOfShapeSpec());
NNRT_NODE_SPEC(1120, RangeSpec());

}  // namespace cts
}  // namespace nnrt
