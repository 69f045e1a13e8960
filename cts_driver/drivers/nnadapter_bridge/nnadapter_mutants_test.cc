// Every NNAdapter mutant driver (cts_driver/drivers/nnadapter_mutants/) is caught by
// the suite through the bridge: its spec's property fails with a case file
// that `nnrt_cts replay --driver nnadapter:<mutant>` reproduces (exit 1) and
// that passes on the reference NNAdapter driver (exit 0). Fixed seeds. The
// per-channel mutant needs an int8 convolution with symmetric weights and
// output (an asymmetric input travels as uint8, C-832), which random cases
// almost never draw: directed cases run through the same runner.
#include <sys/stat.h>

#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_bridge.h"
#include "cts_driver/teeth_util.h"
#include "reference/cases/single_node_case.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace nnadapter_bridge {
namespace {

using cts::teeth::Replay;
using cts::teeth::Runfile;

struct NNAdapterMutant {
  const char* library;  // cts_driver/<library>
  const char* bug;
  const char* spec;     // the node spec whose property catches it
  DataType dtype;       // the data type its cases use
};

const NNAdapterMutant kMutants[] = {
    {"libnnadapter_mutant_fuse_code_ignored.so", "the fuse code of ADD / SUB / MUL / DIV is ignored", "ADD_FUSION",
     DataType::kFloat32},
    {"libnnadapter_mutant_conv_filter_read_as_ohwi.so", "the CONV_2D filter is read as OHWI instead of OIHW",
     "CONV2D_FUSION", DataType::kFloat32},
    {"libnnadapter_mutant_softmax_last_axis.so", "SOFTMAX always along the last axis", "SOFTMAX",
     DataType::kFloat32},
};

std::string Spec(const std::string& library) {
  return NNAdapterCandidateSpec(Runfile("cts_driver/" + library), "");
}
std::string ReferenceSpec() {
  return NNAdapterCandidateSpec(Runfile("reference/nnadapter/libnnadapter_reference.so"), "");
}

class NNAdapterMutantTest : public ::testing::TestWithParam<NNAdapterMutant> {};

TEST_P(NNAdapterMutantTest, TheSuiteCatchesItThroughTheBridgeWithAReplayableCase) {
  const NNAdapterMutant& m = GetParam();
  const cts::NodeSpec* spec = cts::FindNodeSpec(m.spec);
  ASSERT_NE(spec, nullptr) << m.spec;
  std::unique_ptr<cts::Candidate> candidate;
  const Status st = OpenNNAdapterCandidate(Spec(m.library), &candidate);
  ASSERT_TRUE(st.ok()) << st.ToString();
  cts::PropertyOptions options;
  options.seed = 20261125;
  options.cases = 40;
  options.isolate = true;
  options.only_dtypes = {m.dtype};
  options.out_dir = cts::teeth::OutDir(std::string("nnadapter_mutants_") + m.spec);
  options.replay_binary = cts::teeth::NnrtCts();
  const cts::PropertyResult r = cts::RunSpecProperty(*spec, *candidate, options);
  ASSERT_FALSE(r.passed) << m.library << " (" << m.bug << ") passed " << m.spec << "\n"
                         << cts::FormatCoverage(r.coverage);
  ASSERT_FALSE(r.case_file.empty()) << r.message;
  EXPECT_NE(r.message.find("worst element"), std::string::npos) << "wrong values, not a device error\n" << r.message;
  EXPECT_NE(r.replay_command.find("--driver nnadapter:"), std::string::npos) << r.replay_command;
  std::string out;
  EXPECT_EQ(Replay(r.case_file, Spec(m.library), false, cts::teeth::kDefaultReplayTimeout, &out), 1) << out;
  EXPECT_NE(out.find("FAIL"), std::string::npos) << out;
  std::string ref_out;
  EXPECT_EQ(Replay(r.case_file, ReferenceSpec(), false, cts::teeth::kDefaultReplayTimeout, &ref_out), 0) << ref_out;
}

std::string MutantName(const ::testing::TestParamInfo<NNAdapterMutant>& info) {
  std::string s = info.param.library;
  s = s.substr(3, s.size() - 6);  // lib<name>.so -> <name>
  return s;
}

INSTANTIATE_TEST_SUITE_P(AllNNAdapterMutants, NNAdapterMutantTest, ::testing::ValuesIn(kMutants), MutantName);

std::vector<uint8_t> Int8Pattern(size_t n, int step, int modulus, int offset) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(static_cast<int8_t>((i * step) % modulus - offset));
  return v;
}

// x int8 [1,4,4,3] with zero point x_zero_point (other than 0: x travels as
// uint8, C-832) and weights [4,2,2,3] per channel, symmetric; output symmetric.
TestCase PerChannelConvCase(int32_t x_zero_point) {
  SingleNodeCase b(NodeType::CONV2D_FUSION, "per_channel_conv");
  b.In("x", DataType::kInt8, {1, 4, 4, 3}, Int8Pattern(48, 37, 61, 30), {{8, x_zero_point, 1.0 / 64}});
  b.Const("w", DataType::kInt8, {4, 2, 2, 3}, Int8Pattern(48, 11, 41, 20),
          {{8, 0, 1.0 / 128}, {8, 0, 1.0 / 64}, {8, 0, 1.0 / 32}, {8, 0, 1.0 / 16}});
  const std::vector<int32_t> bias = {10, -20, 30, -40};
  std::vector<uint8_t> bias_bytes(16);
  std::memcpy(bias_bytes.data(), bias.data(), 16);
  b.Const("bias", DataType::kInt32, {4}, bias_bytes);
  b.Out("y", DataType::kInt8, {1, 3, 3, 4}, {{8, 0, 1.0 / 16}});
  b.WithAttrs({Attr::Int64s("kernelSize", {2, 2}), Attr::Int64s("stride", {1, 1}), Attr::Int64s("dilation", {1, 1}),
               Attr::Int8("padMode", 0), Attr::Int64s("padList", {0, 0, 0, 0}), Attr::Int64("group", 1),
               Attr::Int8("activationType", 0)});
  return b.Build();
}

cts::CaseOutcome RunOn(const std::string& driver_spec, const TestCase& c) {
  std::unique_ptr<cts::Candidate> candidate;
  const Status st = OpenNNAdapterCandidate(driver_spec, &candidate);
  EXPECT_TRUE(st.ok()) << st.ToString();
  cts::CaseOutcome failed;
  failed.verdict = cts::Verdict::kInvalidCase;
  failed.message = st.ToString();
  if (!st.ok()) return failed;
  cts::RunOptions options;
  options.isolate = true;
  return cts::RunCase(*candidate, c, ModelConfig(), options);
}

// The reference passes the case through the bridge; the per-channel mutant
// fails it with a case file that replays (fail on the mutant, pass on the
// reference).
void ExpectPerChannelMutantCaught(const TestCase& c, const std::string& dir_name) {
  const cts::CaseOutcome reference = RunOn(ReferenceSpec(), c);
  ASSERT_EQ(reference.verdict, cts::Verdict::kPass) << "the bridge must run this case: " << reference.message;
  const std::string mutant = Spec("libnnadapter_mutant_per_channel_scales_shifted.so");
  const cts::CaseOutcome outcome = RunOn(mutant, c);
  ASSERT_EQ(outcome.verdict, cts::Verdict::kFail) << outcome.message;
  EXPECT_NE(outcome.message.find("worst element"), std::string::npos) << outcome.message;
  const std::string dir = cts::teeth::OutDir(dir_name);
  mkdir(dir.c_str(), 0755);
  const std::string file = dir + "/per_channel_conv.nnrtcase";
  const TestCase counterexample = cts::MakeCounterexample(c, ModelConfig(), outcome, {{"cts.driver", mutant}});
  ASSERT_TRUE(WriteCaseFile(file, counterexample).ok());
  std::string out;
  EXPECT_EQ(Replay(file, mutant, false, cts::teeth::kDefaultReplayTimeout, &out), 1) << out;
  std::string ref_out;
  EXPECT_EQ(Replay(file, ReferenceSpec(), false, cts::teeth::kDefaultReplayTimeout, &ref_out), 0) << ref_out;
}

TEST(NNAdapterMutantDirected, PerChannelScalesShiftedIsCaughtOnASymmetricInt8Convolution) {
  ExpectPerChannelMutantCaught(PerChannelConvCase(0), "nnadapter_mutants_per_channel");
}

// The same mutant through the uint8 re-encoding of an asymmetric int8 input.
TEST(NNAdapterMutantDirected, PerChannelScalesShiftedIsCaughtWhenTheInputTravelsAsUint8) {
  ExpectPerChannelMutantCaught(PerChannelConvCase(-9), "nnadapter_mutants_per_channel_uint8_input");
}

}  // namespace
}  // namespace nnadapter_bridge
}  // namespace nnrt
