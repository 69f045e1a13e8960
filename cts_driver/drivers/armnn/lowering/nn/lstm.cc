// LSTM -> one Arm NN Lstm layer per time step and direction (docs/operators/lstm.md; Arm NN 20.08
// has no sequence LSTM). Lowered: float32, any number
// of layers, one or two directions, zoneout 0 (the plain LSTM, C-726),
// constant weights and bias, known seqLen and batch. Layer l > 0 reads, at
// each time step, the previous layer's outputs of both directions side by
// side (D·H wide, C-722).
//
// Layout (C-720): slab d of wIh [D, 4H, I] / wHh [D, 4H, H] holds the gate rows
// i, f, g, o, which become Arm NN's InputTo{Input,Forget,Cell,Output}Weights
// and RecurrentTo...Weights [H, I] / [H, H]; the gate bias is b_ih + b_hh
// (summed here in float32, one rounding more than the reference's binary64
// sum, inside the LSTM bound of docs/operators/lstm.md), zero when hasBias is
// false (C-724). Arm NN's step is the same cell: sigmoid gates, tanh cell
// activation (m_ActivationFunc 4), no CIFG, peephole, projection or clipping.
// x is split into its time steps, direction 1 runs them backwards, y is the
// concatenation of the step outputs (directions side by side on the last
// axis), hy / cy the last states.
#include <cstring>

#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

armnn::TensorInfo F32(std::vector<unsigned> dims) {
  return armnn::TensorInfo(armnn::TensorShape(static_cast<unsigned>(dims.size()), dims.data()),
                           armnn::DataType::Float32);
}

// `slot` reshaped to `dims`.
armnn::IOutputSlot* Reshaped(LoweringContext& ctx, armnn::IOutputSlot* slot, std::vector<unsigned> dims) {
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = F32(dims).GetShape();
  armnn::IConnectableLayer* layer = ctx.network().AddReshapeLayer(r);
  slot->Connect(layer->GetInputSlot(0));
  layer->GetOutputSlot(0).SetTensorInfo(F32(dims));
  return &layer->GetOutputSlot(0);
}

// Tensor t [n, rest...] as n slots of rest... (a splitter on axis 0).
Status Unstack(LoweringContext& ctx, uint32_t t, std::vector<armnn::IOutputSlot*>* parts) {
  const Dims& d = ctx.dims()[t];
  armnn::IOutputSlot* whole = nullptr;
  NNRT_RETURN_IF_ERROR(ctx.Slot(t, &whole));
  std::vector<unsigned> rest(d.begin() + 1, d.end());
  const auto n = static_cast<uint32_t>(d[0]);
  if (n == 1) {
    parts->push_back(Reshaped(ctx, whole, rest));
    return Status::Ok();
  }
  armnn::ViewsDescriptor views(n, static_cast<uint32_t>(d.size()));
  for (uint32_t v = 0; v < n; ++v) {
    for (uint32_t k = 0; k < d.size(); ++k) {
      views.SetViewOriginCoord(v, k, k == 0 ? v : 0u);
      views.SetViewSize(v, k, k == 0 ? 1u : static_cast<uint32_t>(d[k]));
    }
  }
  armnn::IConnectableLayer* split = ctx.network().AddSplitterLayer(views);
  whole->Connect(split->GetInputSlot(0));
  std::vector<unsigned> one(d.begin(), d.end());
  one[0] = 1;
  for (uint32_t v = 0; v < n; ++v) {
    split->GetOutputSlot(v).SetTensorInfo(F32(one));
    parts->push_back(Reshaped(ctx, &split->GetOutputSlot(v), rest));
  }
  return Status::Ok();
}

// The slots (all of `dims`) concatenated along `axis`.
armnn::IOutputSlot* Concat(LoweringContext& ctx, const std::vector<armnn::IOutputSlot*>& slots,
                           std::vector<unsigned> dims, unsigned axis) {
  if (slots.size() == 1) return slots[0];
  std::vector<armnn::TensorShape> shapes(slots.size(), F32(dims).GetShape());
  const armnn::OriginsDescriptor d = armnn::CreateDescriptorForConcatenation(shapes.begin(), shapes.end(), axis);
  armnn::IConnectableLayer* layer = ctx.network().AddConcatLayer(d);
  for (unsigned i = 0; i < slots.size(); ++i) slots[i]->Connect(layer->GetInputSlot(i));
  dims[axis] *= static_cast<unsigned>(slots.size());
  layer->GetOutputSlot(0).SetTensorInfo(F32(dims));
  return &layer->GetOutputSlot(0);
}

// Rows [row0, row0 + rows) of the float32 matrix slab (cols wide) as a constant.
Status Rows(LoweringContext& ctx, const std::vector<uint8_t>& data, size_t offset_floats, unsigned rows, unsigned cols,
            armnn::ConstTensor* out) {
  const size_t bytes = static_cast<size_t>(rows) * cols * sizeof(float);
  if ((offset_floats * sizeof(float)) + bytes > data.size()) return Unsupported(ctx.Label() + ": weight size");
  std::vector<uint8_t> b(data.begin() + static_cast<std::ptrdiff_t>(offset_floats * sizeof(float)),
                         data.begin() + static_cast<std::ptrdiff_t>(offset_floats * sizeof(float) + bytes));
  return ctx.Constant(F32({rows, cols}), std::move(b), out);
}

struct Slab {
  armnn::ConstTensor in[4], rec[4], bias[4];  // gates i, f, g, o
};

Status ReadSlab(LoweringContext& ctx, unsigned d, unsigned hidden, unsigned input, bool has_bias, Slab* s) {
  const Node& n = ctx.node();
  const std::vector<uint8_t>& wih = ctx.T(n.inputs[1]).data;
  const std::vector<uint8_t>& whh = ctx.T(n.inputs[2]).data;
  const std::vector<uint8_t>& bias = ctx.T(n.inputs[3]).data;
  for (unsigned g = 0; g < 4; ++g) {
    NNRT_RETURN_IF_ERROR(Rows(ctx, wih, (static_cast<size_t>(d) * 4 + g) * hidden * input, hidden, input, &s->in[g]));
    NNRT_RETURN_IF_ERROR(Rows(ctx, whh, (static_cast<size_t>(d) * 4 + g) * hidden * hidden, hidden, hidden, &s->rec[g]));
    std::vector<float> b(hidden, 0.0f);
    if (has_bias) {
      for (unsigned j = 0; j < hidden; ++j) {
        float bih = 0, bhh = 0;
        const size_t base = static_cast<size_t>(d) * 8 * hidden;
        std::memcpy(&bih, bias.data() + (base + g * hidden + j) * sizeof(float), sizeof(float));
        std::memcpy(&bhh, bias.data() + (base + 4 * hidden + g * hidden + j) * sizeof(float), sizeof(float));
        b[j] = bih + bhh;
      }
    }
    std::vector<uint8_t> bytes(hidden * sizeof(float));
    std::memcpy(bytes.data(), b.data(), bytes.size());
    NNRT_RETURN_IF_ERROR(ctx.Constant(F32({hidden}), std::move(bytes), &s->bias[g]));
  }
  return Status::Ok();
}

Status CheckLstm(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 6 || n.outputs.size() != 3) return Unsupported(ctx.Label() + ": bad arity");
  for (uint32_t t : n.inputs) {
    if (ctx.T(t).data_type != DataType::kFloat32 || ctx.T(t).IsQuantized()) return Unsupported(ctx.Label() + ": float32 only");
  }
  for (uint32_t t : n.outputs) {
    if (ctx.T(t).data_type != DataType::kFloat32 || ctx.T(t).IsQuantized()) return Unsupported(ctx.Label() + ": float32 only");
  }
  if (FloatAttr(n, "zoneoutCell") != 0.0f || FloatAttr(n, "zoneoutHidden") != 0.0f) {
    return Unsupported(ctx.Label() + ": zoneout (Arm NN's cell has none)");
  }
  for (size_t i = 1; i < 4; ++i) {
    if (!ctx.T(n.inputs[i]).HasData()) return Unsupported(ctx.Label() + ": weights and bias must be constants");
  }
  return Status::Ok();
}

Status LowerLstm(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckLstm(ctx));
  const Node& n = ctx.node();
  const Dims& xd = ctx.dims()[n.inputs[0]];
  const Dims& hd = ctx.dims()[n.inputs[4]];
  if (xd.size() != 3 || hd.size() != 3) return Unsupported(ctx.Label() + ": x and hx must have rank 3");
  const auto steps = static_cast<unsigned>(xd[0]), batch = static_cast<unsigned>(xd[1]),
             slabs = static_cast<unsigned>(hd[0]), hidden = static_cast<unsigned>(hd[2]);
  const auto layers = static_cast<unsigned>(IntAttr(n, "numLayers"));
  const unsigned dirs = slabs / (layers == 0 ? 1 : layers);
  if (layers == 0 || (dirs != 1 && dirs != 2) || dirs * layers != slabs) {
    return Unsupported(ctx.Label() + ": slab count is not numLayers x (1 or 2) directions");
  }
  std::vector<armnn::IOutputSlot*> xs, hs, cs;
  NNRT_RETURN_IF_ERROR(Unstack(ctx, n.inputs[0], &xs));
  NNRT_RETURN_IF_ERROR(Unstack(ctx, n.inputs[4], &hs));
  NNRT_RETURN_IF_ERROR(Unstack(ctx, n.inputs[5], &cs));
  armnn::LstmDescriptor desc;
  desc.m_ActivationFunc = 4;  // tanh
  desc.m_CifgEnabled = false;
  desc.m_PeepholeEnabled = false;
  desc.m_ProjectionEnabled = false;
  desc.m_LayerNormEnabled = false;
  std::vector<armnn::IOutputSlot*> hy, cy;
  std::vector<std::vector<armnn::IOutputSlot*>> y_steps;  // per time: one [B, H] slot per direction
  unsigned input = static_cast<unsigned>(xd[2]);
  for (unsigned l = 0; l < layers; ++l) {
    y_steps.assign(steps, {});
    for (unsigned d = 0; d < dirs; ++d) {
      const unsigned slab = l * dirs + d;
      Slab s;
      NNRT_RETURN_IF_ERROR(ReadSlab(ctx, slab, hidden, input, BoolAttr(n, "hasBias"), &s));
      armnn::LstmInputParams p;
      p.m_InputToInputWeights = &s.in[0];
      p.m_InputToForgetWeights = &s.in[1];
      p.m_InputToCellWeights = &s.in[2];
      p.m_InputToOutputWeights = &s.in[3];
      p.m_RecurrentToInputWeights = &s.rec[0];
      p.m_RecurrentToForgetWeights = &s.rec[1];
      p.m_RecurrentToCellWeights = &s.rec[2];
      p.m_RecurrentToOutputWeights = &s.rec[3];
      p.m_InputGateBias = &s.bias[0];
      p.m_ForgetGateBias = &s.bias[1];
      p.m_CellBias = &s.bias[2];
      p.m_OutputGateBias = &s.bias[3];
      armnn::IOutputSlot* h = hs[slab];
      armnn::IOutputSlot* c = cs[slab];
      for (unsigned k = 0; k < steps; ++k) {
        const unsigned t = d == 0 ? k : steps - 1 - k;
        armnn::IConnectableLayer* cell = ctx.network().AddLstmLayer(desc, p);
        xs[t]->Connect(cell->GetInputSlot(0));
        h->Connect(cell->GetInputSlot(1));
        c->Connect(cell->GetInputSlot(2));
        cell->GetOutputSlot(0).SetTensorInfo(F32({batch, 4 * hidden}));  // scratch
        for (unsigned o = 1; o < 4; ++o) cell->GetOutputSlot(o).SetTensorInfo(F32({batch, hidden}));
        h = &cell->GetOutputSlot(1);
        c = &cell->GetOutputSlot(2);
        y_steps[t].push_back(&cell->GetOutputSlot(3));
      }
      hy.push_back(Reshaped(ctx, h, {1, batch, hidden}));
      cy.push_back(Reshaped(ctx, c, {1, batch, hidden}));
    }
    // The next layer's input at time t: this layer's directions side by side.
    for (unsigned t = 0; t < steps; ++t) xs[t] = Concat(ctx, y_steps[t], {batch, hidden}, 1);
    input = dirs * hidden;
  }
  std::vector<armnn::IOutputSlot*> ys;
  for (unsigned t = 0; t < steps; ++t) ys.push_back(Reshaped(ctx, xs[t], {1, batch, dirs * hidden}));
  const armnn::IOutputSlot* outs[3] = {Concat(ctx, ys, {1, batch, dirs * hidden}, 0),
                                       Concat(ctx, hy, {1, batch, hidden}, 0), Concat(ctx, cy, {1, batch, hidden}, 0)};
  for (unsigned k = 0; k < 3; ++k) {
    // Each output through a reshape to its own dims (a layer of its own, so that
    // the context records one producer per tensor).
    armnn::IOutputSlot* slot = const_cast<armnn::IOutputSlot*>(outs[k]);
    armnn::ReshapeDescriptor r;
    r.m_TargetShape = ctx.Shape(n.outputs[k]);
    armnn::IConnectableLayer* layer = ctx.network().AddReshapeLayer(r);
    slot->Connect(layer->GetInputSlot(0));
    NNRT_RETURN_IF_ERROR(ctx.Produce(layer, 0, n.outputs[k]));
  }
  return Status::Ok();
}

}  // namespace

NNRT_ARMNN_LOWERING(LSTM, LowerLstm);

}  // namespace armnn_driver
}  // namespace nnrt
