// ONNX LSTM -> NNRt LSTM (docs/operators/lstm.md; C-894). The two define
// the same cell (σ, tanh, tanh; c' = f·c + i·g, h' = o·tanh(c')); they differ
// in layout, which the mapping converts with GATHER / RESHAPE / TRANSPOSE
// (folded at import when the weights are constants):
// - gate order: ONNX's 4H rows are i, o, f, c; NNRt's i, f, g(=c), o;
// - bias: ONNX's B [D, 8H] is Wb then Rb, as NNRt's b_ih then b_hh;
// - Y: ONNX [seq, D, batch, H], NNRt y [seq, batch, D·H];
// - direction "reverse": NNRt runs direction 1 only in a bidirectional LSTM,
//   so x is reversed in time (GATHER), run forward, and y reversed back.
// Not mapped (no NNRt equivalent): peepholes P, clip, input_forget, other
// activations, layout 1, sequence_lens shorter than seq_length.
#include "importers/onnx/mappers/mapper_util.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {
namespace {

// Rows of a [.., 4H, ..] slab in NNRt's gate order i, f, g, o from ONNX's i, o, f, c.
std::vector<int64_t> GateRows(int64_t h, int64_t base = 0) {
  std::vector<int64_t> rows;
  for (int64_t onnx_gate : {0, 2, 3, 1}) {
    for (int64_t j = 0; j < h; ++j) rows.push_back(base + onnx_gate * h + j);
  }
  return rows;
}

Status GatherAxis(NodeContext& c, uint32_t x, const std::vector<int64_t>& indices, int64_t axis, const std::string& name,
                  uint32_t* y) {
  const uint32_t idx = c.b().AddInt32Vector(c.Name(name + "_indices"), indices);
  const uint32_t ax = c.b().AddInt32Constant(c.Name(name + "_axis"), {axis}, {1});
  return c.b().AddNode1(NodeType::GATHER, c.Name(name), {x, idx, ax}, {}, c.b().tensor(x).data_type, y);
}

std::vector<int64_t> Reversed(int64_t n) {
  std::vector<int64_t> v;
  for (int64_t i = n - 1; i >= 0; --i) v.push_back(i);
  return v;
}

uint32_t Zeros(NodeContext& c, const std::string& name, DataType t, const Dims& dims) {
  std::vector<uint8_t> bytes(static_cast<size_t>(ElementCount(dims).value_or(0)) * DataTypeSize(t), 0);
  return c.b().AddConstant(c.Name(name), t, dims, std::move(bytes));
}

Status CheckUnmappedAttrs(NodeContext& c, int64_t* layout) {
  if (c.Has("clip")) return c.UnmappableAttr("clip", std::to_string(c.Float("clip", 0)), "NNRt's LSTM does not clip");
  if (c.Int("input_forget", 0) != 0) return c.UnmappableAttr("input_forget", "1", "NNRt's LSTM has no coupled gates");
  const std::vector<std::string> defaults = {"Sigmoid", "Tanh", "Tanh"};
  if (c.Has("activations")) {
    const onnx::NodeProto& n = c.node();
    for (const onnx::AttributeProto& a : n.attribute()) {
      if (a.name() != "activations") continue;
      for (int i = 0; i < a.strings_size(); ++i) {
        if (a.strings(i) != defaults[static_cast<size_t>(i % 3)]) {
          return c.UnmappableAttr("activations", a.strings(i), "NNRt's LSTM uses Sigmoid, Tanh, Tanh");
        }
      }
    }
    c.String("activations", "");  // read: checked above
  }
  if (c.Has("activation_alpha") || c.Has("activation_beta")) return c.Unmappable("activation_alpha / activation_beta are not mapped");
  *layout = c.Int("layout", 0);
  if (*layout != 0) return c.UnmappableAttr("layout", std::to_string(*layout), "batch-first LSTM is not mapped");
  return Status::Ok();
}

Status MapLstm(NodeContext& c) {
  int64_t layout = 0;
  NNRT_RETURN_IF_ERROR(CheckUnmappedAttrs(c, &layout));
  const std::string direction = c.String("direction", "forward");
  if (direction != "forward" && direction != "reverse" && direction != "bidirectional") {
    return c.UnmappableAttr("direction", direction, "not an ONNX direction");
  }
  const int64_t d = direction == "bidirectional" ? 2 : 1;
  uint32_t x = 0, w = 0, r = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  NNRT_RETURN_IF_ERROR(c.Input(1, &w));
  NNRT_RETURN_IF_ERROR(c.Input(2, &r));
  const Dims xd = c.InputDims(0), wd = c.InputDims(1);
  if (xd.size() != 3 || wd.size() != 3 || IsDynamic(xd)) return c.Unmappable("X must be 3-D with known dims");
  const DataType type = c.InputType(0);
  const int64_t seq = xd[0], batch = xd[1], input_size = xd[2];
  const int64_t h = c.Int("hidden_size", wd[1] / 4);
  if (wd[0] != d || wd[1] != 4 * h) return c.Unmappable("W " + DimsToString(wd) + " does not match direction and hidden_size");
  if (c.HasInput(4)) {
    std::vector<int64_t> lens;
    NNRT_RETURN_IF_ERROR(c.ConstantInts(4, &lens));
    for (int64_t l : lens) {
      if (l != seq) return c.Unmappable("sequence_lens shorter than the sequence: NNRt's LSTM runs every step");
    }
  }
  if (c.HasInput(7)) return c.Unmappable("peephole input P: NNRt's LSTM has no peepholes");
  // Weights in NNRt's gate order.
  uint32_t w_nn = 0, r_nn = 0, b_nn = 0;
  NNRT_RETURN_IF_ERROR(GatherAxis(c, w, GateRows(h), 1, "wIh", &w_nn));
  NNRT_RETURN_IF_ERROR(GatherAxis(c, r, GateRows(h), 1, "wHh", &r_nn));
  const bool has_bias = c.HasInput(3);
  if (has_bias) {
    uint32_t b = 0;
    NNRT_RETURN_IF_ERROR(c.Input(3, &b));
    std::vector<int64_t> rows = GateRows(h);
    for (int64_t i : GateRows(h, 4 * h)) rows.push_back(i);
    NNRT_RETURN_IF_ERROR(GatherAxis(c, b, rows, 1, "bias", &b_nn));
  } else {
    b_nn = Zeros(c, "bias", type, {static_cast<int32_t>(d), static_cast<int32_t>(8 * h)});
  }
  const Dims state = {static_cast<int32_t>(d), static_cast<int32_t>(batch), static_cast<int32_t>(h)};
  uint32_t hx = 0, cx = 0;
  if (c.HasInput(5)) NNRT_RETURN_IF_ERROR(c.Input(5, &hx));
  else hx = Zeros(c, "hx", type, state);
  if (c.HasInput(6)) NNRT_RETURN_IF_ERROR(c.Input(6, &cx));
  else cx = Zeros(c, "cx", type, state);
  const bool reverse = direction == "reverse";
  if (reverse) NNRT_RETURN_IF_ERROR(GatherAxis(c, x, Reversed(seq), 0, "x_reversed", &x));
  std::vector<uint32_t> outs;
  NNRT_RETURN_IF_ERROR(c.b().AddNode(
      NodeType::LSTM, c.Name(), {x, w_nn, r_nn, b_nn, hx, cx},
      {Attr::Bool("bidirectional", d == 2), Attr::Bool("hasBias", has_bias), Attr::Int64("inputSize", input_size),
       Attr::Int64("hiddenSize", h), Attr::Int64("numLayers", 1), Attr::Int64("numDirections", d)},
      {type, type, type}, &outs));
  uint32_t y = outs[0];
  if (reverse) NNRT_RETURN_IF_ERROR(GatherAxis(c, y, Reversed(seq), 0, "y_reversed", &y));
  // y [seq, batch, D·H] -> Y [seq, D, batch, H].
  uint32_t y4 = 0, y_onnx = 0;
  NNRT_RETURN_IF_ERROR(c.b().Reshape(y, {static_cast<int32_t>(seq), static_cast<int32_t>(batch), static_cast<int32_t>(d),
                                         static_cast<int32_t>(h)}, c.Name("y_split"), &y4));
  NNRT_RETURN_IF_ERROR(c.b().Transpose(y4, {0, 2, 1, 3}, c.Name("Y"), &y_onnx));
  c.SetOutput(0, y_onnx);
  if (c.output_count() > 1) c.SetOutput(1, outs[1]);
  if (c.output_count() > 2) c.SetOutput(2, outs[2]);
  return Status::Ok();
}

}  // namespace

std::vector<MapperEntry> RecurrentMappers() {
  return {
      {"LSTM", MapLstm, "GATHER (gate order), LSTM, RESHAPE, TRANSPOSE; reverse: GATHER in time", {4}},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
