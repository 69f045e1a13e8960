// One transformer encoder layer (Vaswani et al. 2017, post-norm) on a
// sequence of 16 tokens of width 32, the patches of a 4x4 grid as in a vision
// transformer (docs/models.md). Learned factorised 2-D positional embeddings
// are added first: RESHAPE to [4,4,32], ADD a row embedding [4,1,32] and a
// column embedding [1,4,32] (axial positional embeddings), RESHAPE back
// (C-775). The Q and K projections are drawn with gain 8: trained-like weight
// norms whose attention logits reach past 88.7, where float32 exp overflows,
// as in the attention-logit growth of large vision transformers (C-772).
// Then: Q, K, V projections
// (FULL_CONNECTION), 4 heads split with RESHAPE [16,4,8] + TRANSPOSE [4,16,8],
// scores = MatMul(Q, K^T) * 1/sqrt(8), SOFTMAX over the keys, MatMul with V,
// heads merged back, output projection, residual ADD + LayerNorm, feed-forward
// 32 -> 64 (GELU) -> 32, residual ADD + LayerNorm.
#include <cmath>

#include "zoo/layers.h"
#include "zoo/zoo.h"

namespace nnrt {
namespace zoo {
namespace {

constexpr int32_t kGrid = 4, kSeq = kGrid * kGrid, kModel = 32, kHeads = 4, kHeadDim = kModel / kHeads, kFfn = 64;
// The bound of the Q and K weights in units of the linear layers' sqrt(3 / fan_in) (C-772).
constexpr double kQueryKeyGain = 8.0;

// [seq, d_model] + row embedding [grid, 1, d_model] + column embedding [1, grid, d_model].
uint32_t AddPositions(Layers* l, uint32_t tokens) {
  NetworkBuilder& nb = l->builder();
  const uint32_t grid = l->Reshape("tokens.grid", tokens, {kGrid, kGrid, kModel});
  const uint32_t rows = nb.Parameter("positions.rows", {kGrid, 1, kModel}, SeededData::Uniform(l->NextSeed(), -0.5, 0.5));
  const uint32_t cols = nb.Parameter("positions.cols", {1, kGrid, kModel}, SeededData::Uniform(l->NextSeed(), -0.5, 0.5));
  const uint32_t with_rows = l->Add("positions.rows_added", grid, rows, Act::kNone);
  const uint32_t with_cols = l->Add("positions.added", with_rows, cols, Act::kNone);
  return l->Reshape("positions.tokens", with_cols, {kSeq, kModel});
}

// [seq, d_model] -> [heads, seq, head_dim]
uint32_t SplitHeads(Layers* l, const std::string& name, uint32_t x) {
  const uint32_t r = l->Reshape(name + ".heads", x, {kSeq, kHeads, kHeadDim});
  return l->Transpose(name + ".heads_first", r, {1, 0, 2});
}

uint32_t MatMul(Layers* l, const std::string& name, uint32_t a, uint32_t b, bool transpose_b, const Dims& out) {
  NetworkBuilder& nb = l->builder();
  const uint32_t y = nb.Activation(name, out);
  nb.Op(OH_NN_OPS_MATMUL, {a, b},
        {BoolParam(OH_NN_MATMUL_TRANSPOSE_A, false), BoolParam(OH_NN_MATMUL_TRANSPOSE_B, transpose_b),
         Int8Param(OH_NN_MATMUL_ACTIVATION_TYPE, 0)},
        {y});
  return y;
}

uint32_t AddLayerNorm(Layers* l, const std::string& name, uint32_t a, uint32_t b) {
  NetworkBuilder& nb = l->builder();
  const uint32_t sum = l->Add(name + ".residual", a, b, Act::kNone);
  const uint32_t gamma = nb.Parameter(name + ".gamma", {kModel}, SeededData::Uniform(l->NextSeed(), 0.875, 1.125));
  const uint32_t beta = nb.Parameter(name + ".beta", {kModel}, l->BiasSpec());
  const uint32_t y = nb.Activation(name, {kSeq, kModel});
  nb.Op(OH_NN_OPS_LAYER_NORM, {sum, gamma, beta},
        {Int64Scalar(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, 1), FloatScalar(OH_NN_LAYER_NORM_EPSILON, 0x1p-16f),
         Int64Scalar(OH_NN_LAYER_NORM_BEGIN_PARAM_AXIS, 1)},
        {y});
  return y;
}

}  // namespace

void DefineTransformerEncoder(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs) {
  Layers l(b, 3000);
  const uint32_t tokens = b->Activation("tokens", {kSeq, kModel});
  const uint32_t x = AddPositions(&l, tokens);
  const uint32_t q = SplitHeads(&l, "q", l.Dense("q", x, kModel, Act::kNone, kQueryKeyGain));
  const uint32_t k = SplitHeads(&l, "k", l.Dense("k", x, kModel, Act::kNone, kQueryKeyGain));
  const uint32_t v = SplitHeads(&l, "v", l.Dense("v", x, kModel, Act::kNone));
  const uint32_t scores = MatMul(&l, "scores", q, k, true, {kHeads, kSeq, kSeq});
  // 1/sqrt(8) = 2^-1.5 is not a float; the scale is its float32 rounding.
  const uint32_t scale = b->ScalarOperand("scores.scale", static_cast<float>(1.0 / std::sqrt(double{kHeadDim})));
  const uint32_t scaled = b->Activation("scores.scaled", {kHeads, kSeq, kSeq});
  b->Op(OH_NN_OPS_MUL, {scores, scale}, {Int8Param(OH_NN_MUL_ACTIVATION_TYPE, 0)}, {scaled});
  const uint32_t attn = l.Softmax("attention", scaled, -1);
  const uint32_t context = MatMul(&l, "context", attn, v, false, {kHeads, kSeq, kHeadDim});
  const uint32_t merged = l.Reshape("context.merged", l.Transpose("context.tokens_first", context, {1, 0, 2}), {kSeq, kModel});
  const uint32_t projected = l.Dense("attention.out", merged, kModel, Act::kNone);
  const uint32_t x1 = AddLayerNorm(&l, "norm1", x, projected);
  const uint32_t hidden = l.Dense("ffn.up", x1, kFfn, Act::kNone);
  const uint32_t gelu = b->Activation("ffn.gelu", {kSeq, kFfn});
  b->Op(OH_NN_OPS_GELU, {hidden}, {BoolParam(OH_NN_GELU_APPROXIMATE, false)}, {gelu});
  const uint32_t down = l.Dense("ffn.down", gelu, kModel, Act::kNone);
  const uint32_t y = AddLayerNorm(&l, "norm2", x1, down);
  *inputs = {tokens};
  *outputs = {y};
}

}  // namespace zoo
}  // namespace nnrt
