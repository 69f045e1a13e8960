// Mutant: the fused activation of ADD / SUB / MUL / DIV is ignored (every
// fuse_code operand read as NNADAPTER_FUSED_NONE).
#include "cts_driver/drivers/nnadapter_mutants/nnadapter_mutant_util.h"

namespace {

using namespace nnrt::nnadapter_mutant;

void IgnoreFuseCodes(Model* model) {
  for (Operation& op : model->operations) {
    const bool elementwise = op.type == NNADAPTER_ADD || op.type == NNADAPTER_SUB || op.type == NNADAPTER_MUL ||
                             op.type == NNADAPTER_DIV;
    if (!elementwise || op.input_operands.size() != 3) continue;
    Operand* fuse = op.input_operands[2];
    if (IsEditableConstant(fuse) && fuse->length == sizeof(int32_t)) {
      const int32_t none = NNADAPTER_FUSED_NONE;
      std::memcpy(fuse->buffer, &none, sizeof none);
    }
  }
}

int CreateProgram(void* context, Model* model, nnadapter::hal::Cache* cache, void** program) {
  return CreateMutatedProgram(IgnoreFuseCodes, context, model, cache, program);
}

}  // namespace

NNADAPTER_MUTANT_EXPORT(nnadapter_mutant_fuse_code_ignored, CreateProgram)
