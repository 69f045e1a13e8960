// Outputs computed straight into the caller's memory (RunWithDestinations and
// the reference driver's Run): the same bytes as a copying run, and never
// into memory that an input of the same run still occupies.
#include <gtest/gtest.h>

#include <cstring>

#include "reference/device/interpreter.h"
#include "reference/device/reference_device.h"
#include "reference/device/testing/test_models.h"
#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"

namespace nnrt {
namespace {

using testing::AddModel;
using testing::BytesToFloats;
using testing::FloatBytes;
using testing::MakeTensor;
using testing::RunfilePath;

// out = a + b, one node: its kernel reads a[i] after writing out[i - 1], so
// an output placed one element after a would corrupt the run.
Model SingleAddModel(const Dims& dims = Dims{2, 3}) {
  Model m;
  m.name = "add";
  m.tensors = {MakeTensor("a", DataType::kFloat32, dims), MakeTensor("b", DataType::kFloat32, dims),
               MakeTensor("out", DataType::kFloat32, dims)};
  Node add;
  add.name = "add";
  add.type = NodeType::ADD_FUSION;
  add.attrs = {Attr::Int8("activationType", 0)};
  add.inputs = {0, 1};
  add.outputs = {2};
  m.nodes = {add};
  m.inputs = {0, 1};
  m.outputs = {2};
  SubGraph g;
  g.name = "main";
  g.nodes = {0};
  m.subgraphs = {g};
  return m;
}

const std::vector<float> kA = {1, 2, 3, 4, 5, 6};
const std::vector<float> kB = {10, 20, 30, 40, 50, 60};
const std::vector<float> kSum = {11, 22, 33, 44, 55, 66};

// The driver computes only outputs of at least 16 KiB in place (smaller
// ones cost less to copy than the alias check, C-758): its tests use
// [64, 64] float32 tensors, 16 KiB each, with a[i] = i + 1 and b[i] = 10 a[i].
const Dims kLargeDims{64, 64};
constexpr uint32_t kLargeBytes = 64 * 64 * 4;

std::vector<float> Ramp(float step) {
  std::vector<float> v(kLargeBytes / 4);
  for (size_t i = 0; i < v.size(); ++i) v[i] = step * static_cast<float>(i + 1);
  return v;
}
const std::vector<float> kLargeA = Ramp(1), kLargeB = Ramp(10), kLargeSum = Ramp(11);

InputView View(const std::vector<uint8_t>& bytes) {
  return InputView{DataType::kFloat32, Dims{2, 3}, bytes.data(), bytes.size()};
}

TEST(RunWithDestinations, ComputesAnOutputIntoAUsableDestinationWithTheBytesOfRun) {
  std::unique_ptr<PreparedInterpreter> p;
  ASSERT_TRUE(PrepareInterpreter(AddModel({2, 3}, {2, 3}), &p).ok());
  const std::vector<uint8_t> a = FloatBytes(kA), b = FloatBytes(kB);
  std::vector<HostTensor> copied;
  ASSERT_TRUE(p->Run({HostTensor{"a", DataType::kFloat32, {2, 3}, a}, HostTensor{"b", DataType::kFloat32, {2, 3}, b}},
                     &copied)
                  .ok());
  std::vector<uint8_t> dest(32, 0xAB);
  std::vector<RunOutput> out;
  Status s = p->RunWithDestinations({View(a), View(b)}, {OutputDestination{dest.data(), dest.size()}}, &out);
  ASSERT_TRUE(s.ok()) << s.ToString();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].in_destination);
  EXPECT_TRUE(out[0].bytes.empty());
  EXPECT_EQ(out[0].byte_size, 24u);
  EXPECT_EQ(out[0].dims, (Dims{2, 3}));
  EXPECT_EQ(std::vector<uint8_t>(dest.begin(), dest.begin() + 24), copied[0].data);
  EXPECT_EQ(dest[24], 0xAB);  // nothing past the output's bytes
}

TEST(RunWithDestinations, ATooSmallOrOverlappingDestinationIsNotUsed) {
  std::unique_ptr<PreparedInterpreter> p;
  ASSERT_TRUE(PrepareInterpreter(SingleAddModel(), &p).ok());
  const std::vector<uint8_t> b = FloatBytes(kB);
  // Too small: the output goes to `bytes`, the destination stays as it was.
  std::vector<uint8_t> small(20, 0xAB);
  std::vector<uint8_t> a = FloatBytes(kA);
  std::vector<RunOutput> out;
  ASSERT_TRUE(p->RunWithDestinations({View(a), View(b)}, {OutputDestination{small.data(), small.size()}}, &out).ok());
  EXPECT_FALSE(out[0].in_destination);
  EXPECT_EQ(BytesToFloats(out[0].bytes), kSum);
  EXPECT_EQ(small, std::vector<uint8_t>(20, 0xAB));
  // Overlapping input a (one element further on): a is read as it was.
  std::vector<uint8_t> shared = FloatBytes({1, 2, 3, 4, 5, 6, 0});
  const InputView a_view{DataType::kFloat32, Dims{2, 3}, shared.data(), 24};
  ASSERT_TRUE(p->RunWithDestinations({a_view, View(b)}, {OutputDestination{shared.data() + 4, 24}}, &out).ok());
  EXPECT_FALSE(out[0].in_destination);
  EXPECT_EQ(BytesToFloats(out[0].bytes), kSum);
}

// A [64, 64] float32 tensor at `offset` of a shared buffer, given by its fd
// only: each Open maps the fd anew, at an address of its own.
NNRT_HalIOTensor FdIO(const HalBuffer& buffer, uint32_t offset) {
  NNRT_HalIOTensor t = HostIOTensor("", DataType::kFloat32, kLargeDims, nullptr, 0);
  t.data = buffer.raw();
  t.data.offset = offset;
  t.data.dataSize = kLargeBytes;
  t.data.hostAddress = nullptr;
  return t;
}

// Kernels read typed pointers: an input off malloc's alignment is read from
// an aligned copy, and an output is never computed into a misaligned
// destination (UBSan reports a misaligned float load otherwise).
TEST(RunWithDestinations, MisalignedInputsAndDestinationsAreNotUsedInPlace) {
  std::unique_ptr<PreparedInterpreter> p;
  ASSERT_TRUE(PrepareInterpreter(SingleAddModel(), &p).ok());
  const std::vector<uint8_t> a_bytes = FloatBytes(kA), b = FloatBytes(kB);
  std::vector<uint8_t> a_store(25), dest(33, 0xAB);
  std::memcpy(a_store.data() + 1, a_bytes.data(), 24);
  const InputView a_view{DataType::kFloat32, Dims{2, 3}, a_store.data() + 1, 24};
  std::vector<RunOutput> out;
  Status s = p->RunWithDestinations({a_view, View(b)}, {OutputDestination{dest.data() + 1, 32}}, &out);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_FALSE(out[0].in_destination);
  EXPECT_EQ(BytesToFloats(out[0].bytes), kSum);
  EXPECT_EQ(dest, std::vector<uint8_t>(33, 0xAB));
}

// SingleAddModel of the given dims prepared on the reference driver, loaded as a vendor's would be.
template <const Dims& kDims>
class DriverAddTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Status s = LoadHalDriver(RunfilePath("reference/libnnrt_reference_driver.so"), &lib_);
    ASSERT_TRUE(s.ok()) << s.ToString();
    ASSERT_TRUE(lib_->CreateDevice(&device_).ok());
    ASSERT_TRUE(device_->PrepareModel(SingleAddModel(kDims), ModelConfig(), &prepared_).ok());
  }
  std::unique_ptr<HalLibrary> lib_;
  std::unique_ptr<HalDevice> device_;
  std::unique_ptr<HalPreparedModel> prepared_;
};

using InPlaceDriverRunTest = DriverAddTest<kLargeDims>;

TEST_F(InPlaceDriverRunTest, AnOutputSharingAnInputsHostMemoryStillSeesTheInputAsItWas) {
  std::vector<float> a_then_zeros = kLargeA;
  a_then_zeros.resize(a_then_zeros.size() + 4, 0.0f);
  std::vector<uint8_t> shared = FloatBytes(a_then_zeros);
  std::vector<uint8_t> b = FloatBytes(kLargeB);
  std::vector<Dims> out_dims;
  Status s = prepared_->Run({HostIOTensor("a", DataType::kFloat32, kLargeDims, shared.data(), kLargeBytes),
                             HostIOTensor("b", DataType::kFloat32, kLargeDims, b.data(), b.size())},
                            {HostIOTensor("out", DataType::kFloat32, kLargeDims, shared.data() + 16, kLargeBytes)},
                            &out_dims);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(BytesToFloats(std::vector<uint8_t>(shared.begin() + 16, shared.end())), kLargeSum);
}

// The same through one shared-memory fd mapped twice: the two views have
// different addresses, so only the fd's identity shows that they overlap.
// The output starts 16 bytes (4 elements) after a, aligned for the kernels,
// so a run computed in place would read elements it had already written.
TEST_F(InPlaceDriverRunTest, AnOutputSharingAnInputsFdStillSeesTheInputAsItWas) {
  std::unique_ptr<HalBuffer> shared, b;
  ASSERT_TRUE(device_->AllocateBuffer(kLargeBytes + 16, &shared).ok());
  ASSERT_TRUE(device_->AllocateBuffer(kLargeBytes, &b).ok());
  const std::vector<uint8_t> a_bytes = FloatBytes(kLargeA), b_bytes = FloatBytes(kLargeB);
  std::memcpy(shared->data(), a_bytes.data(), kLargeBytes);
  std::memcpy(b->data(), b_bytes.data(), kLargeBytes);
  std::vector<Dims> out_dims;
  Status s = prepared_->Run({FdIO(*shared, 0), FdIO(*b, 0)}, {FdIO(*shared, 16)}, &out_dims);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(BytesToFloats(std::vector<uint8_t>(shared->data() + 16, shared->data() + 16 + kLargeBytes)), kLargeSum);
}

TEST_F(InPlaceDriverRunTest, SeparateBuffersGetTheSameBytesAsACopyingRun) {
  std::unique_ptr<HalBuffer> a, b, out;
  ASSERT_TRUE(device_->AllocateBuffer(kLargeBytes, &a).ok());
  ASSERT_TRUE(device_->AllocateBuffer(kLargeBytes, &b).ok());
  ASSERT_TRUE(device_->AllocateBuffer(kLargeBytes, &out).ok());
  const std::vector<uint8_t> a_bytes = FloatBytes(kLargeA), b_bytes = FloatBytes(kLargeB);
  std::memcpy(a->data(), a_bytes.data(), kLargeBytes);
  std::memcpy(b->data(), b_bytes.data(), kLargeBytes);
  std::vector<Dims> out_dims;
  Status s = prepared_->Run({FdIO(*a, 0), FdIO(*b, 0)}, {FdIO(*out, 0)}, &out_dims);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(BytesToFloats(std::vector<uint8_t>(out->data(), out->data() + kLargeBytes)), kLargeSum);
}

// Outputs below 16 KiB skip the alias check (C-758), which is safe only
// because they are computed in the run's own storage and copied after it: an
// output four elements (16 bytes, aligned for the kernels) after an input, in
// host memory or in the same fd, still gets the sum of the inputs as they were.
const Dims kSmallDims{2, 3};
using SmallOutputDriverRunTest = DriverAddTest<kSmallDims>;

TEST_F(SmallOutputDriverRunTest, AnOutputSharingAnInputsHostMemoryStillSeesTheInputAsItWas) {
  std::vector<uint8_t> shared = FloatBytes({1, 2, 3, 4, 5, 6, 0, 0, 0, 0});
  std::vector<uint8_t> b = FloatBytes(kB);
  std::vector<Dims> out_dims;
  Status s = prepared_->Run({HostIOTensor("a", DataType::kFloat32, {2, 3}, shared.data(), 24),
                             HostIOTensor("b", DataType::kFloat32, {2, 3}, b.data(), b.size())},
                            {HostIOTensor("out", DataType::kFloat32, {2, 3}, shared.data() + 16, 24)}, &out_dims);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(BytesToFloats(std::vector<uint8_t>(shared.begin() + 16, shared.end())), kSum);
}

TEST_F(SmallOutputDriverRunTest, AnOutputSharingAnInputsFdStillSeesTheInputAsItWas) {
  std::unique_ptr<HalBuffer> shared, b;
  ASSERT_TRUE(device_->AllocateBuffer(40, &shared).ok());
  ASSERT_TRUE(device_->AllocateBuffer(24, &b).ok());
  const std::vector<uint8_t> a_bytes = FloatBytes(kA), b_bytes = FloatBytes(kB);
  std::memcpy(shared->data(), a_bytes.data(), 24);
  std::memcpy(b->data(), b_bytes.data(), 24);
  const auto small_fd = [](const HalBuffer& buffer, uint32_t offset) {
    NNRT_HalIOTensor t = HostIOTensor("", DataType::kFloat32, kSmallDims, nullptr, 0);
    t.data = buffer.raw();
    t.data.offset = offset;
    t.data.dataSize = 24;
    t.data.hostAddress = nullptr;
    return t;
  };
  std::vector<Dims> out_dims;
  Status s = prepared_->Run({small_fd(*shared, 0), small_fd(*b, 0)}, {small_fd(*shared, 16)}, &out_dims);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(BytesToFloats(std::vector<uint8_t>(shared->data() + 16, shared->data() + 40)), kSum);
}

}  // namespace
}  // namespace nnrt
