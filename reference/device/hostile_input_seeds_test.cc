// The hostile inputs kept as fuzz seeds (fuzz/seeds/reference_device_case/*.nnrt)
// run through the reference driver the way a fuzz target will: parse the case,
// create a device with the seed's run memory budget, prepare, run. Each must
// end exactly as its meta lines say, without a crash; the named tests below
// also check the messages and the memory the runs held (C-300, C-303).
#include <dirent.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "reference/device/interpreter.h"
#include "reference/device/reference_device.h"
#include "reference/device/testing/test_models.h"
#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace {

using testing::RunfilePath;

const char kSeedDir[] = "fuzz/seeds/reference_device_case";

std::vector<std::string> SeedNames() {
  std::vector<std::string> names;
  DIR* dir = opendir(RunfilePath(kSeedDir).c_str());
  if (dir == nullptr) return names;
  while (const dirent* e = readdir(dir)) {
    const std::string name = e->d_name;
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".nnrt") == 0) names.push_back(name);
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

TestCase ReadSeed(const std::string& name) {
  TestCase c;
  const Status s = ReadCaseFile(RunfilePath(std::string(kSeedDir) + "/" + name), &c);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return c;
}

std::string Meta(const TestCase& c, const std::string& key) {
  for (const auto& kv : c.meta) {
    if (kv.first == key) return kv.second;
  }
  return "";
}

uint64_t SeedBudget(const TestCase& c) {
  const std::string v = Meta(c, "seed.run_memory_budget");
  return v.empty() ? kDefaultRunMemoryBudgetBytes : std::strtoull(v.c_str(), nullptr, 10);
}

std::vector<HostTensor> SeedInputs(const TestCase& c) {
  std::vector<HostTensor> inputs;
  for (uint32_t t : c.model.inputs) {
    HostTensor h;
    h.name = c.model.tensors[t].name;
    h.data_type = DataType::kUnknown;  // an input the seed gives no value
    for (const HostTensor& n : c.inputs) {
      if (n.name == h.name) h = n;
    }
    inputs.push_back(std::move(h));
  }
  return inputs;
}

struct Outcome {
  Status status;
  std::string stage;  // "prepare" or "run" when status fails
};

// Parse -> in-process reference driver with `budget` -> PrepareModel -> Run.
Outcome RunOnReferenceDriver(const TestCase& c, uint64_t budget) {
  ReferenceDriverOptions options;
  options.device_name = "seed-runner";
  options.run_memory_budget_bytes = budget;
  std::unique_ptr<HalLibrary> lib;
  std::unique_ptr<HalDevice> device;
  Status s = WrapHalDriver(MakeReferenceDriver(options), "in-process", &lib);
  if (s.ok()) s = lib->CreateDevice(&device);
  MakeReferenceDriver(ReferenceDriverOptions());
  if (!s.ok()) return {s, "device"};
  std::unique_ptr<HalPreparedModel> prepared;
  s = device->PrepareModel(c.model, ModelConfig(), &prepared);
  if (!s.ok()) return {s, "prepare"};
  std::vector<HostTensor> outputs;
  for (uint32_t t : c.model.outputs) {
    HostTensor out;
    out.data_type = c.model.tensors[t].data_type;
    const auto count = ElementCount(c.model.tensors[t].dims);
    const uint64_t declared = count ? static_cast<uint64_t>(*count) * DataTypeSize(out.data_type) : 0;
    out.data.assign(declared > 0 && declared <= (uint64_t{16} << 20) ? declared : 16, 0);  // never a huge buffer
    outputs.push_back(std::move(out));
  }
  s = prepared->Run(SeedInputs(c), &outputs);
  return {s, s.ok() ? "" : "run"};
}

TEST(HostileInputSeeds, EverySeedEndsAsItsMetaSays) {
  const std::vector<std::string> names = SeedNames();
  ASSERT_GE(names.size(), 3u) << "seeds missing from the runfiles: " << RunfilePath(kSeedDir);
  for (const std::string& name : names) {
    const TestCase c = ReadSeed(name);
    const Outcome o = RunOnReferenceDriver(c, SeedBudget(c));
    const std::string want = Meta(c, "expect_error");
    if (want.empty()) {
      EXPECT_TRUE(o.status.ok()) << name << ": " << o.status.ToString();
      continue;
    }
    EXPECT_EQ(ReturnCodeName(o.status.code()), want) << name << ": " << o.status.ToString();
    EXPECT_EQ(o.stage, Meta(c, "expect_error_stage")) << name;
  }
}

TEST(HostileInputSeeds, QuantConvWithInt32MinZeroPointsIsAnInvalidModel) {
  const TestCase c = ReadSeed("quant_conv_int32_min_zero_points.nnrt");
  const Outcome o = RunOnReferenceDriver(c, kDefaultRunMemoryBudgetBytes);
  ASSERT_EQ(o.status.code(), NNRT_INVALID_MODEL) << o.status.ToString();
  EXPECT_EQ(o.stage, "prepare");
  EXPECT_NE(o.status.message().find("tensor 0 'x': quant param 0: zero point -2147483648 is outside the int8 range"),
            std::string::npos)
      << o.status.message();
  std::vector<bool> supported;
  EXPECT_EQ(SupportedOperations(c.model, &supported).code(), NNRT_INVALID_MODEL);  // structural: an error (C-211)
}

// The interpreter itself, with the budget equal to the seed's peak: the run
// succeeds and holds exactly the inputs and two intermediates.
TEST(HostileInputSeeds, BroadcastChainHoldsTwoIntermediatesAtMost) {
  const TestCase c = ReadSeed("broadcast_add_chain.nnrt");
  const uint64_t peak = std::strtoull(Meta(c, "seed.peak_bytes").c_str(), nullptr, 10);
  ASSERT_EQ(peak, 2048u + 2u * 262144u);
  for (uint64_t budget : {peak, peak - 1}) {
    InterpreterOptions options;
    options.run_memory_budget_bytes = budget;
    std::unique_ptr<PreparedInterpreter> p;
    ASSERT_TRUE(PrepareInterpreter(c.model, options, &p).ok());
    std::vector<HostTensor> out;
    RunStats stats;
    const Status s = p->Run(SeedInputs(c), &out, &stats);
    if (budget == peak) {
      ASSERT_TRUE(s.ok()) << s.ToString();
      EXPECT_EQ(stats.peak_bytes, peak);
    } else {
      EXPECT_EQ(s.code(), NNRT_OUT_OF_MEMORY) << s.ToString();
      EXPECT_NE(s.message().find("node 1 'add2'"), std::string::npos) << s.message();
    }
  }
}

// At the 2 GiB tensor limit the refusal comes before any allocation: the run
// held only the 4-byte input.
TEST(HostileInputSeeds, ChainAtTheTensorLimitIsRefusedBeforeAllocating) {
  const TestCase c = ReadSeed("padded_conv_chain_at_tensor_cap.nnrt");
  InterpreterOptions options;
  options.run_memory_budget_bytes = SeedBudget(c);
  std::unique_ptr<PreparedInterpreter> p;
  const Status prepared = PrepareInterpreter(c.model, options, &p);
  ASSERT_TRUE(prepared.ok()) << prepared.ToString();
  std::vector<HostTensor> out;
  RunStats stats;
  const Status s = p->Run(SeedInputs(c), &out, &stats);
  ASSERT_EQ(s.code(), NNRT_OUT_OF_MEMORY) << s.ToString();
  EXPECT_NE(s.message().find("node 0 'grow' (CONV2D_FUSION): its outputs need 2147395600 bytes while the run holds 4"),
            std::string::npos)
      << s.message();
  EXPECT_EQ(stats.peak_bytes, 4u);
}

// Preparing an L2_NORMALIZE_FUSION costs nothing proportional to its declared
// element count (the groups are walked at run time): a 2 GiB intermediate
// prepares at once and the run is refused by the budget before allocating.
TEST(HostileInputSeeds, L2NormalizeOfAHugeIntermediatePreparesWithoutWalkingIt) {
  const TestCase c = ReadSeed("l2_normalize_of_a_2gib_intermediate.nnrt");
  InterpreterOptions options;
  options.run_memory_budget_bytes = SeedBudget(c);
  std::unique_ptr<PreparedInterpreter> p;
  const Status prepared = PrepareInterpreter(c.model, options, &p);
  ASSERT_TRUE(prepared.ok()) << prepared.ToString();
  std::vector<HostTensor> out;
  RunStats stats;
  const Status s = p->Run(SeedInputs(c), &out, &stats);
  ASSERT_EQ(s.code(), NNRT_OUT_OF_MEMORY) << s.ToString();
  EXPECT_NE(s.message().find("node 0 'grow'"), std::string::npos) << s.message();
  EXPECT_EQ(stats.peak_bytes, 4u);
}

TEST(HostileInputSeeds, AvgPoolOfAHugeWindowIsRefusedBeforeItsLoops) {
  const TestCase c = ReadSeed("avg_pool_window_work_above_the_budget.nnrt");
  std::unique_ptr<PreparedInterpreter> p;
  const Status prepared = PrepareInterpreter(c.model, InterpreterOptions(), &p);
  ASSERT_TRUE(prepared.ok()) << prepared.ToString();
  std::vector<HostTensor> out;
  RunStats stats;
  const Status s = p->Run(SeedInputs(c), &out, &stats);
  ASSERT_EQ(s.code(), NNRT_TIME_OUT) << s.ToString();
  EXPECT_NE(s.message().find("node 1 'average'"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("AVGPOOL_FUSION needs 1101660160000 steps"), std::string::npos) << s.message();
  EXPECT_EQ(stats.work_steps, uint64_t{2048} * 2048);  // the convolution's taps only (C-760)
}

}  // namespace
}  // namespace nnrt
