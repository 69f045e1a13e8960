// LSTM (HDI struct LSTM {bidirectional, hasBias, inputSize, hiddenSize,
// numLayers, numDirections, dropout, zoneoutCell, zoneoutHidden, projSize};
// ops_catalog #75 OH_NN_OPS_LSTM). Inputs x [seqLen, batch, inputSize],
// wIh [D*L, 4H, inputSize], wHh [D*L, 4H, H], bias [D*L, 8H], hx and cx
// [D*L, batch, H]; outputs y [seqLen, batch, D*H], hy [D*L, batch, H],
// cy [D*L, batch, H] (D = numDirections, L = numLayers, H = hiddenSize).
// Gate order i, f, g, o (MindSpore nn.LSTM / PyTorch); slab s = layer*D + direction.
// Semantics: docs/semantics.md "LSTM"; decisions C-720..C-728.
#ifndef NNRT_REFERENCE_OPS_LSTM_H_
#define NNRT_REFERENCE_OPS_LSTM_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferLstm.
struct LstmParams {
  bool has_bias = false;        // hasBias: the bias input is added (C-724)
  int64_t input_size = 0;       // inputSize (= D*H from layer 2 on, C-722)
  int64_t hidden = 0;           // hiddenSize
  int64_t layers = 0;           // numLayers
  int64_t directions = 0;       // numDirections (1, or 2 when bidirectional, C-723)
  double zoneout_cell = 0.0;    // inference zoneout (C-726)
  double zoneout_hidden = 0.0;  // inference zoneout (C-726)
  int64_t seq = 0;              // x dim 0 (concrete at run time)
  int64_t batch = 0;            // x dim 1 (concrete at run time)
};

// One direction of one layer: the weights of slab s, in double.
struct LstmCellWeights {
  const double* w_ih = nullptr;  // [4H, in] rows of gates i, f, g, o
  const double* w_hh = nullptr;  // [4H, H]
  const double* bias = nullptr;  // [8H]: b_ih then b_hh; nullptr without hasBias
  int64_t input_size = 0;
  int64_t hidden = 0;
  int64_t batch = 0;
  double zoneout_cell = 0.0;
  double zoneout_hidden = 0.0;
};

// One time step for every batch row: x [batch, in]; h and c [batch, H] are
// read as the previous state and overwritten with the new one. Order: for
// each batch row, unit j and gate i, f, g, o: the x terms in index order,
// then the h terms in index order, then b_ih and b_hh; then the activations.
void LstmStep(const LstmCellWeights& w, const double* x, std::vector<double>* h, std::vector<double>* c);
using LstmStepFn = void (*)(const LstmCellWeights& w, const double* x, std::vector<double>* h,
                            std::vector<double>* c);

Status InferLstm(OpContext& ctx);
Status LstmKernel(OpContext& ctx);
// The layer / direction / time loops with a caller-given step (for
// deliberately wrong test drivers).
Status RunLstmWithStep(OpContext& ctx, const LstmParams& plan, LstmStepFn step);

OpDef LstmOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_LSTM_H_
