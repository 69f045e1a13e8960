#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "reference/ops/core/op_def.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;

TEST(RegistryTest, EveryNodeTypeHasExactlyOneEntry) {
  ASSERT_EQ(AllNodeTypes().size(), 97u);
  EXPECT_EQ(AllOpDefs().size(), 97u);
  std::set<uint32_t> seen;
  for (const OpDef& def : AllOpDefs()) {
    EXPECT_TRUE(seen.insert(static_cast<uint32_t>(def.type)).second) << NodeTypeName(def.type);
  }
  for (NodeType t : AllNodeTypes()) {
    const OpDef* def = FindOpDef(t);
    ASSERT_NE(def, nullptr) << NodeTypeName(t);
    EXPECT_EQ(def->type, t);
    EXPECT_EQ(def->infer == nullptr, def->kernel == nullptr) << NodeTypeName(t);
  }
}

TEST(RegistryTest, NonNodeTypeValueIsNotFound) {
  EXPECT_EQ(FindOpDef(static_cast<NodeType>(3)), nullptr);
  EXPECT_EQ(FindOpDef(static_cast<NodeType>(1000)), nullptr);
}

TEST(RegistryTest, EveryNodeTypeHasExactlyOneEntryInEnumOrder) {
  const std::vector<NodeType>& types = AllNodeTypes();
  ASSERT_EQ(AllOpDefs().size(), types.size());
  for (size_t i = 0; i < types.size(); ++i) EXPECT_EQ(AllOpDefs()[i].type, types[i]) << i;
  EXPECT_EQ(OperatorNodeTypeCount(), 96);  // every HDI v2.1 node type but NONE
}

TEST(RegistryTest, ImplementedEntriesHaveModuleSignaturesAndFamilies) {
  for (const OpDef& def : AllOpDefs()) {
    if (!def.implemented()) {
      EXPECT_TRUE(def.data_types.empty()) << NodeTypeName(def.type) << " lists data types but has no kernel";
      continue;
    }
    EXPECT_FALSE(def.data_types.empty()) << NodeTypeName(def.type);
    EXPECT_NE(std::string(def.family), "") << NodeTypeName(def.type);
  }
}

TEST(RegistryTest, EveryOptionalAttributeHasADefaultOfItsOwnTypeAndName) {
  for (const OpDef& def : AllOpDefs()) {
    for (const AttrSpec& s : def.attrs) {
      EXPECT_EQ(s.default_value.name, s.name) << NodeTypeName(def.type);
      EXPECT_EQ(s.default_value.type, s.type) << NodeTypeName(def.type) << "." << s.name;
      if (s.required || s.count < 0) continue;
      EXPECT_EQ(static_cast<int32_t>(s.default_value.Count()), s.count) << NodeTypeName(def.type) << "." << s.name;
      for (int64_t v : s.default_value.ints) {
        EXPECT_TRUE(s.domain.Contains(static_cast<double>(v))) << NodeTypeName(def.type) << "." << s.name;
      }
    }
  }
}

TEST(RegistryTest, AbsentAttributeReadsAsItsSchemaDefault) {
  Node clip;
  clip.type = NodeType::CLIP;
  EXPECT_EQ(FloatAttr(clip, "max"), 0.0f);
  Node layer_norm;
  layer_norm.type = NodeType::LAYER_NORM_FUSION;
  EXPECT_EQ(IntAttr(layer_norm, "beginNormAxis"), 1);
  EXPECT_TRUE(BoolAttr(layer_norm, "elementwiseAffine"));
  layer_norm.attrs.push_back(Attr::Int64("beginNormAxis", 2));
  EXPECT_EQ(IntAttr(layer_norm, "beginNormAxis"), 2);
  const std::vector<Attr> defaults = DefaultAttrs(NodeType::EXPFUSION);
  ASSERT_EQ(defaults.size(), 3u);
  EXPECT_EQ(defaults[0].name, "base");
  EXPECT_EQ(defaults[0].floats, std::vector<float>{-1.0f});
}

const AttrSpec* FindSpec(NodeType t, const char* name) {
  for (const AttrSpec& s : FindOpDef(t)->attrs) {
    if (std::string(s.name) == name) return &s;
  }
  return nullptr;
}

TEST(RegistryTest, AttributeSchemasFollowHdiNodeAttrTypes) {
  struct Case {
    NodeType type;
    const char* name;
    AttrType attr_type;
    int32_t count;
  };
  const Case cases[] = {
      {NodeType::CONV2D_FUSION, "padList", AttrType::kInt64, -1},
      {NodeType::CONV2D_FUSION, "kernelSize", AttrType::kInt64, -1},
      {NodeType::CONV2D_FUSION, "padMode", AttrType::kInt8, 1},
      {NodeType::CONV2D_FUSION, "activationType", AttrType::kInt8, 1},
      {NodeType::CONV2D_FUSION, "group", AttrType::kInt64, 1},
      {NodeType::CONV2D_TRANSPOSE_FUSION, "outputPaddings", AttrType::kInt64, -1},
      {NodeType::AVGPOOL_FUSION, "roundMode", AttrType::kInt8, 1},
      {NodeType::MAX_POOL_FUSION, "global", AttrType::kBool, 1},
      {NodeType::ACTIVATION, "approximate", AttrType::kBool, 1},
      {NodeType::ACTIVATION, "alpha", AttrType::kFloat32, 1},
      {NodeType::DEPTH_TO_SPACE, "mode", AttrType::kString, -1},
      {NodeType::LRN, "normRegion", AttrType::kString, -1},
      {NodeType::RESIZE, "method", AttrType::kInt8, 1},
      {NodeType::RESIZE, "excludeOutside", AttrType::kInt64, 1},
      {NodeType::PAD_FUSION, "paddings", AttrType::kInt64, -1},
      {NodeType::PAD_FUSION, "paddingMode", AttrType::kInt8, 1},
      {NodeType::REDUCE_FUSION, "mode", AttrType::kInt8, 1},
      {NodeType::ELTWISE, "mode", AttrType::kInt8, 1},
      {NodeType::CONSTANT_OF_SHAPE, "value", AttrType::kFloat32, -1},
      {NodeType::ALL, "keepDims", AttrType::kInt64, 1},
      {NodeType::QUANT_DTYPE_CAST, "axis", AttrType::kInt64, 1},
      {NodeType::DETECTION_POST_PROCESS, "nmsIoUThreshold", AttrType::kFloat32, 1},
      {NodeType::LSTM, "projSize", AttrType::kInt64, 1},
  };
  for (const Case& c : cases) {
    const AttrSpec* s = FindSpec(c.type, c.name);
    ASSERT_NE(s, nullptr) << NodeTypeName(c.type) << "." << c.name;
    EXPECT_EQ(s->type, c.attr_type) << NodeTypeName(c.type) << "." << c.name;
    EXPECT_EQ(s->count, c.count) << NodeTypeName(c.type) << "." << c.name;
  }
}

// C-40: only ACTIVATION.activationType is required.
TEST(RegistryTest, OnlyActivationTypeOfActivationIsRequired) {
  for (const OpDef& def : AllOpDefs()) {
    for (const AttrSpec& s : def.attrs) {
      const bool expected = def.type == NodeType::ACTIVATION && std::string(s.name) == "activationType";
      EXPECT_EQ(s.required, expected) << NodeTypeName(def.type) << "." << s.name;
    }
  }
}

TEST(RegistryTest, InputOutputCountsFollowTheCatalog) {
  EXPECT_EQ(FindOpDef(NodeType::CONV2D_FUSION)->min_inputs, 2);
  EXPECT_EQ(FindOpDef(NodeType::CONV2D_FUSION)->max_inputs, 3);
  EXPECT_EQ(FindOpDef(NodeType::CONCAT)->max_inputs, -1);
  EXPECT_EQ(FindOpDef(NodeType::LSTM)->min_inputs, 6);
  EXPECT_EQ(FindOpDef(NodeType::LSTM)->max_outputs, 3);
  EXPECT_EQ(FindOpDef(NodeType::DETECTION_POST_PROCESS)->min_outputs, 4);
  EXPECT_EQ(FindOpDef(NodeType::TOPK_FUSION)->min_outputs, 2);
  EXPECT_EQ(FindOpDef(NodeType::SPLIT)->max_outputs, -1);
  EXPECT_EQ(FindOpDef(NodeType::ONE_HOT)->min_inputs, 4);
}

// Node types without a kernel yet (NONE always, being no operator) report NNRT_UNSUPPORTED_OP.
TEST(RegistryTest, UnimplementedNodeTypeIsReportedUnsupported) {
  int checked = 0;
  for (const OpDef& def : AllOpDefs()) {
    if (def.implemented()) continue;
    OpHarness h(def.type);
    for (int32_t i = 0; i < def.min_inputs; ++i) h.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}));
    for (int32_t i = 0; i < std::max(def.min_outputs, 1); ++i) h.Output(DataType::kFloat32);
    if (def.max_outputs >= 0 && def.max_outputs < 1) continue;
    const Status s = h.Infer();
    EXPECT_EQ(s.code(), NNRT_UNSUPPORTED_OP) << NodeTypeName(def.type) << ": " << s.message();
    ++checked;
  }
  EXPECT_GE(checked, 1);  // at least NONE
}

TEST(RegistryTest, SchemaRejectsUnknownAttributeWrongTypeAndWrongCount) {
  {
    OpHarness h(NodeType::ADD_FUSION);
    h.Attr(Attr::Int8("activation", 0));
    h.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
  }
  {
    OpHarness h(NodeType::ADD_FUSION);
    h.Attr(Attr::Int64("activationType", 0));  // must be int8 (HDI byte enum)
    h.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
  }
  {
    OpHarness h(NodeType::ADD_FUSION);  // 3 inputs
    h.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
  }
}

}  // namespace
}  // namespace nnrt
