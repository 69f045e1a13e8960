// Every NNAdapter mutant driver (cts_driver/nnadapter_mutants/) is caught by
// the suite through the bridge: its spec's property fails with a case file
// that `nnrt_cts replay --driver nnadapter:<mutant>` reproduces (exit 1) and
// that passes on the reference NNAdapter driver (exit 0). Fixed seeds.
#include <string>

#include <gtest/gtest.h>

#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "cts_driver/nnadapter/nnadapter_bridge.h"
#include "cts_driver/teeth_util.h"

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
    {"libnnadapter_mutant_per_channel_scales_shifted.so", "per-channel scales applied to the next channel",
     "CONV2D_FUSION", DataType::kInt8},
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
  const NodeSpec* spec = FindNodeSpec(m.spec);
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

}  // namespace
}  // namespace nnadapter_bridge
}  // namespace nnrt
