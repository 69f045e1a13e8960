// The hostile sample drivers (cts_driver/drivers/hostile/, docs/conformance.md
// "Hostile drivers"): a driver that hands garbage back through the HAL is
// reported with a message naming the misbehaviour — as the failure of the case
// when a case runs, or as the reason the driver cannot be opened — with and
// without isolation, and the suite goes on to the next driver.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/runner.h"
#include "cts_driver/teeth_util.h"
#include "reference/hal/hal_loader.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

using teeth::Runfile;

std::string HostileSo(const std::string& name) { return Runfile("cts_driver/libnnrt_hostile_" + name + ".so"); }

// y = x + c, float32 [2, 3]: the smallest case that prepares and runs.
TestCase AddCase() {
  const char kText[] = R"(nnrt-case 1
model "hostile_add" {
  tensor 0 "x" float32 [2,3] nhwc
  tensor 1 "c" float32 [2,3] nhwc data [1, 2, 3, 4, 5, 6]
  tensor 2 "y" float32 [2,3] nhwc
  node 0 "add" ADD_FUSION inputs [0,1] outputs [2] quant none {
    activationType: int8 [0]
  }
  inputs [0]
  outputs [2]
}
input "x" float32 [2,3] data [0.5, -1, 2, 0, 3.25, -4]
)";
  TestCase c;
  const Status st = ParseCase(kText, &c);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return c;
}

struct CaseLevel {
  const char* driver;
  const char* message;  // part of the failing case's message
};

// Misbehaviours inside a case: the case fails with the message, isolated (a
// forked child) and in-process alike.
const CaseLevel kCaseLevel[] = {
    {"run_rank_1000", "Run wrote rank 1000 for output 0"},
    {"run_dims_unwritten", "Run succeeded but did not write the dims of output 0"},
    {"run_dims_past_buffer", "larger than the buffer it accepted"},
    {"prepare_null_success", "returned success but no prepared model"},
    {"supported_garbage_bytes", "GetSupportedOperation wrote byte 7 into a bool"},
    {"run_undefined_code_unterminated_message", "not NUL-terminated within 65536 characters"},
};

TEST(HostileDrivers, EachCaseLevelMisbehaviourFailsTheCaseWithItsMessage) {
  const TestCase c = AddCase();
  for (const CaseLevel& h : kCaseLevel) {
    std::unique_ptr<Candidate> candidate;
    const Status open = OpenCandidate(HostileSo(h.driver), &candidate);
    ASSERT_TRUE(open.ok()) << h.driver << ": " << open.ToString();
    for (bool isolate : {true, false}) {
      RunOptions options;
      options.isolate = isolate;
      options.timeout_seconds = 20;
      const CaseOutcome o = RunCase(*candidate, c, ModelConfig(), options);
      EXPECT_EQ(o.verdict, Verdict::kFail) << h.driver << (isolate ? " isolated" : " in-process") << ": " << o.message;
      EXPECT_NE(o.message.find(h.message), std::string::npos)
          << h.driver << (isolate ? " isolated" : " in-process") << ": " << o.message;
      EXPECT_LT(o.message.size(), 4096u) << h.driver << ": a garbage string must not flood the message";
    }
  }
  // The reference driver still passes the same case afterwards: nothing leaked into the suite's state.
  std::unique_ptr<Candidate> reference;
  ASSERT_TRUE(OpenCandidate(teeth::ReferenceSo(), &reference).ok());
  EXPECT_EQ(RunCase(*reference, c, ModelConfig(), RunOptions()).verdict, Verdict::kPass);
}

// An undefined return code is named as such.
TEST(HostileDrivers, UndefinedReturnCodeIsNamed) {
  std::unique_ptr<Candidate> candidate;
  ASSERT_TRUE(OpenCandidate(HostileSo("run_undefined_code_unterminated_message"), &candidate).ok());
  const CaseOutcome o = RunCase(*candidate, AddCase(), ModelConfig(), RunOptions());
  EXPECT_NE(o.message.find("returned undefined code 12345"), std::string::npos) << o.message;
}

// A device whose name is not a string: the driver is refused at open with the reason.
TEST(HostileDrivers, UnterminatedDeviceNameRefusesTheDriver) {
  std::unique_ptr<Candidate> candidate;
  const Status open = OpenCandidate(HostileSo("device_name_unterminated"), &candidate);
  ASSERT_FALSE(open.ok());
  EXPECT_NE(open.message().find("GetDeviceName returned a string not NUL-terminated within 65536 characters"),
            std::string::npos)
      << open.ToString();
}

// Counts past the ABI's limits on driver-owned arrays are refused before
// anything is read from the arrays.
TEST(HostileDrivers, CountsPastTheLimitsAreRefusedBeforeReading) {
  const TestCase c = AddCase();
  struct Probe {
    const char* driver;
    const char* message;
    bool cache;  // ExportModelCache, else GetInputDimRanges
  };
  for (const Probe& p : {Probe{"cache_count_past_limit", "ExportModelCache returned 5000 buffers", true},
                         Probe{"dim_ranges_count_past_limit", "GetInputDimRanges reported 100000 inputs", false}}) {
    std::unique_ptr<HalLibrary> library;
    ASSERT_TRUE(LoadHalDriver(HostileSo(p.driver), &library).ok()) << p.driver;
    std::unique_ptr<HalDevice> device;
    ASSERT_TRUE(library->CreateDevice(&device).ok());
    std::unique_ptr<HalPreparedModel> prepared;
    ASSERT_TRUE(device->PrepareModel(c.model, ModelConfig(), &prepared).ok());
    Status st;
    if (p.cache) {
      std::vector<std::vector<uint8_t>> caches;
      st = prepared->ExportModelCache(&caches);
    } else {
      std::vector<std::vector<uint32_t>> mins, maxs;
      st = prepared->GetInputDimRanges(&mins, &maxs);
    }
    EXPECT_EQ(st.code(), NNRT_FAILED) << p.driver << ": " << st.ToString();
    EXPECT_NE(st.message().find(p.message), std::string::npos) << st.ToString();
    EXPECT_NE(st.message().find("misbehaved"), std::string::npos) << st.ToString();
  }
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
