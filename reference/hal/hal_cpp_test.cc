// The RAII wrapper against a deliberately misbehaving in-process driver: every
// broken answer must become an error Status, never a crash.
#include "reference/hal/hal_cpp.h"

#include <gtest/gtest.h>

#include "reference/device/reference_device.h"
#include "reference/device/testing/test_models.h"

namespace nnrt {
namespace {

const char* NullMessage() { return nullptr; }
int32_t NullNameSuccess(NNRT_HalDevice*, const char** name) {
  *name = nullptr;
  return NNRT_SUCCESS;
}
int32_t UndefinedCode(NNRT_HalDevice*, const char**) { return 1234; }
int32_t GarbageBool(NNRT_HalDevice*, bool* b) {
  *reinterpret_cast<uint8_t*>(b) = 7;
  return NNRT_SUCCESS;
}
int32_t FailWithCode(NNRT_HalDevice*, bool*) { return NNRT_DEVICE_BUSY; }
int32_t PrepareSuccessWithoutModel(NNRT_HalDevice*, const NNRT_HalModel*, const NNRT_HalModelConfig*,
                                   NNRT_HalPreparedModel** p) {
  *p = nullptr;
  return NNRT_SUCCESS;
}
int32_t GarbageSupported(NNRT_HalDevice*, const NNRT_HalModel* m, bool* s) {
  for (uint32_t i = 0; i < m->nodeCount; ++i) reinterpret_cast<uint8_t*>(s)[i] = 3;
  return NNRT_SUCCESS;
}
int32_t AllocateWithoutAddress(NNRT_HalDevice*, uint32_t length, NNRT_HalBuffer* b) {
  b->fd = -1;
  b->bufferSize = length;
  b->hostAddress = nullptr;
  return NNRT_SUCCESS;
}
void ReleaseNothing(NNRT_HalPreparedModel*) {}
int32_t ExportNullWithCount(NNRT_HalPreparedModel*, const NNRT_HalBuffer** c, uint32_t* n) {
  *c = nullptr;
  *n = 5;
  return NNRT_SUCCESS;
}
int32_t ExportBadBuffer(NNRT_HalPreparedModel*, const NNRT_HalBuffer** c, uint32_t* n) {
  static uint8_t bytes[4];
  static NNRT_HalBuffer b = {-1, 4, 2, 8, bytes};  // offset + dataSize > bufferSize
  *c = &b;
  *n = 1;
  return NNRT_SUCCESS;
}
int32_t RangesWithoutCounts(NNRT_HalPreparedModel*, const uint32_t** mn, const uint32_t** mx, const uint32_t** counts,
                            uint32_t* n) {
  *mn = nullptr;
  *mx = nullptr;
  *counts = nullptr;
  *n = 3;
  return NNRT_SUCCESS;
}
int32_t RangesHugeRank(NNRT_HalPreparedModel*, const uint32_t** mn, const uint32_t** mx, const uint32_t** counts,
                       uint32_t* n) {
  static const uint32_t rank[1] = {1000};
  *mn = nullptr;
  *mx = nullptr;
  *counts = rank;
  *n = 1;
  return NNRT_SUCCESS;
}
int32_t RunWithoutDims(NNRT_HalPreparedModel*, const NNRT_HalIOTensor*, uint32_t, const NNRT_HalIOTensor*, uint32_t,
                       NNRT_HalShape*) {
  return NNRT_SUCCESS;
}
int32_t RunHugeRank(NNRT_HalPreparedModel*, const NNRT_HalIOTensor*, uint32_t, const NNRT_HalIOTensor*, uint32_t n,
                    NNRT_HalShape* dims) {
  for (uint32_t i = 0; i < n; ++i) dims[i].rank = 77;
  return NNRT_SUCCESS;
}

class MisbehavingDriver : public ::testing::Test {
 protected:
  void SetUp() override {
    table_ = *ReferenceDriver();
    table_.GetLastErrorMessage = NullMessage;
    table_.GetDeviceName = NullNameSuccess;
    table_.GetVendorName = UndefinedCode;
    table_.IsFloat16PrecisionSupported = GarbageBool;
    table_.IsPrioritySupported = FailWithCode;
    table_.PrepareModel = PrepareSuccessWithoutModel;
    table_.GetSupportedOperation = GarbageSupported;
    table_.AllocateBuffer = AllocateWithoutAddress;
    table_.ReleasePreparedModel = ReleaseNothing;
    table_.ExportModelCache = ExportNullWithCount;
    table_.GetInputDimRanges = RangesWithoutCounts;
    table_.Run = RunWithoutDims;
    ASSERT_TRUE(WrapHalDriver(&table_, "misbehaving", &lib_).ok());
    ASSERT_TRUE(lib_->CreateDevice(&device_).ok());
    handle_ = std::make_shared<HalDeviceHandle>(lib_->handle(), &table_, nullptr, "misbehaving");
    static int dummy;
    prepared_.reset(new HalPreparedModel(handle_, reinterpret_cast<NNRT_HalPreparedModel*>(&dummy)));
  }
  NNRT_HalDriver table_;
  std::unique_ptr<HalLibrary> lib_;
  std::unique_ptr<HalDevice> device_;
  std::shared_ptr<HalDeviceHandle> handle_;
  std::unique_ptr<HalPreparedModel> prepared_;
};

TEST_F(MisbehavingDriver, DeviceAnswersBecomeErrors) {
  std::string s;
  EXPECT_EQ(device_->Name(&s).code(), NNRT_FAILED);
  const Status v = device_->Vendor(&s);
  EXPECT_EQ(v.code(), NNRT_FAILED);
  EXPECT_NE(v.message().find("undefined code 1234"), std::string::npos) << v.message();
  bool b = false;
  EXPECT_EQ(device_->IsFloat16PrecisionSupported(&b).code(), NNRT_FAILED);
  const Status busy = device_->IsPrioritySupported(&b);
  EXPECT_EQ(busy.code(), NNRT_DEVICE_BUSY);  // a defined code passes through
  EXPECT_NE(busy.message().find("IsPrioritySupported failed"), std::string::npos);
  std::unique_ptr<HalPreparedModel> p;
  EXPECT_EQ(device_->PrepareModel(testing::AddModel({2, 3}, {2, 3}), ModelConfig(), &p).code(), NNRT_FAILED);
  EXPECT_EQ(p, nullptr);
  std::vector<bool> supported;
  EXPECT_EQ(device_->GetSupportedOperation(testing::AddModel({2, 3}, {2, 3}), &supported).code(), NNRT_FAILED);
  std::unique_ptr<HalBuffer> buffer;
  EXPECT_EQ(device_->AllocateBuffer(16, &buffer).code(), NNRT_FAILED);
  EXPECT_EQ(buffer, nullptr);
}

TEST_F(MisbehavingDriver, PreparedModelAnswersBecomeErrors) {
  std::vector<std::vector<uint8_t>> caches;
  EXPECT_EQ(prepared_->ExportModelCache(&caches).code(), NNRT_FAILED);
  table_.ExportModelCache = ExportBadBuffer;
  EXPECT_EQ(prepared_->ExportModelCache(&caches).code(), NNRT_FAILED);
  std::vector<std::vector<uint32_t>> mins, maxs;
  EXPECT_EQ(prepared_->GetInputDimRanges(&mins, &maxs).code(), NNRT_FAILED);
  table_.GetInputDimRanges = RangesHugeRank;
  EXPECT_EQ(prepared_->GetInputDimRanges(&mins, &maxs).code(), NNRT_FAILED);
  std::vector<HostTensor> out(1);
  out[0].data_type = DataType::kFloat32;
  out[0].data.resize(16);
  const Status s = prepared_->Run({}, &out);
  EXPECT_EQ(s.code(), NNRT_FAILED);
  EXPECT_NE(s.message().find("did not write the dims"), std::string::npos) << s.message();
  table_.Run = RunHugeRank;
  EXPECT_EQ(prepared_->Run({}, &out).code(), NNRT_FAILED);
}

// C-302: a host buffer that the 32-bit NNRT_HalBuffer fields cannot describe
// is refused before it is handed to a driver (checked on the size alone: a
// 4 GiB host vector is not allocated here).
TEST(HalCpp, HostBuffersAbove4GiBMinus1AreRefusedNotNarrowed) {
  EXPECT_TRUE(CheckFitsHalBuffer(UINT32_MAX, "cache").ok());
  const Status s = CheckFitsHalBuffer(uint64_t{1} << 32, "cache 0");
  EXPECT_EQ(s.code(), NNRT_INVALID_PARAMETER);
  EXPECT_EQ(s.message(), "cache 0 holds 4294967296 bytes, more than the 4 GiB - 1 a NNRT_HalBuffer can describe (C-302)");
}

}  // namespace
}  // namespace nnrt
