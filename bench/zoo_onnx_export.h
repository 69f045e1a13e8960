// Writes a float32 zoo model (zoo/, docs/models.md) as an ONNX model, so that
// ONNX Runtime can run the same network the reference runs
// (//bench:models_vs_ort_bench). Covers the node types the zoo's MobileNetV2
// and ResNet-18 use: CONV2D_FUSION (grouped and depthwise, PAD / SAME / VALID,
// fused RELU / RELU6), ADD_FUSION, AVGPOOL_FUSION, FULL_CONNECTION, RESHAPE,
// SOFTMAX, TRANSPOSE. NNRt's NHWC activations are held NCHW in the ONNX graph
// (Transpose nodes only where a layout-agnostic node needs the NNRt order).
#ifndef NNRT_BENCH_ZOO_ONNX_EXPORT_H_
#define NNRT_BENCH_ZOO_ONNX_EXPORT_H_

#include <string>

#include "reference/ir/ir.h"

namespace nnrt {
namespace bench {

// Writes `model` (float32) to `path`. NNRT_UNSUPPORTED_OP names a node type
// or attribute value the exporter does not cover.
Status ExportZooModelToOnnx(const Model& model, const std::string& path);

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_ZOO_ONNX_EXPORT_H_
