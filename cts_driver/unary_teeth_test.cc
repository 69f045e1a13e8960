// The unary, activation and cast operators have teeth in the suite: each deliberately wrong sample
// driver below fails its spec with a shrunk, replayable case, while the
// operators it does not touch still pass. Seeds are fixed (deterministic).
#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "cts_driver/teeth_util.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

constexpr uint64_t kSeed = 20261122;
constexpr int kCases = 100;

using teeth::ReferenceSo;
using teeth::Runfile;

std::string MutantSo(const std::string& name) { return Runfile("cts_driver/libnnrt_mutant_" + name + ".so"); }

PropertyResult RunProperty(const std::string& so, const std::string& spec_name, const std::string& out_sub) {
  return teeth::RunSpecPropertyOn(so, spec_name, CompareMode::kConformance, out_sub, kSeed, kCases);
}

// `nnrt_cts replay` (cts_driver/teeth_util.h); its output is not needed here.
int Replay(const std::string& file, const std::string& so) {
  std::string ignored_output;
  return teeth::Replay(file, so, /*strict=*/false, teeth::kDefaultReplayTimeout, &ignored_output);
}

// The property fails, the shrunk case replays as a failure on the mutant and
// as a pass on the reference. Returns the case.
TestCase ExpectCaught(const std::string& so, const std::string& spec, const std::string& out_sub) {
  PropertyResult r = RunProperty(so, spec, out_sub);
  EXPECT_FALSE(r.passed) << spec << " should fail on " << so;
  TestCase c;
  Status st = ReadCaseFile(r.case_file, &c);
  EXPECT_TRUE(st.ok()) << "case file " << r.case_file << ": " << st.ToString();
  if (!st.ok()) return c;
  EXPECT_EQ(Replay(r.case_file, so), 1);
  EXPECT_EQ(Replay(r.case_file, ReferenceSo()), 0);
  return c;
}

// Input 0 of the shrunk case as doubles (float inputs only).
std::vector<double> InputValues(const TestCase& c) {
  std::vector<double> v;
  if (c.inputs.empty() || !IsFloatType(c.inputs[0].data_type)) return v;
  const size_t n = c.inputs[0].data.size() / DataTypeSize(c.inputs[0].data_type);
  for (size_t i = 0; i < n; ++i) v.push_back(LoadAsDouble(c.inputs[0].data_type, c.inputs[0].data.data(), i));
  return v;
}

TEST(UnaryTeeth, RoundHalfAwayDriverFailsRoundOnATie) {
  TestCase c = ExpectCaught(MutantSo("round_half_away"), "ROUND", "round_half_away");
  bool has_tie = false;
  for (double x : InputValues(c)) has_tie |= std::fabs(x - std::floor(x)) == 0.5;
  EXPECT_TRUE(has_tie) << "the shrunk case should hold an exact .5 tie";
  EXPECT_TRUE(RunProperty(MutantSo("round_half_away"), "FLOOR", "round_half_away_floor").passed);
}

TEST(UnaryTeeth, GeluDocFormulaDriverFailsGelu) {
  TestCase c = ExpectCaught(MutantSo("gelu_doc_formula"), "ACTIVATION_GELU", "gelu_doc");
  if (!c.model.nodes.empty()) {
    EXPECT_EQ(GetIntAttr(c.model.nodes[0], "activationType", 0), static_cast<int64_t>(ActivationType::kGelu));
  }
  EXPECT_TRUE(RunProperty(MutantSo("gelu_doc_formula"), "ACTIVATION_SWISH", "gelu_doc_swish").passed);
}

TEST(UnaryTeeth, CastNanToIntMinDriverFailsCast) {
  TestCase c = ExpectCaught(MutantSo("cast_nan_to_int_min"), "CAST", "cast_nan");
  bool has_nan = false;
  for (double x : InputValues(c)) has_nan |= std::isnan(x);
  EXPECT_TRUE(has_nan) << "the shrunk case should hold a NaN";
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
