// Builder checks beyond the per-op table: value ranges, shape rules,
// cross-parameter rules and the clarification decisions C-108..C-116.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/runtime/model_tests/model_test_util.h"

namespace nnrt {
namespace rt {
namespace {

using testing::AddOp;
using testing::Bool;
using testing::Bytes;
using testing::Data;
using testing::F32;
using testing::I32;
using testing::I64;
using testing::I8;
using testing::TensorSpec;

TensorSpec X() { return Data(OH_NN_FLOAT32, {1, 2, 2, 1}); }
std::vector<TensorSpec> Xs(int n) { return std::vector<TensorSpec>(n, X()); }

OH_NN_ReturnCode Build(int32_t op, std::vector<TensorSpec> inputs, std::vector<TensorSpec> params, int outputs = 1) {
  NNModel model;
  return AddOp(&model, op, inputs, Xs(outputs), params);
}

const Node& BuildNode(NNModel* model, int32_t op, std::vector<TensorSpec> inputs, std::vector<TensorSpec> params,
                      int outputs = 1) {
  EXPECT_EQ(AddOp(model, op, inputs, Xs(outputs), params), OH_NN_SUCCESS) << model->last_error();
  return model->operations().back().node;
}

TEST(OpBuilderChecks, FuseTypeMustBeAnInt8ScalarIn0To2) {
  EXPECT_EQ(Build(OH_NN_OPS_ADD, Xs(2), {I8(OH_NN_ADD_ACTIVATIONTYPE, 3)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_SUB, Xs(2), {I8(OH_NN_SUB_ACTIVATIONTYPE, -1)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_ADD, Xs(2), {I32(OH_NN_ADD_ACTIVATIONTYPE, 0)}), OH_NN_INVALID_PARAMETER);
  TensorSpec two{OH_NN_INT8, {2}, {0, 0}, OH_NN_DIV_ACTIVATIONTYPE};
  EXPECT_EQ(Build(OH_NN_OPS_DIV, Xs(2), {two}), OH_NN_INVALID_PARAMETER);
}

// docs/clarifications.md C-108.
TEST(OpBuilderChecks, AddActivationIsLowered) {
  NNModel model;
  const Node& n = BuildNode(&model, OH_NN_OPS_ADD, Xs(2), {I8(OH_NN_ADD_ACTIVATIONTYPE, OH_NN_FUSED_RELU)});
  ASSERT_NE(n.FindAttr("activationType"), nullptr);
  EXPECT_EQ(n.FindAttr("activationType")->ints, std::vector<int64_t>{1});
}

TEST(OpBuilderChecks, ParameterRulesShared) {
  // A tensor type of another op, more params than accepted, a param without data.
  EXPECT_EQ(Build(OH_NN_OPS_ADD, Xs(2), {I8(OH_NN_MUL_ACTIVATION_TYPE, 0)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_ADD, Xs(2), {I8(OH_NN_ADD_ACTIVATIONTYPE, 0), I8(OH_NN_ADD_ACTIVATIONTYPE, 0)}),
            OH_NN_INVALID_PARAMETER);
  TensorSpec no_data{OH_NN_INT8, {}, {}, OH_NN_ADD_ACTIVATIONTYPE};
  EXPECT_EQ(Build(OH_NN_OPS_ADD, Xs(2), {no_data}), OH_NN_INVALID_PARAMETER);
  TensorSpec dynamic{OH_NN_INT64, {-1}, {}, OH_NN_CONCAT_AXIS};
  EXPECT_EQ(Build(OH_NN_OPS_CONCAT, Xs(2), {dynamic}), OH_NN_INVALID_PARAMETER);
}

TEST(OpBuilderChecks, PadModeOrListSlot) {
  EXPECT_EQ(Build(OH_NN_OPS_MAX_POOL, Xs(1), {I64(OH_NN_MAX_POOL_PAD, {0, 0, 0})}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_MAX_POOL, Xs(1), {I8(OH_NN_MAX_POOL_PAD_MODE, 3)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_AVG_POOL, Xs(1), {I32(OH_NN_AVG_POOL_PAD_MODE, 0)}), OH_NN_INVALID_PARAMETER);
  NNModel model;
  // padMode 2 is accepted and means VALID (ops_catalog 1.3); the pad-list
  // tensor type may carry a padMode and vice versa.
  const Node& n = BuildNode(&model, OH_NN_OPS_AVG_POOL, Xs(1), {I8(OH_NN_AVG_POOL_PAD, 2)});
  EXPECT_EQ(n.FindAttr("padMode")->ints, std::vector<int64_t>{2});
  // AVG_POOL accepts the MAX_POOL tensor types.
  const Node& m = BuildNode(&model, OH_NN_OPS_AVG_POOL, Xs(1), {I64(OH_NN_MAX_POOL_KERNEL_SIZE, {3, 3})});
  EXPECT_EQ(m.FindAttr("kernelSize")->ints, (std::vector<int64_t>{3, 3}));
}

// The message lists exactly the values the rule accepts (0, 1 and 2, C-105);
// it once said "0 or 1" while 2 was accepted as VALID.
TEST(OpBuilderChecks, PadModeMessageAndRuleAgree) {
  for (int8_t v : {0, 1, 2}) {
    NNModel model;
    const Node& n = BuildNode(&model, OH_NN_OPS_CONV2D, Xs(3), {I8(OH_NN_CONV2D_PAD_MODE, v)});
    EXPECT_EQ(n.FindAttr("padMode")->ints, std::vector<int64_t>{v == 0 ? 1 : 2}) << int{v};  // SAME / VALID
  }
  for (int8_t v : {-1, 3}) {
    NNModel model;
    EXPECT_EQ(AddOp(&model, OH_NN_OPS_CONV2D, Xs(3), Xs(1), {I8(OH_NN_CONV2D_PAD_MODE, v)}), OH_NN_INVALID_PARAMETER);
    EXPECT_NE(model.last_error().find("pad mode must be 0 (same), 1 (valid) or 2 (valid"), std::string::npos)
        << model.last_error();
    EXPECT_NE(model.last_error().find("got " + std::to_string(v)), std::string::npos) << model.last_error();
  }
}

TEST(OpBuilderChecks, RoundModeIsInt32ZeroOrOne) {
  EXPECT_EQ(Build(OH_NN_OPS_AVG_POOL, Xs(1), {I32(OH_NN_AVG_POOL_ROUND_MODE, 2)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_MAX_POOL, Xs(1), {I64(OH_NN_MAX_POOL_ROUND_MODE, {1})}), OH_NN_INVALID_PARAMETER);
}

// docs/clarifications.md C-113.
TEST(OpBuilderChecks, MaxPoolRoundModeIsLowered) {
  NNModel model;
  const Node& n = BuildNode(&model, OH_NN_OPS_MAX_POOL, Xs(1), {I32(OH_NN_MAX_POOL_ROUND_MODE, 1)});
  EXPECT_EQ(n.FindAttr("roundMode")->ints, std::vector<int64_t>{1});
}

TEST(OpBuilderChecks, ConvolutionWeightAndInputRanks) {
  const TensorSpec in4 = Data(OH_NN_FLOAT32, {1, 4, 4, 1});
  const TensorSpec w3 = Data(OH_NN_FLOAT32, {1, 2, 2});
  const TensorSpec w4 = Data(OH_NN_FLOAT32, {1, 2, 2, 1});
  const TensorSpec b = Data(OH_NN_FLOAT32, {1});
  EXPECT_EQ(Build(OH_NN_OPS_CONV2D, {in4, w3, b}, {}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_CONV2D_TRANSPOSE, {in4, w3, b}, {}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE, {Data(OH_NN_FLOAT32, {1, 4, 4}), w4, b}, {}),
            OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_CONV2D, {in4, w4, b}, {I64(OH_NN_CONV2D_GROUP, {1, 1})}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_CONV2D, {in4, w4, b}, {}), OH_NN_SUCCESS);
}

TEST(OpBuilderChecks, FullConnectionAxisAndUseAxis) {
  EXPECT_EQ(Build(OH_NN_OPS_FULL_CONNECTION, Xs(3),
                  {Bool(OH_NN_FULL_CONNECTION_USE_AXIS, false), I64(OH_NN_FULL_CONNECTION_AXIS, {1})}),
            OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_FULL_CONNECTION, Xs(3),
                  {I64(OH_NN_FULL_CONNECTION_AXIS, {1}), Bool(OH_NN_FULL_CONNECTION_USE_AXIS, false)}),
            OH_NN_INVALID_PARAMETER);
  NNModel model;
  const Node& n = BuildNode(&model, OH_NN_OPS_FULL_CONNECTION, Xs(2), {});
  EXPECT_EQ(n.FindAttr("hasBias")->ints, std::vector<int64_t>{0});
  EXPECT_EQ(n.FindAttr("useAxis")->ints, std::vector<int64_t>{0});
  EXPECT_EQ(Build(OH_NN_OPS_FULL_CONNECTION, Xs(1), {}), OH_NN_SUCCESS);  // input count not checked
}

TEST(OpBuilderChecks, LayerNormAxisAndParameterShapes) {
  const std::vector<TensorSpec> in = {Data(OH_NN_FLOAT32, {2, 3, 4}), Data(OH_NN_FLOAT32, {4}),
                                      Data(OH_NN_FLOAT32, {4})};
  EXPECT_EQ(Build(OH_NN_OPS_LAYER_NORM, in, {}), OH_NN_INVALID_PARAMETER);  // default axis 1 needs [3,4]
  EXPECT_EQ(Build(OH_NN_OPS_LAYER_NORM, in, {I64(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, {2})}), OH_NN_SUCCESS);
  EXPECT_EQ(Build(OH_NN_OPS_LAYER_NORM, in, {I64(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, {3})}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_LAYER_NORM, in, {I64(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, {-1})}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_LAYER_NORM, in, {I64(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, {2}, {1})}),
            OH_NN_INVALID_PARAMETER);  // strict scalar: shape [1] rejected
  EXPECT_EQ(Build(OH_NN_OPS_LAYER_NORM, in, {Bool(OH_NN_LAYER_NORM_ELEMENTWISE_AFFINE, true)}),
            OH_NN_INVALID_PARAMETER);
}

// docs/clarifications.md C-109.
TEST(OpBuilderChecks, SpaceToBatchNdShapesAndBothPaddingRowsLowered) {
  EXPECT_EQ(Build(OH_NN_OPS_SPACE_TO_BATCH_ND, Xs(1), {I64(OH_NN_SPACE_TO_BATCH_ND_BLOCK_SHAPE, {2, 2, 2})}),
            OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_SPACE_TO_BATCH_ND, Xs(1),
                  {I64(OH_NN_SPACE_TO_BATCH_ND_BLOCK_SHAPE, {2, 2}, {1, 2})}),
            OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_SPACE_TO_BATCH_ND, Xs(1),
                  {I64(OH_NN_SPACE_TO_BATCH_ND_PADDINGS, {0, 0, 0, 0, 0, 0}, {2, 3})}),
            OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_SPACE_TO_BATCH_ND, Xs(1), {I64(OH_NN_SPACE_TO_BATCH_ND_PADDINGS, {0, 0, 0, 0}, {4})}),
            OH_NN_INVALID_PARAMETER);
  NNModel model;
  const Node& n = BuildNode(&model, OH_NN_OPS_SPACE_TO_BATCH_ND, Xs(1),
                            {I64(OH_NN_SPACE_TO_BATCH_ND_PADDINGS, {1, 2, 3, 4}, {2, 2})});
  EXPECT_EQ(n.FindAttr("paddings")->ints, (std::vector<int64_t>{1, 2, 3, 4}));
}

// docs/clarifications.md C-110.
TEST(OpBuilderChecks, PadPaddingsLoweredFromAConstantInputOnly) {
  NNModel model;
  const TensorSpec pads{OH_NN_INT64, {4, 2}, Bytes<int64_t>({0, 0, 1, 2, 3, 4, 0, 0}), OH_NN_TENSOR};
  const Node& n = BuildNode(&model, OH_NN_OPS_PAD, {X(), pads}, {});
  EXPECT_EQ(n.FindAttr("paddings")->ints, (std::vector<int64_t>{0, 0, 1, 2, 3, 4, 0, 0}));
  EXPECT_EQ(n.inputs.size(), 2u);  // the paddings input stays
  NNModel model2;
  const Node& m = BuildNode(&model2, OH_NN_OPS_PAD, {X(), Data(OH_NN_INT64, {4, 2})}, {});
  EXPECT_TRUE(m.FindAttr("paddings")->ints.empty());
  EXPECT_EQ(Build(OH_NN_OPS_PAD, Xs(2), {I32(OH_NN_PAD_PADDING_MODE, 4)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_PAD, Xs(2), {I64(OH_NN_PAD_PADDING_MODE, {0})}), OH_NN_INVALID_PARAMETER);
}

// docs/clarifications.md C-111.
TEST(OpBuilderChecks, PReluChannelSharedFollowsTheSlopeLength) {
  NNModel model;
  const Node& shared = BuildNode(&model, OH_NN_OPS_PRELU, {X(), Data(OH_NN_FLOAT32, {1})}, {});
  EXPECT_EQ(shared.FindAttr("channelShared")->ints, std::vector<int64_t>{1});
  const Node& per_channel =
      BuildNode(&model, OH_NN_OPS_PRELU, {Data(OH_NN_FLOAT32, {1, 2, 2, 3}), Data(OH_NN_FLOAT32, {3})}, {});
  EXPECT_EQ(per_channel.FindAttr("channelShared")->ints, std::vector<int64_t>{0});
}

// docs/clarifications.md C-112.
TEST(OpBuilderChecks, LstmProjSizeIsLowered) {
  NNModel model;
  const Node& n = BuildNode(&model, OH_NN_OPS_LSTM, Xs(6), {I64(OH_NN_LSTM_PROJ_SIZE, {16})}, 3);
  EXPECT_EQ(n.FindAttr("projSize")->ints, std::vector<int64_t>{16});
}

// docs/clarifications.md C-114.
TEST(OpBuilderChecks, RequiredParametersScaleAxisAndQuantCastTypes) {
  EXPECT_EQ(Build(OH_NN_OPS_SCALE, Xs(3), {}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_QUANT_DTYPE_CAST, Xs(1), {I64(OH_NN_QUANT_DTYPE_CAST_SRC_T, {1})}),
            OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_QUANT_DTYPE_CAST, Xs(1), {I64(OH_NN_QUANT_DTYPE_CAST_DST_T, {1})}),
            OH_NN_INVALID_PARAMETER);
}

TEST(OpBuilderChecks, CastTypeInputMustBeAConstantDataTypeValue) {
  const TensorSpec type40{OH_NN_INT32, {}, Bytes<int32_t>({40}), OH_NN_TENSOR};
  EXPECT_EQ(Build(OH_NN_OPS_CAST, {X(), type40}, {}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_CAST, {X(), Data(OH_NN_INT32, {})}, {}), OH_NN_INVALID_PARAMETER);  // no data
  const TensorSpec type12{OH_NN_INT32, {}, Bytes<int32_t>({12}), OH_NN_TENSOR};
  EXPECT_EQ(Build(OH_NN_OPS_CAST, {X(), type12}, {}), OH_NN_SUCCESS);
}

TEST(OpBuilderChecks, EnumParametersRangeChecked) {
  EXPECT_EQ(Build(OH_NN_OPS_ELTWISE, Xs(2), {I8(OH_NN_ELTWISE_MODE, 4)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_ELTWISE, Xs(2), {I8(OH_NN_ELTWISE_MODE, 3)}), OH_NN_SUCCESS);
  EXPECT_EQ(Build(OH_NN_OPS_LRN, Xs(1), {I32(OH_NN_LRN_NORM_REGION, 1)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_DEPTH_TO_SPACE, Xs(1), {I32(OH_NN_DEPTH_TO_SPACE_MODE, 2)}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_RESIZE_BILINEAR, Xs(1), {I8(OH_NN_RESIZE_BILINEAR_COORDINATE_TRANSFORM_MODE, 3)}),
            OH_NN_INVALID_PARAMETER);
  NNModel model;
  const Node& n = BuildNode(&model, OH_NN_OPS_DEPTH_TO_SPACE, Xs(1), {I32(OH_NN_DEPTH_TO_SPACE_MODE, 0)});
  EXPECT_EQ(n.FindAttr("mode")->str, "DCR");
}

// docs/clarifications.md C-116.
TEST(OpBuilderChecks, BatchToSpaceCropsNeedFourValuesAndBlockSizeAppends) {
  EXPECT_EQ(Build(OH_NN_OPS_BATCH_TO_SPACE_ND, Xs(1), {I64(OH_NN_BATCH_TO_SPACE_ND_CROPS, {0, 0})}),
            OH_NN_INVALID_PARAMETER);
  NNModel model;
  const Node& n = BuildNode(&model, OH_NN_OPS_BATCH_TO_SPACE_ND, Xs(1),
                            {I64(OH_NN_BATCH_TO_SPACE_ND_BLOCKSIZE, {2}), I64(OH_NN_BATCH_TO_SPACE_ND_BLOCKSIZE, {3})});
  EXPECT_EQ(n.FindAttr("blockShape")->ints, (std::vector<int64_t>{2, 3}));
  // Squeeze accepts one parameter, so its appending setter never sees a second one.
  EXPECT_EQ(Build(OH_NN_OPS_SQUEEZE, Xs(1), {I64(OH_NN_SQUEEZE_AXIS, {0}), I64(OH_NN_SQUEEZE_AXIS, {3})}),
            OH_NN_INVALID_PARAMETER);
}

TEST(OpBuilderChecks, OutputCountsOfMultiOutputOps) {
  EXPECT_EQ(Build(OH_NN_OPS_TOP_K, Xs(2), {}, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_DETECTION_POST_PROCESS, Xs(3), {}, 3), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_SPLIT, Xs(1), {}, 5), OH_NN_SUCCESS);
  EXPECT_EQ(Build(OH_NN_OPS_STACK, Xs(1), {}), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_STACK, Xs(2), {}, 2), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(Build(OH_NN_OPS_CONCAT, Xs(5), {}), OH_NN_SUCCESS);
}

TEST(OpBuilderChecks, DefaultsWhenNoParameterIsGiven) {
  NNModel model;
  const Node& tile = BuildNode(&model, OH_NN_OPS_TILE, Xs(2), {});
  EXPECT_EQ(tile.FindAttr("dims")->ints, std::vector<int64_t>{0});
  const Node& argmax = BuildNode(&model, OH_NN_OPS_ARG_MAX, Xs(1), {});
  EXPECT_EQ(argmax.FindAttr("axis")->ints, std::vector<int64_t>{-1});
  EXPECT_EQ(argmax.FindAttr("topK")->ints, std::vector<int64_t>{1});
  const Node& ln = BuildNode(&model, OH_NN_OPS_LAYER_NORM,
                             {Data(OH_NN_FLOAT32, {2, 3}), Data(OH_NN_FLOAT32, {3}), Data(OH_NN_FLOAT32, {3})}, {});
  EXPECT_EQ(ln.FindAttr("epsilon")->floats, std::vector<float>{1e-7f});
  const Node& bn = BuildNode(&model, OH_NN_OPS_BATCH_NORM, Xs(5), {});
  EXPECT_EQ(bn.FindAttr("epsilon")->floats, std::vector<float>{1e-4f});
  const Node& exp = BuildNode(&model, OH_NN_OPS_EXP, Xs(1), {});
  EXPECT_EQ(exp.FindAttr("base")->floats, std::vector<float>{-1.0f});
  const Node& lrn = BuildNode(&model, OH_NN_OPS_LRN, Xs(1), {});
  EXPECT_EQ(lrn.FindAttr("normRegion")->str, "ACROSS_CHANNELS");
  const Node& topk = BuildNode(&model, OH_NN_OPS_FLATTEN, Xs(1), {});
  EXPECT_EQ(topk.FindAttr("axis")->ints, std::vector<int64_t>{1});
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
