// The runner's verdicts for drivers that decline or break (C-86), and the
// counterexample text round trip (C-88), with in-process driver tables built
// by MakeReferenceDriver.
#include <unistd.h>

#include <cmath>
#include <cstdlib>

#include <gtest/gtest.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

Status DeclineInfer(OpContext&) { return Unsupported("this test driver declines the node"); }
Status FailingKernel(OpContext&) { return Status(NNRT_FAILED, "this test driver's kernel fails"); }
Status ZeroKernel(OpContext& ctx) {
  for (TensorArg& o : ctx.outputs) {
    for (size_t i = 0; i < o.byte_size; ++i) o.mutable_data[i] = 0;
  }
  return Status::Ok();
}

Status CrashingKernel(OpContext&) { std::abort(); }
Status HangingKernel(OpContext&) {
  for (;;) sleep(1);
}

std::unique_ptr<Candidate> Open(const std::string& name, std::vector<KernelOverride> overrides) {
  ReferenceDriverOptions options;
  options.device_name = name;
  options.overrides = std::move(overrides);
  std::unique_ptr<Candidate> c;
  Status st = OpenCandidateFromTable(MakeReferenceDriver(options), name, &c);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return c;
}

// x (float32 [1,4]) + constant 1.5 -> y.
TestCase AddCase() {
  TestCase c;
  Tensor x{"x", DataType::kFloat32, {1, 4}, Format::kNhwc, {}, {}};
  Tensor k{"k", DataType::kFloat32, {1}, Format::kNhwc, std::vector<uint8_t>(4), {}};
  StoreDouble(DataType::kFloat32, k.data.data(), 0, 1.5);
  Tensor y{"y", DataType::kFloat32, {1, 4}, Format::kNhwc, {}, {}};
  c.model.tensors = {x, k, y};
  Node n;
  n.name = "add";
  n.type = NodeType::ADD_FUSION;
  n.attrs = {Attr::Int8("activationType", 0)};
  n.inputs = {0, 1};
  n.outputs = {2};
  c.model.nodes = {n};
  c.model.inputs = {0};
  c.model.outputs = {2};
  HostTensor in{"x", DataType::kFloat32, {1, 4}, std::vector<uint8_t>(16)};
  for (size_t i = 0; i < 4; ++i) StoreDouble(DataType::kFloat32, in.data.data(), i, 0.25 * static_cast<double>(i));
  c.inputs = {in};
  return c;
}

TEST(Runner, ReferenceTablePassesAndReturnsBothOutputs) {
  auto c = Open("ref-in-process", {});
  CaseOutcome o = RunCase(*c, AddCase(), ModelConfig(), RunOptions());
  EXPECT_EQ(o.verdict, Verdict::kPass) << o.message;
  ASSERT_EQ(o.reference_outputs.size(), 1u);
  EXPECT_EQ(LoadAsDouble(DataType::kFloat32, o.reference_outputs[0].data.data(), 3), 2.25);
  EXPECT_EQ(o.candidate_outputs[0].data, o.reference_outputs[0].data);
}

TEST(Runner, NodeReportedUnsupportedIsSkippedNotFailed) {
  auto c = Open("declines-add", {KernelOverride{NodeType::ADD_FUSION, FailingKernel, DeclineInfer}});
  CaseOutcome o = RunCase(*c, AddCase(), ModelConfig(), RunOptions());
  EXPECT_EQ(o.verdict, Verdict::kUnsupported) << o.message;
}

TEST(Runner, SupportedNodeThatFailsToRunIsAFailure) {
  auto c = Open("add-fails", {KernelOverride{NodeType::ADD_FUSION, FailingKernel}});
  CaseOutcome o = RunCase(*c, AddCase(), ModelConfig(), RunOptions());
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_NE(o.message.find("Run failed"), std::string::npos) << o.message;
}

TEST(Runner, WrongValuesFailWithTheWorstElement) {
  auto c = Open("add-zero", {KernelOverride{NodeType::ADD_FUSION, ZeroKernel}});
  CaseOutcome o = RunCase(*c, AddCase(), ModelConfig(), RunOptions());
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_EQ(o.failing_output, 0);
  // Worst = largest error in ulps of the reference: 1.5 -> 0 is 1.5 * 2^23 ulps,
  // more than 2.25 -> 0 (2.25 * 2^22 ulps).
  EXPECT_EQ(o.compare.worst_expected, 1.5);
  EXPECT_EQ(o.compare.worst_actual, 0.0);
}

TEST(Runner, CaseTheReferenceRejectsIsReportedAsInvalidCase) {
  auto c = Open("ref-in-process-2", {});
  TestCase bad = AddCase();
  bad.model.nodes[0].attrs = {Attr::Int8("activationType", 40)};
  CaseOutcome o = RunCase(*c, bad, ModelConfig(), RunOptions());
  EXPECT_EQ(o.verdict, Verdict::kInvalidCase) << o.message;
}

TEST(Runner, UnsupportedCasesAreCountedInCoverage) {
  auto c = Open("declines-add-2", {KernelOverride{NodeType::ADD_FUSION, FailingKernel, DeclineInfer}});
  PropertyOptions options;
  options.seed = 3;
  options.cases = 20;
  options.out_dir = "/tmp";
  PropertyResult r = RunSpecProperty(*FindNodeSpec("ADD_FUSION"), *c, options);
  EXPECT_TRUE(r.passed) << r.message;
  int64_t unsupported = 0, passed = 0;
  for (const auto& kv : r.coverage) {
    unsupported += kv.second.unsupported;
    passed += kv.second.passed;
  }
  int64_t directed = 0;  // the directed edge-value cases run first
  for (DataType d : FindNodeSpec("ADD_FUSION")->dtypes) directed += static_cast<int64_t>(EdgeValueCount(d));
  EXPECT_EQ(unsupported, 20 + directed);
  EXPECT_EQ(passed, 0);
}

TEST(Isolation, IsolatedRunGivesTheSameOutputsAsInProcess) {
  auto c = Open("ref-isolated", {});
  RunOptions isolated;
  isolated.isolate = true;
  CaseOutcome a = RunCase(*c, AddCase(), ModelConfig(), isolated);
  CaseOutcome b = RunCase(*c, AddCase(), ModelConfig(), RunOptions());
  EXPECT_EQ(a.verdict, Verdict::kPass) << a.message;
  ASSERT_EQ(a.candidate_outputs.size(), 1u);
  EXPECT_EQ(a.candidate_outputs[0].data, b.candidate_outputs[0].data);
  EXPECT_EQ(a.candidate_outputs[0].dims, b.candidate_outputs[0].dims);
  // Unsupported travels back from the child too.
  auto d = Open("declines-isolated", {KernelOverride{NodeType::ADD_FUSION, FailingKernel, DeclineInfer}});
  EXPECT_EQ(RunCase(*d, AddCase(), ModelConfig(), isolated).verdict, Verdict::kUnsupported);
}

TEST(Isolation, CrashingDriverIsAFailingCaseNotADeadSuite) {
  auto c = Open("add-crashes", {KernelOverride{NodeType::ADD_FUSION, CrashingKernel}});
  RunOptions isolated;
  isolated.isolate = true;
  CaseOutcome o = RunCase(*c, AddCase(), ModelConfig(), isolated);
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_NE(o.message.find("crashed: signal 6"), std::string::npos) << o.message;
}

TEST(Isolation, HangingDriverTimesOut) {
  auto c = Open("add-hangs", {KernelOverride{NodeType::ADD_FUSION, HangingKernel}});
  RunOptions isolated;
  isolated.isolate = true;
  isolated.timeout_seconds = 1;
  CaseOutcome o = RunCase(*c, AddCase(), ModelConfig(), isolated);
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_NE(o.message.find("did not finish within 1 s"), std::string::npos) << o.message;
}

TEST(Isolation, CrashShrinksToACaseFile) {
  auto c = Open("add-crashes-2", {KernelOverride{NodeType::ADD_FUSION, CrashingKernel}});
  PropertyOptions options;
  options.seed = 4;
  options.cases = 10;
  options.out_dir = ::testing::TempDir();
  PropertyResult r = RunSpecProperty(*FindNodeSpec("ADD_FUSION"), *c, options);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("crashed"), std::string::npos) << r.message;
  TestCase ce;
  EXPECT_TRUE(ReadCaseFile(r.case_file, &ce).ok()) << r.case_file;
}

TEST(Counterexample, TextRoundTripKeepsExpectedCandidateAndConfig) {
  auto c = Open("add-zero-2", {KernelOverride{NodeType::ADD_FUSION, ZeroKernel}});
  ModelConfig config;
  config.enable_float16 = true;
  CaseOutcome o = RunCase(*c, AddCase(), config, RunOptions());
  ASSERT_EQ(o.verdict, Verdict::kFail);
  TestCase ce = MakeCounterexample(AddCase(), config, o, {{"cts.mode", "strict"}});
  TestCase parsed;
  Status st = ParseCase(PrintCase(ce), &parsed);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(parsed.expected.size(), 1u);
  EXPECT_EQ(parsed.expected[0].data, o.reference_outputs[0].data);
  ModelConfig read_config;
  CompareMode mode = CompareMode::kConformance;
  ConfigFromMeta(parsed, &read_config, &mode);
  EXPECT_TRUE(read_config.enable_float16);
  EXPECT_EQ(mode, CompareMode::kStrict);
  bool has_candidate = false;
  for (const auto& kv : parsed.meta) {
    if (kv.first == "cts.candidate.y") {
      has_candidate = true;
      EXPECT_EQ(kv.second, "float32 [1,4] [0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0]");
    }
  }
  EXPECT_TRUE(has_candidate);
  // Replaying against the file's expected section reproduces the verdict.
  RunOptions replay;
  replay.expected_override = parsed.expected;
  EXPECT_EQ(RunCase(*c, parsed, read_config, replay).verdict, Verdict::kFail);
}


std::vector<uint8_t> F32Bytes(const std::vector<double>& v) {
  std::vector<uint8_t> out(v.size() * 4);
  for (size_t i = 0; i < v.size(); ++i) StoreDouble(DataType::kFloat32, out.data(), i, v[i]);
  return out;
}

// The normalisation bound (docs/conformance.md "Normalisation bound"):
// m = |g|·(A/σ + 2|x̂|·Q/σ²) + |g·x̂| + |b|, ksb = n + 4; a row of zeros has no
// error term, a constant non-zero row with epsilon 0 no requirement.
TEST(ReferenceAux, NormalisationBoundScalesWithRowLengthAndCancellation) {
  SingleNodeCase b(NodeType::LAYER_NORM_FUSION, "ln");
  b.In("x", DataType::kFloat32, {3, 2}, F32Bytes({1000, 1001, 0, 0, 5, 5}))
      .Const("gamma", DataType::kFloat32, {2}, F32Bytes({2, 2}))
      .Const("beta", DataType::kFloat32, {2}, F32Bytes({1, 1}))
      .Out("y", DataType::kFloat32, {3, 2})
      .WithAttrs({Attr::Float("epsilon", 0.0f)});
  ReferenceAux aux;
  ASSERT_TRUE(ComputeReferenceAux(b.Build(), 0, true, &aux).ok());
  EXPECT_EQ(aux.dot_terms, 6);
  ASSERT_EQ(aux.magnitude.size(), 6u);
  // Row [1000, 1001]: mean 1000.5, σ = 0.5, A = 1000.5, Q = 1001000.5, x̂ = ±1.
  const double q = (1000.0 * 1000.0 + 1001.0 * 1001.0) / 2;
  EXPECT_DOUBLE_EQ(aux.magnitude[0], 2 * (1000.5 / 0.5 + 2 * q / 0.25) + 2 + 1);
  EXPECT_EQ(aux.magnitude[2], 1.0);  // zeros: only |beta|
  EXPECT_TRUE(std::isinf(aux.magnitude[4]));

  SingleNodeCase bn(NodeType::FUSED_BATCH_NORM, "bn");
  bn.In("x", DataType::kFloat32, {1, 1}, F32Bytes({3}))
      .Const("scale", DataType::kFloat32, {1}, F32Bytes({-2}))
      .Const("offset", DataType::kFloat32, {1}, F32Bytes({0.5}))
      .Const("mean", DataType::kFloat32, {1}, F32Bytes({1}))
      .Const("variance", DataType::kFloat32, {1}, F32Bytes({3.75}))
      .Out("y", DataType::kFloat32, {1, 1})
      .WithAttrs({Attr::Float("epsilon", 0.25f)});
  ASSERT_TRUE(ComputeReferenceAux(bn.Build(), 0, true, &aux).ok());
  EXPECT_EQ(aux.dot_terms, 4);
  ASSERT_EQ(aux.magnitude.size(), 1u);
  EXPECT_DOUBLE_EQ(aux.magnitude[0], 2 * (3 + 1) / 2.0 + 0.5);
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
