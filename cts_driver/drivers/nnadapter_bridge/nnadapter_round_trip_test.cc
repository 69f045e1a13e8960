// The bridge round trip: the suite's node specs, converted to NNAdapter
// models by the bridge, compiled and run by the reference as an NNAdapter HAL
// driver (libnnadapter_reference.so), pass; each spec the bridge converts
// really runs float32 cases (not all "unsupported"), and `nnrt_cts run
// --nnadapter-driver` passes end to end (node specs, every execution mode the
// bridge's capabilities allow, the invalid-model part), and int8 cases with
// zero points other than 0 run as uint8 where C-832 allows. Fixed seeds;
// quick settings.
#include <cstdio>
#include <set>
#include <string>
#include <sys/wait.h>

#include <gtest/gtest.h>

#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_bridge.h"
#include "cts_driver/teeth_util.h"

namespace nnrt {
namespace nnadapter_bridge {
namespace {

using cts::teeth::NnrtCts;
using cts::teeth::Runfile;

std::string ReferenceNNAdapterSo() { return Runfile("reference/nnadapter/libnnadapter_reference.so"); }

// The specs of the node types the bridge converts (docs/nnadapter.md, "Node
// types the bridge converts").
const char* const kBridgedSpecs[] = {
    "ACTIVATION_RELU", "ACTIVATION_RELU6",  "ACTIVATION_SIGMOID", "ACTIVATION_TANH", "ACTIVATION_ABS",
    "ADD_FUSION",      "SUB_FUSION",        "MUL_FUSION",         "DIV_FUSION",      "CONV2D_FUSION",
    "AVGPOOL_FUSION",  "MAX_POOL_FUSION",   "FULL_CONNECTION",    "SOFTMAX",         "RESHAPE",
    "TRANSPOSE",       "CONCAT",
    "ARGMAX_FUSION",   "TOPK_FUSION",       "CAST",               "SHAPE",           "POW_FUSION",
    "BROADCAST_TO",    "RESIZE"};

// The specs whose random int8 cases (zero points other than 0 almost always)
// run through the bridge as uint8 (C-832): code copies and clamps.
const std::set<std::string> kInt8AsUint8Specs = {"ACTIVATION_RELU", "ACTIVATION_RELU6", "ACTIVATION_ABS",
                                                 "MAX_POOL_FUSION", "RESHAPE",          "TRANSPOSE",
                                                 "CONCAT"};

class BridgeRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(BridgeRoundTrip, ReferenceNNAdapterDriverPassesTheSpec) {
  const cts::NodeSpec* spec = cts::FindNodeSpec(GetParam());
  ASSERT_NE(spec, nullptr) << GetParam();
  std::unique_ptr<cts::Candidate> candidate;
  const Status st = OpenNNAdapterCandidate(NNAdapterCandidateSpec(ReferenceNNAdapterSo(), ""), &candidate);
  ASSERT_TRUE(st.ok()) << st.ToString();
  cts::PropertyOptions options;
  options.seed = 20261125;
  options.cases = 25;
  options.isolate = true;
  options.out_dir = cts::teeth::OutDir("nnadapter_round_trip");
  options.replay_binary = NnrtCts();
  const cts::PropertyResult r = cts::RunSpecProperty(*spec, *candidate, options);
  EXPECT_TRUE(r.passed) << r.message << "\nreplay: " << r.replay_command;
  const auto float32 = r.coverage.find(std::make_pair(spec->name, std::string("float32")));
  ASSERT_NE(float32, r.coverage.end()) << cts::FormatCoverage(r.coverage);
  EXPECT_GT(float32->second.passed, 0) << "no float32 case ran through the bridge\n" << cts::FormatCoverage(r.coverage);
  if (kInt8AsUint8Specs.count(spec->name) != 0) {
    const auto int8 = r.coverage.find(std::make_pair(spec->name, std::string("int8(q)")));
    ASSERT_NE(int8, r.coverage.end()) << cts::FormatCoverage(r.coverage);
    EXPECT_GT(int8->second.passed, 0) << "no int8 case ran through the bridge as uint8\n"
                                      << cts::FormatCoverage(r.coverage);
  }
  std::cout << cts::FormatCoverage(r.coverage);
}

std::string SpecName(const ::testing::TestParamInfo<const char*>& info) { return info.param; }

INSTANTIATE_TEST_SUITE_P(BridgedSpecs, BridgeRoundTrip, ::testing::ValuesIn(kBridgedSpecs), SpecName);

TEST(BridgeRoundTripCli, NnrtCtsRunWithNNAdapterDriverPasses) {
  const std::string cmd = NnrtCts() + " run --nnadapter-driver '" + ReferenceNNAdapterSo() +
                          "' --only ADD_FUSION,CONV2D_FUSION --cases 5 --seed 7 --modes all --out " +
                          cts::teeth::OutDir("nnadapter_cli") + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  const int status = pclose(pipe);
  ASSERT_TRUE(WIFEXITED(status)) << out;
  EXPECT_EQ(WEXITSTATUS(status), 0) << out;
  EXPECT_NE(out.find("nnadapter:" + ReferenceNNAdapterSo()), std::string::npos) << out;
  EXPECT_NE(out.find("invalid models: all rejected"), std::string::npos) << out;
  EXPECT_NE(out.find("modes ok"), std::string::npos) << out;
}

}  // namespace
}  // namespace nnadapter_bridge
}  // namespace nnrt
