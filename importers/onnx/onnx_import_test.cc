// The importer's mapping rules on small hand-built ONNX models: the layout
// rule, explicit pads, the problem list, frozen operands, the agreement
// tolerance. Each test names the clarification it pins.
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "importers/onnx/imported_case.h"
#include "importers/onnx/mappers/mapper_table.h"
#include "importers/onnx/onnx_model_builder.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {
namespace {

using B = OnnxModelBuilder;

std::vector<NodeType> NodeTypes(const Model& m) {
  std::vector<NodeType> types;
  for (const Node& n : m.nodes) types.push_back(n.type);
  return types;
}

const Node* FindNode(const Model& m, NodeType type) {
  for (const Node& n : m.nodes) {
    if (n.type == type) return &n;
  }
  return nullptr;
}

std::vector<double> Values(const HostTensor& t) {
  std::vector<double> v;
  for (size_t i = 0; i < t.data.size() / DataTypeSize(t.data_type); ++i) v.push_back(LoadAsDouble(t.data_type, t.data.data(), i));
  return v;
}

TEST(OnnxImportTest, ConvKeepsOnnxShapesAndRunsChannelLastBetweenTransposesC790) {
  B b(11);
  b.Input("x", {1, 2, 3, 3});
  b.FloatInit("w", {1, 2, 1, 1}, {1.0f, 10.0f});  // OIHW: out 0 = x[c0] + 10 x[c1]
  b.Output("y", {1, 1, 3, 3});
  b.Node("Conv", {"x", "w"}, {"y"});
  const ImportedCase r = ImportAndRunReference(b.Save("conv.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const Model& m = r.import.test_case.model;
  EXPECT_EQ(NodeTypes(m), (std::vector<NodeType>{NodeType::TRANSPOSE, NodeType::CONV2D_FUSION, NodeType::TRANSPOSE}));
  EXPECT_EQ(m.tensors[m.inputs[0]].dims, (Dims{1, 2, 3, 3}));
  EXPECT_EQ(m.tensors[m.outputs[0]].dims, (Dims{1, 1, 3, 3}));
  const Node* conv = FindNode(m, NodeType::CONV2D_FUSION);
  EXPECT_EQ(m.tensors[conv->inputs[1]].dims, (Dims{1, 1, 1, 2}));  // OHWI, converted at import
  const std::vector<double> x = Values(r.import.test_case.inputs[0]);
  const std::vector<double> y = Values(r.import.test_case.expected[0]);
  for (size_t i = 0; i < 9; ++i) EXPECT_EQ(y[i], static_cast<double>(static_cast<float>(x[i] + 10 * x[9 + i]))) << i;
}

TEST(OnnxImportTest, AutoPadSameLowerBecomesExplicitPadsC792) {
  B b(11);
  b.Input("x", {1, 1, 4, 4});
  b.Output("y");
  onnx::NodeProto* n = b.Node("MaxPool", {"x"}, {"y"});
  B::Ints(n, "kernel_shape", {2, 2});
  B::String(n, "auto_pad", "SAME_LOWER");
  ImportResult r;
  ASSERT_TRUE(ImportOnnxModel(b.Save("same_lower.onnx"), ImportOptions(), &r).ok());
  const Node* pool = FindNode(r.test_case.model, NodeType::MAX_POOL_FUSION);
  ASSERT_NE(pool, nullptr);
  EXPECT_EQ(pool->FindAttr("pad")->ints, (std::vector<int64_t>{1, 0, 1, 0}));  // the odd pixel before
}

TEST(OnnxImportTest, EveryUnmappedOperatorAndAttributeIsListedC803) {
  B b(13);
  b.Input("x", {2, 3});
  b.Output("z");
  B::Int(b.Node("Relu", {"x"}, {"y"}), "made_up_attribute", 1);
  b.Node("Cosh", {"y"}, {"z"});
  ImportResult r;
  const Status st = ImportOnnxModel(b.Save("unmapped.onnx"), ImportOptions(), &r);
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_EQ(r.problems, (std::vector<std::string>{"Relu: attribute made_up_attribute not mapped",
                                                   "Cosh: operator not mapped (no exact NNRt equivalent in the importer's table)"}));
}

TEST(OnnxImportTest, SeluWithOtherConstantsIsNotMappedC793) {
  B b(13);
  b.Input("x", {4});
  b.Output("y");
  B::Float(b.Node("Selu", {"x"}, {"y"}), "alpha", 2.0f);
  ImportResult r;
  EXPECT_FALSE(ImportOnnxModel(b.Save("selu.onnx"), ImportOptions(), &r).ok());
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].find("Selu: attribute alpha"), std::string::npos);
}

TEST(OnnxImportTest, LrnOddWindowDividesAlphaEvenWindowIsListedC794) {
  for (int64_t size : {3, 4}) {
    B b(13);
    b.Input("x", {1, 4, 2, 2});
    b.Output("y");
    onnx::NodeProto* n = b.Node("LRN", {"x"}, {"y"});
    B::Int(n, "size", size);
    B::Float(n, "alpha", 3e-4f);
    ImportResult r;
    const Status st = ImportOnnxModel(b.Save("lrn.onnx"), ImportOptions(), &r);
    if (size == 4) {
      EXPECT_FALSE(st.ok());
      continue;
    }
    ASSERT_TRUE(st.ok()) << st.ToString();
    const Node* lrn = FindNode(r.test_case.model, NodeType::LRN);
    EXPECT_EQ(lrn->FindAttr("depthRadius")->ints[0], 1);
    EXPECT_EQ(lrn->FindAttr("alpha")->floats[0], static_cast<float>(static_cast<double>(3e-4f) / 3.0));
  }
}

TEST(OnnxImportTest, SliceWithNegativeStepToTheStartUsesTheEndMaskC795) {
  B b(13);
  b.Input("x", {5});
  b.Int64Init("starts", {1}, {-1});
  b.Int64Init("ends", {1}, {INT64_MIN});
  b.Int64Init("steps", {1}, {-2});
  b.Int64Init("axes", {1}, {0});
  b.Output("y");
  b.Node("Slice", {"x", "starts", "ends", "axes", "steps"}, {"y"});
  const ImportedCase r = ImportAndRunReference(b.Save("slice.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const std::vector<double> x = Values(r.import.test_case.inputs[0]);
  EXPECT_EQ(Values(r.import.test_case.expected[0]), (std::vector<double>{x[4], x[2], x[0]}));
}

TEST(OnnxImportTest, NegativeConstantGatherIndicesCountFromTheEndC796) {
  B b(13);
  b.Input("x", {4});
  b.Int64Init("i", {2}, {-1, 0});
  b.Output("y");
  b.Node("Gather", {"x", "i"}, {"y"});
  const ImportedCase r = ImportAndRunReference(b.Save("gather.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const std::vector<double> x = Values(r.import.test_case.inputs[0]);
  EXPECT_EQ(Values(r.import.test_case.expected[0]), (std::vector<double>{x[3], x[0]}));
}

TEST(OnnxImportTest, OldSoftmaxNormalisesTheFlattenedTailC797) {
  B b(11);
  b.Input("x", {2, 2, 2});
  b.Output("y");
  b.Node("Softmax", {"x"}, {"y"});  // axis 1 before opset 13: rows of 4
  const ImportedCase r = ImportAndRunReference(b.Save("softmax.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const std::vector<double> y = Values(r.import.test_case.expected[0]);
  EXPECT_NEAR(y[0] + y[1] + y[2] + y[3], 1.0, 1e-6);
  EXPECT_NEAR(y[4] + y[5] + y[6] + y[7], 1.0, 1e-6);
}

TEST(OnnxImportTest, PlainGemmIsOneFullConnectionC798) {
  B b(13);
  b.Input("a", {2, 3});
  b.FloatInit("w", {3, 2}, {1, 2, 3, 4, 5, 6});
  b.FloatInit("c", {2}, {0.5f, -0.5f});
  b.Output("y");
  b.Node("Gemm", {"a", "w", "c"}, {"y"});
  ImportResult r;
  ASSERT_TRUE(ImportOnnxModel(b.Save("gemm.onnx"), ImportOptions(), &r).ok());
  EXPECT_EQ(NodeTypes(r.test_case.model), (std::vector<NodeType>{NodeType::FULL_CONNECTION}));
}

TEST(OnnxImportTest, SeededInputsAreDeterministicAndInRangeC799) {
  const HostTensor a = SeededInput("x", DataType::kFloat32, {64}, 5);
  EXPECT_EQ(a.data, SeededInput("x", DataType::kFloat32, {64}, 5).data);
  EXPECT_NE(a.data, SeededInput("x", DataType::kFloat32, {64}, 6).data);
  for (double v : Values(a)) EXPECT_TRUE(v >= -1.0 && v < 1.0) << v;
  for (double v : Values(SeededInput("i", DataType::kInt32, {64}, 5))) EXPECT_TRUE(v >= 0 && v < 4) << v;
}

TEST(OnnxImportTest, GraphInputFeedingAShapeIsFrozenToItsTestDataC800) {
  const std::string dir = "/usr/share/libonnx-testdata/data/node/test_reshape_negative_dim";
  ImportOptions with_data;
  with_data.inputs_dir = dir + "/test_data_set_0";
  const ImportedCase r = ImportAndRunReference(dir + "/model.onnx", with_data);
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  EXPECT_EQ(r.import.test_case.model.inputs.size(), 1u);  // 'shape' became a constant
  EXPECT_TRUE(r.agreement.agrees) << r.agreement.report;
  ImportResult seeded;  // without test data there is no value to freeze
  EXPECT_FALSE(ImportOnnxModel(dir + "/model.onnx", ImportOptions(), &seeded).ok());
}

TEST(OnnxImportTest, OldBroadcastAlignsTheSecondInputAtAxisC801) {
  B b(6);
  b.Input("a", {2, 3, 2});
  b.FloatInit("b", {3}, {1, 2, 3});
  b.Output("y");
  onnx::NodeProto* n = b.Node("Add", {"a", "b"}, {"y"});
  B::Int(n, "broadcast", 1);
  B::Int(n, "axis", 1);
  const ImportedCase r = ImportAndRunReference(b.Save("broadcast.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const std::vector<double> a = Values(r.import.test_case.inputs[0]);
  const std::vector<double> y = Values(r.import.test_case.expected[0]);
  for (size_t i = 0; i < 12; ++i) EXPECT_EQ(y[i], static_cast<double>(static_cast<float>(a[i] + 1 + (i / 2) % 3))) << i;
}

TEST(OnnxImportTest, PerChannelPReluOnA3DInputC802) {
  B b(6);
  b.Input("x", {1, 2, 3});
  b.FloatInit("s", {2}, {0.5f, 0.25f});
  b.Output("y");
  b.Node("PRelu", {"x", "s"}, {"y"});
  const ImportedCase r = ImportAndRunReference(b.Save("prelu.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const std::vector<double> x = Values(r.import.test_case.inputs[0]);
  const std::vector<double> y = Values(r.import.test_case.expected[0]);
  for (size_t i = 0; i < 6; ++i) {
    const double slope = i < 3 ? 0.5 : 0.25;
    EXPECT_EQ(y[i], x[i] < 0 ? static_cast<double>(static_cast<float>(x[i] * slope)) : x[i]) << i;
  }
}

HostTensor Float1(const std::string& name, float v) {
  HostTensor t;
  t.name = name;
  t.dims = {1};
  t.data.resize(4);
  std::memcpy(t.data.data(), &v, 4);
  return t;
}

TEST(OnnxImportTest, AgreementIsAssertAllcloseWithOnnxsTolerancesC791) {
  EXPECT_TRUE(CompareWithOnnxExpected({Float1("y", 1000.9f)}, {Float1("y", 1000.0f)}).agrees);   // 0.9 <= 1e-7 + 1.0
  EXPECT_FALSE(CompareWithOnnxExpected({Float1("y", 1001.1f)}, {Float1("y", 1000.0f)}).agrees);  // 1.1 > 1.0000001
  EXPECT_TRUE(CompareWithOnnxExpected({Float1("y", 5e-8f)}, {Float1("y", 0.0f)}).agrees);
  EXPECT_FALSE(CompareWithOnnxExpected({Float1("y", 1e-6f)}, {Float1("y", 0.0f)}).agrees);
  EXPECT_EQ(CompareWithOnnxExpected({Float1("y", 2e-7f)}, {Float1("y", 0.0f)}).near_zero_differences, 1u);  // C-895
  EXPECT_TRUE(CompareWithOnnxExpected({Float1("y", NAN)}, {Float1("y", NAN)}).agrees);
  EXPECT_FALSE(CompareWithOnnxExpected({Float1("y", 1.0f)}, {Float1("z", 1.0f)}).agrees);  // no output named z
  HostTensor i = Float1("y", 0);
  i.data_type = DataType::kInt32;
  HostTensor j = i;
  j.data[0] = 1;
  EXPECT_FALSE(CompareWithOnnxExpected({i}, {j}).agrees);  // integers exactly
}

TEST(OnnxImportTest, ResizeMapsOnlyWhereTheScaleIsOutOverInC804) {
  for (float scale : {2.0f, 1.5f}) {  // 2 rows -> 4, and 2 rows -> floor(3.0) = 3 with 1.5: both out/in
    for (int64_t rows : {2, 3}) {
      B b(13);
      b.Input("x", {1, 1, rows, 2});
      b.FloatInit("scales", {4}, {1.0f, 1.0f, scale, 1.0f});
      b.Output("y");
      B::String(b.Node("Resize", {"x", "", "scales"}, {"y"}), "mode", "linear");
      ImportResult r;
      const Status st = ImportOnnxModel(b.Save("resize.onnx"), ImportOptions(), &r);
      const bool exact = static_cast<double>(scale) * rows == std::floor(static_cast<double>(scale) * rows);
      EXPECT_EQ(st.ok(), exact) << "scale " << scale << " rows " << rows << ": " << st.ToString();
      if (exact) EXPECT_NE(FindNode(r.test_case.model, NodeType::RESIZE), nullptr);
    }
  }
}

TEST(OnnxImportTest, LayerNormalizationWithoutBiasNormalisesFromAxisC806) {
  B b(17);
  b.Input("x", {2, 4});
  b.FloatInit("scale", {4}, {1, 1, 1, 1});
  b.Output("y");
  B::Int(b.Node("LayerNormalization", {"x", "scale"}, {"y"}), "axis", 1);
  const ImportedCase r = ImportAndRunReference(b.Save("layer_norm.onnx"), ImportOptions());
  ASSERT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  const std::vector<double> y = Values(r.import.test_case.expected[0]);
  for (size_t row = 0; row < 2; ++row) EXPECT_NEAR(y[4 * row] + y[4 * row + 1] + y[4 * row + 2] + y[4 * row + 3], 0.0, 1e-5);
  const Node* ln = FindNode(r.import.test_case.model, NodeType::LAYER_NORM_FUSION);
  ASSERT_NE(ln, nullptr);
  EXPECT_EQ(ln->FindAttr("beginNormAxis")->ints[0], 1);
}

TEST(OnnxImportTest, FloatArgMinIsArgMaxOfTheNegationIntegerArgMinIsListedC805) {
  for (int32_t type : {static_cast<int32_t>(onnx::TensorProto::FLOAT), static_cast<int32_t>(onnx::TensorProto::INT32)}) {
    B b(13);
    b.Input("x", {6}, type);
    b.Output("y", {}, onnx::TensorProto::INT64);
    b.Node("ArgMin", {"x"}, {"y"});
    ImportResult r;
    const Status st = ImportOnnxModel(b.Save("argmin.onnx"), ImportOptions(), &r);
    EXPECT_EQ(st.ok(), type == onnx::TensorProto::FLOAT) << st.ToString();
    if (st.ok()) EXPECT_EQ(NodeTypes(r.test_case.model), (std::vector<NodeType>{NodeType::NEG, NodeType::ARGMAX_FUSION}));
  }
}

TEST(OnnxImportTest, TheDocumentedMappingTableNamesEveryMappedOperator) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  std::ifstream in(std::string(srcdir != nullptr ? srcdir : ".") + "/nnrt_kit/docs/onnx_import.md");
  std::stringstream text;
  text << in.rdbuf();
  std::string table;  // the rows of the mapping table
  for (std::string line; std::getline(text, line);) {
    if (line.rfind("| ", 0) == 0) table += line.substr(0, line.find(" | ", 2)) + ",";
  }
  ASSERT_FALSE(table.empty()) << "docs/onnx_import.md not found";
  for (const MapperEntry& e : MapperTable()) {
    const std::string op = e.onnx_op;
    const bool listed = table.find("| " + op + ",") != std::string::npos || table.find(" " + op + ",") != std::string::npos;
    EXPECT_TRUE(listed) << op << " is mapped but not in docs/onnx_import.md's table";
  }
}

}  // namespace
}  // namespace onnx_import
}  // namespace nnrt
