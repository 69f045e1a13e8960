// A deliberately wrong driver: SLICE_FUSION reads size -1 as a window of one
// element instead of "to the end" (a kernel that takes the size literally
// and clamps it to >= 1). Every case with size -1 on a dim longer than
// begin + 1 gets wrong dims. Caught by the valid-model property of
// SLICE_FUSION.
#include <algorithm>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/slice.h"

namespace {

nnrt::Status InferSliceMinusOneAsOne(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::InferSlice(ctx));
  const nnrt::TensorArg& size_t_arg = ctx.inputs[2];
  if (size_t_arg.data == nullptr || nnrt::IsDynamic(size_t_arg.dims)) return nnrt::Status::Ok();
  std::vector<int64_t> size;
  NNRT_RETURN_IF_ERROR(nnrt::ReadIntTensor(size_t_arg, "size", &size));
  std::vector<size_t> dims;
  NNRT_RETURN_IF_ERROR(nnrt::ResolveSliceAxes(nnrt::IntsAttr(*ctx.node, "axes"), ctx.inputs[0].dims.size(), &dims));
  nnrt::SliceParams p = ctx.Params<nnrt::SliceParams>();
  for (size_t k = 0; k < dims.size() && k < size.size(); ++k) {
    if (size[k] == -1) p.out[dims[k]] = 1;
  }
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-slice-size-minus-one-as-one",
      {nnrt::KernelOverride{nnrt::NodeType::SLICE_FUSION, nnrt::SliceKernel, InferSliceMinusOneAsOne}});
  return driver;
}
