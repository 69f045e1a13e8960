// Reductions and row-wise ONNX operators: Reduce*, ArgMax, TopK, Softmax,
// LogSoftmax.
#include <numeric>

#include "importers/onnx/mappers/mapper_util.h"

namespace nnrt {
namespace onnx_import {
namespace {

// HDI ReduceMode values.
enum ReduceMode : int8_t { kMean = 0, kMax = 1, kMin = 2, kProd = 3, kSum = 4, kSumSquare = 5, kAsum = 6, kL2 = 8 };

template <ReduceMode kMode>
Status MapReduce(NodeContext& c) {
  std::vector<int64_t> axes;
  // ReduceSum took axes as an input from opset 13, the others from opset 18.
  if (c.HasInput(1)) {
    NNRT_RETURN_IF_ERROR(c.ConstantInts(1, &axes));
  } else {
    axes = c.Ints("axes");
  }
  const size_t rank = c.InputDims(0).size();
  if (axes.empty()) {
    if (c.Int("noop_with_empty_axes", 0) != 0) return c.UnmappableAttr("noop_with_empty_axes", "1", "an identity");
    axes.resize(rank);
    std::iota(axes.begin(), axes.end(), 0);  // every axis, listed: an empty NNRt tensor is not possible
  }
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  const uint32_t a = c.b().AddInt32Vector(c.Name("axes"), axes);
  return MapOneNodeOn(c, NodeType::REDUCE_FUSION, {x, a},
                      {Attr::Bool("keepDims", c.Int("keepdims", 1) != 0), Attr::Int8("mode", kMode)});
}

Status MapArgMax(NodeContext& c) {
  if (c.Int("select_last_index", 0) != 0) {
    return c.UnmappableAttr("select_last_index", "1", "NNRt's ARGMAX_FUSION keeps the first maximum (C-554)");
  }
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  return MapOneNodeOn(c, NodeType::ARGMAX_FUSION, {x},
                      {Attr::Int64("axis", c.Int("axis", 0)), Attr::Int64("topK", 1),
                       Attr::Bool("keepDims", c.Int("keepdims", 1) != 0)},
                      DataType::kInt64);
}

// ArgMin(x) = ArgMax(-x) on floats: negation is exact and keeps the order
// of ties and NaN (C-805); on integers -INT_MIN wraps, so those are listed.
Status MapArgMin(NodeContext& c) {
  if (!IsFloatType(c.InputType(0))) return c.Unmappable("integer input: ArgMin is mapped as ArgMax of the negation, exact on floats only");
  if (c.Int("select_last_index", 0) != 0) {
    return c.UnmappableAttr("select_last_index", "1", "NNRt's ARGMAX_FUSION keeps the first extreme (C-554)");
  }
  uint32_t x = 0, neg = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::NEG, c.Name("negate"), {x}, {}, c.InputType(0), &neg));
  return MapOneNodeOn(c, NodeType::ARGMAX_FUSION, {neg},
                      {Attr::Int64("axis", c.Int("axis", 0)), Attr::Int64("topK", 1),
                       Attr::Bool("keepDims", c.Int("keepdims", 1) != 0)},
                      DataType::kInt64);
}

Status MapTopK(NodeContext& c) {
  if (c.Int("largest", 1) != 1) return c.UnmappableAttr("largest", "0", "NNRt's TOPK_FUSION returns the largest");
  const bool sorted = c.Int("sorted", 1) != 0;
  uint32_t x = 0, k = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  if (c.opset() < 10) {
    k = c.b().AddInt32Constant(c.Name("k"), {c.Int("k", 1)}, {1});
  } else {
    NNRT_RETURN_IF_ERROR(c.Input(1, &k));
  }
  std::vector<uint32_t> outs;
  NNRT_RETURN_IF_ERROR(c.b().AddNode(NodeType::TOPK_FUSION, c.Name(), {x, k},
                                     {Attr::Bool("sorted", sorted), Attr::Int64("axis", c.Int("axis", -1))},
                                     {c.InputType(0), DataType::kInt64}, &outs));
  c.SetOutput(0, outs[0]);
  c.SetOutput(1, outs[1]);
  return Status::Ok();
}

// Softmax / LogSoftmax. Before opset 13 ONNX flattens the input to 2-D at
// `axis` (default 1) and normalises each row of the flattened tail; that is
// NNRt's single-axis form only when the axis is the last one, otherwise the
// tail is reshaped into one axis and back (C-797).
Status MapSoftmaxFamily(NodeContext& c, NodeType type) {
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  const Dims dims = c.InputDims(0);
  const size_t rank = dims.size();
  int64_t axis = 0;
  NNRT_RETURN_IF_ERROR(NormalizeAxis(c, c.Int("axis", c.opset() < 13 ? 1 : -1), rank, &axis));
  auto attrs = [&](int64_t a) {
    return type == NodeType::SOFTMAX ? std::vector<Attr>{Attr::Int64s("axis", {a})} : std::vector<Attr>{Attr::Int64("axis", a)};
  };
  if (c.opset() >= 13 || axis == static_cast<int64_t>(rank) - 1) return MapOneNodeOn(c, type, {x}, attrs(axis));
  int64_t outer = 1, inner = 1;
  for (size_t d = 0; d < rank; ++d) (static_cast<int64_t>(d) < axis ? outer : inner) *= dims[d];
  uint32_t flat = 0, y = 0, back = 0;
  NNRT_RETURN_IF_ERROR(c.b().Reshape(x, {static_cast<int32_t>(outer), static_cast<int32_t>(inner)}, c.Name("rows"), &flat));
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(type, c.Name(), {flat}, attrs(1), c.InputType(0), &y));
  NNRT_RETURN_IF_ERROR(c.b().Reshape(y, dims, c.Name("unflatten"), &back));
  c.SetOutput(0, back);
  return Status::Ok();
}

Status MapSoftmax(NodeContext& c) { return MapSoftmaxFamily(c, NodeType::SOFTMAX); }
Status MapLogSoftmax(NodeContext& c) { return MapSoftmaxFamily(c, NodeType::LOG_SOFTMAX); }

}  // namespace

std::vector<MapperEntry> ReductionMappers() {
  return {
      {"ArgMax", MapArgMax, "ARGMAX_FUSION"},
      {"ArgMin", MapArgMin, "NEG + ARGMAX_FUSION"},
      {"LogSoftmax", MapLogSoftmax, "LOG_SOFTMAX"},
      {"ReduceL1", MapReduce<kAsum>, "REDUCE_FUSION (ASUM)", {1}},
      {"ReduceL2", MapReduce<kL2>, "REDUCE_FUSION (L2)", {1}},
      {"ReduceMax", MapReduce<kMax>, "REDUCE_FUSION (MAX)", {1}},
      {"ReduceMean", MapReduce<kMean>, "REDUCE_FUSION (MEAN)", {1}},
      {"ReduceMin", MapReduce<kMin>, "REDUCE_FUSION (MIN)", {1}},
      {"ReduceProd", MapReduce<kProd>, "REDUCE_FUSION (PROD)", {1}},
      {"ReduceSum", MapReduce<kSum>, "REDUCE_FUSION (SUM)", {1}},
      {"ReduceSumSquare", MapReduce<kSumSquare>, "REDUCE_FUSION (SUM_SQUARE)", {1}},
      {"Softmax", MapSoftmax, "SOFTMAX"},
      {"TopK", MapTopK, "TOPK_FUSION"},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
