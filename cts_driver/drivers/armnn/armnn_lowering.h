// NNRt node -> Arm NN layers, for the Arm NN HAL driver (docs/conformance.md
// "The Arm NN driver").
//
// Each layer family lives in its own lowering/<room>/<family>.cc (room: elementwise, nn, tensor) and registers one
// lowering function per node type it handles with NNRT_ARMNN_LOWERING; no
// central list names them (the BUILD globs lowering/*/*.cc into an alwayslink
// library). A lowering reads the node's attributes (with the reference's
// parameter readers, which validate), refuses with NNRT_UNSUPPORTED_OP every
// data type or attribute combination Arm NN does not compute exactly as NNRt
// defines, and otherwise adds the layers to the network and records which
// output slot produces each of the node's outputs. The same function serves
// GetSupportedOperation (one node in a network of its own, optimised and
// loaded) and PrepareModel (the whole model in one network), so a support
// answer is never a claim PrepareModel cannot honour.
#ifndef NNRT_CTS_DRIVER_DRIVERS_ARMNN_ARMNN_LOWERING_H_
#define NNRT_CTS_DRIVER_DRIVERS_ARMNN_ARMNN_LOWERING_H_

#include <armnn/ArmNN.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ir/status.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace armnn_driver {

// The state of one network under construction, seen by the lowering of one
// node at a time.
class LoweringContext {
 public:
  LoweringContext(const Model& m, const std::vector<Dims>& dims, armnn::INetwork* network)
      : m_(m), dims_(dims), network_(network) {}

  const Model& model() const { return m_; }
  const std::vector<Dims>& dims() const { return dims_; }
  armnn::INetwork& network() { return *network_; }
  const Node& node() const { return m_.nodes[node_index_]; }
  uint32_t node_index() const { return node_index_; }
  void set_node(uint32_t index) { node_index_ = index; }
  const Tensor& T(uint32_t t) const { return m_.tensors[t]; }
  // "node 3 (CONV2D_FUSION)", for messages.
  std::string Label() const;
  // The node as the reference's parameter readers and shape inference see it.
  OpContext OpCtx() const;

  // The Arm NN TensorInfo of tensor t at its prepared dims (rank 0 is [1]):
  // float32 -> Float32, int32 -> Signed32, bool -> Boolean, quantized int8 ->
  // QAsymmS8 (one quant param) or QSymmS8 per axis `quant_axis` (several,
  // zero points 0), quantized uint8 -> QAsymmU8; anything else unsupported.
  Status Info(uint32_t t, armnn::TensorInfo* info, unsigned quant_axis = 0) const;
  // For data-movement nodes (reshape, transpose, concat, pad): x and y of one
  // data type with identical quantisation (no requantisation happens).
  Status CheckSameType(uint32_t x, uint32_t y) const;
  // For element-wise and window nodes (activations, pools, reduce, resize):
  // x and y both float32, or both quantized int8 / uint8 (each with its own
  // quant params: the layer requantises).
  Status CheckFloat32OrQuant8(uint32_t x, uint32_t y) const;
  // Arm NN shape of tensor t (rank 0 is [1]).
  armnn::TensorShape Shape(uint32_t t) const;
  // A ConstTensor over tensor t's constant data (or `bytes` when given, which
  // the context keeps alive until the network is built).
  Status Constant(uint32_t t, armnn::ConstTensor* out, unsigned quant_axis = 0);
  Status Constant(const armnn::TensorInfo& info, std::vector<uint8_t> bytes, armnn::ConstTensor* out);

  // The output slot that produces tensor t: a model input, an earlier node's
  // output, or (constant data) a ConstantLayer added now.
  Status Slot(uint32_t t, armnn::IOutputSlot** slot);
  // Connects tensor t to input `input_slot` of `layer`.
  Status Connect(uint32_t t, armnn::IConnectableLayer* layer, unsigned input_slot);
  // Connects tensor t, its shape left-padded with 1s to `rank` dims (numpy
  // broadcasting; Arm NN's element-wise layers want equal ranks).
  Status ConnectAtRank(uint32_t t, armnn::IConnectableLayer* layer, unsigned input_slot, unsigned rank);
  // Output `output_slot` of `layer` produces tensor t (its TensorInfo is set).
  Status Produce(armnn::IConnectableLayer* layer, unsigned output_slot, uint32_t t);
  // Like Produce, but when `activation` is RELU or RELU6 the layer's output
  // is clamped first (ClampSlot; same TensorInfo: clamping commutes with the
  // monotone requantisation, so the single rounding of a fused NNRt
  // activation is kept). Other activations are unsupported.
  Status ProduceActivated(armnn::IConnectableLayer* layer, uint32_t t, ActivationType activation);

  // `in` clamped to [lo, hi] (hi = +inf: no upper bound), TensorInfo `info`.
  // Float32: Arm NN Maximum(x, lo) then Minimum(., hi) - its std::max /
  // std::min return x unless x < lo (x > hi), so NaN and -0 pass as NNRt's
  // x < lo ? lo : x requires (Arm NN's ReLu / BoundedReLu activations turn
  // NaN into the bound). Quantized: a BoundedReLu / ReLu activation layer.
  Status ClampSlot(armnn::IOutputSlot* in, const armnn::TensorInfo& info, float lo, float hi,
                   armnn::IOutputSlot** out);

  // Builder use: registers an existing producer (model input layers).
  void SetProducer(uint32_t t, armnn::IOutputSlot* slot) { producers_[t] = slot; }
  bool HasProducer(uint32_t t) const { return producers_.count(t) != 0; }
  armnn::IOutputSlot* Producer(uint32_t t) const { return producers_.at(t); }

 private:
  const Model& m_;
  const std::vector<Dims>& dims_;
  armnn::INetwork* network_;
  uint32_t node_index_ = 0;
  std::map<uint32_t, armnn::IOutputSlot*> producers_;
  std::deque<std::vector<uint8_t>> storage_;  // transformed constant data
};

// Adds the layers of ctx.node(); NNRT_UNSUPPORTED_OP when Arm NN cannot
// compute it as NNRt defines.
using LowerFn = Status (*)(LoweringContext& ctx);

// The lowering registered for `type`, or nullptr.
LowerFn FindLowering(NodeType type);
// Node types registered more than once (a build error in the driver test).
std::vector<NodeType> DuplicateLowerings();
// Every node type with a lowering.
std::vector<NodeType> LoweredNodeTypes();

struct LoweringRegistration {
  LoweringRegistration(NodeType type, LowerFn fn);
};

#define NNRT_ARMNN_CONCAT_INNER(a, b) a##b
#define NNRT_ARMNN_CONCAT(a, b) NNRT_ARMNN_CONCAT_INNER(a, b)
// At namespace scope in a lowering/<room>/<family>.cc: NNRT_ARMNN_LOWERING(SOFTMAX, LowerSoftmax);
#define NNRT_ARMNN_LOWERING(TYPE, FN)                                                              \
  static const ::nnrt::armnn_driver::LoweringRegistration NNRT_ARMNN_CONCAT(kLowering_, __LINE__)( \
      ::nnrt::NodeType::TYPE, FN)

}  // namespace armnn_driver
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_ARMNN_ARMNN_LOWERING_H_
