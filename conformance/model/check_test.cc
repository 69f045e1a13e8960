// The model-level check (model_check.h, C-780..C-785) with in-process
// drivers: the reference passes the built-in networks in both modes with a
// derived end-to-end bound; a broken kernel fails the model and is localised
// to its node, whose written case replays failing on the broken driver and
// passing on the reference; the perturbation bounds hold (model_bounds.h).
#include <cmath>
#include <memory>
#include <random>

#include <gtest/gtest.h>

#include "conformance/model/bounds.h"
#include "conformance/model/check.h"
#include "conformance/model/check_internal.h"
#include "conformance/model/graph.h"
#include "conformance/model/networks.h"
#include "reference/device/reference_device.h"

namespace nnrt {
namespace cts {
namespace {

Status ZeroKernel(OpContext& ctx) {
  for (TensorArg& o : ctx.outputs) {
    for (size_t i = 0; i < o.byte_size; ++i) o.mutable_data[i] = 0;
  }
  return Status::Ok();
}

std::unique_ptr<Candidate> Open(const std::string& name, std::vector<KernelOverride> overrides) {
  ReferenceDriverOptions options;
  options.device_name = name;
  options.overrides = std::move(overrides);
  std::unique_ptr<Candidate> c;
  const Status st = OpenCandidateFromTable(MakeReferenceDriver(options), name, &c);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return c;
}

ModelCheckOptions InProcess(CompareMode mode = CompareMode::kConformance) {
  ModelCheckOptions o;
  o.mode = mode;
  o.isolate = false;
  o.out_dir = ::testing::TempDir() + "/model_check_test";
  return o;
}

std::vector<NamedModelCase> Networks() {
  std::vector<NamedModelCase> nets;
  const Status st = BuiltInNetworks(&nets);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return nets;
}

const NamedModelCase& Find(const std::vector<NamedModelCase>& nets, const std::string& name) {
  for (const NamedModelCase& n : nets) {
    if (n.name == name) return n;
  }
  ADD_FAILURE() << "no built-in network " << name;
  return nets.front();
}

TEST(ModelCheck, ReferencePassesEveryBuiltInNetworkInBothModes) {
  const auto reference = Open("reference", {});
  for (const NamedModelCase& net : Networks()) {
    for (CompareMode mode : {CompareMode::kConformance, CompareMode::kStrict}) {
      const ModelCheckResult r =
          CheckModel(*reference, net.test_case, ModelConfigOf(net.test_case), InProcess(mode), net.name);
      EXPECT_EQ(r.verdict, ModelVerdict::kPassed) << net.name << ": " << DescribeModelResult(r);
      EXPECT_TRUE(r.end_to_end_ok) << net.name;
      EXPECT_EQ(r.localised_node, -1) << net.name;
    }
  }
}

TEST(ModelCheck, FloatNetworksGetADerivedBoundOnEveryOutput) {
  const auto reference = Open("reference", {});
  const auto nets = Networks();
  for (const char* name : {"convnet_float32", "convnet_float16", "convnet_float32_fp16", "encoder_float32"}) {
    const TestCase& c = Find(nets, name).test_case;
    const ModelCheckResult r = CheckModel(*reference, c, ModelConfigOf(c), InProcess(), name);
    EXPECT_EQ(r.derived_outputs, c.model.outputs.size()) << name << ": " << DescribeModelResult(r);
  }
}

TEST(ModelCheck, ClassifierAgreementIsReportedForTheConvNet) {
  const auto reference = Open("reference", {});
  const auto nets = Networks();
  const TestCase& c = Find(nets, "convnet_float32").test_case;
  const ModelCheckResult r = CheckModel(*reference, c, ModelConfig(), InProcess(), "convnet");
  ASSERT_EQ(r.classifiers.size(), 1u) << DescribeModelResult(r);
  EXPECT_EQ(r.classifiers[0].rows, 2);
  EXPECT_EQ(r.classifiers[0].top1, 2);
  EXPECT_EQ(r.classifiers[0].top5, 2);
}

TEST(ModelCheck, Fp16CompileMetaSetsEnableFloat16) {
  TestCase c;
  EXPECT_FALSE(ModelConfigOf(c).enable_float16);
  c.meta.emplace_back("compile", "enable_float16");
  EXPECT_TRUE(ModelConfigOf(c).enable_float16);
}

// A broken kernel inside the network: the model fails, the first node of that
// type is named, and its single-node case replays as it failed.
void ExpectLocalised(const std::string& net_name, NodeType broken) {
  const auto wrong = Open("zero_" + std::string(NodeTypeName(broken)), {{broken, ZeroKernel}});
  const auto reference = Open("reference", {});
  const auto nets = Networks();
  const TestCase& c = Find(nets, net_name).test_case;
  const ModelCheckResult r = CheckModel(*wrong, c, ModelConfigOf(c), InProcess(), net_name);
  ASSERT_EQ(r.verdict, ModelVerdict::kFailed) << DescribeModelResult(r);
  ASSERT_GE(r.localised_node, 0) << DescribeModelResult(r);
  EXPECT_EQ(c.model.nodes[static_cast<size_t>(r.localised_node)].type, broken) << DescribeModelResult(r);
  EXPECT_FALSE(r.localised_by_prefix);
  ASSERT_FALSE(r.node_case_file.empty());
  TestCase node_case;
  ASSERT_TRUE(ReadCaseFile(r.node_case_file, &node_case).ok());
  ASSERT_EQ(node_case.model.nodes.size(), 1u);
  RunOptions replay;
  replay.expected_override = node_case.expected;
  EXPECT_EQ(RunCase(*wrong, node_case, ModelConfigOf(node_case), replay).verdict, Verdict::kFail);
  EXPECT_EQ(RunCase(*reference, node_case, ModelConfigOf(node_case), replay).verdict, Verdict::kPass);
}

TEST(ModelCheck, BrokenConvIsLocalisedToTheFirstConv) { ExpectLocalised("convnet_float32", NodeType::CONV2D_FUSION); }
TEST(ModelCheck, BrokenSoftmaxIsLocalisedInTheEncoder) { ExpectLocalised("encoder_float32", NodeType::SOFTMAX); }
TEST(ModelCheck, BrokenLayerNormIsLocalisedInTheEncoder) {
  ExpectLocalised("encoder_float32", NodeType::LAYER_NORM_FUSION);
}
TEST(ModelCheck, BrokenQuantizedFullConnectionIsLocalised) {
  ExpectLocalised("convnet_int8", NodeType::FULL_CONNECTION);
}

TEST(ModelCheck, PrefixRunsFindTheBrokenNode) {
  const auto wrong = Open("zero_pool", {{NodeType::AVGPOOL_FUSION, ZeroKernel}});
  const auto nets = Networks();
  const TestCase& c = Find(nets, "convnet_float32").test_case;
  std::vector<uint32_t> order;
  std::vector<HostTensor> values;
  std::vector<TensorBound> bounds;
  ASSERT_TRUE(TopologicalOrder(c.model, &order).ok());
  ASSERT_TRUE(ReferenceTensorValues(c, &values).ok());
  ASSERT_TRUE(ComposeBounds(c, order, values, ModelConfig(), CompareMode::kConformance, &bounds).ok());
  const int64_t k = FirstFailingPrefix(*wrong, c, ModelConfig(), order, values, bounds, InProcess());
  ASSERT_GE(k, 0);
  EXPECT_EQ(c.model.nodes[static_cast<size_t>(k)].type, NodeType::AVGPOOL_FUSION);
  const auto reference = Open("reference", {});
  EXPECT_EQ(FirstFailingPrefix(*reference, c, ModelConfig(), order, values, bounds, InProcess()), -1);
}

TEST(ModelBounds, SoftmaxPerturbationStaysWithinTheBound) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> value(-6, 6), unit(-1, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const int len = 2 + trial % 7;
    const double m = std::ldexp(1.0, -(trial % 20));
    std::vector<double> x(len), d(len), s(len), s2(len), e(len, m);
    for (int i = 0; i < len; ++i) {
      x[i] = value(rng);
      d[i] = m * unit(rng);
    }
    double sum = 0, sum2 = 0;
    for (int i = 0; i < len; ++i) sum += std::exp(x[i]), sum2 += std::exp(x[i] + d[i]);
    for (int i = 0; i < len; ++i) s[i] = std::exp(x[i]) / sum, s2[i] = std::exp(x[i] + d[i]) / sum2;
    const std::vector<double> b = SoftmaxPerturbationBound(s, len, 1, e);
    for (int i = 0; i < len; ++i) EXPECT_LE(std::fabs(s2[i] - s[i]), b[i] * (1 + 1e-12) + 1e-300) << trial;
  }
}

TEST(ModelBounds, LayerNormPerturbationStaysWithinTheBound) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> value(-3, 3), unit(-1, 1);
  auto norm = [](const std::vector<double>& v, double eps) {
    double mean = 0, var = 0;
    for (double a : v) mean += a;
    mean /= static_cast<double>(v.size());
    for (double a : v) var += (a - mean) * (a - mean);
    const double sigma = std::sqrt(var / static_cast<double>(v.size()) + eps);
    std::vector<double> y;
    for (double a : v) y.push_back((a - mean) / sigma);
    return y;
  };
  for (int trial = 0; trial < 200; ++trial) {
    const size_t len = 2 + trial % 9;
    const double m = std::ldexp(1.0, -(2 + trial % 16));
    std::vector<double> x(len), xd(len), e(len, m), gamma(len);
    for (size_t i = 0; i < len; ++i) {
      x[i] = value(rng);
      xd[i] = x[i] + m * unit(rng);
      gamma[i] = value(rng);
    }
    const std::vector<double> y = norm(x, 1e-5), yd = norm(xd, 1e-5);
    const std::vector<double> b = LayerNormPerturbationBound(x, len, gamma, 1e-5, e);
    for (size_t i = 0; i < len; ++i) {
      EXPECT_LE(std::fabs(gamma[i]) * std::fabs(yd[i] - y[i]), b[i] * (1 + 1e-12)) << trial;
    }
  }
}

// The activation constants are upper bounds of |f'| (sampled on a fine grid).
TEST(ModelBounds, ActivationLipschitzConstantsBoundTheSlope) {
  auto gelu = [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); };
  auto swish = [](double x) { return x / (1 + std::exp(-x)); };
  auto hswish = [](double x) { return x * std::min(6.0, std::max(0.0, x + 3)) / 6; };
  auto sigmoid = [](double x) { return 1 / (1 + std::exp(-x)); };
  const std::vector<std::pair<ActivationType, double (*)(double)>> fns = {
      {ActivationType::kGelu, +gelu}, {ActivationType::kSwish, +swish}, {ActivationType::kHswish, +hswish},
      {ActivationType::kSigmoid, +sigmoid}, {ActivationType::kTanh, [](double x) { return std::tanh(x); }}};
  for (const auto& [type, f] : fns) {
    const double l = ActivationLipschitz(type, 0);
    for (double x = -10; x < 10; x += 1.0 / 1024) {
      EXPECT_LE(std::fabs(f(x + 1.0 / 1024) - f(x)) * 1024, l) << static_cast<int>(type) << " at " << x;
    }
  }
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
