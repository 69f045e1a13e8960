// Small models and helpers shared by the HAL / device tests.
#ifndef NNRT_REFERENCE_DEVICE_TESTING_TEST_MODELS_H_
#define NNRT_REFERENCE_DEVICE_TESTING_TEST_MODELS_H_

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/host_tensor.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace testing {

// Absolute path of a file in the test's runfiles (bazel test sets TEST_SRCDIR
// and TEST_WORKSPACE).
inline std::string RunfilePath(const std::string& workspace_relative) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  return std::string(srcdir ? srcdir : ".") + "/" + (workspace ? workspace : "nnrt_kit") + "/" + workspace_relative;
}

inline Tensor MakeTensor(const std::string& name, DataType dtype, Dims dims) {
  Tensor t;
  t.name = name;
  t.data_type = dtype;
  t.dims = std::move(dims);
  return t;
}

inline std::vector<uint8_t> FloatBytes(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(float));
  if (!v.empty()) std::memcpy(b.data(), v.data(), b.size());
  return b;
}

inline std::vector<float> BytesToFloats(const std::vector<uint8_t>& b) {
  std::vector<float> v(b.size() / sizeof(float));
  if (!v.empty()) std::memcpy(v.data(), b.data(), v.size() * sizeof(float));
  return v;
}

inline HostTensor FloatTensor(Dims dims, const std::vector<float>& values) {
  HostTensor t;
  t.data_type = DataType::kFloat32;
  t.dims = std::move(dims);
  t.data = FloatBytes(values);
  return t;
}

// out = (a + b) + c where c is a constant tensor of `dims` holding 0.5, 1.5, ...
// a and b have declared dims `dims` (may hold -1 when `dynamic`).
inline Model AddModel(const Dims& input_dims, const Dims& const_dims) {
  Model m;
  m.name = "add_chain";
  m.tensors.push_back(MakeTensor("a", DataType::kFloat32, input_dims));
  m.tensors.push_back(MakeTensor("b", DataType::kFloat32, input_dims));
  Tensor c = MakeTensor("c", DataType::kFloat32, const_dims);
  std::vector<float> cv;
  int64_t n = 1;
  for (int32_t d : const_dims) n *= d;
  for (int64_t i = 0; i < n; ++i) cv.push_back(0.5f + static_cast<float>(i));
  c.data = FloatBytes(cv);
  m.tensors.push_back(c);
  m.tensors.push_back(MakeTensor("sum", DataType::kFloat32, input_dims));
  m.tensors.push_back(MakeTensor("out", DataType::kFloat32, input_dims));
  Node add1;
  add1.name = "add1";
  add1.type = NodeType::ADD_FUSION;
  add1.attrs = {Attr::Int8("activationType", 0)};
  add1.inputs = {0, 1};
  add1.outputs = {3};
  Node add2 = add1;
  add2.name = "add2";
  add2.inputs = {3, 2};
  add2.outputs = {4};
  m.nodes = {add1, add2};
  m.inputs = {0, 1};
  m.outputs = {4};
  SubGraph g;
  g.name = "main";
  g.nodes = {0, 1};
  m.subgraphs = {g};
  return m;
}

// out = ABS(x): ABS has no reference kernel yet, the test drivers override it.
inline Model AbsModel(const Dims& dims) {
  Model m;
  m.name = "abs";
  m.tensors.push_back(MakeTensor("x", DataType::kFloat32, dims));
  m.tensors.push_back(MakeTensor("y", DataType::kFloat32, dims));
  Node n;
  n.name = "abs";
  n.type = NodeType::ABS;
  n.inputs = {0};
  n.outputs = {1};
  m.nodes = {n};
  m.inputs = {0};
  m.outputs = {1};
  return m;
}

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_TESTING_TEST_MODELS_H_
