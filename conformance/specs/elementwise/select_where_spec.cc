// Element-wise choice by a bool condition (family "select_where"): SELECT
// (ops_catalog #62: same dims, a rank-1 row condition, or one condition
// element, C-360) and WHERE (#87: numpy broadcasting of the three operands,
// C-361). Data with NaN (payload-carrying), ±0 and type limits; x1, x2 and y
// share type and quant params (C-359).
#include <cstring>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

std::vector<uint8_t> GenChoiceData(DataType dtype, size_t count, int32_t zero_point) {
  std::vector<uint8_t> bytes = GenTensorData(dtype, count, ValueProfile{}, zero_point);
  if (count > 0 && dtype == DataType::kFloat32 && *rc::gen::inRange(0, 3) == 0) {
    const uint32_t nan_bits = 0x7FA00007u;
    std::memcpy(bytes.data() + 4 * *rc::gen::inRange<size_t>(0, count), &nan_bits, 4);
  }
  return bytes;
}

GeneratedCase GenerateChoice(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const Dims out = GenShape(1, 4, 4);
  Dims cond = out, x1 = out, x2 = out;
  if (spec.type == NodeType::SELECT) {
    const int form = *rc::gen::inRange(0, 3);
    if (form == 1) cond = Dims{out[0]};
    if (form == 2) cond = *rc::gen::element(Dims{}, Dims{1});
  } else {
    cond = GenBroadcastPartner(out);
    // A condition broadcast along its last dim ([N, 1] against [N, M]) is
    // the case a flat-index shortcut gets wrong; draw it often.
    if (!cond.empty() && *rc::gen::inRange(0, 2) == 0) cond.back() = 1;
    x1 = GenBroadcastPartner(out);
    x2 = GenBroadcastPartner(out);
    // One value operand keeps the full dims so that the output has them.
    if (*rc::gen::inRange(0, 2) == 0) {
      x1 = out;
    } else {
      x2 = out;
    }
  }
  std::vector<QuantParam> q;
  if (g.quantized) q = {GenQuantParam(dtype)};
  const int32_t zp = g.quantized ? q[0].zero_point : 0;
  SingleNodeCase b(spec.type, spec.name);
  b.In("condition", DataType::kBool, cond, GenBoolBytes(ElementsOf(cond)), {});
  b.In("x1", dtype, x1, GenChoiceData(dtype, ElementsOf(x1), zp), q);
  b.In("x2", dtype, x2, GenChoiceData(dtype, ElementsOf(x2), zp), q);
  b.Out("y", dtype, out, q);
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec SelectWhereSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateChoice;
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = NotChainable("needs a bool condition operand; the graph generator produces no bool tensors");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(490, SelectWhereSpec(NodeType::SELECT));
NNRT_NODE_SPEC(500, SelectWhereSpec(NodeType::WHERE));

}  // namespace cts
}  // namespace nnrt
