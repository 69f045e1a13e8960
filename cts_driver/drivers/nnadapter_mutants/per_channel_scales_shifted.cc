// Mutant: per-channel quantisation scales applied to the wrong channels: the
// scale of channel c is used for channel c + 1 (mod C) — for the filter and,
// consistently, for the per-channel int32 bias, so bias_scale = input_scale *
// filter_scale still holds and the model stays valid.
#include <algorithm>

#include "cts_driver/drivers/nnadapter_mutants/nnadapter_mutant_util.h"

namespace {

using namespace nnrt::nnadapter_mutant;

void ShiftScales(Operand* op) {
  if (op == nullptr) return;
  const NNAdapterOperandPrecisionCode p = op->type.precision;
  if (p != NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL && p != NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL) return;
  NNAdapterSymmPerChannelQuantParams& q = op->type.symm_per_channel_params;
  if (q.scales == nullptr || q.scale_count < 2) return;
  std::rotate(q.scales, q.scales + q.scale_count - 1, q.scales + q.scale_count);
}

void Mutate(Model* model) {
  for (Operation& op : model->operations) {
    if (op.type != NNADAPTER_CONV_2D && op.type != NNADAPTER_FULLY_CONNECTED) continue;
    if (op.input_operands.size() > 2) {
      ShiftScales(op.input_operands[1]);
      ShiftScales(op.input_operands[2]);
    }
  }
}

int CreateProgram(void* context, Model* model, nnadapter::hal::Cache* cache, void** program) {
  return CreateMutatedProgram(Mutate, context, model, cache, program);
}

}  // namespace

NNADAPTER_MUTANT_EXPORT(nnadapter_mutant_per_channel_scales_shifted, CreateProgram)
