// The Arm NN driver's HAL behaviour beyond numerics (which the conformance
// suite judges): capabilities, the lowering registry, one network for a
// multi-node model, NaN / -0 through the clamps, the quantized zero point
// inside the rounding, and honest refusals.
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "cts_driver/drivers/kit/driver_test_support.h"
#include "reference/cases/single_node_case.h"
#include "reference/device/testing/test_models.h"
#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"

namespace nnrt {
namespace {

using testing::FloatBytes;

std::unique_ptr<HalDevice> Device(std::unique_ptr<HalLibrary>* library) {
  return driver_kit::OpenTestDevice("cts_driver/drivers/armnn/libnnrt_armnn_driver.so", library);
}

// Prepares and runs `model` with one input; returns output 0's bytes.
std::vector<uint8_t> RunOnce(const HalDevice& device, const Model& model, DataType in_type, const Dims& in_dims,
                             const std::vector<uint8_t>& in_bytes, DataType out_type, size_t out_bytes) {
  std::unique_ptr<HalPreparedModel> prepared;
  const Status st = device.PrepareModel(model, ModelConfig(), &prepared);
  EXPECT_TRUE(st.ok()) << st.ToString();
  if (!st.ok()) return {};
  std::vector<HostTensor> in{{"x", in_type, in_dims, in_bytes}};
  std::vector<HostTensor> out{{"y", out_type, {}, std::vector<uint8_t>(out_bytes)}};
  const Status run = prepared->Run(in, &out);
  EXPECT_TRUE(run.ok()) << run.ToString();
  return out[0].data;
}

TEST(ArmnnDriver, CapabilitiesAreHonest) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  bool v = true;
  for (auto q : {&HalDevice::IsFloat16PrecisionSupported, &HalDevice::IsDynamicInputSupported,
                 &HalDevice::IsModelCacheSupported}) {
    ASSERT_TRUE(((*device).*q)(&v).ok());
    EXPECT_FALSE(v);
  }
}

TEST(ArmnnDriver, EveryLoweringRegisteredOnce) {
  EXPECT_TRUE(armnn_driver::DuplicateLowerings().empty());
  EXPECT_GE(armnn_driver::LoweredNodeTypes().size(), 26u);
  EXPECT_NE(armnn_driver::FindLowering(NodeType::CONV2D_FUSION), nullptr);
}

// ADD (constant b) then ACTIVATION RELU: two nodes, one Arm NN network.
// RELU keeps NaN and -0 (x < 0 ? 0 : x), which Arm NN's ReLu activation
// does not (it would give 0 for NaN).
TEST(ArmnnDriver, TwoNodeModelKeepsNanAndNegativeZeroThroughRelu) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Model m;
  m.tensors.resize(4);
  m.tensors[0] = Tensor{"x", DataType::kFloat32, {4}, Format::kNhwc, {}, {}};
  m.tensors[1] = Tensor{"b", DataType::kFloat32, {4}, Format::kNhwc, FloatBytes({1.0f, -0.0f, -5.0f, 0.5f}), {}};
  m.tensors[2] = Tensor{"s", DataType::kFloat32, {4}, Format::kNhwc, {}, {}};
  m.tensors[3] = Tensor{"y", DataType::kFloat32, {4}, Format::kNhwc, {}, {}};
  Node add;
  add.name = "add";
  add.type = NodeType::ADD_FUSION;
  add.inputs = {0, 1};
  add.outputs = {2};
  add.attrs = {Attr::Int8("activationType", 0)};
  Node relu;
  relu.name = "relu";
  relu.type = NodeType::ACTIVATION;
  relu.inputs = {2};
  relu.outputs = {3};
  relu.attrs = {Attr::Int8("activationType", 1)};
  m.nodes = {add, relu};
  m.inputs = {0};
  m.outputs = {3};
  const std::vector<uint8_t> out =
      RunOnce(*device, m, DataType::kFloat32, {4}, FloatBytes({nan, -0.0f, 2.0f, 1.0f}), DataType::kFloat32, 16);
  ASSERT_EQ(out.size(), 16u);
  float y[4];
  std::memcpy(y, out.data(), 16);
  EXPECT_TRUE(std::isnan(y[0]));
  EXPECT_TRUE(y[1] == 0.0f && std::signbit(y[1]));  // -0 + -0 = -0, RELU keeps it
  EXPECT_TRUE(y[2] == 0.0f && !std::signbit(y[2]));
  EXPECT_EQ(y[3], 1.5f);
}

// The suite's counterexample: real sum -207 * 2^-10 at output scale 2^-9 is
// -103.5; NNRt rounds -103.5 + 104 = 0.5 half away from zero to 1, Arm NN's
// own quantised addition (round, then add the zero point) gives 0.
TEST(ArmnnDriver, QuantizedAddRoundsWithTheZeroPointInside) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  SingleNodeCase c(NodeType::ADD_FUSION, "add");
  c.In("x", DataType::kUint8, {2}, {138, 138}, {{8, 111, 1.0 / 1024}});
  c.Const("b", DataType::kUint8, {2}, {0, 234}, {{8, 234, 1.0 / 1024}});
  c.Out("y", DataType::kUint8, {2}, {{8, 104, 1.0 / 512}});
  c.WithAttr(Attr::Int8("activationType", 0));
  const TestCase t = c.Build();
  const std::vector<uint8_t> y = RunOnce(*device, t.model, DataType::kUint8, {2}, {138, 138}, DataType::kUint8, 2);
  ASSERT_EQ(y.size(), 2u);
  EXPECT_EQ(y[0], 1);    // RHA(-103.5 + 104)
  EXPECT_EQ(y[1], 118);  // 27 * 2^-10 / 2^-9 = 13.5 -> RHA(117.5) = 118
}

TEST(ArmnnDriver, UnsupportedNodeIsReportedAndRefused) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  SingleNodeCase c(NodeType::ACTIVATION, "gelu");
  c.In("x", DataType::kFloat32, {4}, FloatBytes({0, 1, 2, 3}));
  c.Out("y", DataType::kFloat32, {4});
  c.WithAttrs({Attr::Int8("activationType", 19)});  // GELU: no Arm NN function
  const TestCase t = c.Build();
  std::vector<bool> supported;
  ASSERT_TRUE(device->GetSupportedOperation(t.model, &supported).ok());
  ASSERT_EQ(supported.size(), 1u);
  EXPECT_FALSE(supported[0]);
  std::unique_ptr<HalPreparedModel> prepared;
  EXPECT_EQ(device->PrepareModel(t.model, ModelConfig(), &prepared).code(), NNRT_UNSUPPORTED_OP);
}

// Arm NN computes a padded tap as 0 * w; NNRt skips it. With an infinite
// weight the answers differ, so the node is refused - and accepted without
// padding.
TEST(ArmnnDriver, PaddedConvolutionWithInfiniteWeightIsRefused) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  for (int32_t pad : {1, 0}) {
    SingleNodeCase c(NodeType::CONV2D_FUSION, "conv");
    c.In("x", DataType::kFloat32, {1, 2, 2, 1}, FloatBytes({1, 2, 3, 4}));
    c.Const("w", DataType::kFloat32, {1, 2, 2, 1}, FloatBytes({std::numeric_limits<float>::infinity(), 1, 1, 1}));
    c.Out("y", DataType::kFloat32, {1, 1 + 2 * pad, 1 + 2 * pad, 1});
    c.WithAttrs({Attr::Int64s("kernelSize", {2, 2}), Attr::Int64s("stride", {1, 1}), Attr::Int64s("dilation", {1, 1}),
                 Attr::Int8("padMode", 0), Attr::Int64s("padList", {pad, pad, pad, pad}), Attr::Int64("group", 1),
                 Attr::Int8("activationType", 0)});
    const TestCase t = c.Build();
    std::vector<bool> supported;
    ASSERT_TRUE(device->GetSupportedOperation(t.model, &supported).ok());
    ASSERT_EQ(supported.size(), 1u);
    EXPECT_EQ(supported[0], pad == 0) << "pad " << pad;
  }
}

TEST(ArmnnDriver, DynamicInputIsNotSupported) {
  std::unique_ptr<HalLibrary> lib;
  auto device = Device(&lib);
  SingleNodeCase c(NodeType::ADD_FUSION, "add");
  c.In("x", DataType::kFloat32, {2}, FloatBytes({1, 2}));
  c.Const("b", DataType::kFloat32, {2}, FloatBytes({3, 4}));
  c.Out("y", DataType::kFloat32, {2});
  c.WithAttr(Attr::Int8("activationType", 0));
  TestCase t = c.Build();
  t.model.tensors[t.model.inputs[0]].dims = {-1};
  std::unique_ptr<HalPreparedModel> prepared;
  EXPECT_EQ(device->PrepareModel(t.model, ModelConfig(), &prepared).code(), NNRT_NOT_SUPPORT);
}

}  // namespace
}  // namespace nnrt
