// The XNNPACK driver's HAL behaviour beyond numerics (which the conformance
// suite judges): capabilities, honest support answers, dynamic inputs,
// memfd buffers, concurrent Run, the NaN / -0 / subnormal assist.
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"
#include "reference/text_format/single_node_case.h"

namespace nnrt {
namespace {

std::unique_ptr<HalDevice> Device(std::unique_ptr<HalLibrary>* library) {
  char buf[4096];
  const char* rel = "cts_driver/drivers/xnnpack/libnnrt_xnnpack_driver.so";
  const std::string path = realpath(rel, buf) != nullptr ? buf : rel;
  EXPECT_TRUE(LoadHalDriver(path, library).ok());
  std::unique_ptr<HalDevice> device;
  EXPECT_TRUE((*library)->CreateDevice(&device).ok());
  return device;
}

std::vector<uint8_t> Floats(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

TestCase Binary(NodeType type, Dims dims, std::vector<float> a, std::vector<float> b, int8_t act) {
  SingleNodeCase c(type, "t");
  c.In("a", DataType::kFloat32, dims, Floats(a));
  c.Const("b", DataType::kFloat32, dims, Floats(b));
  c.Out("y", DataType::kFloat32, dims);
  c.WithAttrs({Attr::Int8("activationType", act)});
  return c.Build();
}

std::vector<float> RunOnce(const HalDevice& device, const TestCase& c) {
  std::unique_ptr<HalPreparedModel> prepared;
  const Status st = device.PrepareModel(c.model, ModelConfig(), &prepared);
  EXPECT_TRUE(st.ok()) << st.ToString();
  if (!st.ok()) return {};
  std::vector<HostTensor> in{{"a", DataType::kFloat32, c.inputs[0].dims, c.inputs[0].data}};
  std::vector<HostTensor> out{{"y", DataType::kFloat32, {}, std::vector<uint8_t>(c.inputs[0].data.size())}};
  EXPECT_TRUE(prepared->Run(in, &out).ok());
  std::vector<float> y(out[0].bytes.size() / 4);
  std::memcpy(y.data(), out[0].bytes.data(), out[0].bytes.size());
  return y;
}

TEST(XnnpackDriver, CapabilitiesAreHonest) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  bool v = true;
  for (auto q : {&HalDevice::IsFloat16PrecisionSupported, &HalDevice::IsDynamicInputSupported,
                 &HalDevice::IsModelCacheSupported}) {
    ASSERT_TRUE(((*device).*q)(&v).ok());
    EXPECT_FALSE(v);
  }
}

TEST(XnnpackDriver, UnsupportedNodeIsReportedAndRefused) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  SingleNodeCase c(NodeType::ACTIVATION, "tanh");
  c.In("a", DataType::kFloat32, {4}, Floats({0, 1, 2, 3}));
  c.Out("y", DataType::kFloat32, {4});
  c.WithAttrs({Attr::Int8("activationType", 10)});  // TANH: no XNNPACK tanh in this version
  const TestCase t = c.Build();
  std::vector<bool> supported;
  ASSERT_TRUE(device->GetSupportedOperation(t.model, &supported).ok());
  ASSERT_EQ(supported.size(), 1u);
  EXPECT_FALSE(supported[0]);
  std::unique_ptr<HalPreparedModel> prepared;
  EXPECT_EQ(device->PrepareModel(t.model, ModelConfig(), &prepared).code(), NNRT_UNSUPPORTED_OP);
}

TEST(XnnpackDriver, DynamicInputIsNotSupported) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  TestCase t = Binary(NodeType::ADD_FUSION, {2}, {1, 2}, {3, 4}, 0);
  t.model.tensors[t.model.inputs[0]].dims = {-1};
  std::unique_ptr<HalPreparedModel> prepared;
  EXPECT_EQ(device->PrepareModel(t.model, ModelConfig(), &prepared).code(), NNRT_NOT_SUPPORT);
}

TEST(XnnpackDriver, NanNegativeZeroAndSubnormalsFollowIeee) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const float tiny = std::numeric_limits<float>::denorm_min();
  // MUL with RELU: NaN stays NaN, 0 * -8 = -0 stays -0, inf * tiny = inf (not inf * 0 = NaN).
  const std::vector<float> y =
      RunOnce(*device, Binary(NodeType::MUL_FUSION, {4}, {nan, 0.0f, inf, 3.0f}, {1.0f, -8.0f, tiny, 2.0f}, 1));
  ASSERT_EQ(y.size(), 4u);
  EXPECT_TRUE(std::isnan(y[0]));
  EXPECT_TRUE(y[1] == 0.0f && std::signbit(y[1]));
  EXPECT_EQ(y[2], inf);
  EXPECT_EQ(y[3], 6.0f);
}

TEST(XnnpackDriver, BuffersAreMemfdsAndConcurrentRunsAgree) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  std::unique_ptr<HalBuffer> buffer;
  ASSERT_TRUE(device->AllocateBuffer(64, &buffer).ok());
  EXPECT_GE(buffer->fd(), 0);
  EXPECT_NE(buffer->data(), nullptr);
  const TestCase t = Binary(NodeType::ADD_FUSION, {256}, std::vector<float>(256, 1.5f), std::vector<float>(256, 2.0f), 0);
  std::unique_ptr<HalPreparedModel> prepared;
  ASSERT_TRUE(device->PrepareModel(t.model, ModelConfig(), &prepared).ok());
  std::vector<std::thread> threads;
  std::vector<int> bad(4, 0);
  for (int k = 0; k < 4; ++k) {
    threads.emplace_back([&, k]() {
      for (int r = 0; r < 50; ++r) {
        std::vector<HostTensor> in{{"a", DataType::kFloat32, {256}, t.inputs[0].data}};
        std::vector<HostTensor> out{{"y", DataType::kFloat32, {}, std::vector<uint8_t>(1024)}};
        if (!prepared->Run(in, &out).ok()) { ++bad[k]; continue; }
        float v;
        std::memcpy(&v, out[0].bytes.data() + 4 * 100, 4);
        if (v != 3.5f) ++bad[k];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int k = 0; k < 4; ++k) EXPECT_EQ(bad[k], 0) << "thread " << k;
}

}  // namespace
}  // namespace nnrt
