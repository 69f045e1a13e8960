#include "reference/nnadapter/lowering/pool_operands.h"

#include <algorithm>
#include <string>

namespace nnrt {
namespace nna {
namespace {

Status ReadPositivePair(const Operand* operand, const std::string& what, std::vector<int64_t>* pair) {
  NNRT_RETURN_IF_ERROR(ReadIntList(operand, what, pair));
  if (pair->size() != 2 || (*pair)[0] < 1 || (*pair)[1] < 1) {
    return InvalidModel(what + " must hold 2 values >= 1");
  }
  return Status::Ok();
}

}  // namespace

Status ReadPool2DOperands(const Operation& op, Pool2DOperands* p) {
  const bool average = op.type == NNADAPTER_AVERAGE_POOL_2D;
  p->average = average;
  p->name = average ? "AVERAGE_POOL_2D" : "MAX_POOL_2D";
  const std::string name = p->name;
  if (!average && op.output_operands.size() == 1) {
    return InvalidModel("MAX_POOL_2D takes the 2 outputs {output, indices}, got 1: pass NULL as indices for none "
                        "(C-903)");
  }
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, p->name, average ? 8 : 9, average ? 1 : 2));
  const auto& in = op.input_operands;
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(in[1], name + " auto_pad", &p->auto_pad));
  if (p->auto_pad < NNADAPTER_AUTO_PAD_NONE || p->auto_pad > NNADAPTER_AUTO_PAD_VALID) {
    return InvalidModel(name + " auto_pad " + std::to_string(p->auto_pad) + " is not an NNAdapterAutoPadCode");
  }
  std::vector<int64_t> pads;
  NNRT_RETURN_IF_ERROR(ReadIntList(in[2], name + " pads", &pads));
  if (!pads.empty() && pads.size() != 4) {
    return InvalidModel(name + " pads must hold 4 values or none, holds " + std::to_string(pads.size()));
  }
  for (int64_t v : pads) {
    if (v < 0) return InvalidModel(name + " pads must be >= 0");
  }
  p->pads = {0, 0, 0, 0};
  if (!pads.empty() && p->auto_pad == NNADAPTER_AUTO_PAD_NONE) p->pads = pads;
  NNRT_RETURN_IF_ERROR(ReadPositivePair(in[3], name + " kernel_shape", &p->kernel));
  NNRT_RETURN_IF_ERROR(ReadPositivePair(in[4], name + " strides", &p->strides));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(in[5], name + " ceil_mode", &p->ceil_mode));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(in[6], name + (average ? " count_include_pad" : " return_indices"), &p->flag));
  if (!average) {
    NNRT_RETURN_IF_ERROR(ReadInt32Scalar(in[7], name + " return_indices_dtype", &p->index_dtype));
    const Operand* indices = op.output_operands[1];
    if (p->flag != (indices != nullptr)) {
      return InvalidModel(std::string("MAX_POOL_2D return_indices is ") + (p->flag ? "true" : "false") +
                          " but the indices output is " + (indices != nullptr ? "given" : "NULL") + " (C-903)");
    }
    if (indices != nullptr) NNRT_RETURN_IF_ERROR(ReadIndexDtype(in[7], indices, name + " return_indices_dtype"));
  }
  return ReadFuseCode(in[average ? 7 : 8], p->name, &p->fuse);
}

void ResolvePads(const Pool2DOperands& p, int axis, int64_t in, int64_t* before, int64_t* after) {
  *before = p.pads[2 * axis];
  *after = p.pads[2 * axis + 1];
  if (p.auto_pad == NNADAPTER_AUTO_PAD_VALID) {
    *before = *after = 0;
  } else if (p.auto_pad == NNADAPTER_AUTO_PAD_SAME) {
    const int64_t s = p.strides[axis];
    const int64_t out = (in + s - 1) / s;
    const int64_t total = std::max<int64_t>((out - 1) * s + p.kernel[axis] - in, 0);
    *before = total / 2;
    *after = total - *before;
  }
}

int64_t Pool2DOutputSize(const Pool2DOperands& p, int axis, int64_t in) {
  if (in < 0) return -1;
  int64_t before = 0, after = 0;
  ResolvePads(p, axis, in, &before, &after);
  const int64_t span = in + before + after - p.kernel[axis];
  const int64_t s = p.strides[axis];
  if (span < 0) return 0;  // the kernel does not fit: no output (the lowering rejects it, C-525)
  return (p.ceil_mode ? (span + s - 1) / s : span / s) + 1;
}

bool KeepsWindowInPadding(const Pool2DOperands& p, int axis, int64_t in) {
  if (in < 0) return false;
  int64_t before = 0, after = 0;
  ResolvePads(p, axis, in, &before, &after);
  const int64_t out = Pool2DOutputSize(p, axis, in);
  return out > 0 && (out - 1) * p.strides[axis] - before >= in;
}

}  // namespace nna
}  // namespace nnrt
