// SOFTMAX (ops_catalog #30) and LOG_SOFTMAX (#95), family "softmax": rank
// 1..4, any axis including negative ones, SOFTMAX's axis list sometimes empty
// (the last axis, C-540); float32 / float16 with the edge values (NaN, +-inf,
// +-0, subnormals, +-max: rows of C-541) and int8 / uint8 with the output
// params either TFLite's fixed ones or drawn (C-543). Float results are
// judged by the bound of the exp / sum / divide decomposition
// (ToleranceClass::kSoftmax, docs/conformance.md). In random graphs both keep
// the chain tensor's dims with an axis drawn from the choices (GraphKind::kSoftmax).
#include <optional>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "conformance/directed_edges.h"
#include "conformance/generators.h"
#include "conformance/tolerance/accumulation_bounds.h"
#include "conformance/node_spec.h"

namespace nnrt {
namespace cts {
namespace {

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

// TFLite's fixed output params (quantization_semantics 2.1): SOFTMAX 1/256
// with zp -128 (int8) / 0 (uint8); LOG_SOFTMAX 16/256 with zp 127 (int8) / 255.
QuantParam FixedOutputParam(NodeType type, DataType dtype) {
  QuantParam q;
  q.num_bits = 8;
  const bool log = type == NodeType::LOG_SOFTMAX;
  q.scale = log ? 16.0 / 256 : 1.0 / 256;
  q.zero_point = log ? (dtype == DataType::kInt8 ? 127 : 255) : (dtype == DataType::kInt8 ? -128 : 0);
  return q;
}

GeneratedCase GenerateSoftmax(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  // Directed case k: a row of DirectedRowLength(k) (C-912), specials in the
  // rows of the even cases (C-911).
  const std::optional<size_t> directed = DirectedCaseIndex();
  const DirectedRowShape row = DirectedRowLayout(directed.value_or(0));
  const Dims dims = directed ? row.dims : GenShape(1, 4, 6);
  const auto rank = static_cast<int64_t>(dims.size());
  const int64_t axis = directed ? row.row_axis - rank * (*directed % 4 == 1) : *rc::gen::inRange<int64_t>(-rank, rank);
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qy = {*rc::gen::inRange(0, 2) == 0 ? FixedOutputParam(spec.type, dtype) : GenQuantParam(dtype)};
  }
  ValueProfile profile;
  profile.nan_inf = *rc::gen::inRange(0, 3) == 0;  // most rows finite, so the bound checks something
  profile.typical_range = 4.0;
  SingleNodeCase b(spec.type, spec.name);
  const int32_t zp = g.quantized ? qx[0].zero_point : 0;
  std::vector<uint8_t> x;
  if (directed) {
    x = DirectedRowData(dtype, ElementsOf(dims), *directed, zp);
    std::vector<bool> reduced(dims.size(), false);
    reduced[static_cast<size_t>(row.row_axis)] = true;
    if (DirectedSpecialsCase(*directed)) PlantWindowSpecials(dtype, dims, reduced, *directed, &x);
  } else {
    x = GenTensorData(dtype, ElementsOf(dims), profile, zp);
  }
  b.In("x", dtype, dims, std::move(x), qx);
  b.Out("y", dtype, dims, qy);
  if (spec.type == NodeType::LOG_SOFTMAX) {
    b.WithAttrs({Attr::Int64("axis", axis)});
  } else {
    // C-540: an empty list is the last axis.
    const bool empty = directed ? row.row_axis == rank - 1 && *directed % 4 == 3 : *rc::gen::inRange(0, 5) == 0;
    b.WithAttrs({Attr::Int64s("axis", empty ? std::vector<int64_t>{} : std::vector<int64_t>{axis})});
  }
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec SoftmaxSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.attrs = {SchemaRange(type, "axis", -4, 3)};
  s.generate = GenerateSoftmax;
  s.tolerance = ToleranceClass::kSoftmax;
  s.graph = Chainable(GraphKind::kSoftmax, true);
  s.reference_aux = SoftmaxReferenceAux;
  s.model_bound = type == NodeType::SOFTMAX ? ModelBoundRule::kSoftmax : ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(920, SoftmaxSpec(NodeType::SOFTMAX));
NNRT_NODE_SPEC(930, SoftmaxSpec(NodeType::LOG_SOFTMAX));

}  // namespace cts
}  // namespace nnrt
