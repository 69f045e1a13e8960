// The one table of ONNX operators the importer maps: op type -> mapper, with
// the NNRt node types it produces (docs/onnx_import.md prints it). A mapper
// reads the node's attributes and inputs through NodeContext, adds NNRt nodes
// through the GraphBuilder and binds every ONNX output; anything it cannot map
// exactly it returns as an NNRT_UNSUPPORTED_OP status naming the operator and
// the attribute or input.
#ifndef NNRT_IMPORTERS_ONNX_MAPPER_TABLE_H_
#define NNRT_IMPORTERS_ONNX_MAPPER_TABLE_H_

#include <string>
#include <vector>

#include "importers/onnx/node_context.h"

namespace nnrt {
namespace onnx_import {

using Mapper = Status (*)(NodeContext& c);

struct MapperEntry {
  const char* onnx_op;
  Mapper map;
  const char* nnrt_nodes;  // what it lowers to, for the documentation
  // Inputs NNRt needs as constants (shapes, axes, bounds, pads): a graph
  // input feeding one of them is frozen to its test-data value (C-800).
  std::vector<int> constant_inputs = {};
};

// Sorted by ONNX op type. Only the default ONNX domain ("" / "ai.onnx").
const std::vector<MapperEntry>& MapperTable();
const MapperEntry* FindMapper(const std::string& onnx_op);

// The family tables the one table is made of (mappers_*.cc).
std::vector<MapperEntry> ElementwiseMappers();
std::vector<MapperEntry> ActivationCompositionMappers();
std::vector<MapperEntry> RecurrentMappers();
std::vector<MapperEntry> SpatialMappers();
std::vector<MapperEntry> TensorMappers();
std::vector<MapperEntry> ReductionMappers();
std::vector<MapperEntry> LinearMappers();
std::vector<MapperEntry> ResizeMappers();

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_MAPPER_TABLE_H_
