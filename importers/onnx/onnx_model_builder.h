// Test helper: small ONNX models built with the protobuf classes and saved
// under $TEST_TMPDIR, for the importer's unit tests.
#ifndef NNRT_IMPORTERS_ONNX_ONNX_MODEL_BUILDER_H_
#define NNRT_IMPORTERS_ONNX_ONNX_MODEL_BUILDER_H_

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"

namespace nnrt {
namespace onnx_import {

class OnnxModelBuilder {
 public:
  explicit OnnxModelBuilder(int64_t opset) {
    model_.set_ir_version(7);
    onnx::OperatorSetIdProto* o = model_.add_opset_import();
    o->set_domain("");
    o->set_version(opset);
    model_.mutable_graph()->set_name("test_model");
  }
  void Input(const std::string& name, const std::vector<int64_t>& dims, int32_t type = onnx::TensorProto::FLOAT) {
    ValueInfo(model_.mutable_graph()->add_input(), name, dims, type);
  }
  void Output(const std::string& name, const std::vector<int64_t>& dims = {}, int32_t type = onnx::TensorProto::FLOAT) {
    ValueInfo(model_.mutable_graph()->add_output(), name, dims, type);
  }
  void FloatInit(const std::string& name, const std::vector<int64_t>& dims, const std::vector<float>& v) {
    onnx::TensorProto* t = model_.mutable_graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::FLOAT);
    for (int64_t d : dims) t->add_dims(d);
    for (float x : v) t->add_float_data(x);
  }
  void Int64Init(const std::string& name, const std::vector<int64_t>& dims, const std::vector<int64_t>& v) {
    onnx::TensorProto* t = model_.mutable_graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::INT64);
    for (int64_t d : dims) t->add_dims(d);
    for (int64_t x : v) t->add_int64_data(x);
  }
  onnx::NodeProto* Node(const std::string& op, const std::vector<std::string>& in, const std::vector<std::string>& out) {
    onnx::NodeProto* n = model_.mutable_graph()->add_node();
    n->set_op_type(op);
    for (const std::string& s : in) n->add_input(s);
    for (const std::string& s : out) n->add_output(s);
    return n;
  }
  static void Ints(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& v) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t x : v) a->add_ints(x);
  }
  static void Int(onnx::NodeProto* n, const std::string& name, int64_t v) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(v);
  }
  static void Float(onnx::NodeProto* n, const std::string& name, float v) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(v);
  }
  static void String(onnx::NodeProto* n, const std::string& name, const std::string& v) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(v);
  }
  // Writes the model to $TEST_TMPDIR/<file> and returns the path.
  std::string Save(const std::string& file) const {
    const char* tmp = std::getenv("TEST_TMPDIR");
    const std::string path = std::string(tmp != nullptr ? tmp : "/tmp") + "/" + file;
    std::ofstream out(path, std::ios::binary);
    model_.SerializeToOstream(&out);
    return path;
  }

 private:
  static void ValueInfo(onnx::ValueInfoProto* v, const std::string& name, const std::vector<int64_t>& dims, int32_t type) {
    v->set_name(name);
    onnx::TypeProto::Tensor* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(type);
    for (int64_t d : dims) t->mutable_shape()->add_dim()->set_dim_value(d);
  }
  onnx::ModelProto model_;
};

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_ONNX_MODEL_BUILDER_H_
