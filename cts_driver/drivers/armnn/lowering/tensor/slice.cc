// SLICE_FUSION -> Arm NN Slice, STRIDED_SLICE -> Arm NN StridedSlice
// (docs/operators/slice.md, strided_slice.md). Types as
// lower_data_movement.h; begin / size / end / strides must be constants (Arm
// NN takes them in the descriptor); x of rank 1..4 (CpuRef's slices work on
// at most 4 dims).
//
// SLICE_FUSION: the `axes` entries are spread into a begin and size for every
// dim (whole dims elsewhere), size -1 resolved to the rest of the dim (C-654,
// C-655). STRIDED_SLICE: the entries (k <= rank) are extended to every dim
// with begin 0, end = the dim, stride 1 (NNRt's implicit trailing ellipsis,
// C-615); beginMask, endMask and shrinkAxisMask map bit for bit; ellipsisMask
// and newAxisMask are refused (CpuRef does not apply them).
#include "cts_driver/drivers/armnn/lowering/tensor/data_movement.h"

#include "reference/ops/tensor/slice.h"
#include "reference/ops/tensor/strided_slice.h"

namespace nnrt {
namespace armnn_driver {
namespace {

constexpr size_t kMaxSliceRank = 4;

Status LowerSlice(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 3 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(CheckMovedTypes(ctx, n.inputs[0], n.outputs[0]));
  const Dims& xd = ctx.dims()[n.inputs[0]];
  if (xd.empty() || xd.size() > kMaxSliceRank) return Unsupported(ctx.Label() + ": x rank must be 1..4");
  std::vector<int64_t> begin, size;
  NNRT_RETURN_IF_ERROR(ConstantInts(ctx, 1, &begin));
  NNRT_RETURN_IF_ERROR(ConstantInts(ctx, 2, &size));
  std::vector<size_t> axes;
  if (!ResolveSliceAxes(IntsAttr(n, "axes"), xd.size(), &axes).ok() || axes.size() != begin.size() ||
      size.size() != begin.size()) {
    return Unsupported(ctx.Label() + ": axes, begin and size do not match");
  }
  std::vector<unsigned> b(xd.size(), 0u), s(xd.begin(), xd.end());
  for (size_t k = 0; k < axes.size(); ++k) {
    const size_t d = axes[k];
    b[d] = static_cast<unsigned>(begin[k]);
    s[d] = static_cast<unsigned>(size[k] == -1 ? xd[d] - begin[k] : size[k]);
  }
  armnn::IConnectableLayer* layer = ctx.network().AddSliceLayer(armnn::SliceDescriptor(b, s));
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

Status LowerStridedSlice(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 4 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(CheckMovedTypes(ctx, n.inputs[0], n.outputs[0]));
  const Dims& xd = ctx.dims()[n.inputs[0]];
  if (xd.empty() || xd.size() > kMaxSliceRank) return Unsupported(ctx.Label() + ": x rank must be 1..4");
  for (size_t i = 1; i < 4; ++i) {
    if (!ctx.T(n.inputs[i]).HasData()) return Unsupported(ctx.Label() + ": begin / end / strides must be constants");
  }
  // The masks resolved by the reference's shape inference (C-615..C-618):
  // per dim of x the first index, the step and the count.
  OpContext op = ctx.OpCtx();
  for (size_t i = 1; i < 4; ++i) op.inputs[i].byte_size = ctx.T(n.inputs[i]).data.size();
  const Status inferred = InferStridedSlice(op);
  if (!inferred.ok()) return Unsupported(ctx.Label() + ": " + inferred.message());
  const StridedSliceParams& p = op.Params<StridedSliceParams>();
  if (p.start.size() != xd.size() || p.step.size() != xd.size() || p.count.size() != xd.size()) {
    return Unsupported(ctx.Label() + ": unresolved slice");
  }
  armnn::StridedSliceDescriptor d;
  std::vector<unsigned> counts;
  for (size_t i = 0; i < xd.size(); ++i) {
    const int64_t last = p.start[i] + (p.count[i] - 1) * p.step[i];
    const int64_t stop = last + (p.step[i] > 0 ? 1 : -1);  // one past the last index read
    d.m_Begin.push_back(static_cast<int>(p.start[i]));
    d.m_Stride.push_back(static_cast<int>(p.step[i]));
    d.m_End.push_back(static_cast<int>(stop < 0 ? 0 : stop));
    if (stop < 0) d.m_EndMask |= 1 << i;  // a negative stride down to index 0 (Arm NN wraps -1)
    counts.push_back(static_cast<unsigned>(p.count[i]));
  }
  d.m_DataLayout = armnn::DataLayout::NHWC;  // the dims as given
  armnn::IConnectableLayer* layer = ctx.network().AddStridedSliceLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  const armnn::TensorShape sliced(static_cast<unsigned>(counts.size()), counts.data());
  if (sliced == ctx.Shape(n.outputs[0])) return ctx.Produce(layer, 0, n.outputs[0]);
  // Shrunk dims and new axes: y is the slice with other dims of 1 (same order).
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(ctx.Info(n.outputs[0], &info));
  info.SetShape(sliced);
  layer->GetOutputSlot(0).SetTensorInfo(info);
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = ctx.Shape(n.outputs[0]);
  armnn::IConnectableLayer* reshape = ctx.network().AddReshapeLayer(r);
  layer->GetOutputSlot(0).Connect(reshape->GetInputSlot(0));
  return ctx.Produce(reshape, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(SLICE_FUSION, LowerSlice);
NNRT_ARMNN_LOWERING(STRIDED_SLICE, LowerStridedSlice);

}  // namespace armnn_driver
}  // namespace nnrt
