// Spatial ONNX operators (Conv, ConvTranspose, pooling, the normalizations,
// LRN): NNRt computes them channel-last, so each is wrapped in a TRANSPOSE to
// NHWC and one back to ONNX's NCHW (C-790); 1-D inputs are lifted to 2-D with
// H = 1. Weights are converted to NNRt's [outC, kH, kW, inC/group] layout by
// the same TRANSPOSE, evaluated at import when the weight is a constant.
#include "importers/onnx/mappers/mapper_util.h"
#include "importers/onnx/spatial_geometry.h"

namespace nnrt {
namespace onnx_import {
namespace {

// The 4-D NHWC view of input 0, its original rank and spatial size [H, W].
struct SpatialInput {
  uint32_t nhwc = 0;
  size_t rank = 0;
  Dims nchw;  // of the 4-D view
};

Status PrepareSpatialInput(NodeContext& c, SpatialInput* s) {
  uint32_t x = 0, x4 = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  s->rank = c.b().tensor(x).dims.size();
  NNRT_RETURN_IF_ERROR(As4D(c, x, &x4));
  s->nchw = c.b().tensor(x4).dims;
  return ToChannelsLast(c, x4, &s->nhwc);
}

// NHWC result -> ONNX layout and rank, bound to output 0.
Status FinishSpatial(NodeContext& c, uint32_t y_nhwc, size_t rank) {
  uint32_t y4 = 0, y = 0;
  NNRT_RETURN_IF_ERROR(FromChannelsLast(c, y_nhwc, &y4));
  NNRT_RETURN_IF_ERROR(BackToRank(c, y4, rank, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

// The weight input as 4-D [O, I, kH, kW] (a 1-D kernel gets kH = 1).
Status Weight4D(NodeContext& c, uint32_t* w4) {
  uint32_t w = 0;
  NNRT_RETURN_IF_ERROR(c.Input(1, &w));
  return As4D(c, w, w4);
}

std::vector<int64_t> OnnxKernel(const Dims& w4, size_t rank) {
  if (rank == 3) return {w4[3]};
  return {w4[2], w4[3]};
}

std::vector<Attr> ConvAttrs(const SpatialGeometry& g, int64_t group, int64_t in_c, int64_t out_c) {
  return {Attr::Int64s("kernelSize", g.kernel), Attr::Int64s("stride", g.strides), Attr::Int64s("dilation", g.dilations),
          Attr::Int8("padMode", 0), Attr::Int64s("padList", g.PadList()), Attr::Int64("group", group),
          Attr::Int64("inChannel", in_c), Attr::Int64("outChannel", out_c)};
}

Status MapConv(NodeContext& c) {
  SpatialInput s;
  NNRT_RETURN_IF_ERROR(PrepareSpatialInput(c, &s));
  uint32_t w4 = 0, w = 0;
  NNRT_RETURN_IF_ERROR(Weight4D(c, &w4));
  const Dims wd = c.b().tensor(w4).dims;
  NNRT_RETURN_IF_ERROR(c.b().Transpose(w4, {0, 2, 3, 1}, c.Name("weight_ohwi"), &w, Layout::kChannelsLast));
  SpatialGeometry g;
  NNRT_RETURN_IF_ERROR(ReadSpatialGeometry(c, {s.nchw[2], s.nchw[3]}, s.rank - 2, OnnxKernel(wd, s.rank), true, false, &g));
  const int64_t group = c.Int("group", 1);
  std::vector<uint32_t> in = {s.nhwc, w};
  if (c.HasInput(2)) {
    in.push_back(0);
    NNRT_RETURN_IF_ERROR(c.Input(2, &in[2]));
  }
  uint32_t y = 0;
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::CONV2D_FUSION, c.Name(), in, ConvAttrs(g, group, s.nchw[1], wd[0]),
                                      c.InputType(0), &y, Layout::kChannelsLast));
  return FinishSpatial(c, y, s.rank);
}

// ONNX [Cin, Cout/g, kH, kW] -> NNRt [Cout, kH, kW, Cin/g].
Status TransposedConvWeight(NodeContext& c, uint32_t w4, int64_t group, uint32_t* w) {
  const Dims d = c.b().tensor(w4).dims;
  if (group == 1) return c.b().Transpose(w4, {1, 2, 3, 0}, c.Name("weight_ohwi"), w, Layout::kChannelsLast);
  if (group < 1 || d[0] % group != 0) return c.UnmappableAttr("group", std::to_string(group), "does not divide the input channels");
  uint32_t w5 = 0, t5 = 0;
  NNRT_RETURN_IF_ERROR(c.b().Reshape(w4, {static_cast<int32_t>(group), static_cast<int32_t>(d[0] / group), d[1], d[2], d[3]},
                                     c.Name("weight_groups"), &w5));
  NNRT_RETURN_IF_ERROR(c.b().Transpose(w5, {0, 2, 3, 4, 1}, c.Name("weight_group_ohwi"), &t5));
  NNRT_RETURN_IF_ERROR(c.b().Reshape(t5, {static_cast<int32_t>(d[1] * group), d[2], d[3], static_cast<int32_t>(d[0] / group)},
                                     c.Name("weight_ohwi"), w));
  c.b().mutable_tensor(*w).format = Format::kNhwc;  // NNRt's weight layout, not ONNX's
  return Status::Ok();
}

Status MapConvTranspose(NodeContext& c) {
  SpatialInput s;
  NNRT_RETURN_IF_ERROR(PrepareSpatialInput(c, &s));
  uint32_t w4 = 0, w = 0;
  NNRT_RETURN_IF_ERROR(Weight4D(c, &w4));
  const Dims wd = c.b().tensor(w4).dims;
  const int64_t group = c.Int("group", 1);
  NNRT_RETURN_IF_ERROR(TransposedConvWeight(c, w4, group, &w));
  const int64_t out_c = c.b().tensor(w).dims[0];
  SpatialGeometry g;
  NNRT_RETURN_IF_ERROR(ReadSpatialGeometry(c, {s.nchw[2], s.nchw[3]}, s.rank - 2, OnnxKernel(wd, s.rank), true, true, &g));
  std::vector<int64_t> op = c.Ints("output_padding", std::vector<int64_t>(s.rank - 2, 0));
  if (op.size() != s.rank - 2) return c.UnmappableAttr("output_padding", ListText(op), "wrong length");
  if (s.rank == 3) op.insert(op.begin(), 0);
  if (c.Has("output_shape")) {
    std::vector<int64_t> shape = c.Ints("output_shape");
    if (shape.size() == s.rank) shape.erase(shape.begin(), shape.begin() + 2);  // N and C given too
    if (shape.size() != s.rank - 2) return c.UnmappableAttr("output_shape", ListText(shape), "wrong length");
    if (s.rank == 3) shape.insert(shape.begin(), 1);
    const bool upper = c.String("auto_pad", "NOTSET") == "SAME_UPPER";
    for (size_t a = 0; a < 2; ++a) {
      const int64_t in = s.nchw[2 + a];
      const int64_t total = g.strides[a] * (in - 1) + op[a] + (g.kernel[a] - 1) * g.dilations[a] + 1 - shape[a];
      if (total < 0) return c.UnmappableAttr("output_shape", ListText(shape), "needs negative pads");
      g.pad_begin[a] = upper ? total / 2 : total - total / 2;
      g.pad_end[a] = total - g.pad_begin[a];
    }
  }
  uint32_t bias = 0;
  if (c.HasInput(2)) {
    NNRT_RETURN_IF_ERROR(c.Input(2, &bias));
  } else {
    const size_t bytes = static_cast<size_t>(out_c) * DataTypeSize(c.InputType(0));
    bias = c.b().AddConstant(c.Name("zero_bias"), c.InputType(0), {static_cast<int32_t>(out_c)}, std::vector<uint8_t>(bytes, 0));
  }
  std::vector<Attr> attrs = ConvAttrs(g, group, s.nchw[1], out_c);
  attrs.push_back(Attr::Int64s("outputPaddings", op));
  uint32_t y = 0;
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::CONV2D_TRANSPOSE_FUSION, c.Name(), {s.nhwc, w, bias}, attrs,
                                      c.InputType(0), &y, Layout::kChannelsLast));
  return FinishSpatial(c, y, s.rank);
}

Status MapPool(NodeContext& c, NodeType type, bool global) {
  if (c.output_count() > 1) return c.Unmappable("the Indices output is not mapped");
  SpatialInput s;
  NNRT_RETURN_IF_ERROR(PrepareSpatialInput(c, &s));
  std::vector<Attr> attrs;
  if (global) {
    attrs = {Attr::Bool("global", true)};
  } else {
    SpatialGeometry g;
    NNRT_RETURN_IF_ERROR(ReadSpatialGeometry(c, {s.nchw[2], s.nchw[3]}, s.rank - 2, {}, type == NodeType::MAX_POOL_FUSION,
                                             false, &g));
    if (g.dilations != std::vector<int64_t>{1, 1}) {
      return c.UnmappableAttr("dilations", ListText(g.dilations), "NNRt's pooling has no dilation");
    }
    if (c.Int("storage_order", 0) != 0) return c.UnmappableAttr("storage_order", "1", "only affects Indices");
    const bool padded = g.PadList() != std::vector<int64_t>{0, 0, 0, 0};
    if (type == NodeType::AVGPOOL_FUSION && c.Int("count_include_pad", 0) != 0 && padded) {
      return c.UnmappableAttr("count_include_pad", "1", "NNRt's average divides by the input elements only (C-526)");
    }
    attrs = {Attr::Int64s("kernelSize", g.kernel), Attr::Int64s("strides", g.strides), Attr::Int64s("pad", g.PadList()),
             Attr::Int8("padMode", 0), Attr::Int8("roundMode", c.Int("ceil_mode", 0) != 0 ? 1 : 0)};
  }
  uint32_t y = 0;
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(type, c.Name(), {s.nhwc}, attrs, c.InputType(0), &y, Layout::kChannelsLast));
  return FinishSpatial(c, y, s.rank);
}

Status MapMaxPool(NodeContext& c) { return MapPool(c, NodeType::MAX_POOL_FUSION, false); }
Status MapAveragePool(NodeContext& c) { return MapPool(c, NodeType::AVGPOOL_FUSION, false); }
Status MapGlobalMaxPool(NodeContext& c) { return MapPool(c, NodeType::MAX_POOL_FUSION, true); }
Status MapGlobalAveragePool(NodeContext& c) { return MapPool(c, NodeType::AVGPOOL_FUSION, true); }

// FUSED_BATCH_NORM normalises the last dim: channel moved last and back.
Status MapBatchNormalization(NodeContext& c) {
  if (c.output_count() > 1) return c.Unmappable("the training outputs (running mean / variance) are not mapped");
  if (c.Int("training_mode", 0) != 0) return c.UnmappableAttr("training_mode", "1", "batch statistics are not mapped");
  if (c.Has("is_test") && c.Int("is_test", 0) == 0) return c.UnmappableAttr("is_test", "0", "training mode");
  if (c.Int("spatial", 1) != 1) return c.UnmappableAttr("spatial", "0", "per-element statistics are not mapped");
  c.Float("momentum", 0.9f);  // running statistics only
  c.Ints("consumed_inputs");  // opset 1-5 bookkeeping
  std::vector<uint32_t> in;
  NNRT_RETURN_IF_ERROR(AllInputs(c, &in));
  if (in.size() != 5) return c.Unmappable("needs 5 inputs");
  const size_t rank = c.InputDims(0).size();
  if (rank < 2) return c.Unmappable("input of rank < 2");
  uint32_t x = in[0], y = 0;
  const Layout layout = rank == 4 ? Layout::kChannelsLast : Layout::kOnnx;
  if (rank > 2) NNRT_RETURN_IF_ERROR(c.b().Transpose(in[0], ChannelsLastPerm(rank), c.Name("to_channels_last"), &x, layout));
  in[0] = x;
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::FUSED_BATCH_NORM, c.Name(), in, {Attr::Float("epsilon", c.Float("epsilon", 1e-5f))},
                                      c.InputType(0), &y, layout));
  if (rank > 2) NNRT_RETURN_IF_ERROR(c.b().Transpose(y, ChannelsFirstPerm(rank), c.Name("to_channels_first"), &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

// LayerNormalization over the dims from `axis`: LAYER_NORM_FUSION with
// beginNormAxis = beginParamsAxis = axis; no B -> zero beta (C-806).
Status MapLayerNormalization(NodeContext& c) {
  if (c.output_count() > 1) return c.Unmappable("the Mean / InvStdDev outputs are not mapped");
  if (c.Int("stash_type", 1) != 1) return c.UnmappableAttr("stash_type", "not 1", "statistics are computed in binary64");
  uint32_t x = 0, scale = 0, bias = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  NNRT_RETURN_IF_ERROR(c.Input(1, &scale));
  int64_t axis = 0;
  NNRT_RETURN_IF_ERROR(NormalizeAxis(c, c.Int("axis", -1), c.InputDims(0).size(), &axis));
  if (c.HasInput(2)) {
    NNRT_RETURN_IF_ERROR(c.Input(2, &bias));
  } else {
    const Dims& d = c.InputDims(1);
    const size_t bytes = static_cast<size_t>(ElementCount(d).value_or(0)) * DataTypeSize(c.InputType(1));
    bias = c.b().AddConstant(c.Name("zero_beta"), c.InputType(1), d, std::vector<uint8_t>(bytes, 0));
  }
  return MapOneNodeOn(c, NodeType::LAYER_NORM_FUSION, {x, scale, bias},
                      {Attr::Int64("beginNormAxis", axis), Attr::Float("epsilon", c.Float("epsilon", 1e-5f)),
                       Attr::Int64("beginParamsAxis", axis)});
}

Status MapInstanceNormalization(NodeContext& c) {
  return MapOneNode(c, NodeType::INSTANCE_NORM, {Attr::Float("epsilon", c.Float("epsilon", 1e-5f))});
}

// ONNX's window is [c - floor((size-1)/2), c + ceil((size-1)/2)] with alpha
// divided by size; NNRt's is symmetric with alpha as given: an odd size maps
// with alpha / size rounded to float32 (C-794).
Status MapLRN(NodeContext& c) {
  const int64_t size = c.Int("size", 0);
  if (size < 1 || size % 2 == 0) return c.UnmappableAttr("size", std::to_string(size), "an even window is not symmetric");
  const float alpha = static_cast<float>(static_cast<double>(c.Float("alpha", 1e-4f)) / static_cast<double>(size));
  return MapOneNode(c, NodeType::LRN,
                    {Attr::Int64("depthRadius", (size - 1) / 2), Attr::Float("bias", c.Float("bias", 1.0f)),
                     Attr::Float("alpha", alpha), Attr::Float("beta", c.Float("beta", 0.75f))});
}

}  // namespace

std::vector<MapperEntry> SpatialMappers() {
  return {
      {"AveragePool", MapAveragePool, "AVGPOOL_FUSION (NHWC)"},
      {"BatchNormalization", MapBatchNormalization, "FUSED_BATCH_NORM (channel last)"},
      {"Conv", MapConv, "CONV2D_FUSION (NHWC)"},
      {"ConvTranspose", MapConvTranspose, "CONV2D_TRANSPOSE_FUSION (NHWC)"},
      {"GlobalAveragePool", MapGlobalAveragePool, "AVGPOOL_FUSION global (NHWC)"},
      {"GlobalMaxPool", MapGlobalMaxPool, "MAX_POOL_FUSION global (NHWC)"},
      {"InstanceNormalization", MapInstanceNormalization, "INSTANCE_NORM"},
      {"LRN", MapLRN, "LRN (NCHW-tagged input)"},
      {"LayerNormalization", MapLayerNormalization, "LAYER_NORM_FUSION"},
      {"MaxPool", MapMaxPool, "MAX_POOL_FUSION (NHWC)"},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
