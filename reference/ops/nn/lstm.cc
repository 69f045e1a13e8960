// LSTM: attribute schema, validation and shape inference (the kernel is in
// lstm_kernel.cc). Decisions: docs/clarifications.md C-720..C-728.
#include "reference/ops/nn/lstm.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char* const kRoles[] = {"input 0 (x)",  "input 1 (wIh)", "input 2 (wHh)", "input 3 (bias)",
                              "input 4 (hx)", "input 5 (cx)"};
const char* const kOutRoles[] = {"output 0 (y)", "output 1 (hy)", "output 2 (cy)"};
// hiddenSize and inputSize beyond this cannot appear in an int32 dim as 8*H.
constexpr int64_t kMaxSize = INT32_MAX / 8;

std::string Num(int64_t v) { return std::to_string(v); }

// C-721: every operand and result is float32 or float16, one type for all, no quant params.
Status CheckDataTypes(const OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  if (x.dtype() != DataType::kFloat32 && x.dtype() != DataType::kFloat16) {
    return Unsupported(std::string("LSTM ") + kRoles[0] + " must be float32 or float16, got " +
                       DataTypeName(x.dtype()) + " (quantized and integer LSTM are not documented, C-721)");
  }
  for (size_t i = 0; i < ctx.inputs.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckSameDataType(ctx.inputs[i], kRoles[i], x, kRoles[0]));
    NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(ctx.inputs[i], kRoles[i]));
  }
  for (size_t i = 0; i < ctx.outputs.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckSameDataType(ctx.outputs[i], kOutRoles[i], x, kRoles[0]));
    NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(ctx.outputs[i], kOutRoles[i]));
  }
  return Status::Ok();
}

Status CheckProbability(const Node& node, const char* name) {
  const double v = FloatAttr(node, name);
  if (!(v >= 0.0 && v <= 1.0)) {
    return InvalidModel(std::string("LSTM ") + name + " " + std::to_string(v) + " must lie in [0, 1] (C-725, C-726)");
  }
  return Status::Ok();
}

// C-722, C-723, C-727: the sizes and their relations.
Status ReadSizes(const Node& node, LstmParams* p) {
  p->has_bias = BoolAttr(node, "hasBias");
  p->input_size = IntAttr(node, "inputSize");
  p->hidden = IntAttr(node, "hiddenSize");
  p->layers = IntAttr(node, "numLayers");
  p->directions = IntAttr(node, "numDirections");
  if (p->input_size < 1 || p->input_size > kMaxSize) {
    return InvalidModel("LSTM inputSize " + Num(p->input_size) + " must lie in [1, " + Num(kMaxSize) + "] (C-722)");
  }
  if (p->hidden < 1 || p->hidden > kMaxSize) {
    return InvalidModel("LSTM hiddenSize " + Num(p->hidden) + " must lie in [1, " + Num(kMaxSize) + "] (C-722)");
  }
  if (p->layers < 1 || p->layers > kMaxSize) {
    return InvalidModel("LSTM numLayers " + Num(p->layers) + " must lie in [1, " + Num(kMaxSize) + "] (C-722)");
  }
  const int64_t want_directions = BoolAttr(node, "bidirectional") ? 2 : 1;
  if (p->directions != want_directions) {
    return InvalidModel("LSTM numDirections " + Num(p->directions) + " must be " + Num(want_directions) +
                        " (bidirectional is " + (want_directions == 2 ? "true" : "false") + ", C-723)");
  }
  if (p->layers > 1 && p->input_size != p->directions * p->hidden) {
    return InvalidModel("LSTM with numLayers " + Num(p->layers) + " needs inputSize = numDirections*hiddenSize = " +
                        Num(p->directions * p->hidden) + ", got " + Num(p->input_size) +
                        ": wIh [numDirections*numLayers, 4*hiddenSize, inputSize] feeds every layer (C-722)");
  }
  const int64_t proj = IntAttr(node, "projSize");
  if (proj != 0) {
    return InvalidModel("LSTM projSize " + Num(proj) +
                        " is not 0: a projection needs a weight [numDirections*numLayers, projSize, hiddenSize] "
                        "that none of the six documented inputs carries (C-727)");
  }
  NNRT_RETURN_IF_ERROR(CheckProbability(node, "dropout"));
  NNRT_RETURN_IF_ERROR(CheckProbability(node, "zoneoutCell"));
  NNRT_RETURN_IF_ERROR(CheckProbability(node, "zoneoutHidden"));
  p->zoneout_cell = FloatAttr(node, "zoneoutCell");
  p->zoneout_hidden = FloatAttr(node, "zoneoutHidden");
  return Status::Ok();
}

// Checks `dims` against `want` where both are known (-1 in either: unchecked).
Status CheckDims(const TensorArg& t, const char* role, const std::vector<int64_t>& want, const char* layout) {
  bool ok = t.dims.size() == want.size();
  for (size_t i = 0; ok && i < want.size(); ++i) {
    ok = t.dims[i] == -1 || want[i] == -1 || t.dims[i] == want[i];
  }
  if (ok) return Status::Ok();
  std::string w = "[";
  for (size_t i = 0; i < want.size(); ++i) w += (i ? "," : "") + Num(want[i]);
  return InvalidModel(std::string("LSTM ") + role + " must be " + layout + " = " + w + "], got " +
                      DimsToString(t.dims) + " (C-720)");
}

Status CheckShapes(const OpContext& ctx, const LstmParams& p) {
  const Dims& x = ctx.inputs[0].dims;
  if (x.size() != 3) {
    return InvalidModel(std::string("LSTM ") + kRoles[0] + " must be 3-D [seqLen, batchSize, inputSize], got " +
                        DimsToString(x) + " (C-720)");
  }
  const int64_t slabs = p.directions * p.layers, h4 = 4 * p.hidden;
  NNRT_RETURN_IF_ERROR(CheckDims(ctx.inputs[0], kRoles[0], {-1, -1, p.input_size}, "[seqLen, batchSize, inputSize]"));
  NNRT_RETURN_IF_ERROR(CheckDims(ctx.inputs[1], kRoles[1], {slabs, h4, p.input_size},
                                 "[numDirections*numLayers, 4*hiddenSize, inputSize]"));
  NNRT_RETURN_IF_ERROR(CheckDims(ctx.inputs[2], kRoles[2], {slabs, h4, p.hidden},
                                 "[numDirections*numLayers, 4*hiddenSize, hiddenSize]"));
  NNRT_RETURN_IF_ERROR(
      CheckDims(ctx.inputs[3], kRoles[3], {slabs, 2 * h4}, "[numDirections*numLayers, 8*hiddenSize]"));
  for (size_t i = 4; i < 6; ++i) {
    NNRT_RETURN_IF_ERROR(CheckDims(ctx.inputs[i], kRoles[i], {slabs, x[1], p.hidden},
                                   "[numDirections*numLayers, batchSize, hiddenSize]"));
  }
  return Status::Ok();
}

// The batch dim: x's, else hx's or cx's when x's is not known yet.
int32_t BatchDim(const OpContext& ctx) {
  for (size_t i : {size_t{0}, size_t{4}, size_t{5}}) {
    const Dims& d = ctx.inputs[i].dims;  // all three hold the batch in dim 1
    if (d.size() == 3 && d[1] != -1) return d[1];
  }
  return -1;
}

}  // namespace

Status InferLstm(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckDataTypes(ctx));
  LstmParams p;
  NNRT_RETURN_IF_ERROR(ReadSizes(*ctx.node, &p));
  NNRT_RETURN_IF_ERROR(CheckShapes(ctx, p));
  const int32_t seq = ctx.inputs[0].dims[0], batch = BatchDim(ctx);
  const auto slabs = static_cast<int32_t>(p.directions * p.layers);
  const auto hidden = static_cast<int32_t>(p.hidden);
  ctx.outputs[0].dims = Dims{seq, batch, static_cast<int32_t>(p.directions) * hidden};
  ctx.outputs[1].dims = Dims{slabs, batch, hidden};
  ctx.outputs[2].dims = Dims{slabs, batch, hidden};
  p.seq = seq;
  p.batch = batch;
  ctx.SetParams(p);
  return Status::Ok();
}

Status LstmKernel(OpContext& ctx) { return RunLstmWithStep(ctx, ctx.Params<LstmParams>(), &LstmStep); }

OpDef LstmOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::LSTM,
               {Bool("bidirectional", false), Bool("hasBias", false), Int64("inputSize", 0), Int64("hiddenSize", 0),
                Int64("numLayers", 0), Int64("numDirections", 0), Float("dropout", 0.0f, Range(0, 1)),
                Float("zoneoutCell", 0.0f, Range(0, 1)), Float("zoneoutHidden", 0.0f, Range(0, 1)),
                Int64("projSize", 0, Range(0, 0))},
               /*inputs=*/6, 6, /*outputs=*/3, 3, &InferLstm, &LstmKernel,
               {DataType::kFloat32, DataType::kFloat16}, "lstm"};
}

}  // namespace nnrt
