#include "importers/onnx/mappers/mapper_table.h"

#include <algorithm>
#include <cstring>

namespace nnrt {
namespace onnx_import {

const std::vector<MapperEntry>& MapperTable() {
  static const std::vector<MapperEntry>* table = [] {
    auto* t = new std::vector<MapperEntry>();
    for (auto family : {ElementwiseMappers, ActivationCompositionMappers, RecurrentMappers,
                        SpatialMappers, TensorMappers, ReductionMappers, LinearMappers, ResizeMappers}) {
      const std::vector<MapperEntry> part = family();
      t->insert(t->end(), part.begin(), part.end());
    }
    std::sort(t->begin(), t->end(),
              [](const MapperEntry& a, const MapperEntry& b) { return std::strcmp(a.onnx_op, b.onnx_op) < 0; });
    return t;
  }();
  return *table;
}

const MapperEntry* FindMapper(const std::string& onnx_op) {
  for (const MapperEntry& e : MapperTable()) {
    if (onnx_op == e.onnx_op) return &e;
  }
  return nullptr;
}

}  // namespace onnx_import
}  // namespace nnrt
