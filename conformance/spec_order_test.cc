// Pins the order of AllNodeSpecs(): it is the graph generator's offer order
// (shrinking moves towards the first spec) and the order the suite draws
// single-node cases in, so the same seed gives the same cases only while it
// holds. The specs listed here keep exactly this relative order; a new spec
// (NNRT_NODE_SPEC in its own file) goes where its order key puts it and needs
// no line here.
#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/node_spec.h"

namespace nnrt {
namespace cts {
namespace {

const char* const kExpectedOrder[] = {
    "ADD_FUSION",
    "ACTIVATION_RELU",
    "SUB_FUSION",
    "MUL_FUSION",
    "CONV2D_FUSION",
    "RESHAPE",
    "ACTIVATION_RELU6",
    "ACTIVATION_SIGMOID",
    "ACTIVATION_TANH",
    "DIV_FUSION",
    "ABS",
    "NEG",
    "FLOOR",
    "CEIL",
    "SQUARE",
    "SIN",
    "COS",
    "EXPFUSION",
    "LOG",
    "SQRT",
    "RSQRT",
    "RECIPROCAL",
    "ERF",
    "ROUND",
    "ACTIVATION_ELU",
    "ACTIVATION_LEAKY_RELU",
    "ACTIVATION_ABS",
    "ACTIVATION_RELU1",
    "ACTIVATION_SOFTSIGN",
    "ACTIVATION_SOFTPLUS",
    "ACTIVATION_SELU",
    "ACTIVATION_HSWISH",
    "ACTIVATION_HSIGMOID",
    "ACTIVATION_THRESHOLDRELU",
    "ACTIVATION_LINEAR",
    "ACTIVATION_HARD_TANH",
    "ACTIVATION_SIGN",
    "ACTIVATION_SWISH",
    "ACTIVATION_GELU",
    "CLIP",
    "PRELU_FUSION",
    "CAST",
    "QUANT_DTYPE_CAST",
    "QUANT_DTYPE_CAST_V2",
    "GATHER",
    "GATHER_ND",
    "SCATTER_ND",
    "ONE_HOT",
    "SELECT",
    "WHERE",
    "EQUAL",
    "NOT_EQUAL",
    "GREATER",
    "GREATER_EQUAL",
    "LESS",
    "LESS_EQUAL",
    "LOGICAL_AND",
    "LOGICAL_OR",
    "LOGICAL_NOT",
    "MAXIMUM",
    "MINIMUM",
    "SQUARED_DIFFERENCE",
    "MOD",
    "REAL_DIV",
    "POW_FUSION",
    "ELTWISE",
    "LEAKY_RELU",
    "MATMUL_FUSION",
    "FULL_CONNECTION",
    "CONV2D_TRANSPOSE_FUSION",
    "MAX_POOL_FUSION",
    "AVGPOOL_FUSION",
    "LAYER_NORM_FUSION",
    "FUSED_BATCH_NORM",
    "INSTANCE_NORM",
    "SCALE_FUSION",
    "BIAS_ADD",
    "L2_NORMALIZE_FUSION",
    "TRANSPOSE",
    "CONCAT",
    "SPLIT",
    "STACK",
    "UNSTACK",
    "FLATTEN",
    "SQUEEZE",
    "UNSQUEEZE",
    "EXPAND_DIMS",
    "SHAPE",
    "RANK",
    "BROADCAST_TO",
    "TILE_FUSION",
    "SOFTMAX",
    "LOG_SOFTMAX",
    "REDUCE_FUSION",
    "ARGMAX_FUSION",
    "TOPK_FUSION",
    "LRN",
    "PAD_FUSION",
    "SLICE_FUSION",
    "CROP",
    "DEPTH_TO_SPACE",
    "SPACE_TO_DEPTH",
    "BATCH_TO_SPACE_ND",
    "SPACE_TO_BATCH_ND",
    "DETECTION_POST_PROCESS",
    "RESIZE",
    "STRIDED_SLICE",
    "SPARSE_TO_DENSE",
    "LSTM",
    "FILL",
    "CONSTANT_OF_SHAPE",
    "RANGE",
    "ALL",
    "ASSERT",
};

TEST(SpecOrder, ListedSpecsKeepTheirOrder) {
  std::vector<std::string> listed_present;
  const std::vector<std::string> expected(std::begin(kExpectedOrder), std::end(kExpectedOrder));
  for (const std::string& name : AllNodeSpecNames()) {
    if (std::find(expected.begin(), expected.end(), name) != expected.end()) listed_present.push_back(name);
  }
  EXPECT_EQ(listed_present, expected);
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
