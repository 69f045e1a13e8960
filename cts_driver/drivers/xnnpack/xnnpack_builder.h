// The lowering of NNRt nodes to xnn_define_* calls (internal to the XNNPACK
// driver; see xnnpack_subgraph.h). Builder::DefineNode and DefineActivation
// live in xnnpack_builder.cc; the filter-based nodes (convolution, transposed
// convolution, filter and bias values) in xnnpack_conv.cc; FULL_CONNECTION
// and MATMUL_FUSION in xnnpack_dense.cc; the pools in xnnpack_pool.cc;
// MAXIMUM, MINIMUM, SQUARED_DIFFERENCE, LEAKY_RELU and SOFTMAX in
// xnnpack_elementwise.cc.
#ifndef NNRT_CTS_DRIVER_DRIVERS_XNNPACK_XNNPACK_BUILDER_H_
#define NNRT_CTS_DRIVER_DRIVERS_XNNPACK_XNNPACK_BUILDER_H_

#include <xnnpack.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ir/status.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace xnnpack_driver {
constexpr float kInf = std::numeric_limits<float>::infinity();

inline Status XnnError(const std::string& what, xnn_status s) {
  return Unsupported(what + " rejected by XNNPACK (xnn_status " + std::to_string(static_cast<int>(s)) + ")");
}

inline std::string NodeLabel(const Model& m, uint32_t i) {
  return std::string("node ") + std::to_string(i) + " (" + NodeTypeName(m.nodes[i].type) + ")";
}

// The clamp of a fused activation (NONE, RELU, RELU6); others are unsupported.
Status FusedBounds(const Node& node, float* lo, float* hi);

inline bool SameQuant(const Tensor& a, const Tensor& b) {
  return a.data_type == b.data_type && a.quant_params == b.quant_params;
}

// Builds the values and nodes of one subgraph. Tensors with an external id
// are inputs / outputs of the runtime; other tensors with constant data are
// static; the rest are internal.
class Builder {
 public:
  Builder(const Model& m, const std::vector<Dims>& dims, std::vector<std::unique_ptr<uint8_t[]>>* statics)
      : m_(m), dims_(dims), statics_(statics) {}
  ~Builder() {
    if (subgraph_ != nullptr) xnn_delete_subgraph(subgraph_);
  }

  Status Begin(uint32_t external_count) {
    const xnn_status s = xnn_create_subgraph(external_count, 0, &subgraph_);
    if (s != xnn_status_success) return Status(NNRT_FAILED, "xnn_create_subgraph failed");
    return Status::Ok();
  }
  void SetExternal(uint32_t tensor, uint32_t id, uint32_t flags) { external_[tensor] = {id, flags}; }
  bool Uses(uint32_t tensor) const { return values_.count(tensor) != 0; }

  Status CreateRuntime(xnn_runtime_t* runtime) {
    const xnn_status s = xnn_create_runtime_v2(subgraph_, nullptr, 0, runtime);
    if (s != xnn_status_success) return XnnError("the subgraph", s);
    return Status::Ok();
  }

  Status DefineNode(uint32_t index);

 private:
  const Tensor& T(uint32_t t) const { return m_.tensors[t]; }
  // Rank 0 is given to XNNPACK as [1] (same element, same broadcasting; some
  // of its operators assert rank >= 1).
  std::vector<size_t> Shape(uint32_t t) const {
    if (dims_[t].empty()) return {1};
    return std::vector<size_t>(dims_[t].begin(), dims_[t].end());
  }
  const void* Static(const std::vector<uint8_t>& bytes) {
    std::unique_ptr<uint8_t[]> copy(new uint8_t[bytes.size() + XNN_EXTRA_BYTES]());
    std::memcpy(copy.get(), bytes.data(), bytes.size());
    statics_->push_back(std::move(copy));
    return statics_->back().get();
  }
  Status Value(uint32_t t, uint32_t* id);
  // The operator context of node `index` with this model's prepared dims
  // (for the reference's parameter readers and shape inference).
  OpContext Context(uint32_t index) const;
  Status DefineConv(uint32_t index);
  Status DefineConvTranspose(uint32_t index);
  Status DefineFullConnection(uint32_t index);
  Status DefineMatMul(uint32_t index);
  Status DefinePool(uint32_t index);
  Status DefineResize(uint32_t index);
  Status DefineBinaryMath(uint32_t index);
  Status DefineLeakyRelu(uint32_t index);
  Status DefineSoftmax(uint32_t index);
  // A constant filter of x's quantization family: float32; int8 / uint8 with
  // one quant param; int8 per channel along `channel_dim` (zero point 0).
  // `scales` receives the weight scales (empty for float32).
  Status DefineFilter(const std::string& label, uint32_t xt, uint32_t wt, const std::vector<uint8_t>& bytes,
                      const std::vector<size_t>& shape, size_t channel_dim, int64_t out_c, uint32_t* id,
                      std::vector<float>* scales);
  // A constant 1-D bias [out_c]: float32, or int32 at scale s_x * s_w[c].
  Status DefineBias(const std::string& label, uint32_t xt, uint32_t bt, int64_t out_c,
                    const std::vector<float>& scales, uint32_t* id);
  Status DefineActivation(uint32_t index);

  const Model& m_;
  const std::vector<Dims>& dims_;
  std::vector<std::unique_ptr<uint8_t[]>>* statics_;
  xnn_subgraph_t subgraph_ = nullptr;
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> external_;  // tensor -> (id, flags)
  std::map<uint32_t, uint32_t> values_;                           // tensor -> value id
};

}  // namespace xnnpack_driver
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_XNNPACK_XNNPACK_BUILDER_H_
