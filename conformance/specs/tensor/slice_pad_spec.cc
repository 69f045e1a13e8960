// Window data movement (family "slice_pad"): SLICE_FUSION (ops_catalog #29;
// HDI SliceFusion {axes}; inputs x, begin, size, C-654..C-655), CROP (#91;
// HDI Crop {axis, offset}; inputs x and shape, C-656..C-657) and
// PAD_FUSION (ops_catalog #24;
// HDI PadFusion {paddings, paddingMode, constantValue}; inputs x and a
// [rank, 2] paddings tensor). Valid cases draw every mode with amounts up to
// the mode's limit (REFLECT dim - 1, SYMMETRIC dim, C-651) and the limit
// favoured, zero amounts, paddings as a constant (sometimes repeated in the
// attribute, as the OH_NN builder writes it, C-650) or a run-time input,
// constantValue among 0, -0, NaN, fractions and out-of-range values (C-652),
// and data with NaN (payload-carrying), ±0 and the type limits; y keeps x's
// type and quant params (C-350).
#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/specs/tensor/data_movement_gen.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

using data_movement_gen::CaseStart;
using data_movement_gen::DataMovementBase;
using data_movement_gen::Start;

// One amount for a dim of size n under `mode`: 0..limit, the limit favoured.
int64_t GenAmount(int64_t mode, int64_t n) {
  const int64_t limit = mode == 0 ? 3 : mode == 1 ? n - 1 : n;
  return *rc::gen::weightedOneOf<int64_t>(
      {{2, rc::gen::inRange<int64_t>(0, limit + 1)}, {1, rc::gen::just(limit)}, {1, rc::gen::just<int64_t>(0)}});
}

GeneratedCase GeneratePad(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x_dims = GenShape(1, 4, 4);
  const int64_t mode = *rc::gen::inRange<int64_t>(0, 3);
  std::vector<int64_t> paddings;
  Dims y_dims;
  for (int32_t n : x_dims) {
    const int64_t before = GenAmount(mode, n), after = GenAmount(mode, n);
    paddings.push_back(before);
    paddings.push_back(after);
    y_dims.push_back(static_cast<int32_t>(n + before + after));
  }
  const float constant = *rc::gen::element<float>(0.0f, -0.0f, 1.5f, -2.5f, 0.3f, 1000.0f, -1000.0f,
                                                  std::numeric_limits<float>::quiet_NaN());
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  const Dims p_dims = {static_cast<int32_t>(x_dims.size()), 2};
  SingleNodeCase b(NodeType::PAD_FUSION, spec.name);
  b.In("x", dtype, x_dims, GenMovedData(dtype, ElementsOf(x_dims), s.zero_point), s.q);
  const int form = *rc::gen::inRange(0, 4);  // 0: run-time input; 1, 2: constant; 3: constant + attribute
  if (form == 0) {
    b.In("paddings", index_type, p_dims, IntBytes(index_type, paddings), {});
  } else {
    b.Const("paddings", index_type, p_dims, IntBytes(index_type, paddings), {});
  }
  if (form == 3) b.WithAttr(Attr::Int64s("paddings", paddings));
  b.WithAttr(Attr::Int8("paddingMode", static_cast<int8_t>(mode)));
  b.WithAttr(Attr::Float("constantValue", constant));
  b.Out("y", dtype, y_dims, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// SLICE_FUSION: axes empty (every dim) or a subset in any order with
// negative values (C-654); per sliced axis begin in [0, n-1] with the ends
// favoured and size -1 (to the end) often, else 1..n-begin with the largest
// favoured (C-655); begin and size constants or run-time inputs.
GeneratedCase GenerateSlice(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x_dims = GenShape(1, 4, 4);
  const int32_t rank = static_cast<int32_t>(x_dims.size());
  std::vector<int64_t> axes;
  std::vector<size_t> dims;
  if (*rc::gen::inRange(0, 3) == 0) {
    for (int32_t d = 0; d < rank; ++d) dims.push_back(static_cast<size_t>(d));
  } else {
    std::vector<int32_t> order;
    for (int32_t d = 0; d < rank; ++d) order.push_back(d);
    for (int32_t i = rank - 1; i > 0; --i) {
      const size_t j = static_cast<size_t>(*rc::gen::inRange(0, i + 1));
      std::swap(order[static_cast<size_t>(i)], order[j]);
    }
    const int32_t count = *rc::gen::inRange(1, rank + 1);
    for (int32_t k = 0; k < count; ++k) {
      const int32_t d = order[static_cast<size_t>(k)];
      dims.push_back(static_cast<size_t>(d));
      axes.push_back(*rc::gen::arbitrary<bool>() ? d - rank : d);
    }
  }
  std::vector<int64_t> begin, size;
  Dims y_dims = x_dims;
  for (size_t d : dims) {
    const int64_t n = x_dims[d];
    const int64_t b = *rc::gen::weightedOneOf<int64_t>(
        {{2, rc::gen::inRange<int64_t>(0, n)}, {1, rc::gen::just<int64_t>(0)}, {1, rc::gen::just(n - 1)}});
    const int64_t sz = *rc::gen::weightedOneOf<int64_t>(
        {{2, rc::gen::inRange<int64_t>(1, n - b + 1)}, {1, rc::gen::just(n - b)}, {2, rc::gen::just<int64_t>(-1)}});
    begin.push_back(b);
    size.push_back(sz);
    y_dims[d] = static_cast<int32_t>(sz == -1 ? n - b : sz);
  }
  const DataType begin_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  const DataType size_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  const Dims w_dims = {static_cast<int32_t>(dims.size())};
  SingleNodeCase b(NodeType::SLICE_FUSION, spec.name);
  b.In("x", dtype, x_dims, GenMovedData(dtype, ElementsOf(x_dims), s.zero_point), s.q);
  if (*rc::gen::inRange(0, 4) == 0) {
    b.In("begin", begin_type, w_dims, IntBytes(begin_type, begin), {});
    b.In("size", size_type, w_dims, IntBytes(size_type, size), {});
  } else {
    b.Const("begin", begin_type, w_dims, IntBytes(begin_type, begin), {});
    b.Const("size", size_type, w_dims, IntBytes(size_type, size), {});
  }
  if (!axes.empty() || *rc::gen::arbitrary<bool>()) b.WithAttr(Attr::Int64s("axes", axes));
  b.Out("y", dtype, y_dims, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// CROP: every axis (negative too), window dims 1..n from axis on, offsets
// none, one for all dims or one per dim (C-657) up to the last fitting one;
// the shape operand is a 1-D int32/int64 constant whose values are y's dims (C-656).
GeneratedCase GenerateCrop(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x_dims = GenShape(1, 4, 4);
  const int32_t rank = static_cast<int32_t>(x_dims.size());
  const int32_t axis = *rc::gen::inRange(-rank, rank);
  const size_t first = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  Dims y_dims = x_dims;
  int64_t room = 4;  // the largest offset every cropped dim admits
  for (size_t d = first; d < x_dims.size(); ++d) {
    y_dims[d] = *rc::gen::inRange<int32_t>(1, x_dims[d] + 1);
    room = std::min<int64_t>(room, x_dims[d] - y_dims[d]);
  }
  std::vector<int64_t> offset;
  const int form = *rc::gen::inRange(0, 3);  // 0: none, 1: one for all, 2: one per dim
  if (form == 1) offset.push_back(*rc::gen::inRange<int64_t>(0, room + 1));
  for (size_t d = first; form == 2 && d < x_dims.size(); ++d) {
    offset.push_back(*rc::gen::inRange<int64_t>(0, x_dims[d] - y_dims[d] + 1));
  }
  SingleNodeCase b(NodeType::CROP, spec.name);
  b.In("x", dtype, x_dims, GenMovedData(dtype, ElementsOf(x_dims), s.zero_point), s.q);
  const DataType shape_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  b.Const("shape", shape_type, {rank}, IntBytes(shape_type, std::vector<int64_t>(y_dims.begin(), y_dims.end())), {});
  b.WithAttr(Attr::Int64("axis", axis));
  b.WithAttr(Attr::Int64s("offset", offset));
  b.Out("y", dtype, y_dims, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

}  // namespace

NodeSpec PadSpec() {
  NodeSpec s = DataMovementBase(NodeType::PAD_FUSION, GeneratePad);
  s.attrs = {SchemaDomain(NodeType::PAD_FUSION, "paddingMode")};
  s.graph = Chainable(GraphKind::kWindow, true);  // CONSTANT 0, constant paddings on the last dim
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

NodeSpec SliceSpec() {
  NodeSpec s = DataMovementBase(NodeType::SLICE_FUSION, GenerateSlice);
  s.graph = Chainable(GraphKind::kWindow, true);  // axes [-1], constant begin and size
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

NodeSpec CropSpec() {
  NodeSpec s = DataMovementBase(NodeType::CROP, GenerateCrop);
  s.attrs = {SchemaRange(NodeType::CROP, "axis", -4, 3)};
  s.graph = NotChainable("needs a shape operand whose values fit inside the chain tensor's dims and offsets that fit "
                         "both; the graph generator has no operand role for it");
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(980, PadSpec());
NNRT_NODE_SPEC(990, SliceSpec());
NNRT_NODE_SPEC(1000, CropSpec());

}  // namespace cts
}  // namespace nnrt
