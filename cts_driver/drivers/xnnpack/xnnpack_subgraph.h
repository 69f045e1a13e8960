// NNRt model (reference IR) -> XNNPACK subgraph, for the XNNPACK HAL driver.
//
// Every node is lowered to xnn_define_* calls only where XNNPACK computes what
// NNRt defines (docs/semantics.md, docs/quantization.md); anything else is
// NNRT_UNSUPPORTED_OP with a message naming the node and the reason. Whether
// a lowered node is really accepted by this XNNPACK build (datatype, scale
// ratios, ranks) is settled by creating a runtime: NodeSupported builds a
// one-node subgraph and asks XNNPACK, so GetSupportedOperation never claims
// what PrepareModel cannot honour.
#ifndef NNRT_CTS_DRIVER_DRIVERS_XNNPACK_XNNPACK_SUBGRAPH_H_
#define NNRT_CTS_DRIVER_DRIVERS_XNNPACK_XNNPACK_SUBGRAPH_H_

#include <xnnpack.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace xnnpack_driver {

// xnn_initialize once per process; an error when XNNPACK cannot run here.
Status InitializeXnnpack();

// One XNNPACK runtime per node, in topological order: the driver keeps every
// intermediate tensor, so that NaN propagation can be restored after each
// node (nan_repair.h) before the next one reads it.
struct XnnNodeRuntime {
  uint32_t node = 0;
  xnn_runtime_t runtime = nullptr;
  std::vector<std::pair<uint32_t, uint32_t>> externals;  // (external id, tensor)
};

class XnnModel {
 public:
  ~XnnModel();
  const std::vector<XnnNodeRuntime>& nodes() const { return nodes_; }

 private:
  friend Status BuildXnnModel(const Model&, const std::vector<Dims>&, std::unique_ptr<XnnModel>*);
  std::vector<XnnNodeRuntime> nodes_;
  // Static tensor data (constants, transposed depthwise filters), padded by
  // XNN_EXTRA_BYTES; must outlive the runtimes.
  std::vector<std::unique_ptr<uint8_t[]>> static_data_;
};

// dims: the dims of every tensor of `model` (prepared, no -1).
Status BuildXnnModel(const Model& model, const std::vector<Dims>& dims, std::unique_ptr<XnnModel>* out);

// Whether node `node_index` alone can be built and run by XNNPACK with the
// given tensor dims; `reason` says why not.
bool NodeSupported(const Model& model, const std::vector<Dims>& dims, uint32_t node_index, std::string* reason);

}  // namespace xnnpack_driver
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_XNNPACK_XNNPACK_SUBGRAPH_H_
