// Data-movement and shape ONNX operators, and the constants (Constant,
// ConstantOfShape, Shape and Size of known dims become constant tensors).
#include <algorithm>
#include <limits>

#include "importers/onnx/mappers/mapper_util.h"
#include "importers/onnx/onnx_tensor.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {
namespace {

// ONNX's axis-list inputs moved from attributes to inputs at some opset:
// the list from input `input` when present, else from attribute `name`.
Status AxesFromAttrOrInput(NodeContext& c, const char* name, size_t input, std::vector<int64_t>* axes, bool* given) {
  *given = c.Has(name) || c.HasInput(input);
  if (c.HasInput(input)) return c.ConstantInts(input, axes);
  *axes = c.Ints(name);
  return Status::Ok();
}

Status MapReshape(NodeContext& c) {
  std::vector<int64_t> shape;
  if (c.opset() < 5) {
    shape = c.Ints("shape");
  } else {
    NNRT_RETURN_IF_ERROR(c.ConstantInts(1, &shape));
  }
  if (c.Int("allowzero", 0) != 0 && std::count(shape.begin(), shape.end(), 0) > 0) {
    return c.UnmappableAttr("allowzero", "1", "a 0 in the shape would mean an empty dim, which NNRt tensors cannot have");
  }
  if (shape.empty()) return c.Unmappable("a reshape to rank 0 needs an empty shape tensor, which NNRt cannot hold");
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  return MapOneNodeOn(c, NodeType::RESHAPE, {x, c.b().AddInt32Vector(c.Name("shape"), shape)}, {});
}

Status MapFlatten(NodeContext& c) { return MapOneNode(c, NodeType::FLATTEN, {Attr::Int64("axis", c.Int("axis", 1))}); }

Status MapTranspose(NodeContext& c) {
  const size_t rank = c.InputDims(0).size();
  std::vector<int64_t> reversed;
  for (size_t d = rank; d > 0; --d) reversed.push_back(static_cast<int64_t>(d - 1));
  const std::vector<int64_t> perm = c.Ints("perm", reversed);
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  NNRT_RETURN_IF_ERROR(c.b().Transpose(x, perm, c.Name(), &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status MapConcat(NodeContext& c) {
  if (c.input_count() == 1) return c.Unmappable("one input: NNRt's CONCAT needs two or more");
  return MapOneNode(c, NodeType::CONCAT, {Attr::Int64("axis", c.Int("axis", 0))});
}

Status MapSplit(NodeContext& c) {
  std::vector<int64_t> sizes;
  bool given = false;
  NNRT_RETURN_IF_ERROR(AxesFromAttrOrInput(c, "split", 1, &sizes, &given));
  c.Int("num_outputs", 0);  // the output count says the same
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  const int64_t n = static_cast<int64_t>(c.output_count());
  std::vector<Attr> attrs = {Attr::Int64("outputNum", n), Attr::Int64s("sizeSplits", sizes),
                             Attr::Int64("axis", c.Int("axis", 0))};
  std::vector<uint32_t> outs;
  NNRT_RETURN_IF_ERROR(c.b().AddNode(NodeType::SPLIT, c.Name(), {x}, attrs,
                                     std::vector<DataType>(static_cast<size_t>(n), c.InputType(0)), &outs));
  for (size_t k = 0; k < outs.size(); ++k) c.SetOutput(k, outs[k]);
  return Status::Ok();
}

// ONNX Slice resolved on the known dims to STRIDED_SLICE's non-negative form
// (C-795): starts/ends clamped as ONNX defines, a negative-step end before
// index 0 expressed by the end mask.
Status MapSlice(NodeContext& c) {
  std::vector<int64_t> starts, ends, axes, steps;
  if (c.opset() < 10) {
    starts = c.Ints("starts");
    ends = c.Ints("ends");
    axes = c.Ints("axes");
  } else {
    NNRT_RETURN_IF_ERROR(c.ConstantInts(1, &starts));
    NNRT_RETURN_IF_ERROR(c.ConstantInts(2, &ends));
    if (c.HasInput(3)) NNRT_RETURN_IF_ERROR(c.ConstantInts(3, &axes));
    if (c.HasInput(4)) NNRT_RETURN_IF_ERROR(c.ConstantInts(4, &steps));
  }
  const Dims& dims = c.InputDims(0);
  const size_t rank = dims.size();
  if (axes.empty()) {
    for (size_t a = 0; a < starts.size(); ++a) axes.push_back(static_cast<int64_t>(a));
  }
  if (steps.empty()) steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() || steps.size() != starts.size()) {
    return c.Unmappable("starts, ends, axes and steps differ in length");
  }
  std::vector<int64_t> begin(rank, 0), end(dims.begin(), dims.end()), stride(rank, 1);
  int64_t end_mask = 0;
  for (size_t i = 0; i < starts.size(); ++i) {
    int64_t a = 0;
    NNRT_RETURN_IF_ERROR(NormalizeAxis(c, axes[i], rank, &a));
    const int64_t n = dims[a], s = steps[i];
    if (n < 0) return c.Unmappable("sliced dim " + std::to_string(a) + " unknown at import");
    if (s == 0) return c.Unmappable("step 0");
    int64_t b = starts[i] < 0 ? std::max<int64_t>(starts[i], -n) + n : starts[i];
    int64_t e = ends[i] < 0 ? std::max<int64_t>(ends[i], -n - 1) + n : ends[i];
    b = s > 0 ? std::clamp<int64_t>(b, 0, n) : std::clamp<int64_t>(b, 0, n - 1);
    e = s > 0 ? std::clamp<int64_t>(e, 0, n) : std::clamp<int64_t>(e, -1, n - 1);
    if ((s > 0 && b >= e) || (s < 0 && b <= e)) return c.Unmappable("an empty slice: NNRt tensors cannot be empty");
    begin[a] = b;
    end[a] = e < 0 ? 0 : e;
    if (e < 0) end_mask |= int64_t{1} << a;
    stride[a] = s;
  }
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  const std::vector<uint32_t> in = {x, c.b().AddInt32Vector(c.Name("begin"), begin), c.b().AddInt32Vector(c.Name("end"), end),
                                    c.b().AddInt32Vector(c.Name("strides"), stride)};
  return MapOneNodeOn(c, NodeType::STRIDED_SLICE, in, {Attr::Int64("endMask", end_mask)});
}

Status MapSqueeze(NodeContext& c) {
  std::vector<int64_t> axes;
  bool given = false;
  NNRT_RETURN_IF_ERROR(AxesFromAttrOrInput(c, "axes", 1, &axes, &given));
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  return MapOneNodeOn(c, NodeType::SQUEEZE, {x}, {Attr::Int64s("axis", axes)});
}

Status MapUnsqueeze(NodeContext& c) {
  std::vector<int64_t> axes;
  bool given = false;
  NNRT_RETURN_IF_ERROR(AxesFromAttrOrInput(c, "axes", 1, &axes, &given));
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  return MapOneNodeOn(c, NodeType::UNSQUEEZE, {x}, {Attr::Int64s("axis", axes)});
}

// Negative constant indices count from the end in ONNX; NNRt's GATHER
// rejects them, so constant ones are resolved here (C-796).
Status MapGather(NodeContext& c) {
  uint32_t x = 0, indices = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  NNRT_RETURN_IF_ERROR(c.Input(1, &indices));
  int64_t axis = 0;
  NNRT_RETURN_IF_ERROR(NormalizeAxis(c, c.Int("axis", 0), c.InputDims(0).size(), &axis));
  if (c.b().IsConstant(indices)) {
    std::vector<int64_t> v = c.b().ConstantInts(indices);
    const int64_t n = c.InputDims(0)[axis];
    for (int64_t& i : v) i = i < 0 ? i + n : i;
    const Tensor& t = c.b().tensor(indices);
    indices = c.b().AddInt32Constant(c.Name("indices"), v, t.dims);
  }
  return MapOneNodeOn(c, NodeType::GATHER, {x, indices, c.b().AddInt32Constant(c.Name("axis"), {axis}, {1})}, {});
}

Status MapGatherND(NodeContext& c) {
  if (c.Int("batch_dims", 0) != 0) return c.UnmappableAttr("batch_dims", "non-zero", "NNRt's GATHER_ND has no batch dims");
  return MapOneNode(c, NodeType::GATHER_ND, {});
}

Status MapPad(NodeContext& c) {
  const std::string mode = c.String("mode", "constant");
  int8_t nnrt_mode = 0;
  if (mode == "reflect") nnrt_mode = 1;
  else if (mode != "constant") return c.UnmappableAttr("mode", mode, "NNRt pads with a constant, by reflection or symmetrically");
  std::vector<int64_t> pads;
  double value = 0;
  if (c.opset() < 11) {
    pads = c.Ints("pads");
    value = c.Float("value", 0.0f);
  } else {
    NNRT_RETURN_IF_ERROR(c.ConstantInts(1, &pads));
    if (c.HasInput(2)) {
      std::vector<double> v;
      NNRT_RETURN_IF_ERROR(c.ConstantDoubles(2, &v));
      value = v.empty() ? 0 : v[0];
    }
    if (c.HasInput(3)) return c.Unmappable("input axes is not mapped");
  }
  const size_t rank = c.InputDims(0).size();
  if (pads.size() != 2 * rank) return c.Unmappable("pads " + ListText(pads) + " do not match rank " + std::to_string(rank));
  std::vector<int64_t> rows;
  for (size_t d = 0; d < rank; ++d) {
    if (pads[d] < 0 || pads[d + rank] < 0) return c.Unmappable("negative pads (cropping) are not mapped");
    rows.push_back(pads[d]);
    rows.push_back(pads[d + rank]);
  }
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  const uint32_t p = c.b().AddInt32Constant(c.Name("paddings"), rows, {static_cast<int32_t>(rank), 2});
  return MapOneNodeOn(c, NodeType::PAD_FUSION, {x, p},
                      {Attr::Int8("paddingMode", nnrt_mode), Attr::Float("constantValue", static_cast<float>(value))});
}

Status MapTile(NodeContext& c) { return MapOneNode(c, NodeType::TILE_FUSION, {}); }

// Expand's bidirectional broadcast resolved on the known dims: BROADCAST_TO the result.
Status MapExpand(NodeContext& c) {
  std::vector<int64_t> shape;
  NNRT_RETURN_IF_ERROR(c.ConstantInts(1, &shape));
  const Dims& x = c.InputDims(0);
  const size_t rank = std::max(shape.size(), x.size());
  std::vector<int64_t> out(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t a = i < x.size() ? x[x.size() - 1 - i] : 1;
    const int64_t b = i < shape.size() ? shape[shape.size() - 1 - i] : 1;
    if (a != b && a != 1 && b != 1) return c.Unmappable("shapes " + DimsToString(x) + " and " + ListText(shape) + " do not broadcast");
    out[rank - 1 - i] = a == 1 ? b : a;
  }
  uint32_t in = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &in));
  return MapOneNodeOn(c, NodeType::BROADCAST_TO, {in}, {Attr::Int64s("shape", out)});
}

Status BindConstant(NodeContext& c, const HostTensor& t) {
  // An empty constant is kept for the mappers that read it at import (an
  // unused Resize roi, an empty axes list); a node that takes it as an
  // operand is refused by GraphBuilder::AddNode, naming that node (C-891).
  if (ElementCount(t.dims).value_or(0) == 0) {
    c.SetOutput(0, c.b().AddEmptyConstant(c.Name(), t.data_type));
    return Status::Ok();
  }
  c.SetOutput(0, c.b().AddConstant(c.Name(), t.data_type, t.dims, std::move(t.data)));
  return Status::Ok();
}

HostTensor Int64Tensor(const std::vector<int64_t>& values, const Dims& dims) {
  HostTensor t;
  t.data_type = DataType::kInt64;
  t.dims = dims;
  t.data.resize(values.size() * 8);
  for (size_t i = 0; i < values.size(); ++i) StoreInt64(DataType::kInt64, t.data.data(), i, values[i]);
  return t;
}

Status MapConstant(NodeContext& c) {
  HostTensor t;
  if (const onnx::TensorProto* value = c.TensorAttr("value")) {
    NNRT_RETURN_IF_ERROR(TensorFromProto(*value, &t).WithContext(c.op()));
  } else if (c.Has("value_float") || c.Has("value_floats")) {
    std::vector<float> v = c.Has("value_float") ? std::vector<float>{c.Float("value_float", 0)} : c.Floats("value_floats");
    t.data_type = DataType::kFloat32;
    t.dims = c.Has("value_floats") ? Dims{static_cast<int32_t>(v.size())} : Dims{};
    t.data.resize(v.size() * 4);
    for (size_t i = 0; i < v.size(); ++i) StoreDouble(DataType::kFloat32, t.data.data(), i, v[i]);
  } else if (c.Has("value_int") || c.Has("value_ints")) {
    const bool list = c.Has("value_ints");
    const std::vector<int64_t> v = list ? c.Ints("value_ints") : std::vector<int64_t>{c.Int("value_int", 0)};
    t = Int64Tensor(v, list ? Dims{static_cast<int32_t>(v.size())} : Dims{});
  } else {
    return c.Unmappable("only value, value_float(s) and value_int(s) are mapped");
  }
  return BindConstant(c, std::move(t));
}

Status MapConstantOfShape(NodeContext& c) {
  std::vector<int64_t> shape;
  NNRT_RETURN_IF_ERROR(c.ConstantInts(0, &shape));
  HostTensor value;
  value.data_type = DataType::kFloat32;
  value.data.assign(4, 0);
  if (const onnx::TensorProto* v = c.TensorAttr("value")) NNRT_RETURN_IF_ERROR(TensorFromProto(*v, &value).WithContext(c.op()));
  HostTensor t;
  t.data_type = value.data_type;
  for (int64_t d : shape) t.dims.push_back(static_cast<int32_t>(d));
  const size_t n = static_cast<size_t>(ElementCount(t.dims).value_or(0));
  for (size_t i = 0; i < n; ++i) t.data.insert(t.data.end(), value.data.begin(), value.data.end());
  return BindConstant(c, std::move(t));
}

Status MapShape(NodeContext& c) {
  const Dims& d = c.InputDims(0);
  if (IsDynamic(d)) return c.Unmappable("input dims " + DimsToString(d) + " unknown at import");
  const int64_t r = static_cast<int64_t>(d.size());
  int64_t start = c.Int("start", 0), end = c.Int("end", r);
  start = std::clamp<int64_t>(start < 0 ? start + r : start, 0, r);
  end = std::clamp<int64_t>(end < 0 ? end + r : end, 0, r);
  std::vector<int64_t> v(d.begin() + start, d.begin() + std::max(start, end));
  return BindConstant(c, Int64Tensor(v, {static_cast<int32_t>(v.size())}));
}

Status MapSize(NodeContext& c) {
  const std::optional<int64_t> n = ElementCount(c.InputDims(0));
  if (!n) return c.Unmappable("input dims unknown at import");
  return BindConstant(c, Int64Tensor({*n}, {}));
}

}  // namespace

std::vector<MapperEntry> TensorMappers() {
  return {
      {"Concat", MapConcat, "CONCAT"},
      {"Constant", MapConstant, "(a constant tensor)"},
      {"ConstantOfShape", MapConstantOfShape, "(a constant tensor)", {0}},
      {"Expand", MapExpand, "BROADCAST_TO", {1}},
      {"Flatten", MapFlatten, "FLATTEN"},
      {"Gather", MapGather, "GATHER"},
      {"GatherND", MapGatherND, "GATHER_ND"},
      {"Pad", MapPad, "PAD_FUSION", {1, 2, 3}},
      {"Reshape", MapReshape, "RESHAPE", {1}},
      {"Shape", MapShape, "(a constant tensor: dims are known at import)"},
      {"Size", MapSize, "(a constant tensor)"},
      {"Slice", MapSlice, "STRIDED_SLICE", {1, 2, 3, 4}},
      {"Split", MapSplit, "SPLIT", {1}},
      {"Squeeze", MapSqueeze, "SQUEEZE", {1}},
      {"Tile", MapTile, "TILE_FUSION"},
      {"Transpose", MapTranspose, "TRANSPOSE"},
      {"Unsqueeze", MapUnsqueeze, "UNSQUEEZE", {1}},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
