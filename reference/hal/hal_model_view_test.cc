#include "reference/hal/hal_model_view.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

#include "reference/device/testing/test_models.h"

namespace nnrt {
namespace {

using testing::AddModel;

void ExpectSameModel(const Model& a, const Model& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.inputs, b.inputs);
  EXPECT_EQ(a.outputs, b.outputs);
  ASSERT_EQ(a.tensors.size(), b.tensors.size());
  for (size_t i = 0; i < a.tensors.size(); ++i) {
    EXPECT_EQ(a.tensors[i].name, b.tensors[i].name);
    EXPECT_EQ(a.tensors[i].data_type, b.tensors[i].data_type);
    EXPECT_EQ(a.tensors[i].dims, b.tensors[i].dims);
    EXPECT_EQ(a.tensors[i].format, b.tensors[i].format);
    EXPECT_EQ(a.tensors[i].data, b.tensors[i].data);
    EXPECT_EQ(a.tensors[i].quant_params, b.tensors[i].quant_params);
  }
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
    EXPECT_EQ(a.nodes[i].type, b.nodes[i].type);
    EXPECT_EQ(a.nodes[i].attrs, b.nodes[i].attrs);
    EXPECT_EQ(a.nodes[i].inputs, b.nodes[i].inputs);
    EXPECT_EQ(a.nodes[i].outputs, b.nodes[i].outputs);
    EXPECT_EQ(a.nodes[i].quant_type, b.nodes[i].quant_type);
  }
  ASSERT_EQ(a.subgraphs.size(), b.subgraphs.size());
  for (size_t i = 0; i < a.subgraphs.size(); ++i) {
    EXPECT_EQ(a.subgraphs[i].name, b.subgraphs[i].name);
    EXPECT_EQ(a.subgraphs[i].inputs, b.subgraphs[i].inputs);
    EXPECT_EQ(a.subgraphs[i].outputs, b.subgraphs[i].outputs);
    EXPECT_EQ(a.subgraphs[i].nodes, b.subgraphs[i].nodes);
  }
}

// A model exercising every attribute type, quant params and two constants.
Model RichModel() {
  Model m = AddModel({2, 3}, {2, 3});
  m.nodes[0].attrs.push_back(Attr::Bool("flag", true));
  m.nodes[0].attrs.push_back(Attr::Int64s("axes", {-1, 5, 1LL << 40}));
  m.nodes[0].attrs.push_back(Attr::Floats("coeffs", {0.25f, -3.5f}));
  m.nodes[0].attrs.push_back(Attr::String("mode", "same"));
  m.nodes[1].quant_type = QuantType::kAll;
  m.tensors[1].quant_params = {{8, -3, 0.5}, {8, 7, 0.125}};
  m.tensors[1].format = Format::kNchw;
  Tensor extra = testing::MakeTensor("k", DataType::kInt8, {3});
  extra.data = {1, 2, 3};
  m.tensors.push_back(extra);
  return m;
}

TEST(HalModelView, RoundTripKeepsEveryField) {
  const Model m = RichModel();
  for (bool memfd : {false, true}) {
    HalViewOptions options;
    options.constants_in_memfd = memfd;
    std::unique_ptr<HalModelView> view;
    ASSERT_TRUE(HalModelView::Build(m, options, &view).ok());
    Model back;
    Status s = ModelFromHal(view->get(), &back);
    ASSERT_TRUE(s.ok()) << s.ToString();
    ExpectSameModel(m, back);
    EXPECT_EQ(memfd, view->constants_fd() >= 0);
  }
}

TEST(HalModelView, ConstantsShareOneAlignedBuffer) {
  const Model m = RichModel();
  std::unique_ptr<HalModelView> view;
  ASSERT_TRUE(HalModelView::Build(m, HalViewOptions(), &view).ok());
  const NNRT_HalModel* c = view->get();
  const NNRT_HalTensor& c2 = c->allTensors[2];
  const NNRT_HalTensor& k = c->allTensors[5];
  EXPECT_EQ(c2.data.hostAddress, k.data.hostAddress);
  EXPECT_EQ(c2.data.dataSize, 24u);
  EXPECT_EQ(k.data.dataSize, 3u);
  EXPECT_EQ(k.data.offset % 8, 0u);
  EXPECT_LE(k.data.offset + k.data.dataSize, k.data.bufferSize);
  EXPECT_EQ(c->allTensors[0].data.dataSize, 0u);
  EXPECT_EQ(c2.data.fd, -1);
}

TEST(HalModelView, MemfdConstantsAreReadableThroughTheFdAlone) {
  const Model m = RichModel();
  HalViewOptions options;
  options.constants_in_memfd = true;
  std::unique_ptr<HalModelView> view;
  ASSERT_TRUE(HalModelView::Build(m, options, &view).ok());
  // Copy the C structs and drop hostAddress: the reader must mmap the fd.
  std::vector<NNRT_HalTensor> tensors(view->get()->allTensors, view->get()->allTensors + view->get()->tensorCount);
  for (NNRT_HalTensor& t : tensors) t.data.hostAddress = nullptr;
  NNRT_HalModel c = *view->get();
  c.allTensors = tensors.data();
  Model back;
  Status s = ModelFromHal(&c, &back);
  ASSERT_TRUE(s.ok()) << s.ToString();
  ExpectSameModel(m, back);
}

// Builds a valid view, lets `mutate` break one thing in a copy of the C
// structs, and expects ModelFromHal to answer `code`.
class HostileView : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(HalModelView::Build(RichModel(), HalViewOptions(), &view_).ok());
    const NNRT_HalModel* v = view_->get();
    model_ = *v;
    tensors_.assign(v->allTensors, v->allTensors + v->tensorCount);
    nodes_.assign(v->nodes, v->nodes + v->nodeCount);
    attrs_.assign(v->nodes[0].attrs, v->nodes[0].attrs + v->nodes[0].attrCount);
    subgraphs_.assign(v->subGraphs, v->subGraphs + v->subGraphCount);
    Relink();
  }
  void Relink() {
    model_.allTensors = tensors_.data();
    model_.nodes = nodes_.data();
    nodes_[0].attrs = attrs_.data();
    model_.subGraphs = subgraphs_.data();
  }
  NNRT_ReturnCode Convert() {
    Model out;
    Status s = ModelFromHal(&model_, &out);
    EXPECT_FALSE(s.message().empty() && !s.ok());
    return s.code();
  }
  std::unique_ptr<HalModelView> view_;
  NNRT_HalModel model_{};
  std::vector<NNRT_HalTensor> tensors_;
  std::vector<NNRT_HalNode> nodes_;
  std::vector<NNRT_HalAttr> attrs_;
  std::vector<NNRT_HalSubGraph> subgraphs_;
};

TEST_F(HostileView, IntactCopyConverts) { EXPECT_EQ(Convert(), NNRT_SUCCESS); }

TEST_F(HostileView, NullModelIsNullPtr) {
  Model out;
  EXPECT_EQ(ModelFromHal(nullptr, &out).code(), NNRT_NULL_PTR);
}

TEST_F(HostileView, NullArraysWithCountsAreInvalidModel) {
  model_.allTensors = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  Relink();
  model_.nodes = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  Relink();
  model_.inputIndex = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  model_.inputIndex = view_->get()->inputIndex;
  model_.subGraphs = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  Relink();
  tensors_[0].dims = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  tensors_[0] = view_->get()->allTensors[0];
  tensors_[1].quantParams = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  tensors_[1] = view_->get()->allTensors[1];
  nodes_[1].outputIndex = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  nodes_[1] = view_->get()->nodes[1];
  attrs_[1].data = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  attrs_[1] = view_->get()->nodes[0].attrs[1];
  attrs_[0].name = nullptr;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
}

TEST_F(HostileView, InvalidEnumValuesAreInvalidModel) {
  tensors_[0].dataType = 41;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  tensors_[0].dataType = NNRT_DATA_TYPE_FLOAT32;
  tensors_[0].format = 2;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  tensors_[0].format = NNRT_FORMAT_NHWC;
  nodes_[0].nodeType = 3;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  nodes_[0].nodeType = static_cast<uint32_t>(NodeType::ADD_FUSION);
  nodes_[0].quantType = 2;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  nodes_[0].quantType = 0;
  attrs_[0].type = 6;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  attrs_[0].type = NNRT_ATTR_INT8;
  EXPECT_EQ(Convert(), NNRT_SUCCESS);
}

TEST_F(HostileView, BoolAttributeByteOtherThanZeroOrOneIsInvalidModel) {
  const uint8_t two = 2;
  attrs_[1].data = &two;  // attrs_[1] is the bool "flag"
  ASSERT_EQ(attrs_[1].type, NNRT_ATTR_BOOL);
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
}

TEST_F(HostileView, DataOutsideItsBufferIsInvalidModel) {
  NNRT_HalTensor& c = tensors_[2];
  c.data.offset = c.data.bufferSize - 4;  // 24 bytes cannot fit
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  c.data.offset = 0xFFFFFFF0u;  // offset + dataSize overflows 32 bits
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  c.data = view_->get()->allTensors[2].data;
  c.data.hostAddress = nullptr;
  c.data.fd = -1;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
}

TEST_F(HostileView, FdSmallerThanBufferSizeIsInvalidModel) {
  const int fd = memfd_create("small", MFD_CLOEXEC);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, 4), 0);
  NNRT_HalTensor& c = tensors_[2];
  c.data.hostAddress = nullptr;
  c.data.fd = fd;  // claims bufferSize bytes, holds 4
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  close(fd);
}

TEST_F(HostileView, AbsurdCountsAreInvalidModel) {
  model_.tensorCount = 0xFFFFFFFFu;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  model_.tensorCount = view_->get()->tensorCount;
  model_.nodeCount = kHalMaxNodes + 1;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  model_.nodeCount = view_->get()->nodeCount;
  tensors_[0].dimCount = NNRT_HAL_MAX_RANK + 1;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  tensors_[0] = view_->get()->allTensors[0];
  nodes_[0].attrCount = kHalMaxAttrs + 1;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  nodes_[0].attrCount = view_->get()->nodes[0].attrCount;
  attrs_[2].count = kHalMaxAttrElements + 1;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  attrs_[2] = view_->get()->nodes[0].attrs[2];
  nodes_[1].inputCount = 0xFFFFFFFFu;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  nodes_[1] = view_->get()->nodes[1];
  tensors_[1].quantParamCount = 0xFFFFFFFFu;
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
}

TEST_F(HostileView, UnterminatedOverlongNameIsInvalidModel) {
  std::string long_name(kHalMaxStringLength + 10, 'x');
  tensors_[0].name = long_name.c_str();
  EXPECT_EQ(Convert(), NNRT_INVALID_MODEL);
  tensors_[0].name = nullptr;  // C-21: a NULL tensor / node / model name reads as ""
  EXPECT_EQ(Convert(), NNRT_SUCCESS);
}

TEST(HalModelConfig, RoundTripAndValueChecks) {
  ModelConfig config;
  config.enable_float16 = true;
  config.performance_mode = NNRT_PERFORMANCE_HIGH;
  config.priority = NNRT_PRIORITY_LOW;
  config.extensions["ModelName"] = {'m', '1'};
  config.extensions["empty"] = {};
  HalModelConfigView view(config);
  ModelConfig back;
  ASSERT_TRUE(ModelConfigFromHal(view.get(), &back).ok());
  EXPECT_TRUE(back == config);
  EXPECT_TRUE(ValidateModelConfigValues(back).ok());

  EXPECT_EQ(ModelConfigFromHal(nullptr, &back).code(), NNRT_NULL_PTR);
  NNRT_HalModelConfig c = *view.get();
  const uint8_t two = 2;
  std::memcpy(&c.enableFloat16, &two, 1);  // C-23: not a bool value
  EXPECT_EQ(ModelConfigFromHal(&c, &back).code(), NNRT_INVALID_PARAMETER);
  c = *view.get();
  c.extensions = nullptr;
  EXPECT_EQ(ModelConfigFromHal(&c, &back).code(), NNRT_INVALID_PARAMETER);
  NNRT_HalExtension dup[2] = {{"k", nullptr, 0}, {"k", nullptr, 0}};
  c.extensions = dup;
  c.extensionCount = 2;
  EXPECT_EQ(ModelConfigFromHal(&c, &back).code(), NNRT_INVALID_PARAMETER);
  NNRT_HalExtension null_key = {nullptr, nullptr, 0};
  c.extensions = &null_key;
  c.extensionCount = 1;
  EXPECT_EQ(ModelConfigFromHal(&c, &back).code(), NNRT_INVALID_PARAMETER);

  for (int32_t mode : {-1, 5, 1000}) {
    ModelConfig bad;
    bad.performance_mode = mode;
    EXPECT_EQ(ValidateModelConfigValues(bad).code(), NNRT_INVALID_PERFORMANCE_MODE) << mode;
  }
  for (int32_t priority : {-1, 4}) {
    ModelConfig bad;
    bad.priority = priority;
    EXPECT_EQ(ValidateModelConfigValues(bad).code(), NNRT_INVALID_PRIORITY) << priority;
  }
}

// Property: flipping any one byte of the C structs of a valid view never
// crashes the reader; it either converts or answers an error code.
RC_GTEST_PROP(HalModelViewProperty, CorruptedScalarFieldsNeverCrash, ()) {
  std::unique_ptr<HalModelView> view;
  RC_ASSERT(HalModelView::Build(RichModel(), HalViewOptions(), &view).ok());
  std::vector<NNRT_HalTensor> tensors(view->get()->allTensors, view->get()->allTensors + view->get()->tensorCount);
  // Corrupt only non-pointer, non-count fields (pointers and counts must be
  // coherent by contract; their sanity checks are covered above).
  const size_t t = *rc::gen::inRange<size_t>(0, tensors.size());
  const int field = *rc::gen::inRange(0, 4);
  const int32_t value = *rc::gen::arbitrary<int32_t>();
  switch (field) {
    case 0: tensors[t].dataType = value; break;
    case 1: tensors[t].format = value; break;
    case 2: tensors[t].data.offset = static_cast<uint32_t>(value); break;
    default: tensors[t].data.dataSize = static_cast<uint32_t>(value) % 4096; break;
  }
  NNRT_HalModel c = *view->get();
  c.allTensors = tensors.data();
  Model out;
  const Status s = ModelFromHal(&c, &out);
  RC_ASSERT(s.ok() || s.code() == NNRT_INVALID_MODEL);
}

}  // namespace
}  // namespace nnrt
