// CONCAT -> Arm NN Concat along the (normalised) axis (docs/operators/concat.md). Every input
// shares the output's data type and quantisation
// (elements move unchanged; Arm NN would requantise otherwise).
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerConcat(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.empty() || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const uint32_t yt = n.outputs[0];
  const int64_t rank = static_cast<int64_t>(ctx.dims()[yt].size());
  if (rank == 0) return Unsupported(ctx.Label() + ": rank 0");
  int64_t axis = IntAttr(n, "axis");
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) return Unsupported(ctx.Label() + ": axis out of range");
  std::vector<armnn::TensorShape> shapes;
  for (uint32_t t : n.inputs) {
    NNRT_RETURN_IF_ERROR(ctx.CheckSameType(t, yt));
    shapes.push_back(ctx.Shape(t));
  }
  const armnn::OriginsDescriptor d =
      armnn::CreateDescriptorForConcatenation(shapes.begin(), shapes.end(), static_cast<unsigned>(axis));
  armnn::IConnectableLayer* layer = ctx.network().AddConcatLayer(d);
  for (size_t i = 0; i < n.inputs.size(); ++i) {
    NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[i], layer, static_cast<unsigned>(i)));
  }
  return ctx.Produce(layer, 0, yt);
}

}  // namespace

NNRT_ARMNN_LOWERING(CONCAT, LowerConcat);

}  // namespace armnn_driver
}  // namespace nnrt
