// SLICE_FUSION -> Arm NN Slice, STRIDED_SLICE -> Arm NN StridedSlice
// (docs/semantics.md "SLICE_FUSION", "STRIDED_SLICE"). Types as
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
#include "cts_driver/drivers/armnn/lower_data_movement.h"

#include "reference/ops/slice.h"

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
  if (IntAttr(n, "ellipsisMask") != 0 || IntAttr(n, "newAxisMask") != 0) {
    return Unsupported(ctx.Label() + ": ellipsisMask / newAxisMask have no CpuRef form");
  }
  std::vector<int64_t> begin, end, strides;
  NNRT_RETURN_IF_ERROR(ConstantInts(ctx, 1, &begin));
  NNRT_RETURN_IF_ERROR(ConstantInts(ctx, 2, &end));
  NNRT_RETURN_IF_ERROR(ConstantInts(ctx, 3, &strides));
  const size_t k = begin.size();
  if (k == 0 || k > xd.size() || end.size() != k || strides.size() != k) {
    return Unsupported(ctx.Label() + ": begin / end / strides lengths");
  }
  armnn::StridedSliceDescriptor d;
  for (size_t i = 0; i < xd.size(); ++i) {
    d.m_Begin.push_back(i < k ? static_cast<int>(begin[i]) : 0);
    d.m_End.push_back(i < k ? static_cast<int>(end[i]) : static_cast<int>(xd[i]));
    d.m_Stride.push_back(i < k ? static_cast<int>(strides[i]) : 1);
  }
  const int64_t entry_bits = (int64_t{1} << k) - 1;  // masks address the k entries only
  d.m_BeginMask = static_cast<int32_t>(IntAttr(n, "beginMask") & entry_bits);
  d.m_EndMask = static_cast<int32_t>(IntAttr(n, "endMask") & entry_bits);
  d.m_ShrinkAxisMask = static_cast<int32_t>(IntAttr(n, "shrinkAxisMask") & entry_bits);
  d.m_DataLayout = armnn::DataLayout::NHWC;  // the dims as given
  armnn::IConnectableLayer* layer = ctx.network().AddStridedSliceLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(SLICE_FUSION, LowerSlice);
NNRT_ARMNN_LOWERING(STRIDED_SLICE, LowerStridedSlice);

}  // namespace armnn_driver
}  // namespace nnrt
