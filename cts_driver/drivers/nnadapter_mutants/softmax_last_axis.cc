// Mutant: SOFTMAX always normalises along the last axis (the NHWC channel
// habit), whatever its axis operand says.
#include "cts_driver/drivers/nnadapter_mutants/nnadapter_mutant_util.h"

namespace {

using namespace nnrt::nnadapter_mutant;

void Mutate(Model* model) {
  for (Operation& op : model->operations) {
    if (op.type != NNADAPTER_SOFTMAX || op.input_operands.size() != 2) continue;
    Operand* axis = op.input_operands[1];
    if (!IsEditableConstant(axis) || axis->length != sizeof(int32_t)) continue;
    const int32_t last = -1;
    std::memcpy(axis->buffer, &last, sizeof last);
  }
}

int CreateProgram(void* context, Model* model, nnadapter::hal::Cache* cache, void** program) {
  return CreateMutatedProgram(Mutate, context, model, cache, program);
}

}  // namespace

NNADAPTER_MUTANT_EXPORT(nnadapter_mutant_softmax_last_axis, CreateProgram)
