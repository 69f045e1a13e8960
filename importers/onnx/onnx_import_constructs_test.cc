// The importer's handling of activation compositions, empty tensors,
// non-tensor inputs, If, LSTM and near-zero differences (C-890..C-895), on
// hand-built models and on the checked-in testdata/if_lstm model (built with
// ONNX's Python helpers; its expected outputs are ONNX Runtime's).
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "importers/onnx/imported_case.h"
#include "importers/onnx/onnx_model_builder.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {
namespace {

using B = OnnxModelBuilder;

std::vector<double> Values(const HostTensor& t) {
  std::vector<double> v;
  for (size_t i = 0; i < t.data.size() / DataTypeSize(t.data_type); ++i) v.push_back(LoadAsDouble(t.data_type, t.data.data(), i));
  return v;
}

bool HasNode(const Model& m, NodeType type) {
  for (const Node& n : m.nodes) {
    if (n.type == type) return true;
  }
  return false;
}

std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& p : v) s += p + "\n";
  return s;
}

// One activation node on x [2, 4] from a seed; the reference's outputs and inputs.
ImportedCase OneActivation(const std::string& op, const std::function<void(onnx::NodeProto*)>& attrs = nullptr) {
  B b(18);
  b.Input("x", {2, 4});
  b.Output("y", {2, 4});
  onnx::NodeProto* n = b.Node(op, {"x"}, {"y"});
  if (attrs) attrs(n);
  ImportOptions options;
  options.seed = 3;
  return ImportAndRunReference(b.Save(op + ".onnx"), options);
}

float F(double v) { return static_cast<float>(v); }

TEST(OnnxImportTest, ActivationCompositionsMatchOnnxFormulasC890) {
  {
    const ImportedCase r = OneActivation("HardSigmoid", [](onnx::NodeProto* n) { B::Float(n, "alpha", 0.75f); });
    ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
    const std::vector<double> x = Values(r.import.test_case.inputs[0]), y = Values(r.import.test_case.expected[0]);
    for (size_t i = 0; i < x.size(); ++i) {
      const float v = F(F(0.75f * F(x[i])) + 0.5f);  // each ONNX step in float32
      EXPECT_EQ(y[i], v < 0 ? 0.0f : v > 1 ? 1.0f : v) << i;
    }
    EXPECT_FALSE(HasNode(r.import.test_case.model, NodeType::ACTIVATION));  // not NNRt's HSIGMOID (C-166)
  }
  {
    const ImportedCase r = OneActivation("ThresholdedRelu", [](onnx::NodeProto* n) { B::Float(n, "alpha", 0.25f); });
    ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
    const std::vector<double> x = Values(r.import.test_case.inputs[0]), y = Values(r.import.test_case.expected[0]);
    for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(y[i], x[i] > 0.25 ? x[i] : 0.0) << i;
  }
  {
    const ImportedCase r = OneActivation("Celu", [](onnx::NodeProto* n) { B::Float(n, "alpha", 2.0f); });
    ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
    const std::vector<double> x = Values(r.import.test_case.inputs[0]), y = Values(r.import.test_case.expected[0]);
    for (size_t i = 0; i < x.size(); ++i) {
      const double t = F(x[i] / 2.0);
      EXPECT_EQ(y[i], x[i] >= 0 ? x[i] : F(2.0 * std::expm1(t))) << i;
    }
  }
  {
    const ImportedCase r = OneActivation("Mish");
    ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
    const std::vector<double> x = Values(r.import.test_case.inputs[0]), y = Values(r.import.test_case.expected[0]);
    for (size_t i = 0; i < x.size(); ++i) {
      const double sp = F(x[i] > 0 ? x[i] + std::log1p(std::exp(-x[i])) : std::log1p(std::exp(x[i])));
      EXPECT_EQ(y[i], F(x[i] * F(std::tanh(sp)))) << i;
    }
  }
  {
    const ImportedCase r = OneActivation("Shrink", [](onnx::NodeProto* n) {
      B::Float(n, "lambd", 0.25f);
      B::Float(n, "bias", 0.125f);
    });
    ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
    const std::vector<double> x = Values(r.import.test_case.inputs[0]), y = Values(r.import.test_case.expected[0]);
    for (size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(y[i], x[i] < -0.25 ? F(x[i] + 0.125) : x[i] > 0.25 ? F(x[i] - 0.125) : 0.0) << i;
    }
  }
}

TEST(OnnxImportTest, EmptyRoiOfResizeIsTreatedAsAbsentC891) {
  B b(13);
  b.Input("x", {1, 1, 2, 2});
  b.Output("y");
  b.FloatInit("roi", {0}, {});
  b.FloatInit("scales", {4}, {1, 1, 2, 2});
  b.Node("Resize", {"x", "roi", "scales"}, {"y"});
  const ImportedCase r = ImportAndRunReference(b.Save("resize_empty_roi.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  for (const Tensor& t : r.import.test_case.model.tensors) EXPECT_NE(t.name, "roi");  // pruned
  // An empty tensor that a node does take as an operand is refused naming that node.
  B e(13);
  e.Input("x", {2});
  e.Output("y");
  e.FloatInit("nothing", {0}, {});
  e.Node("Add", {"x", "nothing"}, {"y"})->set_name("adds_nothing");
  ImportResult res;
  const Status st = ImportOnnxModel(e.Save("add_empty.onnx"), ImportOptions(), &res);
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(st.message().find("'adds_nothing'"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("('nothing') is an empty tensor"), std::string::npos) << st.message();
}

TEST(OnnxImportTest, SequenceAndOptionalInputsAreRefusedByNameC892) {
  B b(16);
  b.Input("x", {2});
  b.Output("y");
  onnx::ModelProto m;
  {
    std::ifstream in(b.Save("tmp.onnx"), std::ios::binary);
    ASSERT_TRUE(m.ParseFromIstream(&in));
  }
  onnx::ValueInfoProto* seq = m.mutable_graph()->add_input();
  seq->set_name("seq_in");
  seq->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(1);
  onnx::ValueInfoProto* opt = m.mutable_graph()->add_input();
  opt->set_name("opt_in");
  opt->mutable_type()->mutable_optional_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(1);
  onnx::NodeProto* n = m.mutable_graph()->add_node();
  n->set_op_type("Relu");
  n->add_input("x");
  n->add_output("y");
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(tmp != nullptr ? tmp : "/tmp");
  const std::string path = dir + "/sequence_inputs.onnx";
  {
    std::ofstream out(path, std::ios::binary);
    m.SerializeToOstream(&out);
  }
  // Test data: input_0.pb a tensor for x, input_1.pb / input_2.pb a SequenceProto and an
  // OptionalProto would be; they are never read as tensors (here: files that are no tensors).
  const std::string data = dir + "/sequence_test_data";
  ASSERT_EQ(std::system(("mkdir -p '" + data + "'").c_str()), 0);
  {
    onnx::TensorProto x;
    x.set_name("x");
    x.set_data_type(onnx::TensorProto::FLOAT);
    x.add_dims(2);
    x.add_float_data(1.0f);
    x.add_float_data(-1.0f);
    std::ofstream out(data + "/input_0.pb", std::ios::binary);
    x.SerializeToOstream(&out);
  }
  for (const char* f : {"/input_1.pb", "/input_2.pb"}) std::ofstream(data + f) << "not a tensor";
  ImportResult r;
  ImportOptions options;
  options.inputs_dir = data;
  const Status st = ImportOnnxModel(path, options, &r);
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  const std::string list = Joined(r.problems);
  EXPECT_NE(list.find("graph input 'seq_in' (sequence): sequence / optional inputs are not supported"), std::string::npos) << list;
  EXPECT_NE(list.find("graph input 'opt_in' (optional): sequence / optional inputs are not supported"), std::string::npos) << list;
}

std::string Runfile(const std::string& rel) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  return (srcdir != nullptr ? std::string(srcdir) + "/nnrt_kit/" : std::string()) + rel;
}

TEST(OnnxImportTest, IfOnAPinnedInputTakesItsBranchAndLstmMapsC893) {
  ImportOptions options;
  options.inputs_dir = Runfile("importers/onnx/testdata/if_lstm/test_data_set_0");
  options.pins["sr"] = {16000};
  const ImportedCase r = ImportAndRunReference(Runfile("importers/onnx/testdata/if_lstm/model.onnx"), options);
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const Model& m = r.import.test_case.model;
  size_t lstms = 0;
  for (const Node& n : m.nodes) lstms += n.type == NodeType::LSTM ? 1 : 0;
  EXPECT_EQ(lstms, 2u);
  EXPECT_EQ(m.inputs.size(), 3u);  // x, h0, c0; sr pinned to a constant
  ASSERT_TRUE(r.has_onnx_expected);
  EXPECT_TRUE(r.agreement.agrees) << r.agreement.report;  // against ONNX Runtime's outputs
}

TEST(OnnxImportTest, IfOnARunTimeConditionListsTheBranchesC893) {
  ImportResult r;
  const Status st = ImportOnnxModel(Runfile("importers/onnx/testdata/if_lstm/model.onnx"), ImportOptions(), &r);
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  const std::string list = Joined(r.problems);
  EXPECT_NE(list.find("If 'rate_switch': condition 'is_16k' is computed at run time"), std::string::npos) << list;
  EXPECT_NE(list.find("--pin NAME=VALUE"), std::string::npos) << list;
  EXPECT_NE(list.find("Hardmax: operator not mapped (no exact NNRt equivalent in the importer's table) (inside a branch of If "
                      "'rate_switch')"),
            std::string::npos)
      << list;
  // Pinned to another rate, the else branch is taken and its Hardmax is what is listed.
  ImportOptions other;
  other.pins["sr"] = {8000};
  EXPECT_EQ(ImportOnnxModel(Runfile("importers/onnx/testdata/if_lstm/model.onnx"), other, &r).code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(Joined(r.problems).find("Hardmax: operator not mapped"), std::string::npos) << Joined(r.problems);
}

HostTensor Float32s(const std::string& name, const std::vector<float>& v) {
  HostTensor t;
  t.name = name;
  t.data_type = DataType::kFloat32;
  t.dims = {static_cast<int32_t>(v.size())};
  t.data.resize(v.size() * 4);
  for (size_t i = 0; i < v.size(); ++i) StoreDouble(DataType::kFloat32, t.data.data(), i, v[i]);
  return t;
}

TEST(OnnxImportTest, NearZeroDifferencesAreReportedApartC895) {
  // The detector's case: the reference's exact σ against ORT's 0.5 + t values.
  const float exact = 1.2e-7f, ort = 0x1p-22f;  // 2.38e-7 = 4·2^-24
  Agreement a = CompareWithOnnxExpected({Float32s("y", {exact, 0.5f})}, {Float32s("y", {ort, 0.5f})});
  EXPECT_TRUE(a.agrees) << a.report;
  EXPECT_EQ(a.near_zero_differences, 1u);
  EXPECT_NE(a.report.find("1 near-zero difference(s) within 2^-21"), std::string::npos) << a.report;
  // The detector with seeded inputs: values above 2^-21 with ORT's absolute
  // error of 2 ulp(0.5) (reference 9.26e-7, ORT 8.05e-7) are near-zero too.
  a = CompareWithOnnxExpected({Float32s("y", {9.26290966e-07f})}, {Float32s("y", {8.04662704e-07f})});
  EXPECT_TRUE(a.agrees) << a.report;
  EXPECT_EQ(a.near_zero_differences, 1u);
  // Beyond 2^-21 it still disagrees.
  a = CompareWithOnnxExpected({Float32s("y", {0.0f})}, {Float32s("y", {0x1p-20f})});
  EXPECT_FALSE(a.agrees) << a.report;
  a = CompareWithOnnxExpected({Float32s("y", {1e-3f})}, {Float32s("y", {1e-3f + 3e-6f})});
  EXPECT_FALSE(a.agrees) << a.report;
}

}  // namespace
}  // namespace onnx_import
}  // namespace nnrt
