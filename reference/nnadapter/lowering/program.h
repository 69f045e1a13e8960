// A lowered NNAdapter model that holds operations with a native kernel of
// their own (DEFORMABLE_CONV_2D, C-855; MAX_POOL_2D with indices, C-903): a sequence of steps over numbered
// values, each step either an NNRt sub-model (run by the reference
// interpreter) or a native kernel. Models without such operations lower to
// one NNRt model (LowerModel) as before.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_PROGRAM_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_PROGRAM_H_

#include <cstdint>
#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/ir/host_tensor.h"
#include "reference/ir/ir.h"
#include "reference/nnadapter/native/deformable_conv2d.h"
#include "reference/nnadapter/native/max_pool2d_indices.h"

namespace nnrt {
namespace nna {

// One input of a native step: a value, or a constant of the model.
struct StepInput {
  int32_t value = -1;  // -1: `constant`
  HostTensor constant;
};

enum class NativeKernel { kDeformableConv2D, kMaxPool2DWithIndices };

struct ProgramStep {
  bool native = false;
  Model model;                      // !native: inputs/outputs are `inputs`/`outputs` in order
  NativeKernel kernel = NativeKernel::kDeformableConv2D;  // native: which one
  DeformableConv2DParams conv;      // kDeformableConv2D: x, offset, mask -> y
  MaxPool2DIndicesParams pool;      // kMaxPool2DWithIndices: x -> y, indices
  std::vector<StepInput> inputs;    // !native: values only
  std::vector<uint32_t> outputs;    // values
};

struct LoweredProgram {
  uint32_t value_count = 0;
  std::vector<uint32_t> inputs;   // the model inputs' values
  std::vector<uint32_t> outputs;  // the model outputs' values
  std::vector<ProgramStep> steps;
};

// Whether the model holds an operation that runs as a native kernel (RunsNatively).
bool NeedsNativeSteps(const ::nnadapter::hal::Model& model);

// The steps in a topological order of the operations; maximal runs of
// NNRt-lowered operations become one sub-model. Errors as LowerModel.
Status LowerProgram(const ::nnadapter::hal::Model& model, LoweredProgram* out);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_PROGRAM_H_
