// Unit tests of reference/ir: enum helpers, shapes, ValidateModelStructure
// (one test per rejection) and TopologicalOrder.
#include "reference/ir/ir.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <set>
#include <string>

namespace nnrt {
namespace {

// ---- Enum helpers -------------------------------------------------------------

TEST(DataTypeTest, FromOhnnFollowsOpsCatalog13) {
  // ops_catalog 1.3: OH_NN value -> HDI value.
  const std::pair<int32_t, int32_t> kTable[] = {{0, 0},  {1, 30}, {2, 32}, {3, 33},  {4, 34},  {5, 35}, {6, 37},
                                                {7, 38}, {8, 39}, {9, 40}, {10, 42}, {11, 43}, {12, 44}};
  for (const auto& [oh_nn, hdi] : kTable) {
    const auto t = DataTypeFromOhnn(oh_nn);
    ASSERT_TRUE(t.has_value()) << oh_nn;
    EXPECT_EQ(static_cast<int32_t>(*t), hdi) << "OH_NN " << oh_nn;
    EXPECT_EQ(DataTypeToOhnn(*t), oh_nn);
  }
}

TEST(DataTypeTest, FromOhnnRejectsValuesOutside0To12) {
  for (int32_t v : {-1, 13, 30, 43, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()}) {
    EXPECT_FALSE(DataTypeFromOhnn(v).has_value()) << v;
  }
}

TEST(DataTypeTest, NamesRoundTripAndSizesMatchOpsCatalog11) {
  const std::pair<DataType, size_t> kSizes[] = {
      {DataType::kBool, 1},   {DataType::kInt8, 1},    {DataType::kInt16, 2},   {DataType::kInt32, 4},
      {DataType::kInt64, 8},  {DataType::kUint8, 1},   {DataType::kUint16, 2},  {DataType::kUint32, 4},
      {DataType::kUint64, 8}, {DataType::kFloat16, 2}, {DataType::kFloat32, 4}, {DataType::kFloat64, 8}};
  for (const auto& [t, size] : kSizes) {
    EXPECT_EQ(DataTypeSize(t), size) << DataTypeName(t);
    EXPECT_EQ(ParseDataType(DataTypeName(t)), t);
    EXPECT_TRUE(IsValidDataType(static_cast<int32_t>(t)));
  }
  EXPECT_EQ(DataTypeSize(DataType::kUnknown), 0u);
  EXPECT_STREQ(DataTypeName(DataType::kUnknown), "unknown");
  EXPECT_STREQ(DataTypeName(static_cast<DataType>(31)), "?");
  EXPECT_FALSE(IsValidDataType(31));
  EXPECT_FALSE(ParseDataType("float").has_value());
  EXPECT_FALSE(ParseDataType("FLOAT32").has_value());
}

TEST(DataTypeTest, Classification) {
  EXPECT_TRUE(IsFloatType(DataType::kFloat16));
  EXPECT_TRUE(IsFloatType(DataType::kFloat64));
  EXPECT_FALSE(IsFloatType(DataType::kInt32));
  EXPECT_TRUE(IsIntegerType(DataType::kUint64));
  EXPECT_FALSE(IsIntegerType(DataType::kBool));
  EXPECT_FALSE(IsIntegerType(DataType::kFloat32));
  EXPECT_TRUE(IsSignedIntegerType(DataType::kInt8));
  EXPECT_FALSE(IsSignedIntegerType(DataType::kUint8));
}

TEST(NodeTypeTest, AllNodeTypesHas97DistinctValidEntriesInIncreasingOrder) {
  const auto& all = AllNodeTypes();
  ASSERT_EQ(all.size(), 97u);  // ops_catalog 2.3
  std::set<uint32_t> values;
  for (size_t i = 0; i < all.size(); ++i) {
    const uint32_t v = static_cast<uint32_t>(all[i]);
    values.insert(v);
    EXPECT_TRUE(IsValidNodeType(v));
    if (i > 0) {
      EXPECT_LT(static_cast<uint32_t>(all[i - 1]), v);
    }
  }
  EXPECT_EQ(values.size(), 97u);
}

TEST(NodeTypeTest, NamesRoundTrip) {
  for (NodeType t : AllNodeTypes()) {
    const std::string name = NodeTypeName(t);
    EXPECT_NE(name, "?");
    EXPECT_EQ(ParseNodeType(name), t) << name;
  }
  EXPECT_EQ(static_cast<uint32_t>(*ParseNodeType("ADD_FUSION")), 5u);
  EXPECT_EQ(static_cast<uint32_t>(*ParseNodeType("QUANT_DTYPE_CAST_V2")), 999u);
  EXPECT_FALSE(IsValidNodeType(3));
  EXPECT_STREQ(NodeTypeName(static_cast<NodeType>(3)), "?");
  EXPECT_FALSE(ParseNodeType("add_fusion").has_value());
  EXPECT_FALSE(ParseNodeType("NODE_TYPE_ADD_FUSION").has_value());
}

TEST(FormatTest, NamesRoundTripWithHdiValues) {
  EXPECT_EQ(static_cast<int32_t>(*ParseFormat("none")), -1);
  EXPECT_EQ(static_cast<int32_t>(*ParseFormat("nchw")), 0);
  EXPECT_EQ(static_cast<int32_t>(*ParseFormat("nhwc")), 1);
  for (Format f : {Format::kNone, Format::kNchw, Format::kNhwc}) EXPECT_EQ(ParseFormat(FormatName(f)), f);
  EXPECT_FALSE(ParseFormat("nd").has_value());
}

TEST(AttrTypeTest, NamesRoundTrip) {
  for (AttrType t : {AttrType::kBool, AttrType::kInt8, AttrType::kInt64, AttrType::kFloat32, AttrType::kString}) {
    EXPECT_EQ(ParseAttrType(AttrTypeName(t)), t);
  }
  EXPECT_FALSE(ParseAttrType("int32").has_value());
}

TEST(AttrTest, EqualityIsBitwiseOnFloats) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(Attr::Float("a", nan), Attr::Float("a", nan));
  EXPECT_FALSE(Attr::Float("a", 0.0f) == Attr::Float("a", -0.0f));
  EXPECT_FALSE(Attr::Int64("a", 1) == Attr::Int64("b", 1));
  EXPECT_FALSE(Attr::Int64("a", 1) == Attr::Int8("a", 1));
  EXPECT_EQ(Attr::String("s", "abc").Count(), 3u);
  EXPECT_EQ(Attr::Int64s("s", {1, 2}).Count(), 2u);
}

// ---- Shapes -----------------------------------------------------------------------

TEST(ElementCountTest, ProductOfDims) {
  EXPECT_EQ(ElementCount({}), 1);
  EXPECT_EQ(ElementCount({1, 2, 3, 4}), 24);
  EXPECT_EQ(ElementCount({5, 0, 7}), 0);
  EXPECT_EQ(ElementCount({std::numeric_limits<int32_t>::max(), 2}), int64_t{4294967294});
}

TEST(ElementCountTest, NulloptForDynamicOrOverflow) {
  EXPECT_FALSE(ElementCount({2, -1}).has_value());
  EXPECT_FALSE(ElementCount({-5}).has_value());
  const int32_t big = std::numeric_limits<int32_t>::max();
  EXPECT_FALSE(ElementCount({big, big, big}).has_value());
  EXPECT_FALSE(ElementCount(Dims(70, 2)).has_value());  // 2^70
  EXPECT_EQ(ElementCount(Dims(62, 2)), int64_t{1} << 62);
}

TEST(DimsTest, ToStringAndDynamic) {
  EXPECT_EQ(DimsToString({1, 2, -1}), "[1,2,-1]");
  EXPECT_EQ(DimsToString({}), "[]");
  EXPECT_TRUE(IsDynamic({1, -1}));
  EXPECT_FALSE(IsDynamic({1, 3}));
}

// ---- ValidateModelStructure ----------------------------------------------------------

Tensor MakeTensor(std::string name, Dims dims, DataType type = DataType::kFloat32) {
  Tensor t;
  t.name = std::move(name);
  t.data_type = type;
  t.dims = std::move(dims);
  return t;
}

// x(0) + w(1, constant int8 with quant) -> y(2) -> relu -> z(3)
Model ValidModel() {
  Model m;
  m.name = "valid";
  m.tensors.push_back(MakeTensor("x", {1, 2}));
  Tensor w = MakeTensor("w", {1, 2}, DataType::kInt8);
  w.data = {1, 2};
  w.quant_params = {QuantParam{8, 0, 0.5}};
  m.tensors.push_back(w);
  m.tensors.push_back(MakeTensor("y", {1, 2}));
  m.tensors.push_back(MakeTensor("z", {1, 2}));
  Node add;
  add.name = "add";
  add.type = NodeType::ADD_FUSION;
  add.inputs = {0, 1};
  add.outputs = {2};
  add.attrs = {Attr::Int8("activationType", 0)};
  Node act;
  act.name = "relu";
  act.type = NodeType::ACTIVATION;
  act.inputs = {2};
  act.outputs = {3};
  m.nodes = {add, act};
  m.inputs = {0};
  m.outputs = {3};
  SubGraph g;
  g.name = "main";
  g.nodes = {0, 1};
  m.subgraphs = {g};
  return m;
}

// Asserts NNRT_INVALID_MODEL and that the message contains every fragment.
void ExpectInvalid(const Model& m, std::initializer_list<const char*> fragments) {
  const Status s = ValidateModelStructure(m);
  ASSERT_EQ(s.code(), NNRT_INVALID_MODEL) << s.ToString();
  for (const char* f : fragments) EXPECT_NE(s.message().find(f), std::string::npos) << s.message() << " lacks " << f;
}

TEST(ValidateModelStructureTest, AcceptsValidModel) {
  const Status s = ValidateModelStructure(ValidModel());
  EXPECT_TRUE(s.ok()) << s.ToString();
}

TEST(ValidateModelStructureTest, AcceptsDynamicDimsAndScalarAndNoSubgraphs) {
  Model m = ValidModel();
  m.tensors[0].dims = {-1, 2};
  m.tensors[2].dims = {};
  m.subgraphs.clear();
  const Status s = ValidateModelStructure(m);
  EXPECT_TRUE(s.ok()) << s.ToString();
}

TEST(ValidateModelStructureTest, AcceptsUnreferencedTensor) {  // clarification C-2
  Model m = ValidModel();
  m.tensors.push_back(MakeTensor("unused", {3}));
  const Status s = ValidateModelStructure(m);
  EXPECT_TRUE(s.ok()) << s.ToString();
}

TEST(ValidateModelStructureTest, RejectsNodeInputIndexOutOfRange) {
  Model m = ValidModel();
  m.nodes[1].inputs = {4};
  ExpectInvalid(m, {"node 1 'relu'", "input index 4 out of range"});
}

TEST(ValidateModelStructureTest, RejectsNodeOutputIndexOutOfRange) {
  Model m = ValidModel();
  m.nodes[1].outputs = {3, 99};
  ExpectInvalid(m, {"node 1 'relu'", "output index 99 out of range"});
}

TEST(ValidateModelStructureTest, RejectsModelInputIndexOutOfRange) {
  Model m = ValidModel();
  m.inputs = {0, 7};
  ExpectInvalid(m, {"model input 1", "tensor 7", "out of range"});
}

TEST(ValidateModelStructureTest, RejectsModelOutputIndexOutOfRange) {
  Model m = ValidModel();
  m.outputs = {3, 4};
  ExpectInvalid(m, {"model output 1", "tensor 4", "out of range"});
}

TEST(ValidateModelStructureTest, RejectsTensorProducedTwice) {
  Model m = ValidModel();
  m.nodes[1].outputs = {2};
  m.outputs = {2};
  ExpectInvalid(m, {"tensor 2 'y'", "more than one node"});
}

TEST(ValidateModelStructureTest, RejectsCycle) {
  Model m = ValidModel();
  // add reads z, which relu produces from add's output.
  m.nodes[0].inputs = {0, 3};
  ExpectInvalid(m, {"cycle", "node 0 'add'"});
}

TEST(ValidateModelStructureTest, RejectsSelfLoop) {
  Model m = ValidModel();
  m.nodes[1].inputs = {3};
  ExpectInvalid(m, {"cycle", "node 1 'relu'"});
}

TEST(ValidateModelStructureTest, RejectsDanglingTensor) {  // read, but neither input, constant nor produced
  Model m = ValidModel();
  m.tensors.push_back(MakeTensor("ghost", {1, 2}));
  m.nodes[0].inputs = {0, 4};
  ExpectInvalid(m, {"node 0 'add'", "tensor 4 'ghost'", "neither a model input, a constant nor produced"});
}

TEST(ValidateModelStructureTest, RejectsInputWithData) {
  Model m = ValidModel();
  m.tensors[0].data.assign(8, 0);
  ExpectInvalid(m, {"model input tensor 0 'x'", "constant data"});
}

TEST(ValidateModelStructureTest, RejectsInputListedTwice) {
  Model m = ValidModel();
  m.inputs = {0, 0};
  ExpectInvalid(m, {"tensor 0 'x'", "listed twice"});
}

TEST(ValidateModelStructureTest, RejectsNodeWritingModelInput) {
  Model m = ValidModel();
  m.nodes[1].outputs = {0};
  ExpectInvalid(m, {"node 1 'relu'", "writes model input tensor 0 'x'"});
}

TEST(ValidateModelStructureTest, RejectsNodeWritingConstant) {
  Model m = ValidModel();
  m.nodes[1].outputs = {1};
  ExpectInvalid(m, {"node 1 'relu'", "writes constant tensor 1 'w'"});
}

TEST(ValidateModelStructureTest, RejectsConstantDataLengthMismatch) {
  Model m = ValidModel();
  m.tensors[1].data = {1, 2, 3};
  ExpectInvalid(m, {"tensor 1 'w'", "3 bytes, expected 2", "[1,2] x int8"});
}

TEST(ValidateModelStructureTest, RejectsConstantDataOnDynamicTensor) {
  Model m = ValidModel();
  m.tensors[1].dims = {-1, 2};
  ExpectInvalid(m, {"tensor 1 'w'", "dynamic dims [-1,2]"});
}

TEST(ValidateModelStructureTest, RejectsConstantWhoseByteSizeOverflows) {
  // 5 x 5581 x 8681 x 49477 x 384773 = 2^62 + 1 elements; x 8 bytes = 2^65 + 8, which
  // wraps to 8 in 64-bit arithmetic and must not match 8 bytes of data.
  Model m = ValidModel();
  m.tensors[1].data_type = DataType::kInt64;
  m.tensors[1].quant_params.clear();
  m.tensors[1].dims = {5, 5581, 8681, 49477, 384773};
  m.tensors[1].data.assign(8, 0);
  ExpectInvalid(m, {"tensor 1 'w'", "constant data has 8 bytes"});
}

TEST(ValidateModelStructureTest, RejectsNumBitsOtherThan8) {  // quantization_semantics 4.2
  Model m = ValidModel();
  m.tensors[1].quant_params[0].num_bits = 4;
  ExpectInvalid(m, {"tensor 1 'w'", "quant param 0", "numBits 4"});
}

TEST(ValidateModelStructureTest, RejectsNegativeScale) {
  Model m = ValidModel();
  m.tensors[1].quant_params[0].scale = -0.5;
  ExpectInvalid(m, {"tensor 1 'w'", "quant param 0", "scale"});
}

TEST(ValidateModelStructureTest, RejectsNonFiniteScale) {
  for (double scale : {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
    Model m = ValidModel();
    m.tensors[1].quant_params[0].scale = scale;
    ExpectInvalid(m, {"tensor 1 'w'", "scale must be finite"});
  }
}

TEST(ValidateModelStructureTest, RejectsZeroScaleOnActivation) {  // quantization_semantics 4.2
  Model m = ValidModel();
  m.tensors[2].quant_params = {QuantParam{8, 0, 0.0}};
  ExpectInvalid(m, {"tensor 2 'y'", "scale 0"});
}

TEST(ValidateModelStructureTest, ZeroScaleOnConstantRequiresZeroPointAndAllZeroValues) {  // C-3
  Model m = ValidModel();
  m.tensors[1].quant_params[0] = QuantParam{8, 0, 0.0};
  m.tensors[1].data = {0, 0};
  EXPECT_TRUE(ValidateModelStructure(m).ok()) << ValidateModelStructure(m).ToString();
  m.tensors[1].data = {0, 5};
  ExpectInvalid(m, {"tensor 1 'w'", "scale 0"});
  m.tensors[1].data = {0, 0};
  m.tensors[1].quant_params[0].zero_point = 1;
  ExpectInvalid(m, {"tensor 1 'w'", "scale 0"});
}

TEST(ValidateModelStructureTest, ZeroScaleOnOneChannelChecksOnlyThatChannel) {  // C-3
  Model m = ValidModel();
  m.tensors[1].dims = {2, 1};
  m.tensors[1].data = {0, 7};
  m.tensors[2].dims = {2, 1};
  m.tensors[1].quant_params = {QuantParam{8, 0, 0.0}, QuantParam{8, 0, 0.25}};
  EXPECT_TRUE(ValidateModelStructure(m).ok()) << ValidateModelStructure(m).ToString();
  m.tensors[1].data = {7, 0};
  ExpectInvalid(m, {"tensor 1 'w'", "quant param 0", "scale 0"});
}

TEST(ValidateModelStructureTest, RejectsDimZero) {
  Model m = ValidModel();
  m.tensors[2].dims = {1, 0};
  ExpectInvalid(m, {"tensor 2 'y'", "dim 1 is 0"});
}

TEST(ValidateModelStructureTest, RejectsDimBelowMinusOne) {
  Model m = ValidModel();
  m.tensors[3].dims = {-2};
  ExpectInvalid(m, {"tensor 3 'z'", "dim 0 is -2"});
}

TEST(ValidateModelStructureTest, RejectsRankAbove32) {
  Model m = ValidModel();
  m.tensors[2].dims = Dims(33, 1);
  ExpectInvalid(m, {"tensor 2 'y'", "rank 33"});
  m.tensors[2].dims = Dims(32, 1);
  EXPECT_TRUE(ValidateModelStructure(m).ok());
}

TEST(ValidateModelStructureTest, RejectsInvalidAndUnknownDataType) {
  Model m = ValidModel();
  m.tensors[2].data_type = DataType::kUnknown;
  ExpectInvalid(m, {"tensor 2 'y'", "invalid data type 0"});
  m.tensors[2].data_type = static_cast<DataType>(31);
  ExpectInvalid(m, {"tensor 2 'y'", "invalid data type 31"});
}

TEST(ValidateModelStructureTest, RejectsInvalidFormat) {
  Model m = ValidModel();
  m.tensors[0].format = static_cast<Format>(5);
  ExpectInvalid(m, {"tensor 0 'x'", "invalid format 5"});
}

TEST(ValidateModelStructureTest, RejectsInvalidNodeType) {
  Model m = ValidModel();
  m.nodes[0].type = static_cast<NodeType>(3);
  ExpectInvalid(m, {"node 0 'add'", "invalid node type 3"});
}

TEST(ValidateModelStructureTest, RejectsInvalidQuantType) {
  Model m = ValidModel();
  m.nodes[1].quant_type = static_cast<QuantType>(2);
  ExpectInvalid(m, {"node 1 'relu'", "invalid quant type"});
}

TEST(ValidateModelStructureTest, RejectsNodeWithoutOutputs) {
  Model m = ValidModel();
  m.nodes.push_back(Node{"sink", NodeType::ABS, {}, {3}, {}, QuantType::kNone});
  ExpectInvalid(m, {"node 2 'sink'", "no outputs"});
}

TEST(ValidateModelStructureTest, RejectsOutputNotProduced) {
  Model m = ValidModel();
  m.tensors.push_back(MakeTensor("orphan", {1}));
  m.outputs = {3, 4};
  ExpectInvalid(m, {"model output tensor 4 'orphan'", "not produced"});
}

TEST(ValidateModelStructureTest, RejectsOutputThatIsAConstantOrAnInput) {  // C-1
  Model m = ValidModel();
  m.outputs = {1};
  ExpectInvalid(m, {"model output tensor 1 'w'", "not produced"});
  m.outputs = {0};
  ExpectInvalid(m, {"model output tensor 0 'x'", "not produced"});
}

TEST(ValidateModelStructureTest, RejectsModelWithoutInputsOrOutputs) {
  Model m = ValidModel();
  m.inputs.clear();
  ExpectInvalid(m, {"no inputs"});
  m = ValidModel();
  m.outputs.clear();
  ExpectInvalid(m, {"no outputs"});
}

TEST(ValidateModelStructureTest, RejectsSubgraphIndicesOutOfRange) {
  Model m = ValidModel();
  m.subgraphs[0].nodes = {0, 1, 2};
  ExpectInvalid(m, {"subgraph 0 'main'", "node index 2 out of range"});
  m = ValidModel();
  m.subgraphs[0].inputs = {1};
  ExpectInvalid(m, {"subgraph 0 'main'", "input subgraph index 1 out of range"});
  m = ValidModel();
  m.subgraphs[0].outputs = {5};
  ExpectInvalid(m, {"subgraph 0 'main'", "output subgraph index 5 out of range"});
}

TEST(ValidateModelStructureTest, HostileValuesNeverCrash) {
  Model m = ValidModel();
  m.nodes[0].inputs = {std::numeric_limits<uint32_t>::max()};
  ExpectInvalid(m, {"node 0 'add'", "out of range"});
  m = ValidModel();
  m.tensors[0].dims = {std::numeric_limits<int32_t>::min()};
  ExpectInvalid(m, {"tensor 0 'x'"});
}

// ---- TopologicalOrder ----------------------------------------------------------------

TEST(TopologicalOrderTest, ProducersComeFirstAndTiesKeepModelOrder) {
  Model m = ValidModel();
  std::swap(m.nodes[0], m.nodes[1]);  // relu (reads y) is now node 0, add node 1
  std::vector<uint32_t> order;
  ASSERT_TRUE(TopologicalOrder(m, &order).ok());
  EXPECT_EQ(order, (std::vector<uint32_t>{1, 0}));
  Model independent = ValidModel();
  independent.nodes[1].inputs = {0};
  ASSERT_TRUE(TopologicalOrder(independent, &order).ok());
  EXPECT_EQ(order, (std::vector<uint32_t>{0, 1}));
}

TEST(TopologicalOrderTest, FailsOnCycle) {
  Model m = ValidModel();
  m.nodes[0].inputs = {3};
  std::vector<uint32_t> order;
  const Status s = TopologicalOrder(m, &order);
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("cycle"), std::string::npos);
}

}  // namespace
}  // namespace nnrt
