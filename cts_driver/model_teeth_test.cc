// The model part has teeth (docs/conformance.md "Model-level comparison"):
// mutant drivers that break an operator the built-in networks or the model
// zoo's networks use fail the
// model run, the failure is localised to the node the mutant broke, and the
// node case it wrote replays failing on the mutant and passing on the
// reference; `nnrt_cts run --models DIR` does the same from case files.
#include <cstdlib>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "conformance/model/check.h"
#include "conformance/model/networks.h"
#include "conformance/model/suite.h"
#include "cts_driver/teeth_util.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

using teeth::ReferenceSo;
using teeth::Runfile;

struct ModelMutant {
  const char* mutant;  // cts_driver/libnnrt_mutant_<mutant>.so
  const char* network;  // a built-in network (conformance/model/networks.h) or a zoo golden file's stem
  NodeType broken;      // the node type it breaks
  int node = -1;        // the topological index of the node it breaks, or -1: any node of that type
};

const ModelMutant kModelMutants[] = {
    {"conv_same_pad_topleft", "convnet_float32", NodeType::CONV2D_FUSION},
    {"conv_activation_not_fused", "convnet_float32", NodeType::CONV2D_FUSION},
    {"maxpool_ceil_as_floor", "convnet_float16", NodeType::MAX_POOL_FUSION},
    {"fc_bias_gated_by_has_bias", "convnet_float32_fp16", NodeType::FULL_CONNECTION},
    {"matmul_transpose_b_ignored", "encoder_float32", NodeType::MATMUL_FUSION},
    {"layer_norm_sample_variance", "encoder_float32", NodeType::LAYER_NORM_FUSION},
    {"gelu_doc_formula", "encoder_float32", NodeType::ACTIVATION},
    // The model zoo's golden files (golden/data/models).
    {"add_clamp_before_zero_point", "resnet18_int8", NodeType::ADD_FUSION},
    {"conv_per_channel_as_per_tensor", "mobilenet_v2_int8", NodeType::CONV2D_FUSION},
    {"conv_same_pad_topleft", "ssd_lite_head_float32", NodeType::CONV2D_FUSION},
    {"lstm_input_forget_gates_swapped", "lstm_classifier_float32", NodeType::LSTM},
    {"detection_fast_nms_when_regular", "ssd_lite_head_int8", NodeType::DETECTION_POST_PROCESS},
    // What real networks do that exposes these (docs/models.md, C-772..C-775):
    // attention logits past float32 exp's overflow (the encoder's attention softmax),
    {"softmax_no_max_subtraction", "transformer_encoder_float32", NodeType::SOFTMAX, 15},
    {"softmax_no_max_subtraction", "transformer_encoder_int8", NodeType::SOFTMAX, 15},
    // a factorised positional embedding [4,1,32] added to the [4,4,32] patch grid,
    {"add_cycled_broadcast", "transformer_encoder_fp16", NodeType::ADD_FUSION, 1},
    // ResNet-D's ceil-mode average-pool shortcut on the odd 7x7 map (stage 4),
    {"avgpool_counts_padding", "resnet18_float32", NodeType::AVGPOOL_FUSION, 26},
    // PyTorch's explicit conv padding (padMode PAD; the stem is the first conv),
    {"conv_pad_off_by_one", "resnet18_int8", NodeType::CONV2D_FUSION, 1},
    // an NCHW image turned NHWC by TRANSPOSE [0,2,3,1], a permutation that is not its own inverse,
    {"transpose_inverse_perm", "resnet18_float32", NodeType::TRANSPOSE, 0},
    {"transpose_inverse_perm", "resnet18_int8", NodeType::TRANSPOSE, 0},
    // SSD scores with a background column 0 that wins on some anchors.
    {"detection_background_not_skipped", "ssd_lite_head_float32", NodeType::DETECTION_POST_PROCESS, 11},
};

std::string MutantSo(const std::string& name) { return Runfile("cts_driver/libnnrt_mutant_" + name + ".so"); }

const NamedModelCase* Network(const std::vector<NamedModelCase>& nets, const std::string& name) {
  for (const NamedModelCase& n : nets) {
    if (n.name == name) return &n;
  }
  return nullptr;
}

class ModelTeeth : public ::testing::TestWithParam<ModelMutant> {};

TEST_P(ModelTeeth, MutantFailsTheModelAndIsLocalisedToTheNodeItBroke) {
  const ModelMutant& m = GetParam();
  std::unique_ptr<Candidate> mutant;
  ASSERT_TRUE(OpenCandidate(MutantSo(m.mutant), &mutant).ok()) << m.mutant;
  std::vector<NamedModelCase> nets, zoo;
  ASSERT_TRUE(BuiltInNetworks(&nets).ok());
  ASSERT_TRUE(ReadModelCases(DefaultModelsDir(""), &zoo).ok());
  nets.insert(nets.end(), zoo.begin(), zoo.end());
  const NamedModelCase* net = Network(nets, m.network);
  ASSERT_NE(net, nullptr) << m.network;
  ModelCheckOptions options;
  options.out_dir = teeth::OutDir(std::string("model_teeth/") + m.mutant);
  options.replay_binary = teeth::NnrtCts();
  const ModelCheckResult r = CheckModel(*mutant, net->test_case, ModelConfigOf(net->test_case), options, net->name);
  ASSERT_EQ(r.verdict, ModelVerdict::kFailed) << DescribeModelResult(r);
  ASSERT_GE(r.localised_node, 0) << DescribeModelResult(r);
  EXPECT_EQ(r.localised_type, NodeTypeName(m.broken)) << DescribeModelResult(r);
  if (m.node >= 0) {
    EXPECT_EQ(r.localised_node, m.node) << DescribeModelResult(r);
  }
  ASSERT_FALSE(r.node_case_file.empty()) << DescribeModelResult(r);
  std::string out;
  EXPECT_EQ(teeth::Replay(r.node_case_file, MutantSo(m.mutant), false, teeth::kDefaultReplayTimeout, &out), 1) << out;
  out.clear();
  EXPECT_EQ(teeth::Replay(r.node_case_file, ReferenceSo(), false, teeth::kDefaultReplayTimeout, &out), 0) << out;
}

INSTANTIATE_TEST_SUITE_P(Mutants, ModelTeeth, ::testing::ValuesIn(kModelMutants),
                         [](const ::testing::TestParamInfo<ModelMutant>& info) {
                           return std::string(info.param.mutant) + "_" + info.param.network;
                         });

// `nnrt_cts run --models DIR` over the built-in networks written as case
// files: the reference passes (exit 0), a mutant fails (exit 1) naming the node.
TEST(ModelTeeth, RunModelsDirPassesTheReferenceAndFailsAMutant) {
  const std::string dir = teeth::OutDir("model_teeth_cases");
  ASSERT_EQ(std::system(("mkdir -p '" + dir + "'").c_str()), 0);
  std::vector<NamedModelCase> nets;
  ASSERT_TRUE(BuiltInNetworks(&nets).ok());
  for (const NamedModelCase& n : nets) ASSERT_TRUE(WriteCaseFile(dir + "/" + n.name + ".nnrt", n.test_case).ok());
  auto run = [&](const std::string& so, std::string* output) {
    return teeth::RunCommand(
        teeth::NnrtCts() + " run --models '" + dir + "' --driver '" + so + "' --out '" + dir + "/out'", output);
  };
  std::string out;
  EXPECT_EQ(run(ReferenceSo(), &out), 0) << out;
  EXPECT_NE(out.find("models: 5 passed"), std::string::npos) << out;
  out.clear();
  EXPECT_EQ(run(MutantSo(kModelMutants[0].mutant), &out), 1) << out;
  EXPECT_NE(out.find(std::string("localised to node")), std::string::npos) << out;
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
