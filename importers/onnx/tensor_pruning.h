// Removes the tensors no node, model input or model output refers to (the
// original layouts of converted weights, folded intermediates) and renumbers
// the rest in order, so an imported case holds each weight once.
#ifndef NNRT_IMPORTERS_ONNX_TENSOR_PRUNING_H_
#define NNRT_IMPORTERS_ONNX_TENSOR_PRUNING_H_

#include "reference/ir/ir.h"

namespace nnrt {
namespace onnx_import {

void PruneUnusedTensors(Model* model);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_TENSOR_PRUNING_H_
