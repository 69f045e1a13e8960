// Strided data movement (family "strided_slice"): STRIDED_SLICE (ops_catalog
// #37; HDI StridedSlice {five masks}; inputs x, begin, end, strides,
// C-615..C-620). Valid cases are built forwards: per addressed dim a first
// index, a stride (±1, ±2, longer than the dim) and an element count are
// drawn, then written as begin/end values in one of the equivalent forms
// (negative from the end, out of range and clamped, or a mask bit); new-axis
// entries, an explicit ellipsis (or fewer entries than dims), shrunk entries
// and ignored bits (precedence, C-616) are mixed in. begin/end/strides are
// int32 or int64, constants or run-time inputs; data has NaN (payload-
// carrying), ±0 and the type limits; y keeps x's type and quant params (C-350).
// SPARSE_TO_DENSE (ops_catalog #88; inputs indices, values, sparseShape,
// C-621..C-623) lives here too: index-driven data movement of the same family.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/specs/tensor/data_movement_gen.h"

namespace nnrt {
namespace cts {
namespace {

// The spec under construction: one entry per begin/end/strides element.
struct SliceSpecDraw {
  std::vector<int64_t> begin, end, strides;
  int64_t begin_mask = 0, end_mask = 0, ellipsis_mask = 0, new_axis_mask = 0, shrink_mask = 0;
  Dims y_dims;

  size_t Entry(int64_t b, int64_t e, int64_t s) {
    begin.push_back(b);
    end.push_back(e);
    strides.push_back(s);
    return begin.size() - 1;
  }
};

int64_t Bit(size_t i) { return int64_t{1} << i; }

int64_t GenStride(int64_t n) {
  return *rc::gen::weightedOneOf<int64_t>({{3, rc::gen::just<int64_t>(1)},
                                          {2, rc::gen::just<int64_t>(-1)},
                                          {1, rc::gen::element<int64_t>(2, 3, -2, -3)},
                                          {1, rc::gen::element<int64_t>(n + 1, -(n + 1))}});
}

// An ignored value (end of a shrunk entry, values of new-axis / ellipsis entries).
int64_t GenAnyValue(int64_t n) { return *rc::gen::inRange<int64_t>(-n - 3, n + 4); }

// A shrunk entry on a dim of size n (C-618): index as begin, n-relative or
// under beginMask (index 0); end ignored; any non-zero stride.
void DrawShrink(SliceSpecDraw* d, int64_t n) {
  const int form = *rc::gen::inRange(0, 3);
  const int64_t index = *rc::gen::inRange<int64_t>(0, n);
  const int64_t b = form == 0 ? index : form == 1 ? index - n : GenAnyValue(n);
  const size_t i = d->Entry(b, GenAnyValue(n), GenStride(n));
  if (form == 2) d->begin_mask |= Bit(i);  // the index is then 0
  d->shrink_mask |= Bit(i);
}

// A sliced entry on a dim of size n (C-617): first index, stride, count,
// then begin/end values that resolve to them.
void DrawRange(SliceSpecDraw* d, int64_t n) {
  const int64_t s = GenStride(n);
  const int64_t a = s > 0 ? s : -s;
  const int64_t first = *rc::gen::inRange<int64_t>(0, n);
  const int64_t room = s > 0 ? (n - first + a - 1) / a : first / a + 1;  // largest count
  const int64_t count = *rc::gen::weightedOneOf<int64_t>(
      {{2, rc::gen::inRange<int64_t>(1, room + 1)}, {1, rc::gen::just(room)}});
  // stop: any value after the last index read and not past the next one.
  const int64_t last = first + (count - 1) * s;
  const int64_t far = s > 0 ? std::min(first + count * s, n) : std::max(first + count * s, int64_t{-1});
  const int64_t stop = s > 0 ? *rc::gen::inRange<int64_t>(last + 1, far + 1) : *rc::gen::inRange<int64_t>(far, last);
  const int64_t boundary_first = s > 0 ? 0 : n - 1;
  const int64_t boundary_stop = s > 0 ? n : -1;
  int64_t b = *rc::gen::arbitrary<bool>() ? first : first - n;
  bool begin_masked = false, end_masked = false;
  if (first == boundary_first && *rc::gen::arbitrary<bool>()) {
    if (*rc::gen::arbitrary<bool>()) {
      begin_masked = true;
      b = GenAnyValue(n);
    } else {
      b = s > 0 ? -n - *rc::gen::inRange<int64_t>(1, 4) : n + *rc::gen::inRange<int64_t>(0, 4);  // clamped
    }
  }
  int64_t e = stop;
  if (stop == boundary_stop) {
    const int form = *rc::gen::inRange(0, 3);
    end_masked = form == 0;
    e = form == 0 ? GenAnyValue(n) : s > 0 ? n + *rc::gen::inRange<int64_t>(0, 4) : -n - *rc::gen::inRange<int64_t>(1, 4);
  } else if (stop >= 0 && stop < n && *rc::gen::arbitrary<bool>()) {
    e = stop - n;
  }
  const size_t i = d->Entry(b, e, s);
  if (begin_masked) d->begin_mask |= Bit(i);
  if (end_masked) d->end_mask |= Bit(i);
  d->y_dims.push_back(static_cast<int32_t>(count));
}

// An entry that is a new axis (C-616): values ignored, maybe a shrink bit too.
void DrawNewAxis(SliceSpecDraw* d) {
  const size_t i = d->Entry(GenAnyValue(2), GenAnyValue(2), *rc::gen::element<int64_t>(1, -1, 2));
  d->new_axis_mask |= Bit(i);
  if (*rc::gen::inRange(0, 4) == 0) d->shrink_mask |= Bit(i);
  d->y_dims.push_back(1);
}

// Entries addressing dims [from, to) of x.
void DrawAddressed(SliceSpecDraw* d, const Dims& x, size_t from, size_t to) {
  for (size_t dim = from; dim < to; ++dim) {
    if (*rc::gen::inRange(0, 6) == 0) DrawNewAxis(d);
    if (*rc::gen::inRange(0, 4) == 0) {
      DrawShrink(d, x[dim]);
    } else {
      DrawRange(d, x[dim]);
    }
  }
}

void WholeDims(SliceSpecDraw* d, const Dims& x, size_t from, size_t to) {
  for (size_t dim = from; dim < to; ++dim) d->y_dims.push_back(x[dim]);
}

SliceSpecDraw DrawSliceSpec(const Dims& x) {
  SliceSpecDraw d;
  const size_t rank = x.size();
  const size_t addressed = static_cast<size_t>(*rc::gen::inRange<int>(0, static_cast<int>(rank) + 1));
  if (*rc::gen::inRange(0, 3) == 0) {
    // Explicit ellipsis: `before` entries in front, the rest address the last dims.
    const size_t before = static_cast<size_t>(*rc::gen::inRange<int>(0, static_cast<int>(addressed) + 1));
    DrawAddressed(&d, x, 0, before);
    const size_t i = d.Entry(GenAnyValue(2), GenAnyValue(2), *rc::gen::element<int64_t>(1, -1, 3));
    d.ellipsis_mask = Bit(i);
    if (*rc::gen::inRange(0, 3) == 0) d.new_axis_mask |= Bit(i);  // ellipsis wins
    if (*rc::gen::inRange(0, 3) == 0) d.shrink_mask |= Bit(i);
    WholeDims(&d, x, before, rank - (addressed - before));
    DrawAddressed(&d, x, rank - (addressed - before), rank);
  } else {
    DrawAddressed(&d, x, 0, addressed);
    if (d.begin.empty() || *rc::gen::inRange(0, 5) == 0) DrawNewAxis(&d);
    WholeDims(&d, x, addressed, rank);  // implicit ellipsis after the last entry
  }
  return d;
}

// An int32/int64 operand: a constant of the model or a run-time input.
void AddOperand(SingleNodeCase* b, const char* name, DataType t, Dims dims, std::vector<uint8_t> data,
                bool constant) {
  if (constant) {
    b->Const(name, t, std::move(dims), std::move(data), {});
  } else {
    b->In(name, t, std::move(dims), std::move(data), {});
  }
}

void AddSpecOperand(SingleNodeCase* b, const char* name, DataType t, const std::vector<int64_t>& v, bool constant) {
  AddOperand(b, name, t, {static_cast<int32_t>(v.size())}, IntBytes(t, v), constant);
}

GeneratedCase GenerateStridedSlice(const NodeSpec& spec, DataType dtype) {
  data_movement_gen::CaseStart start = data_movement_gen::Start(dtype);
  const Dims x_dims = GenShape(0, 4, 5);
  const SliceSpecDraw d = DrawSliceSpec(x_dims);
  const bool constant = *rc::gen::inRange(0, 4) != 3;  // constants in 3 of 4 cases (and the smallest)
  SingleNodeCase b(NodeType::STRIDED_SLICE, spec.name);
  b.In("x", dtype, x_dims, data_movement_gen::GenMovedData(dtype, x_dims, start.zero_point), start.q);
  AddSpecOperand(&b, "begin", *rc::gen::element(DataType::kInt32, DataType::kInt64), d.begin, constant);
  AddSpecOperand(&b, "end", *rc::gen::element(DataType::kInt32, DataType::kInt64), d.end, constant);
  AddSpecOperand(&b, "strides", *rc::gen::element(DataType::kInt32, DataType::kInt64), d.strides, constant);
  b.WithAttr(Attr::Int64("beginMask", d.begin_mask)).WithAttr(Attr::Int64("endMask", d.end_mask));
  b.WithAttr(Attr::Int64("ellipsisMask", d.ellipsis_mask)).WithAttr(Attr::Int64("newAxisMask", d.new_axis_mask));
  b.WithAttr(Attr::Int64("shrinkAxisMask", d.shrink_mask));
  b.Out("y", dtype, d.y_dims, start.q);
  start.g.test_case = b.Build();
  return start.g;
}

// SPARSE_TO_DENSE: sparseShape of rank 1..4 (constant, or a run-time
// input in 1 of 4 cases: dims from Run, C-623), N in 1..6 tuples drawn with
// the boundaries and repeats favoured (a later duplicate overwrites, C-622),
// values per index or one for all ([] or [1], C-621), indices constant or
// run-time.
GeneratedCase GenerateSparseToDense(const NodeSpec& spec, DataType dtype) {
  data_movement_gen::CaseStart start = data_movement_gen::Start(dtype);
  const Dims y_dims = GenShape(1, 4, 4);
  const int32_t r = static_cast<int32_t>(y_dims.size());
  const int32_t n = *rc::gen::inRange(1, 7);
  std::vector<int64_t> indices;
  for (int32_t m = 0; m < n; ++m) {
    for (int32_t t = 0; t < r; ++t) {
      const int64_t size = y_dims[static_cast<size_t>(t)];
      indices.push_back(*rc::gen::weightedOneOf<int64_t>({{2, rc::gen::inRange<int64_t>(0, size)},
                                                          {1, rc::gen::just<int64_t>(0)},
                                                          {1, rc::gen::just<int64_t>(size - 1)}}));
    }
  }
  const int form = *rc::gen::inRange(0, 4);  // 0, 1: [N]; 2: []; 3: [1]
  const Dims v_dims = form < 2 ? Dims{n} : form == 2 ? Dims{} : Dims{1};
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  const DataType shape_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  SingleNodeCase b(NodeType::SPARSE_TO_DENSE, spec.name);
  AddOperand(&b, "indices", index_type, {n, r}, IntBytes(index_type, indices),
             !DirectedCaseIndex() && *rc::gen::inRange(0, 3) != 2);  // run-time at the directed cases (C-913)
  b.In("values", dtype, v_dims, data_movement_gen::GenMovedData(dtype, v_dims, start.zero_point), start.q);
  const std::vector<int64_t> shape(y_dims.begin(), y_dims.end());
  AddOperand(&b, "sparse_shape", shape_type, {r}, IntBytes(shape_type, shape), *rc::gen::inRange(0, 4) != 3);
  b.Out("y", dtype, y_dims, start.q);
  start.g.test_case = b.Build();
  return start.g;
}

}  // namespace

NodeSpec StridedSliceSpec() {
  NodeSpec s = data_movement_gen::DataMovementBase(NodeType::STRIDED_SLICE, GenerateStridedSlice);
  s.graph = Chainable(GraphKind::kWindow, true);  // x[..., b::s], constant int64 begin/end/strides
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

NodeSpec SparseToDenseSpec() {
  NodeSpec s = data_movement_gen::DataMovementBase(NodeType::SPARSE_TO_DENSE, GenerateSparseToDense);
  s.index_inputs = {"indices"};  // C-622: the index probes
  s.graph = NotChainable("its output dims are a shape tensor's values and its indices must lie inside them; the "
                         "graph generator has no operand role for either");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(1070, StridedSliceSpec());
NNRT_NODE_SPEC(1080, SparseToDenseSpec());

}  // namespace cts
}  // namespace nnrt
