// The layout-only node types: RESHAPE, FLATTEN, SQUEEZE, UNSQUEEZE and
// EXPAND_DIMS -> an Arm NN Reshape to the reference's inferred output dims;
// TRANSPOSE -> Arm NN Transpose with the (constant) permutation, TF
// semantics: y.dims[i] = x.dims[perm[i]] (docs/operators/transpose.md).
// Elements move unchanged: input and output must share data type and
// quantisation. A shape or permutation given as a model input (not constant)
// is refused.
#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerReshape(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.empty() || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  for (size_t i = 1; i < n.inputs.size(); ++i) {
    if (!ctx.T(n.inputs[i]).HasData()) return Unsupported(ctx.Label() + ": shape input must be constant");
  }
  NNRT_RETURN_IF_ERROR(ctx.CheckSameType(n.inputs[0], n.outputs[0]));
  armnn::ReshapeDescriptor d;
  d.m_TargetShape = ctx.Shape(n.outputs[0]);
  armnn::IConnectableLayer* layer = ctx.network().AddReshapeLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

Status LowerTranspose(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(ctx.CheckSameType(n.inputs[0], n.outputs[0]));
  if (!ctx.T(n.inputs[1]).HasData()) return Unsupported(ctx.Label() + ": perm must be constant");
  const OpContext op = ctx.OpCtx();
  std::vector<int64_t> perm;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(op.inputs[1], "perm", &perm));
  const size_t rank = ctx.dims()[n.inputs[0]].size();
  if (rank == 0 || perm.size() != rank) return Unsupported(ctx.Label() + ": rank 0 or perm size");
  std::vector<unsigned> mapping;
  for (int64_t p : perm) {
    if (p < 0 || p >= static_cast<int64_t>(rank)) return Unsupported(ctx.Label() + ": perm value out of range");
    mapping.push_back(static_cast<unsigned>(p));
  }
  armnn::TransposeDescriptor d(armnn::PermutationVector(mapping.data(), static_cast<unsigned>(mapping.size())));
  armnn::IConnectableLayer* layer = ctx.network().AddTransposeLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(RESHAPE, LowerReshape);
NNRT_ARMNN_LOWERING(FLATTEN, LowerReshape);
NNRT_ARMNN_LOWERING(SQUEEZE, LowerReshape);
NNRT_ARMNN_LOWERING(UNSQUEEZE, LowerReshape);
NNRT_ARMNN_LOWERING(EXPAND_DIMS, LowerReshape);
NNRT_ARMNN_LOWERING(TRANSPOSE, LowerTranspose);

}  // namespace armnn_driver
}  // namespace nnrt
