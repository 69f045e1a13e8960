// The NNAdapter driver loader and the bridge's device level on a tiny fake
// NNAdapter device (testdata/fake_device.cc): symbol derivation, every load
// error with its code, and a device that compiles nothing reported
// unsupported node by node instead of failing.
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_driver_loader.h"

#include <gtest/gtest.h>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_bridge.h"
#include "cts_driver/teeth_util.h"

namespace nnrt {
namespace nnadapter_bridge {
namespace {

std::string FakeSo() { return cts::teeth::Runfile("cts_driver/libnnadapter_fake_device.so"); }

TEST(DeviceSymbolForLibrary, FollowsPaddleLitesNamingRule) {
  std::string symbol;
  ASSERT_TRUE(DeviceSymbolForLibrary("/opt/x/libhuawei_ascend_npu.so", &symbol).ok());
  EXPECT_EQ(symbol, "__nnadapter_device__huawei_ascend_npu");
  EXPECT_EQ(DeviceSymbolForLibrary("/opt/x/driver.so", &symbol).code(), NNRT_INVALID_PATH);
  EXPECT_EQ(DeviceSymbolForLibrary("/opt/x/lib.so", &symbol).code(), NNRT_INVALID_PATH);
  EXPECT_EQ(DeviceSymbolForLibrary("/opt/x/libx.so.1", &symbol).code(), NNRT_INVALID_PATH);
}

TEST(LoadNNAdapterDriver, LoadsTheDerivedSymbol) {
  std::shared_ptr<const NNAdapterDriver> d;
  const Status st = LoadNNAdapterDriver(FakeSo(), "", &d);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(d->symbol, "__nnadapter_device__nnadapter_fake_device");
  EXPECT_STREQ(d->device->name, "nnadapter_fake_device");
}

TEST(LoadNNAdapterDriver, ReportsEachFailureWithItsCode) {
  std::shared_ptr<const NNAdapterDriver> d;
  EXPECT_EQ(LoadNNAdapterDriver("libnnadapter_fake_device.so", "", &d).code(), NNRT_INVALID_PATH);
  const Status missing_file = LoadNNAdapterDriver("/nonexistent/libnope.so", "", &d);
  EXPECT_EQ(missing_file.code(), NNRT_INVALID_FILE);
  const Status missing_symbol = LoadNNAdapterDriver(FakeSo(), "no_such_device", &d);
  EXPECT_EQ(missing_symbol.code(), NNRT_INVALID_FILE);
  EXPECT_NE(missing_symbol.message().find("'no_such_device'"), std::string::npos) << missing_symbol.ToString();
  const Status null_fn = LoadNNAdapterDriver(FakeSo(), "fake_device_without_execute", &d);
  EXPECT_EQ(null_fn.code(), NNRT_NOT_SUPPORT);
  EXPECT_NE(null_fn.message().find("execute_program"), std::string::npos) << null_fn.ToString();
  const Status version = LoadNNAdapterDriver(FakeSo(), "fake_device_version_zero", &d);
  EXPECT_EQ(version.code(), NNRT_NOT_SUPPORT);
  EXPECT_NE(version.message().find("version 0"), std::string::npos) << version.ToString();
  EXPECT_EQ(d, nullptr);
}

TEST(CheckNNAdapterDevice, RejectsNullNameAndUnknownType) {
  nnadapter::hal::Device device{};
  EXPECT_EQ(CheckNNAdapterDevice(nullptr, "x").code(), NNRT_INVALID_FILE);
  EXPECT_NE(CheckNNAdapterDevice(&device, "x").message().find("name"), std::string::npos);
  device.name = "n";
  device.vendor = "v";
  device.version = 1;
  device.type = 7;
  EXPECT_NE(CheckNNAdapterDevice(&device, "x").message().find("type 7"), std::string::npos);
}

TEST(NNAdapterCandidate, ADeviceThatCompilesNothingIsReportedUnsupportedPerNode) {
  std::unique_ptr<cts::Candidate> candidate;
  const std::string spec = NNAdapterCandidateSpec(FakeSo(), "");
  const Status st = OpenNNAdapterCandidate(spec, &candidate);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(candidate->path, spec);
  EXPECT_EQ(candidate->device_name, "nnadapter_fake_device");
  Model m;
  m.tensors.resize(2);
  for (Tensor& t : m.tensors) {
    t.data_type = DataType::kFloat32;
    t.dims = {1, 4};
  }
  Node relu;
  relu.type = NodeType::ACTIVATION;
  relu.attrs = {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kRelu))};
  relu.inputs = {0};
  relu.outputs = {1};
  m.nodes = {relu};
  m.inputs = {0};
  m.outputs = {1};
  std::vector<bool> supported;
  const Status asked = candidate->device->GetSupportedOperation(m, &supported);
  ASSERT_TRUE(asked.ok()) << asked.ToString();
  EXPECT_EQ(supported, std::vector<bool>{false});
  std::unique_ptr<HalPreparedModel> prepared;
  EXPECT_FALSE(candidate->device->PrepareModel(m, ModelConfig(), &prepared).ok());
}

TEST(NNAdapterCandidate, RejectsASpecWithoutThePrefix) {
  std::unique_ptr<cts::Candidate> candidate;
  EXPECT_EQ(OpenNNAdapterCandidate("/abs/lib.so", &candidate).code(), NNRT_INVALID_PATH);
}

}  // namespace
}  // namespace nnadapter_bridge
}  // namespace nnrt
