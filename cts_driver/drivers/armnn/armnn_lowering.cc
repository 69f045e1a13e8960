// The lowering registry and LoweringContext (armnn_lowering.h).
#include "cts_driver/drivers/armnn/armnn_lowering.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

namespace nnrt {
namespace armnn_driver {
namespace {

struct Registry {
  std::map<NodeType, LowerFn> lowerings;
  std::vector<NodeType> duplicates;
};

Registry& TheRegistry() {
  static Registry* registry = new Registry();  // never destroyed: used by static initialisers
  return *registry;
}

}  // namespace

LoweringRegistration::LoweringRegistration(NodeType type, LowerFn fn) {
  Registry& r = TheRegistry();
  if (!r.lowerings.emplace(type, fn).second) r.duplicates.push_back(type);
}

LowerFn FindLowering(NodeType type) {
  const Registry& r = TheRegistry();
  auto it = r.lowerings.find(type);
  return it == r.lowerings.end() ? nullptr : it->second;
}

std::vector<NodeType> DuplicateLowerings() { return TheRegistry().duplicates; }

std::vector<NodeType> LoweredNodeTypes() {
  std::vector<NodeType> types;
  for (const auto& kv : TheRegistry().lowerings) types.push_back(kv.first);
  return types;
}

std::string LoweringContext::Label() const {
  return "node " + std::to_string(node_index_) + " (" + NodeTypeName(node().type) + ")";
}

OpContext LoweringContext::OpCtx() const {
  const Node& n = node();
  OpContext ctx;
  ctx.node = &n;
  for (uint32_t t : n.inputs) {
    TensorArg a;
    a.decl = &T(t);
    a.dims = dims_[t];
    a.data = T(t).HasData() ? T(t).data.data() : nullptr;
    a.byte_size = T(t).data.size();
    ctx.inputs.push_back(a);
  }
  for (uint32_t t : n.outputs) {
    TensorArg o;
    o.decl = &T(t);
    o.dims = dims_[t];
    ctx.outputs.push_back(o);
  }
  return ctx;
}

Status LoweringContext::CheckSameType(uint32_t x, uint32_t y) const {
  const Tensor& a = T(x);
  const Tensor& b = T(y);
  if (a.data_type != b.data_type || a.quant_params != b.quant_params) {
    return Unsupported(Label() + ": input and output differ in data type or quantisation");
  }
  if (a.quant_params.size() > 1) return Unsupported(Label() + ": per-channel quantised data");
  return Status::Ok();
}

Status LoweringContext::CheckFloat32OrQuant8(uint32_t x, uint32_t y) const {
  const Tensor& a = T(x);
  const Tensor& b = T(y);
  if (a.data_type != b.data_type || a.IsQuantized() != b.IsQuantized()) return Unsupported(Label() + ": mixed types");
  const bool ok = a.IsQuantized() ? (a.data_type == DataType::kInt8 || a.data_type == DataType::kUint8)
                                  : a.data_type == DataType::kFloat32;
  return ok ? Status::Ok() : Unsupported(Label() + ": float32 or quantized int8/uint8 only");
}

armnn::TensorShape LoweringContext::Shape(uint32_t t) const {
  const Dims& d = dims_[t];
  if (d.empty()) return armnn::TensorShape({1});
  std::vector<unsigned> v(d.begin(), d.end());
  return armnn::TensorShape(static_cast<unsigned>(v.size()), v.data());
}

Status LoweringContext::Info(uint32_t t, armnn::TensorInfo* info, unsigned quant_axis) const {
  const Tensor& x = T(t);
  const std::string what = Label() + ": tensor " + std::to_string(t) + " (" + DataTypeName(x.data_type) + ")";
  if (dims_[t].size() > 5) return Unsupported(what + ": rank above 5");
  const armnn::TensorShape shape = Shape(t);
  if (!x.IsQuantized()) {
    switch (x.data_type) {
      case DataType::kFloat32: *info = armnn::TensorInfo(shape, armnn::DataType::Float32); return Status::Ok();
      case DataType::kInt32: *info = armnn::TensorInfo(shape, armnn::DataType::Signed32); return Status::Ok();
      case DataType::kBool: *info = armnn::TensorInfo(shape, armnn::DataType::Boolean); return Status::Ok();
      default: return Unsupported(what + " has no Arm NN data type");
    }
  }
  const std::vector<QuantParam>& q = x.quant_params;
  for (const QuantParam& p : q) {
    // Arm NN asserts scale != 0 (an abort, not an error) when it quantises.
    if (!(p.scale > 0.0)) return Unsupported(what + ": a quantisation scale of 0");
  }
  if (x.data_type == DataType::kUint8 && q.size() == 1) {
    *info = armnn::TensorInfo(shape, armnn::DataType::QAsymmU8, static_cast<float>(q[0].scale), q[0].zero_point);
    return Status::Ok();
  }
  if (x.data_type == DataType::kInt8 && q.size() == 1) {
    *info = armnn::TensorInfo(shape, armnn::DataType::QAsymmS8, static_cast<float>(q[0].scale), q[0].zero_point);
    return Status::Ok();
  }
  if (x.data_type == DataType::kInt8 && q.size() > 1) {
    std::vector<float> scales;
    for (const QuantParam& p : q) {
      if (p.zero_point != 0) return Unsupported(what + ": per-channel quantisation with a zero point != 0");
      scales.push_back(static_cast<float>(p.scale));
    }
    if (quant_axis >= shape.GetNumDimensions() || shape[quant_axis] != scales.size()) {
      return Unsupported(what + ": per-channel quant count differs from the channel dim");
    }
    *info = armnn::TensorInfo(shape, armnn::DataType::QSymmS8, scales, quant_axis);
    return Status::Ok();
  }
  return Unsupported(what + ": quantisation has no Arm NN form");
}

Status LoweringContext::Constant(uint32_t t, armnn::ConstTensor* out, unsigned quant_axis) {
  if (!T(t).HasData()) return Unsupported(Label() + ": tensor " + std::to_string(t) + " must be constant");
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(Info(t, &info, quant_axis));
  *out = armnn::ConstTensor(info, T(t).data.data());
  return Status::Ok();
}

Status LoweringContext::Constant(const armnn::TensorInfo& info, std::vector<uint8_t> bytes, armnn::ConstTensor* out) {
  storage_.push_back(std::move(bytes));
  *out = armnn::ConstTensor(info, storage_.back().data());
  return Status::Ok();
}

Status LoweringContext::Slot(uint32_t t, armnn::IOutputSlot** slot) {
  auto it = producers_.find(t);
  if (it != producers_.end()) {
    *slot = it->second;
    return Status::Ok();
  }
  if (!T(t).HasData()) return Status(NNRT_FAILED, Label() + ": tensor " + std::to_string(t) + " has no producer");
  armnn::ConstTensor c;
  NNRT_RETURN_IF_ERROR(Constant(t, &c));
  armnn::IConnectableLayer* layer = network_->AddConstantLayer(c);
  layer->GetOutputSlot(0).SetTensorInfo(c.GetInfo());
  producers_[t] = &layer->GetOutputSlot(0);
  *slot = producers_[t];
  return Status::Ok();
}

Status LoweringContext::Connect(uint32_t t, armnn::IConnectableLayer* layer, unsigned input_slot) {
  armnn::IOutputSlot* slot = nullptr;
  NNRT_RETURN_IF_ERROR(Slot(t, &slot));
  slot->Connect(layer->GetInputSlot(input_slot));
  return Status::Ok();
}

Status LoweringContext::ConnectAtRank(uint32_t t, armnn::IConnectableLayer* layer, unsigned input_slot,
                                      unsigned rank) {
  armnn::IOutputSlot* slot = nullptr;
  NNRT_RETURN_IF_ERROR(Slot(t, &slot));
  armnn::TensorInfo info = slot->GetTensorInfo();
  const unsigned have = info.GetNumDimensions();
  if (have < rank) {
    std::vector<unsigned> d(rank - have, 1u);
    for (unsigned i = 0; i < have; ++i) d.push_back(info.GetShape()[i]);
    info.SetShape(armnn::TensorShape(rank, d.data()));
    armnn::ReshapeDescriptor r;
    r.m_TargetShape = info.GetShape();
    armnn::IConnectableLayer* reshape = network_->AddReshapeLayer(r);
    slot->Connect(reshape->GetInputSlot(0));
    reshape->GetOutputSlot(0).SetTensorInfo(info);
    slot = &reshape->GetOutputSlot(0);
  }
  slot->Connect(layer->GetInputSlot(input_slot));
  return Status::Ok();
}

Status LoweringContext::Produce(armnn::IConnectableLayer* layer, unsigned output_slot, uint32_t t) {
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(Info(t, &info));
  layer->GetOutputSlot(output_slot).SetTensorInfo(info);
  producers_[t] = &layer->GetOutputSlot(output_slot);
  return Status::Ok();
}

Status LoweringContext::ClampSlot(armnn::IOutputSlot* in, const armnn::TensorInfo& info, float lo, float hi,
                                  armnn::IOutputSlot** out) {
  const bool has_hi = hi != std::numeric_limits<float>::infinity();
  if (info.GetDataType() != armnn::DataType::Float32) {
    armnn::ActivationDescriptor d;
    d.m_Function = has_hi ? armnn::ActivationFunction::BoundedReLu : armnn::ActivationFunction::ReLu;
    d.m_A = hi;
    d.m_B = lo;
    if (!has_hi && lo != 0.0f) return Unsupported(Label() + ": quantized clamp without an upper bound other than RELU");
    armnn::IConnectableLayer* act = network_->AddActivationLayer(d);
    in->Connect(act->GetInputSlot(0));
    act->GetOutputSlot(0).SetTensorInfo(info);
    *out = &act->GetOutputSlot(0);
    return Status::Ok();
  }
  const unsigned rank = info.GetNumDimensions();
  const std::vector<unsigned> ones(rank, 1u);
  const armnn::TensorInfo scalar(armnn::TensorShape(rank, ones.data()), armnn::DataType::Float32);
  auto bound = [&](float v, armnn::IOutputSlot** slot) -> Status {
    std::vector<uint8_t> bytes(sizeof(float));
    std::memcpy(bytes.data(), &v, sizeof(float));
    armnn::ConstTensor c;
    NNRT_RETURN_IF_ERROR(Constant(scalar, std::move(bytes), &c));
    armnn::IConnectableLayer* layer = network_->AddConstantLayer(c);
    layer->GetOutputSlot(0).SetTensorInfo(scalar);
    *slot = &layer->GetOutputSlot(0);
    return Status::Ok();
  };
  armnn::IOutputSlot* lo_slot = nullptr;
  NNRT_RETURN_IF_ERROR(bound(lo, &lo_slot));
  armnn::IConnectableLayer* mx = network_->AddMaximumLayer();
  in->Connect(mx->GetInputSlot(0));
  lo_slot->Connect(mx->GetInputSlot(1));
  mx->GetOutputSlot(0).SetTensorInfo(info);
  *out = &mx->GetOutputSlot(0);
  if (!has_hi) return Status::Ok();
  armnn::IOutputSlot* hi_slot = nullptr;
  NNRT_RETURN_IF_ERROR(bound(hi, &hi_slot));
  armnn::IConnectableLayer* mn = network_->AddMinimumLayer();
  (*out)->Connect(mn->GetInputSlot(0));
  hi_slot->Connect(mn->GetInputSlot(1));
  mn->GetOutputSlot(0).SetTensorInfo(info);
  *out = &mn->GetOutputSlot(0);
  return Status::Ok();
}

Status LoweringContext::ProduceActivated(armnn::IConnectableLayer* layer, uint32_t t, ActivationType activation) {
  if (activation == ActivationType::kNone) return Produce(layer, 0, t);
  float hi = std::numeric_limits<float>::infinity();
  if (activation == ActivationType::kRelu6) {
    hi = 6.0f;
  } else if (activation != ActivationType::kRelu) {
    return Unsupported(Label() + ": fused activation " + std::to_string(static_cast<int>(activation)) +
                       " (only RELU and RELU6 keep the single rounding)");
  }
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(Info(t, &info));
  layer->GetOutputSlot(0).SetTensorInfo(info);
  armnn::IOutputSlot* out = nullptr;
  NNRT_RETURN_IF_ERROR(ClampSlot(&layer->GetOutputSlot(0), info, 0.0f, hi, &out));
  producers_[t] = out;
  return Status::Ok();
}

}  // namespace armnn_driver
}  // namespace nnrt
