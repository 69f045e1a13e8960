// Building blocks of the per-spec reference aux functions (reference_aux.h).
#include "conformance/tolerance/reference_aux.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include "conformance/runner.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {

namespace {

std::vector<uint8_t> AbsAsFloat32(DataType dtype, const std::vector<uint8_t>& bytes) {
  const size_t n = bytes.size() / DataTypeSize(dtype);
  std::vector<uint8_t> out(n * 4);
  for (size_t i = 0; i < n; ++i) StoreDouble(DataType::kFloat32, out.data(), i, std::fabs(LoadAsDouble(dtype, bytes.data(), i)));
  return out;
}

}  // namespace

// The data of tensor `index`: constant data, or the case's bound input.
const std::vector<uint8_t>* TensorData(const TestCase& c, uint32_t index) {
  const Tensor& t = c.model.tensors[index];
  if (t.HasData()) return &t.data;
  for (const HostTensor& n : c.inputs) {
    if (n.name == t.name) return &n.data;
  }
  return nullptr;
}

Dims ActualDims(const TestCase& c, uint32_t index) {
  const Tensor& t = c.model.tensors[index];
  if (!IsDynamic(t.dims)) return t.dims;
  for (const HostTensor& n : c.inputs) {
    if (n.name == t.name) return n.dims;
  }
  return t.dims;
}

std::vector<double> FloatInput(const TestCase& c, const Node& node, size_t k) {
  if (k >= node.inputs.size()) return {};
  const Tensor& t = c.model.tensors[node.inputs[k]];
  const std::vector<uint8_t>* data = TensorData(c, node.inputs[k]);
  if (data == nullptr || !IsFloatType(t.data_type)) return {};
  std::vector<double> v(data->size() / DataTypeSize(t.data_type));
  for (size_t i = 0; i < v.size(); ++i) v[i] = LoadAsDouble(t.data_type, data->data(), i);
  return v;
}

Status RunBoundsModel(const TestCase& c, size_t output_index, std::vector<double>* magnitude,
                      void (*adjust)(TestCase* bounds_case)) {
  TestCase b = c;
  for (Tensor& t : b.model.tensors) {
    if (!IsFloatType(t.data_type)) continue;
    if (t.HasData()) t.data = AbsAsFloat32(t.data_type, t.data);
    t.data_type = DataType::kFloat32;
  }
  for (HostTensor& n : b.inputs) {
    if (!IsFloatType(n.data_type)) continue;
    n.data = AbsAsFloat32(n.data_type, n.data);
    n.data_type = DataType::kFloat32;
  }
  for (Node& n : b.model.nodes) {
    if (n.type == NodeType::SUB_FUSION) n.type = NodeType::ADD_FUSION;
    for (Attr& a : n.attrs) {
      if (a.name == "activationType" && n.type != NodeType::ACTIVATION) a.ints = {0};
    }
  }
  if (adjust != nullptr) adjust(&b);
  std::vector<HostTensor> outputs;
  Status st = RunReference(b, &outputs);
  if (!st.ok()) return st.WithContext("reference bounds run");
  if (output_index >= outputs.size()) return InvalidModel("bounds run produced too few outputs");
  const HostTensor& o = outputs[output_index];
  const size_t n = o.data.size() / 4;
  magnitude->resize(n);
  for (size_t i = 0; i < n; ++i) (*magnitude)[i] = LoadAsDouble(DataType::kFloat32, o.data.data(), i);
  return Status::Ok();
}


Status UnaryInputAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                     ReferenceAux* aux) {
  aux->input_x = FloatInput(c, node, 0);
  aux->magnitude.resize(aux->input_x.size());
  for (size_t i = 0; i < aux->input_x.size(); ++i) aux->magnitude[i] = std::fabs(aux->input_x[i]);
  return Status::Ok();
}

Status BoundsMagnitudeAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                          ReferenceAux* aux) {
  if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
  return Status::Ok();
}

Status DotProductAux(const TestCase& c, size_t output_index, bool want_magnitude, int64_t terms, ReferenceAux* aux) {
  aux->dot_terms = terms;
  if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
  return Status::Ok();
}

}  // namespace cts
}  // namespace nnrt
