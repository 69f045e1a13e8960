// The reference driver through the loader and the RAII wrapper: every HAL
// function, its error paths, the cache format, shared buffers, concurrency.
#include "reference/device/reference_device.h"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <thread>

#include "reference/device/model_cache.h"
#include "reference/device/testing/test_models.h"
#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"

namespace nnrt {
namespace {

using testing::AbsModel;
using testing::AddModel;
using testing::BytesToFloats;
using testing::FloatBytes;
using testing::FloatTensor;
using testing::RunfilePath;

std::unique_ptr<HalDevice> OpenDevice(const std::string& so, std::unique_ptr<HalLibrary>* lib) {
  Status s = LoadHalDriver(RunfilePath(so), lib);
  EXPECT_TRUE(s.ok()) << s.ToString();
  std::unique_ptr<HalDevice> device;
  if (s.ok()) {
    s = (*lib)->CreateDevice(&device);
    EXPECT_TRUE(s.ok()) << s.ToString();
  }
  return device;
}

std::vector<HostTensor> OutputSlots(size_t n, size_t capacity_bytes) {
  std::vector<HostTensor> out(n);
  for (HostTensor& t : out) {
    t.data_type = DataType::kFloat32;
    t.data.assign(capacity_bytes, 0xAB);
  }
  return out;
}

class ReferenceDriverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    device_ = OpenDevice("reference/libnnrt_reference_driver.so", &lib_);
    ASSERT_NE(device_, nullptr);
  }
  const NNRT_HalDriver& d() const { return device_->driver(); }
  std::unique_ptr<HalPreparedModel> Prepare(const Model& m, const ModelConfig& config = ModelConfig()) {
    std::unique_ptr<HalPreparedModel> p;
    Status s = device_->PrepareModel(m, config, &p);
    EXPECT_TRUE(s.ok()) << s.ToString();
    return p;
  }
  std::unique_ptr<HalLibrary> lib_;
  std::unique_ptr<HalDevice> device_;
};

const std::vector<HostTensor> kAddInputs = {FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6}),
                                            FloatTensor({2, 3}, {10, 20, 30, 40, 50, 60})};
const std::vector<float> kAddExpected = {11.5f, 23.5f, 35.5f, 47.5f, 59.5f, 71.5f};

TEST_F(ReferenceDriverTest, DeviceQueriesReportTheReferenceIdentity) {
  std::string s;
  ASSERT_TRUE(device_->Name(&s).ok());
  EXPECT_EQ(s, "nnrt-reference");
  ASSERT_TRUE(device_->Vendor(&s).ok());
  EXPECT_EQ(s, "NNRt Reference & Conformance Kit");
  uint32_t major = 0, minor = 0;
  ASSERT_TRUE(device_->Version(&major, &minor).ok());
  EXPECT_EQ(major, 2u);
  EXPECT_EQ(minor, 1u);
  int32_t v = -1;
  ASSERT_TRUE(device_->Type(&v).ok());
  EXPECT_EQ(v, NNRT_DEVICE_CPU);
  ASSERT_TRUE(device_->DeviceStatus(&v).ok());
  EXPECT_EQ(v, NNRT_DEVICE_AVAILABLE);
  bool b = false;
  ASSERT_TRUE(device_->IsFloat16PrecisionSupported(&b).ok());
  EXPECT_TRUE(b);
  b = false;
  ASSERT_TRUE(device_->IsPerformanceModeSupported(&b).ok());
  EXPECT_TRUE(b);
  b = false;
  ASSERT_TRUE(device_->IsPrioritySupported(&b).ok());
  EXPECT_TRUE(b);
  b = false;
  ASSERT_TRUE(device_->IsDynamicInputSupported(&b).ok());
  EXPECT_TRUE(b);
  b = false;
  ASSERT_TRUE(device_->IsModelCacheSupported(&b).ok());
  EXPECT_TRUE(b);
}

TEST_F(ReferenceDriverTest, RunsAModelEndToEnd) {
  for (bool memfd : {false, true}) {
    HalViewOptions options;
    options.constants_in_memfd = memfd;
    device_->set_view_options(options);
    auto p = Prepare(AddModel({2, 3}, {2, 3}));
    ASSERT_NE(p, nullptr);
    std::vector<HostTensor> out = OutputSlots(1, 64);
    Status s = p->Run(kAddInputs, &out);
    ASSERT_TRUE(s.ok()) << s.ToString();
    EXPECT_EQ(out[0].dims, (Dims{2, 3}));
    EXPECT_EQ(BytesToFloats(out[0].data), kAddExpected);
  }
}

TEST_F(ReferenceDriverTest, GetSupportedOperationIsPerNodeAndRejectsInvalidModels) {
  Model m = AddModel({2, 3}, {2, 3});
  m.tensors.push_back(testing::MakeTensor("abs_out", DataType::kFloat32, {2, 3}));
  Node abs;
  abs.type = NodeType::ABS;
  abs.inputs = {4};
  abs.outputs = {5};
  m.nodes.push_back(abs);
  m.outputs = {5};
  m.nodes[0].inputs = {0, 1, 2};  // ADD with 3 inputs: InferNode fails
  std::vector<bool> supported;
  ASSERT_TRUE(device_->GetSupportedOperation(m, &supported).ok());
  EXPECT_EQ(supported, (std::vector<bool>{false, true, true}));
  m.nodes[0].inputs = {0, 42};
  const Status s = device_->GetSupportedOperation(m, &supported);
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("GetSupportedOperation failed"), std::string::npos) << s.message();
}

TEST_F(ReferenceDriverTest, NullPointersAreNullPtrAndSetTheLastError) {
  NNRT_HalDevice* dev = device_->raw();
  const char* name = nullptr;
  EXPECT_EQ(d().GetDeviceName(nullptr, &name), NNRT_NULL_PTR);
  EXPECT_STRNE(d().GetLastErrorMessage(), "");
  EXPECT_EQ(d().GetDeviceName(dev, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().GetDeviceName(dev, &name), NNRT_SUCCESS);
  EXPECT_STREQ(d().GetLastErrorMessage(), "");  // cleared by a successful call
  EXPECT_EQ(d().GetVendorName(dev, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().GetVersion(dev, nullptr, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().GetDeviceType(dev, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().GetDeviceStatus(dev, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().IsFloat16PrecisionSupported(dev, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().IsModelCacheSupported(nullptr, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().CreateDevice(nullptr), NNRT_NULL_PTR);

  std::unique_ptr<HalModelView> view;
  ASSERT_TRUE(HalModelView::Build(AddModel({2, 3}, {2, 3}), HalViewOptions(), &view).ok());
  HalModelConfigView config(ModelConfig{});
  bool flags[2];
  EXPECT_EQ(d().GetSupportedOperation(dev, nullptr, flags), NNRT_NULL_PTR);
  EXPECT_EQ(d().GetSupportedOperation(dev, view->get(), nullptr), NNRT_NULL_PTR);
  NNRT_HalPreparedModel* prepared = reinterpret_cast<NNRT_HalPreparedModel*>(0x1);  // must be reset to NULL
  EXPECT_EQ(d().PrepareModel(dev, nullptr, config.get(), &prepared), NNRT_NULL_PTR);
  EXPECT_EQ(prepared, nullptr);
  EXPECT_EQ(d().PrepareModel(dev, view->get(), nullptr, &prepared), NNRT_NULL_PTR);
  EXPECT_EQ(d().PrepareModel(dev, view->get(), config.get(), nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().PrepareModel(nullptr, view->get(), config.get(), &prepared), NNRT_NULL_PTR);
  EXPECT_EQ(d().PrepareModelFromModelCache(dev, nullptr, 1, config.get(), &prepared), NNRT_NULL_PTR);
  EXPECT_EQ(d().PrepareOfflineModel(dev, nullptr, 1, config.get(), &prepared), NNRT_NULL_PTR);
  NNRT_HalBuffer buffer{};
  EXPECT_EQ(d().AllocateBuffer(dev, 16, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().AllocateBuffer(nullptr, 16, &buffer), NNRT_NULL_PTR);
  EXPECT_EQ(d().ReleaseBuffer(dev, nullptr), NNRT_NULL_PTR);

  ASSERT_EQ(d().PrepareModel(dev, view->get(), config.get(), &prepared), NNRT_SUCCESS);
  ASSERT_NE(prepared, nullptr);
  const NNRT_HalBuffer* caches = nullptr;
  uint32_t count = 0;
  EXPECT_EQ(d().ExportModelCache(prepared, nullptr, &count), NNRT_NULL_PTR);
  EXPECT_EQ(d().ExportModelCache(nullptr, &caches, &count), NNRT_NULL_PTR);
  const uint32_t *mins, *maxs, *counts;
  EXPECT_EQ(d().GetInputDimRanges(prepared, &mins, &maxs, nullptr, &count), NNRT_NULL_PTR);
  EXPECT_EQ(d().GetInputDimRanges(nullptr, &mins, &maxs, &counts, &count), NNRT_NULL_PTR);
  NNRT_HalShape shape;
  EXPECT_EQ(d().Run(nullptr, nullptr, 0, nullptr, 0, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().Run(prepared, nullptr, 2, nullptr, 0, nullptr), NNRT_NULL_PTR);
  std::vector<uint8_t> a = FloatBytes({1, 2, 3, 4, 5, 6}), o(24);
  Dims dims{2, 3};
  std::vector<NNRT_HalIOTensor> in = {HostIOTensor("a", DataType::kFloat32, dims, a.data(), a.size()),
                                      HostIOTensor("b", DataType::kFloat32, dims, a.data(), a.size())};
  NNRT_HalIOTensor out = HostIOTensor("o", DataType::kFloat32, dims, o.data(), o.size());
  EXPECT_EQ(d().Run(prepared, in.data(), 2, &out, 1, nullptr), NNRT_NULL_PTR);
  EXPECT_EQ(d().Run(prepared, in.data(), 2, nullptr, 1, &shape), NNRT_NULL_PTR);
  EXPECT_EQ(d().Run(prepared, in.data(), 2, &out, 1, &shape), NNRT_SUCCESS);
  d().ReleasePreparedModel(prepared);
  d().ReleasePreparedModel(nullptr);  // a no-op
}

TEST_F(ReferenceDriverTest, MalformedCViewIsInvalidModelNotACrash) {
  std::unique_ptr<HalModelView> view;
  ASSERT_TRUE(HalModelView::Build(AddModel({2, 3}, {2, 3}), HalViewOptions(), &view).ok());
  HalModelConfigView config(ModelConfig{});
  std::vector<NNRT_HalTensor> tensors(view->get()->allTensors, view->get()->allTensors + view->get()->tensorCount);
  NNRT_HalModel c = *view->get();
  c.allTensors = tensors.data();
  NNRT_HalPreparedModel* prepared = nullptr;
  tensors[2].data.offset = 0xFFFFFFF0u;  // constant data outside its buffer
  EXPECT_EQ(d().PrepareModel(device_->raw(), &c, config.get(), &prepared), NNRT_INVALID_MODEL);
  EXPECT_NE(std::string(d().GetLastErrorMessage()).find("exceeds bufferSize"), std::string::npos);
  tensors[2] = view->get()->allTensors[2];
  tensors[0].dataType = 12345;
  EXPECT_EQ(d().PrepareModel(device_->raw(), &c, config.get(), &prepared), NNRT_INVALID_MODEL);
  bool flags[2];
  EXPECT_EQ(d().GetSupportedOperation(device_->raw(), &c, flags), NNRT_INVALID_MODEL);
  tensors[0] = view->get()->allTensors[0];
  c.nodes = nullptr;
  EXPECT_EQ(d().PrepareModel(device_->raw(), &c, config.get(), &prepared), NNRT_INVALID_MODEL);
  EXPECT_EQ(prepared, nullptr);
  c = *view->get();
  EXPECT_EQ(d().PrepareModel(device_->raw(), &c, config.get(), &prepared), NNRT_SUCCESS);
  d().ReleasePreparedModel(prepared);
}

TEST_F(ReferenceDriverTest, InvalidConfigValuesAreRejected) {
  const Model m = AddModel({2, 3}, {2, 3});
  std::unique_ptr<HalPreparedModel> p;
  ModelConfig config;
  config.performance_mode = 5;
  Status s = device_->PrepareModel(m, config, &p);
  EXPECT_EQ(s.code(), NNRT_INVALID_PERFORMANCE_MODE);
  EXPECT_NE(s.message().find("performance mode 5"), std::string::npos) << s.message();  // the driver's own text
  config.performance_mode = -1;
  EXPECT_EQ(device_->PrepareModel(m, config, &p).code(), NNRT_INVALID_PERFORMANCE_MODE);
  config.performance_mode = NNRT_PERFORMANCE_EXTREME;
  config.priority = 4;
  EXPECT_EQ(device_->PrepareModel(m, config, &p).code(), NNRT_INVALID_PRIORITY);
  config.priority = -1;
  EXPECT_EQ(device_->PrepareModel(m, config, &p).code(), NNRT_INVALID_PRIORITY);
  EXPECT_EQ(p, nullptr);
  config.priority = NNRT_PRIORITY_HIGH;
  config.enable_float16 = true;
  config.extensions["isProfiling"] = {1};
  EXPECT_TRUE(device_->PrepareModel(m, config, &p).ok());
}

TEST_F(ReferenceDriverTest, InvalidModelIsRejectedAtPrepare) {
  Model m = AddModel({2, 3}, {2, 3});
  m.tensors[2].data.pop_back();  // constant data one byte short
  std::unique_ptr<HalPreparedModel> p;
  EXPECT_EQ(device_->PrepareModel(m, ModelConfig(), &p).code(), NNRT_INVALID_MODEL);
  m = AddModel({2, 3}, {2, 3});
  m.nodes[1].attrs = {Attr::Int8("activationType", 0), Attr::Int8("activationType", 1)};
  EXPECT_EQ(device_->PrepareModel(m, ModelConfig(), &p).code(), NNRT_INVALID_MODEL);  // schema violation
}

TEST_F(ReferenceDriverTest, RunRejectsBadInputsAndOutputs) {
  auto p = Prepare(AddModel({2, 3}, {2, 3}));
  ASSERT_NE(p, nullptr);
  std::vector<uint8_t> a = FloatBytes({1, 2, 3, 4, 5, 6}), o(24);
  Dims dims{2, 3};
  auto in = [&]() {
    return std::vector<NNRT_HalIOTensor>{HostIOTensor("a", DataType::kFloat32, dims, a.data(), a.size()),
                                         HostIOTensor("b", DataType::kFloat32, dims, a.data(), a.size())};
  };
  std::vector<NNRT_HalIOTensor> out = {HostIOTensor("o", DataType::kFloat32, dims, o.data(), o.size())};
  std::vector<Dims> out_dims;
  ASSERT_TRUE(p->Run(in(), out, &out_dims).ok());
  EXPECT_EQ(out_dims, (std::vector<Dims>{{2, 3}}));

  auto inputs = in();
  inputs.pop_back();
  EXPECT_EQ(p->Run(inputs, out, &out_dims).code(), NNRT_INVALID_INPUT);  // count
  inputs = in();
  inputs[1].dataType = NNRT_DATA_TYPE_INT32;
  EXPECT_EQ(p->Run(inputs, out, &out_dims).code(), NNRT_INVALID_INPUT);  // dtype
  inputs = in();
  inputs[0].data.dataSize = 20;
  EXPECT_EQ(p->Run(inputs, out, &out_dims).code(), NNRT_INVALID_INPUT);  // size
  inputs = in();
  inputs[0].data.hostAddress = nullptr;  // and fd = -1
  EXPECT_EQ(p->Run(inputs, out, &out_dims).code(), NNRT_INVALID_INPUT);  // no data
  inputs = in();
  inputs[0].data.offset = 8;  // 8 + 24 > bufferSize 24
  EXPECT_EQ(p->Run(inputs, out, &out_dims).code(), NNRT_INVALID_INPUT);
  inputs = in();
  inputs[0].dims = nullptr;
  EXPECT_EQ(p->Run(inputs, out, &out_dims).code(), NNRT_INVALID_INPUT);  // dims NULL with dimCount 2
  Dims wrong{3, 2};
  inputs = in();
  inputs[0].dims = wrong.data();
  EXPECT_EQ(p->Run(inputs, out, &out_dims).code(), NNRT_OUT_OF_DIMENTION_RANGES);  // fixed dim differs
  EXPECT_EQ(p->Run(in(), {}, &out_dims).code(), NNRT_INVALID_OUTPUT);  // output count
  auto bad_out = out;
  bad_out[0].dataType = NNRT_DATA_TYPE_FLOAT16;
  EXPECT_EQ(p->Run(in(), bad_out, &out_dims).code(), NNRT_INVALID_OUTPUT);
  bad_out = out;
  bad_out[0].data.dataSize = 23;
  bad_out[0].data.bufferSize = 23;
  std::fill(o.begin(), o.end(), 0x5A);
  const Status s = p->Run(in(), bad_out, &out_dims);
  EXPECT_EQ(s.code(), NNRT_INSUFFICIENT_BUFFER);
  EXPECT_EQ(out_dims, (std::vector<Dims>{{2, 3}}));  // C-32: dims reported even then
  EXPECT_EQ(o, std::vector<uint8_t>(24, 0x5A));      // and nothing written
}

TEST_F(ReferenceDriverTest, DynamicDimsHaveRangesAndAreChecked) {
  auto p = Prepare(AddModel({-1, 3}, {1, 3}));
  ASSERT_NE(p, nullptr);
  std::vector<std::vector<uint32_t>> mins, maxs;
  ASSERT_TRUE(p->GetInputDimRanges(&mins, &maxs).ok());
  EXPECT_EQ(mins, (std::vector<std::vector<uint32_t>>{{1, 3}, {1, 3}}));
  EXPECT_EQ(maxs, (std::vector<std::vector<uint32_t>>{{kReferenceMaxDynamicDim, 3}, {kReferenceMaxDynamicDim, 3}}));
  std::vector<HostTensor> out = OutputSlots(1, 4 * 12);
  ASSERT_TRUE(p->Run({FloatTensor({4, 3}, std::vector<float>(12, 1.0f)), FloatTensor({4, 3}, std::vector<float>(12, 2.0f))},
                     &out)
                  .ok());
  EXPECT_EQ(out[0].dims, (Dims{4, 3}));
  EXPECT_EQ(BytesToFloats(out[0].data)[11], 5.5f);
  out = OutputSlots(1, 64);
  EXPECT_EQ(p->Run({FloatTensor({0, 3}, {}), FloatTensor({0, 3}, {})}, &out).code(), NNRT_OUT_OF_DIMENTION_RANGES);
  EXPECT_EQ(p->Run({FloatTensor({1, 4}, {1, 2, 3, 4}), FloatTensor({1, 4}, {1, 2, 3, 4})}, &out).code(),
            NNRT_OUT_OF_DIMENTION_RANGES);
  // Too small an output buffer for [4, 3].
  out = OutputSlots(1, 4 * 11);
  EXPECT_EQ(p->Run({FloatTensor({4, 3}, std::vector<float>(12, 1.0f)), FloatTensor({4, 3}, std::vector<float>(12, 2.0f))},
                   &out)
                .code(),
            NNRT_INSUFFICIENT_BUFFER);
}

TEST_F(ReferenceDriverTest, ModelCacheRoundTripGivesTheSameOutputs) {
  ModelConfig config;
  config.performance_mode = NNRT_PERFORMANCE_HIGH;
  config.extensions["ModelName"] = {'x'};
  auto p = Prepare(AddModel({2, 3}, {2, 3}), config);
  ASSERT_NE(p, nullptr);
  std::vector<std::vector<uint8_t>> caches, again;
  ASSERT_TRUE(p->ExportModelCache(&caches).ok());
  ASSERT_EQ(caches.size(), 1u);
  ASSERT_TRUE(p->ExportModelCache(&again).ok());
  EXPECT_EQ(caches, again);  // deterministic
  std::vector<HostTensor> expected = OutputSlots(1, 24);
  ASSERT_TRUE(p->Run(kAddInputs, &expected).ok());
  p.reset();

  std::unique_ptr<HalPreparedModel> from_cache;
  Status s = device_->PrepareModelFromModelCache(caches, config, &from_cache);
  ASSERT_TRUE(s.ok()) << s.ToString();
  std::vector<HostTensor> out = OutputSlots(1, 24);
  ASSERT_TRUE(from_cache->Run(kAddInputs, &out).ok());
  EXPECT_EQ(out[0].data, expected[0].data);
  EXPECT_EQ(BytesToFloats(out[0].data), kAddExpected);
  // Re-exporting a model loaded from a cache gives the same bytes.
  ASSERT_TRUE(from_cache->ExportModelCache(&again).ok());
  EXPECT_EQ(again, caches);

  // C-29: the same buffer is accepted as an offline model.
  std::unique_ptr<HalPreparedModel> offline;
  ASSERT_TRUE(device_->PrepareOfflineModel(caches, config, &offline).ok());
  out = OutputSlots(1, 24);
  ASSERT_TRUE(offline->Run(kAddInputs, &out).ok());
  EXPECT_EQ(out[0].data, expected[0].data);
}

TEST_F(ReferenceDriverTest, DamagedCachesAreRejected) {
  auto p = Prepare(AddModel({2, 3}, {2, 3}));
  ASSERT_NE(p, nullptr);
  std::vector<std::vector<uint8_t>> caches;
  ASSERT_TRUE(p->ExportModelCache(&caches).ok());
  const std::vector<uint8_t> good = caches[0];
  std::unique_ptr<HalPreparedModel> q;
  auto try_cache = [&](std::vector<std::vector<uint8_t>> c) {
    return device_->PrepareModelFromModelCache(c, ModelConfig(), &q);
  };
  std::vector<uint8_t> bad = good;
  bad[0] = 'X';
  EXPECT_EQ(try_cache({bad}).code(), NNRT_INVALID_MODEL_CACHE);  // magic
  bad = good;
  bad[8] = 2;  // format version 2: newer than this device reads
  Status s = try_cache({bad});
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL_CACHE);
  EXPECT_NE(s.message().find("format version 2"), std::string::npos) << s.message();
  bad = good;
  bad[12] = 7;  // HAL ABI 7
  EXPECT_EQ(try_cache({bad}).code(), NNRT_INVALID_MODEL_CACHE);
  bad = good;
  bad[bad.size() / 2] ^= 0x40;  // payload bit flip
  s = try_cache({bad});
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL_CACHE);
  EXPECT_NE(s.message().find("checksum"), std::string::npos) << s.message();
  for (size_t keep : {size_t{0}, size_t{7}, size_t{31}, size_t{32}, good.size() - 1}) {
    bad.assign(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(keep));
    EXPECT_EQ(try_cache({bad}).code(), NNRT_INVALID_MODEL_CACHE) << "truncated to " << keep;
  }
  EXPECT_EQ(try_cache({}).code(), NNRT_INVALID_MODEL_CACHE);
  EXPECT_EQ(try_cache({good, good}).code(), NNRT_INVALID_MODEL_CACHE);
  EXPECT_EQ(q, nullptr);
  EXPECT_EQ(device_->PrepareOfflineModel({{1, 2, 3}}, ModelConfig(), &q).code(), NNRT_INVALID_MODEL);
  ModelConfig bad_config;
  bad_config.priority = 9;
  EXPECT_EQ(device_->PrepareModelFromModelCache(caches, bad_config, &q).code(), NNRT_INVALID_PRIORITY);
  EXPECT_TRUE(try_cache({good}).ok());
}

TEST_F(ReferenceDriverTest, RandomlyMutatedCachesNeverCrashTheDriver) {
  auto p = Prepare(AddModel({2, 3}, {2, 3}));
  ASSERT_NE(p, nullptr);
  std::vector<std::vector<uint8_t>> caches;
  ASSERT_TRUE(p->ExportModelCache(&caches).ok());
  const std::vector<uint8_t> good = caches[0];
  uint64_t state = 0x9E3779B97F4A7C15ull;  // fixed-seed xorshift: reproducible
  auto next = [&state]() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int iter = 0; iter < 300; ++iter) {
    std::vector<uint8_t> bad = good;
    const int flips = 1 + static_cast<int>(next() % 4);
    for (int f = 0; f < flips; ++f) bad[next() % bad.size()] = static_cast<uint8_t>(next());
    if (iter % 2 == 1 && bad.size() > kModelCacheHeaderSize) {
      // Re-seal the checksum so the payload parser itself is exercised.
      const uint64_t sum = Fnv1a64(bad.data() + kModelCacheHeaderSize, bad.size() - kModelCacheHeaderSize);
      for (int i = 0; i < 8; ++i) bad[24 + i] = static_cast<uint8_t>(sum >> (8 * i));
    }
    std::unique_ptr<HalPreparedModel> q;
    const Status s = device_->PrepareModelFromModelCache(std::vector<std::vector<uint8_t>>{bad}, ModelConfig(), &q);
    if (bad == good) continue;
    EXPECT_TRUE(s.ok() || s.code() == NNRT_INVALID_MODEL_CACHE) << s.ToString();
  }
}

TEST_F(ReferenceDriverTest, AllocatedBuffersAreRealSharedMemory) {
  std::unique_ptr<HalBuffer> a, b, o;
  ASSERT_TRUE(device_->AllocateBuffer(24, &a).ok());
  ASSERT_TRUE(device_->AllocateBuffer(24, &b).ok());
  ASSERT_TRUE(device_->AllocateBuffer(64, &o).ok());
  EXPECT_GE(a->fd(), 0);
  EXPECT_EQ(a->raw().dataSize, 24u);
  // Write through a second, independent mapping of the fd.
  void* m = mmap(nullptr, 24, PROT_READ | PROT_WRITE, MAP_SHARED, a->fd(), 0);
  ASSERT_NE(m, MAP_FAILED);
  const std::vector<uint8_t> av = FloatBytes({1, 2, 3, 4, 5, 6});
  std::memcpy(m, av.data(), 24);
  munmap(m, 24);
  const std::vector<uint8_t> bv = FloatBytes({10, 20, 30, 40, 50, 60});
  std::memcpy(b->data(), bv.data(), 24);
  EXPECT_EQ(std::memcmp(a->data(), av.data(), 24), 0);  // visible in the driver's mapping

  auto p = Prepare(AddModel({2, 3}, {2, 3}));
  ASSERT_NE(p, nullptr);
  Dims dims{2, 3};
  auto io = [&](const HalBuffer& buf, uint32_t size) {
    NNRT_HalIOTensor t = HostIOTensor("", DataType::kFloat32, dims, nullptr, 0);
    t.data = buf.raw();
    t.data.dataSize = size;
    t.data.hostAddress = nullptr;  // force the driver to go through the fd
    return t;
  };
  std::vector<Dims> out_dims;
  Status s = p->Run({io(*a, 24), io(*b, 24)}, {io(*o, 64)}, &out_dims);
  ASSERT_TRUE(s.ok()) << s.ToString();
  std::vector<uint8_t> result(o->data(), o->data() + 24);
  EXPECT_EQ(BytesToFloats(result), kAddExpected);

  NNRT_HalBuffer unknown = a->raw();
  unknown.fd = 9999;
  EXPECT_EQ(d().ReleaseBuffer(device_->raw(), &unknown), NNRT_INVALID_BUFFER);
  EXPECT_TRUE(a->Release().ok());
  const NNRT_HalBuffer released = a->raw();
  EXPECT_EQ(d().ReleaseBuffer(device_->raw(), &released), NNRT_INVALID_BUFFER);  // twice
  std::unique_ptr<HalBuffer> empty;
  EXPECT_EQ(device_->AllocateBuffer(0, &empty).code(), NNRT_INVALID_PARAMETER);
}

TEST_F(ReferenceDriverTest, ConcurrentRunsFromFourThreadsAgree) {
  auto p = Prepare(AddModel({-1, 3}, {1, 3}));
  ASSERT_NE(p, nullptr);
  std::vector<std::vector<HostTensor>> inputs;
  std::vector<std::vector<uint8_t>> expected;
  for (int k = 1; k <= 4; ++k) {
    std::vector<float> a, b;
    for (int i = 0; i < 3 * k; ++i) {
      a.push_back(1.0f / static_cast<float>(i + 3));
      b.push_back(static_cast<float>(k) * 0.7f);
    }
    inputs.push_back({FloatTensor({k, 3}, a), FloatTensor({k, 3}, b)});
    std::vector<HostTensor> out = OutputSlots(1, 48);
    ASSERT_TRUE(p->Run(inputs.back(), &out).ok());
    expected.push_back(out[0].data);
  }
  std::vector<int> failures(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int iter = 0; iter < 100; ++iter) {
        const int k = (t * 3 + iter) % 4;
        std::vector<HostTensor> out = OutputSlots(1, 48);
        if (!p->Run(inputs[k], &out).ok() || out[0].data != expected[k]) ++failures[t];
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(failures, (std::vector<int>{0, 0, 0, 0}));
}

TEST(InProcessDriver, CapabilityFlagsAreHonouredAndSnapshottedAtCreateDevice) {
  ReferenceDriverOptions options;
  options.device_name = "limited";
  options.dynamic_input_supported = false;
  options.model_cache_supported = false;
  options.float16_supported = false;
  std::unique_ptr<HalLibrary> lib;
  ASSERT_TRUE(WrapHalDriver(MakeReferenceDriver(options), "in-process", &lib).ok());
  std::unique_ptr<HalDevice> limited, plain;
  ASSERT_TRUE(lib->CreateDevice(&limited).ok());
  MakeReferenceDriver(ReferenceDriverOptions());  // C-33: later devices only
  ASSERT_TRUE(lib->CreateDevice(&plain).ok());
  std::string name;
  ASSERT_TRUE(limited->Name(&name).ok());
  EXPECT_EQ(name, "limited");
  ASSERT_TRUE(plain->Name(&name).ok());
  EXPECT_EQ(name, "nnrt-reference");
  bool b = true;
  ASSERT_TRUE(limited->IsFloat16PrecisionSupported(&b).ok());
  EXPECT_FALSE(b);
  ASSERT_TRUE(limited->IsModelCacheSupported(&b).ok());
  EXPECT_FALSE(b);
  ASSERT_TRUE(limited->IsDynamicInputSupported(&b).ok());
  EXPECT_FALSE(b);
  std::unique_ptr<HalPreparedModel> p;
  EXPECT_EQ(limited->PrepareModel(AddModel({-1, 3}, {1, 3}), ModelConfig(), &p).code(), NNRT_NOT_SUPPORT);
  ASSERT_TRUE(limited->PrepareModel(AddModel({2, 3}, {2, 3}), ModelConfig(), &p).ok());
  std::vector<std::vector<uint8_t>> caches;
  EXPECT_EQ(p->ExportModelCache(&caches).code(), NNRT_NOT_SUPPORT);
  std::unique_ptr<HalPreparedModel> q;
  ASSERT_TRUE(plain->PrepareModel(AddModel({2, 3}, {2, 3}), ModelConfig(), &q).ok());
  ASSERT_TRUE(q->ExportModelCache(&caches).ok());
  EXPECT_EQ(limited->PrepareModelFromModelCache(caches, ModelConfig(), &p).code(), NNRT_NOT_SUPPORT);
}

TEST(SampleDriver, OverrideDriverAndReferenceDriverCoexistInOneProcess) {
  std::unique_ptr<HalLibrary> ref_lib, test_lib;
  auto ref = OpenDevice("reference/libnnrt_reference_driver.so", &ref_lib);
  auto test = OpenDevice("reference/device/libnnrt_test_override_driver.so", &test_lib);
  ASSERT_NE(ref, nullptr);
  ASSERT_NE(test, nullptr);
  std::string name;
  ASSERT_TRUE(test->Name(&name).ok());
  EXPECT_EQ(name, "nnrt-test-override");
  ASSERT_TRUE(ref->Name(&name).ok());
  EXPECT_EQ(name, "nnrt-reference");  // each .so keeps its own options

  // Same ABS model, two drivers: the override .so's kernel must not leak into
  // the reference .so (or the reverse), which -Bsymbolic + the export list ensure.
  std::unique_ptr<HalPreparedModel> p;
  std::vector<bool> supported;
  Model neg = AbsModel({3});
  neg.nodes[0].type = NodeType::NEG;
  ASSERT_TRUE(test->GetSupportedOperation(neg, &supported).ok());
  EXPECT_EQ(supported, (std::vector<bool>{false}));
  EXPECT_EQ(test->PrepareModel(neg, ModelConfig(), &p).code(), NNRT_UNSUPPORTED_OP);
  ASSERT_TRUE(test->PrepareModel(AbsModel({-1}), ModelConfig(), &p).ok());
  std::vector<HostTensor> out = OutputSlots(1, 64);
  ASSERT_TRUE(p->Run({FloatTensor({3}, {1.5f, -2.0f, 0.0f})}, &out).ok());
  EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{3.0f, -4.0f, 0.0f}));
  ASSERT_TRUE(ref->GetSupportedOperation(AbsModel({-1}), &supported).ok());
  if (supported[0]) {  // the reference's own ABS, once ops/ implements it
    std::unique_ptr<HalPreparedModel> r;
    ASSERT_TRUE(ref->PrepareModel(AbsModel({-1}), ModelConfig(), &r).ok());
    out = OutputSlots(1, 64);
    ASSERT_TRUE(r->Run({FloatTensor({3}, {1.5f, -2.0f, 0.0f})}, &out).ok());
    EXPECT_EQ(BytesToFloats(out[0].data), (std::vector<float>{1.5f, 2.0f, 0.0f}));
  }
  std::vector<std::vector<uint32_t>> mins, maxs;
  ASSERT_TRUE(p->GetInputDimRanges(&mins, &maxs).ok());
  EXPECT_EQ(maxs, (std::vector<std::vector<uint32_t>>{{8}}));
  out = OutputSlots(1, 64);
  EXPECT_EQ(p->Run({FloatTensor({9}, std::vector<float>(9, 1.0f))}, &out).code(), NNRT_OUT_OF_DIMENTION_RANGES);
  // The reference kernels the override driver did not replace still work.
  std::unique_ptr<HalPreparedModel> add;
  ASSERT_TRUE(test->PrepareModel(AddModel({2, 3}, {2, 3}), ModelConfig(), &add).ok());
  out = OutputSlots(1, 24);
  ASSERT_TRUE(add->Run(kAddInputs, &out).ok());
  EXPECT_EQ(BytesToFloats(out[0].data), kAddExpected);
}

}  // namespace
}  // namespace nnrt
