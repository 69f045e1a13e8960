#include "importers/onnx/tensor_pruning.h"

#include <cstdint>
#include <vector>

namespace nnrt {
namespace onnx_import {

void PruneUnusedTensors(Model* model) {
  std::vector<bool> used(model->tensors.size(), false);
  for (uint32_t t : model->inputs) used[t] = true;
  for (uint32_t t : model->outputs) used[t] = true;
  for (const Node& n : model->nodes) {
    for (uint32_t t : n.inputs) used[t] = true;
    for (uint32_t t : n.outputs) used[t] = true;
  }
  std::vector<uint32_t> new_index(model->tensors.size(), 0);
  std::vector<Tensor> kept;
  for (size_t t = 0; t < model->tensors.size(); ++t) {
    if (!used[t]) continue;
    new_index[t] = static_cast<uint32_t>(kept.size());
    kept.push_back(std::move(model->tensors[t]));
  }
  model->tensors = std::move(kept);
  auto remap = [&](std::vector<uint32_t>* list) {
    for (uint32_t& t : *list) t = new_index[t];
  };
  remap(&model->inputs);
  remap(&model->outputs);
  for (Node& n : model->nodes) {
    remap(&n.inputs);
    remap(&n.outputs);
  }
}

}  // namespace onnx_import
}  // namespace nnrt
