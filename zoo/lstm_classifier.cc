// An LSTM sequence classifier (docs/models.md): 12 steps of 8 features, one
// unidirectional LSTM layer with hidden size 16 and biases, zero initial
// state; its final hidden state (the last step) -> FULL_CONNECTION 5 ->
// SOFTMAX. Weights U(-1/4, 1/4) (PyTorch's U(-1/sqrt(H), 1/sqrt(H)), H = 16).
// Float-only (zoo.cc).
#include "zoo/layers.h"
#include "zoo/zoo.h"

namespace nnrt {
namespace zoo {

void DefineLstmClassifier(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs) {
  constexpr int32_t kSteps = 12, kFeatures = 8, kHidden = 16, kClasses = 5;
  Layers l(b, 4000);
  const uint32_t x = b->Activation("sequence", {kSteps, 1, kFeatures});
  const uint32_t w_ih = b->SeededFloatConstant("lstm.w_ih", {1, 4 * kHidden, kFeatures}, SeededData::Uniform(l.NextSeed(), -0.25, 0.25));
  const uint32_t w_hh = b->SeededFloatConstant("lstm.w_hh", {1, 4 * kHidden, kHidden}, SeededData::Uniform(l.NextSeed(), -0.25, 0.25));
  const uint32_t bias = b->SeededFloatConstant("lstm.bias", {1, 8 * kHidden}, SeededData::Uniform(l.NextSeed(), -0.25, 0.25));
  const std::vector<float> zeros(kHidden, 0.0f);
  const uint32_t h0 = b->FloatConstant("lstm.h0", {1, 1, kHidden}, zeros);
  const uint32_t c0 = b->FloatConstant("lstm.c0", {1, 1, kHidden}, zeros);
  const uint32_t y = b->Activation("lstm.y", {kSteps, 1, kHidden});
  const uint32_t h_last = b->Activation("lstm.h_last", {1, 1, kHidden});
  const uint32_t c_last = b->Activation("lstm.c_last", {1, 1, kHidden});
  b->Op(OH_NN_OPS_LSTM, {x, w_ih, w_hh, bias, h0, c0},
        {BoolParam(OH_NN_LSTM_BIDIRECTIONAL, false), BoolParam(OH_NN_LSTM_HAS_BIAS, true),
         Int64Param(OH_NN_LSTM_INPUT_SIZE, {kFeatures}), Int64Param(OH_NN_LSTM_HIDDEN_SIZE, {kHidden}),
         Int64Param(OH_NN_LSTM_NUM_LAYERS, {1}), Int64Param(OH_NN_LSTM_NUM_DIRECTIONS, {1}),
         FloatParam(OH_NN_LSTM_DROPOUT, {0.0f}), FloatParam(OH_NN_LSTM_ZONEOUT_CELL, {0.0f}),
         FloatParam(OH_NN_LSTM_ZONEOUT_HIDDEN, {0.0f}), Int64Param(OH_NN_LSTM_PROJ_SIZE, {0})},
        {y, h_last, c_last});
  const uint32_t features = l.Reshape("last_step", h_last, {1, kHidden});
  const uint32_t logits = l.Dense("logits", features, kClasses, Act::kNone);
  *inputs = {x};
  *outputs = {l.Softmax("probs", logits, -1)};
}

}  // namespace zoo
}  // namespace nnrt
