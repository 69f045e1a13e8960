// LSTM (ops_catalog #75), family "lstm": float32 / float16, seqLen 1..4,
// batch 1..2, inputSize and hiddenSize 1..6, one or two layers (inputSize =
// numDirections*hiddenSize from layer 2 on, C-722), unidirectional or
// bidirectional with numDirections to match (C-723), hasBias both ways
// (C-724), dropout 0 / 0.5 / 1 (ignored, C-725), zoneoutCell and
// zoneoutHidden 0 / 0.25 / 1 (C-726), projSize 0 (C-727). Weights and bias
// are constants, x / hx / cx model inputs. Data includes the edge values
// (NaN, ±Inf in a quarter of the cases, ±0, subnormals); the type extremes
// are left out so that most gates stay finite. Tolerance: the kDotProduct row
// with the recurrence's running error bound as its magnitude (lstm_bounds.h).
#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/specs/nn/lstm_bounds.h"

namespace nnrt {
namespace cts {
namespace {

// dropout values by domain index (C-725).
float DropoutOf(int64_t index) { return index == 0 ? 0.0f : index == 1 ? 0.5f : 1.0f; }
// zoneout values by domain index (C-726).
float ZoneoutOf(int64_t index) { return index == 0 ? 0.0f : index == 1 ? 0.25f : 1.0f; }

ValueProfile LstmProfile(double range) {
  ValueProfile profile;
  profile.type_extremes = false;
  profile.nan_inf = *rc::gen::inRange(0, 4) == 0;
  profile.typical_range = range;
  return profile;
}

GeneratedCase GenerateLstm(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  const bool bidirectional = GenAttrValue(*FindAttrDomain(spec, "bidirectional")) != 0;
  const bool has_bias = GenAttrValue(*FindAttrDomain(spec, "hasBias")) != 0;
  const auto layers = static_cast<int32_t>(GenAttrValue(*FindAttrDomain(spec, "numLayers")));
  const auto hidden = static_cast<int32_t>(GenAttrValue(*FindAttrDomain(spec, "hiddenSize")));
  const int32_t dirs = bidirectional ? 2 : 1;
  const auto drawn_in = static_cast<int32_t>(GenAttrValue(*FindAttrDomain(spec, "inputSize")));
  const int32_t in = layers > 1 ? dirs * hidden : drawn_in;
  const int32_t seq = *rc::gen::inRange(1, 5), batch = *rc::gen::inRange(1, 3);
  const int32_t slabs = dirs * layers, h4 = 4 * hidden;
  const float dropout = DropoutOf(GenAttrValue(*FindAttrDomain(spec, "dropout")));
  const float zoneout_cell = ZoneoutOf(GenAttrValue(*FindAttrDomain(spec, "zoneoutCell")));
  const float zoneout_hidden = ZoneoutOf(GenAttrValue(*FindAttrDomain(spec, "zoneoutHidden")));
  const ValueProfile data = LstmProfile(2.0), weights = LstmProfile(1.0);
  const Dims x{seq, batch, in}, w_ih{slabs, h4, in}, w_hh{slabs, h4, hidden}, bias{slabs, 2 * h4},
      state{slabs, batch, hidden};
  SingleNodeCase b(NodeType::LSTM, spec.name);
  b.In("x", dtype, x, GenTensorData(dtype, ElementsOf(x), data));
  b.Const("w_ih", dtype, w_ih, GenTensorData(dtype, ElementsOf(w_ih), weights));
  b.Const("w_hh", dtype, w_hh, GenTensorData(dtype, ElementsOf(w_hh), weights));
  b.Const("bias", dtype, bias, GenTensorData(dtype, ElementsOf(bias), weights));
  b.In("hx", dtype, state, GenTensorData(dtype, ElementsOf(state), data));
  b.In("cx", dtype, state, GenTensorData(dtype, ElementsOf(state), data));
  b.Out("y", dtype, {seq, batch, dirs * hidden});
  b.Out("hy", dtype, state);
  b.Out("cy", dtype, state);
  b.WithAttrs({Attr::Bool("bidirectional", bidirectional), Attr::Bool("hasBias", has_bias),
               Attr::Int64("inputSize", in), Attr::Int64("hiddenSize", hidden), Attr::Int64("numLayers", layers),
               Attr::Int64("numDirections", dirs), Attr::Float("dropout", dropout),
               Attr::Float("zoneoutCell", zoneout_cell), Attr::Float("zoneoutHidden", zoneout_hidden),
               Attr::Int64("projSize", 0)});
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec LstmSpec() {
  NodeSpec s;
  s.name = "LSTM";
  s.type = NodeType::LSTM;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16};
  const NodeType t = NodeType::LSTM;
  s.attrs = {SchemaDomain(t, "bidirectional"),         SchemaDomain(t, "hasBias"),
             SchemaRange(t, "inputSize", 1, 6),        SchemaRange(t, "hiddenSize", 1, 6),
             SchemaRange(t, "numLayers", 1, 2),        SchemaDomain(t, "numDirections", {1, 2}),
             SchemaRange(t, "dropout", 0, 2),          SchemaRange(t, "zoneoutCell", 0, 2),
             SchemaRange(t, "zoneoutHidden", 0, 2),    SchemaDomain(t, "projSize", {0})};
  s.generate = GenerateLstm;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = NotChainable("three outputs and six shaped operands [seqLen, batch, inputSize] with weights tied to the "
                         "attributes: no chain tensor fits it");
  s.reference_aux = LstmReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(1090, LstmSpec());

}  // namespace cts
}  // namespace nnrt
