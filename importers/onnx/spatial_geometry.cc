#include "importers/onnx/spatial_geometry.h"

#include "importers/onnx/mappers/mapper_util.h"

namespace nnrt {
namespace onnx_import {
namespace {

// A per-axis ONNX list of spatial_rank entries lifted to [H, W] (1-D: H gets `fill`).
Status Lift(const NodeContext& c, const char* name, std::vector<int64_t> v, size_t spatial_rank, int64_t fill,
            std::vector<int64_t>* out) {
  if (v.size() != spatial_rank) {
    return c.UnmappableAttr(name, ListText(v), "needs " + std::to_string(spatial_rank) + " values");
  }
  if (spatial_rank == 1) v.insert(v.begin(), fill);
  *out = v;
  return Status::Ok();
}

}  // namespace

Status ReadSpatialGeometry(NodeContext& c, const std::vector<int64_t>& in, size_t spatial_rank,
                           const std::vector<int64_t>& kernel, bool with_dilations, bool transposed, SpatialGeometry* g) {
  const std::vector<int64_t> ones(spatial_rank, 1);
  const std::vector<int64_t> zeros(2 * spatial_rank, 0);
  std::vector<int64_t> k = c.Ints("kernel_shape", kernel);
  if (!kernel.empty() && k != kernel) return c.UnmappableAttr("kernel_shape", ListText(k), "differs from the weight's");
  NNRT_RETURN_IF_ERROR(Lift(c, "kernel_shape", k, spatial_rank, 1, &g->kernel));
  NNRT_RETURN_IF_ERROR(Lift(c, "strides", c.Ints("strides", ones), spatial_rank, 1, &g->strides));
  std::vector<int64_t> d = ones;
  if (with_dilations) d = c.Ints("dilations", ones);
  NNRT_RETURN_IF_ERROR(Lift(c, "dilations", d, spatial_rank, 1, &g->dilations));
  const std::vector<int64_t> pads = c.Ints("pads", zeros);
  if (pads.size() != 2 * spatial_rank) return c.UnmappableAttr("pads", ListText(pads), "wrong length");
  for (int64_t p : pads) {
    if (p < 0) return c.UnmappableAttr("pads", ListText(pads), "negative pads are not mapped");
  }
  NNRT_RETURN_IF_ERROR(Lift(c, "pads", {pads.begin(), pads.begin() + spatial_rank}, spatial_rank, 0, &g->pad_begin));
  NNRT_RETURN_IF_ERROR(Lift(c, "pads", {pads.begin() + spatial_rank, pads.end()}, spatial_rank, 0, &g->pad_end));
  const std::string auto_pad = c.String("auto_pad", "NOTSET");
  if (auto_pad == "NOTSET") return Status::Ok();
  if (auto_pad == "VALID") {
    g->pad_begin = {0, 0};
    g->pad_end = {0, 0};
    return Status::Ok();
  }
  if (auto_pad != "SAME_UPPER" && auto_pad != "SAME_LOWER") return c.UnmappableAttr("auto_pad", auto_pad, "unknown value");
  for (size_t a = 0; a < 2; ++a) {
    const int64_t s = g->strides[a], span = (g->kernel[a] - 1) * g->dilations[a] + 1;
    // Conv/pool: the output is ceil(in / s); ConvTranspose: in * s.
    int64_t total = transposed ? s * (in[a] - 1) + span - in[a] * s : ((in[a] + s - 1) / s - 1) * s + span - in[a];
    if (total < 0) total = transposed ? total : 0;
    if (total < 0) return c.UnmappableAttr("auto_pad", auto_pad, "needs negative pads for this size");
    const int64_t small = total / 2, large = total - total / 2;
    const bool upper = auto_pad == "SAME_UPPER";
    g->pad_begin[a] = upper ? small : large;
    g->pad_end[a] = upper ? large : small;
  }
  return Status::Ok();
}

}  // namespace onnx_import
}  // namespace nnrt
