// Helpers the mapper families share: one-node mappings, output binding and
// the channel-first <-> channel-last wrapping of the spatial operators.
#ifndef NNRT_IMPORTERS_ONNX_MAPPER_UTIL_H_
#define NNRT_IMPORTERS_ONNX_MAPPER_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "importers/onnx/mappers/mapper_table.h"

namespace nnrt {
namespace onnx_import {

// Every present input of the node, in order (fails when one is missing).
Status AllInputs(const NodeContext& c, std::vector<uint32_t>* inputs);

// One NNRt node of `type` on the node's inputs (all present), output 0 of
// type `out` (DataType::kUnknown: input 0's type) bound to ONNX output 0.
Status MapOneNode(NodeContext& c, NodeType type, std::vector<Attr> attrs, DataType out = DataType::kUnknown);
// The same on explicit inputs.
Status MapOneNodeOn(NodeContext& c, NodeType type, const std::vector<uint32_t>& inputs, std::vector<Attr> attrs,
                    DataType out = DataType::kUnknown);

// The permutation moving dim 1 (channels) of a rank-r tensor to the end, and its inverse.
std::vector<int64_t> ChannelsLastPerm(size_t rank);
std::vector<int64_t> ChannelsFirstPerm(size_t rank);

// A 4-D ONNX-layout view of x: x itself when 4-D, [N, C, 1, L] for a 3-D
// (one spatial dim) x; fails for other ranks.
Status As4D(NodeContext& c, uint32_t x, uint32_t* y);
// x [N,C,H,W] -> [N,H,W,C] (tagged NHWC) and back.
Status ToChannelsLast(NodeContext& c, uint32_t x, uint32_t* y);
Status FromChannelsLast(NodeContext& c, uint32_t x, uint32_t* y);
// The result y [N,C,1,L] of a 3-D input reshaped back to [N,C,L]; y itself when rank_in is 4.
Status BackToRank(NodeContext& c, uint32_t y, size_t rank_in, uint32_t* out);

// "[1, 2, 3]" for messages.
std::string ListText(const std::vector<int64_t>& v);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_MAPPER_UTIL_H_
