#include "importers/onnx/node_context.h"

#include <utility>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {

NodeContext::NodeContext(const onnx::NodeProto& node, int64_t opset, GraphBuilder* builder,
                         std::vector<std::optional<uint32_t>> inputs)
    : node_(node), opset_(opset), builder_(builder), inputs_(std::move(inputs)) {
  outputs_.resize(output_count());
}

std::string NodeContext::Name(const std::string& suffix) const {
  std::string base = node_.name().empty() ? node_.op_type() + "(" + (node_.output_size() > 0 ? node_.output(0) : "") + ")"
                                          : node_.name();
  return suffix.empty() ? base : base + "/" + suffix;
}

const onnx::AttributeProto* NodeContext::Find(const std::string& name) {
  for (const onnx::AttributeProto& a : node_.attribute()) {
    if (a.name() == name) {
      read_.insert(name);
      return &a;
    }
  }
  return nullptr;
}

bool NodeContext::Has(const std::string& name) const {
  for (const onnx::AttributeProto& a : node_.attribute()) {
    if (a.name() == name) return true;
  }
  return false;
}

int64_t NodeContext::Int(const std::string& name, int64_t default_value) {
  const onnx::AttributeProto* a = Find(name);
  return a == nullptr ? default_value : a->i();
}

float NodeContext::Float(const std::string& name, float default_value) {
  const onnx::AttributeProto* a = Find(name);
  return a == nullptr ? default_value : a->f();
}

std::string NodeContext::String(const std::string& name, const std::string& default_value) {
  const onnx::AttributeProto* a = Find(name);
  return a == nullptr ? default_value : a->s();
}

std::vector<int64_t> NodeContext::Ints(const std::string& name, const std::vector<int64_t>& default_value) {
  const onnx::AttributeProto* a = Find(name);
  if (a == nullptr) return default_value;
  return std::vector<int64_t>(a->ints().begin(), a->ints().end());
}

std::vector<float> NodeContext::Floats(const std::string& name) {
  const onnx::AttributeProto* a = Find(name);
  if (a == nullptr) return {};
  return std::vector<float>(a->floats().begin(), a->floats().end());
}

const onnx::TensorProto* NodeContext::TensorAttr(const std::string& name) {
  const onnx::AttributeProto* a = Find(name);
  return a == nullptr || !a->has_t() ? nullptr : &a->t();
}

std::vector<std::string> NodeContext::UnreadAttributes() const {
  std::vector<std::string> out;
  for (const onnx::AttributeProto& a : node_.attribute()) {
    if (read_.count(a.name()) == 0) out.push_back(a.name());
  }
  return out;
}

Status NodeContext::Input(size_t i, uint32_t* t) const {
  if (!HasInput(i)) return Unmappable("input " + std::to_string(i) + " is missing");
  *t = *inputs_[i];
  return Status::Ok();
}

Status NodeContext::ConstantInput(size_t i, uint32_t* t) const {
  NNRT_RETURN_IF_ERROR(Input(i, t));
  if (!builder_->IsConstant(*t)) {
    return Unmappable("input " + std::to_string(i) + " ('" + node_.input(static_cast<int>(i)) +
                      "') must be a constant: it is computed at run time");
  }
  return Status::Ok();
}

Status NodeContext::ConstantInts(size_t i, std::vector<int64_t>* values) const {
  uint32_t t = 0;
  NNRT_RETURN_IF_ERROR(ConstantInput(i, &t));
  const Tensor& x = builder_->tensor(t);
  if (!IsIntegerType(x.data_type)) return Unmappable("input " + std::to_string(i) + " is not an integer tensor");
  *values = builder_->ConstantInts(t);
  return Status::Ok();
}

Status NodeContext::ConstantDoubles(size_t i, std::vector<double>* values) const {
  uint32_t t = 0;
  NNRT_RETURN_IF_ERROR(ConstantInput(i, &t));
  const Tensor& x = builder_->tensor(t);
  const size_t size = DataTypeSize(x.data_type);
  values->clear();
  for (size_t k = 0; size > 0 && k < x.data.size() / size; ++k) values->push_back(LoadAsDouble(x.data_type, x.data.data(), k));
  return Status::Ok();
}

Status NodeContext::Unmappable(const std::string& what) const { return Unsupported(node_.op_type() + ": " + what); }

Status NodeContext::UnmappableAttr(const std::string& attr, const std::string& value, const std::string& why) const {
  return Unsupported(node_.op_type() + ": attribute " + attr + " = " + value + ": " + why);
}

Status NormalizeAxis(const NodeContext& c, int64_t axis, size_t rank, int64_t* out) {
  const int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) {
    return c.Unmappable("axis " + std::to_string(axis) + " outside [" + std::to_string(-r) + ", " + std::to_string(r) + ")");
  }
  *out = axis < 0 ? axis + r : axis;
  return Status::Ok();
}

}  // namespace onnx_import
}  // namespace nnrt
