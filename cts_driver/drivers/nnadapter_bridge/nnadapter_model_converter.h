// NNRt model (reference/ir, NHWC, HDI attributes) -> NNAdapter HAL model
// (NCHW operations with explicit TRANSPOSE operations around them, fuse
// codes, scalar operands): what the bridge hands to an NNAdapter driver's
// create_program. The table of node types and their conversions is in
// docs/nnadapter.md ("Node types the bridge converts"); anything without an exact NNAdapter counterpart is
// NNRT_UNSUPPORTED_OP with the reason (never an approximation).
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_MODEL_CONVERTER_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_MODEL_CONVERTER_H_

#include <memory>
#include <vector>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_builder.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nnadapter_bridge {

struct ConvertedModel {
  std::unique_ptr<NNAdapterModelBuilder> builder;
};

// Converts every node of a structurally valid model whose nodes the reference
// accepts. NNRT_UNSUPPORTED_OP names the first node the bridge cannot express.
Status ConvertModel(const Model& model, ConvertedModel* out);

// The model made of node `node_index` alone: the tensors it reads that are
// neither constants nor produced inside become model inputs, its outputs the
// model outputs (the per-node support probe).
Model SingleNodeModel(const Model& model, size_t node_index);

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_MODEL_CONVERTER_H_
