// The window geometry of ONNX Conv / ConvTranspose / pooling nodes resolved
// to NNRt's explicit form: kernel, strides, dilations and explicit pads per
// spatial axis (auto_pad computed from the known input size), 1-D windows
// lifted to 2-D with H = 1.
#ifndef NNRT_IMPORTERS_ONNX_SPATIAL_GEOMETRY_H_
#define NNRT_IMPORTERS_ONNX_SPATIAL_GEOMETRY_H_

#include <cstdint>
#include <vector>

#include "importers/onnx/node_context.h"

namespace nnrt {
namespace onnx_import {

struct SpatialGeometry {
  // Two entries each: H, W.
  std::vector<int64_t> kernel, strides, dilations, pad_begin, pad_end;
  // NNRt's [top, bottom, left, right].
  std::vector<int64_t> PadList() const { return {pad_begin[0], pad_end[0], pad_begin[1], pad_end[1]}; }
};

// Reads kernel_shape (or `kernel` when the node has none: the weight's),
// strides, dilations (when `with_dilations`), pads and auto_pad. `in` is the
// spatial size [H, W] of the 4-D view, `spatial_rank` ONNX's (1 or 2).
// auto_pad SAME_UPPER / SAME_LOWER give the pads ONNX defines for the known
// size; `transposed` selects ConvTranspose's rule (C-792).
Status ReadSpatialGeometry(NodeContext& c, const std::vector<int64_t>& in, size_t spatial_rank,
                           const std::vector<int64_t>& kernel, bool with_dilations, bool transposed, SpatialGeometry* g);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_SPATIAL_GEOMETRY_H_
