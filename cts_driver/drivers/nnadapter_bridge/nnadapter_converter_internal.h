// The state of one NNRt -> NNAdapter conversion, shared by the model-level
// code (nnadapter_model_converter.cc) and the per-node-type converters
// (nnadapter_node_converters.cc).
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_CONVERTER_INTERNAL_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_CONVERTER_INTERNAL_H_

#include <map>
#include <string>
#include <vector>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_builder.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nnadapter_bridge {

// NHWC -> NCHW (and OHWI -> OIHW, the same permutation) and back.
extern const std::vector<int32_t> kNhwcToNchw;
extern const std::vector<int32_t> kNchwToNhwc;

class Converter {
 public:
  Converter(const Model& model, NNAdapterModelBuilder* builder) : model_(model), b_(*builder) {}

  const Model& model() const { return model_; }
  const Tensor& tensor(uint32_t t) const { return model_.tensors[t]; }
  NNAdapterModelBuilder& builder() { return b_; }

  // Creates the model input operands (call first).
  Status AddModelInputs();
  // Sets the model's input/output lists; every model output must have been
  // produced by a converted node.
  Status FinishModel();

  // The operand of tensor t in its NNRt layout (a constant is created on
  // first use).
  Status OperandOf(uint32_t t, NNAdapterOperand** op);
  // Tensor t (rank 4, NHWC) as an NCHW operand: a constant is permuted, any
  // other tensor goes through a TRANSPOSE operation (made once per tensor).
  Status NchwOperandOf(uint32_t t, NNAdapterOperand** op);
  // The operand a node writes for its output tensor t (model output lifetime
  // when t is one).
  Status OutputOf(uint32_t t, NNAdapterOperand** op);
  // A temporary NCHW operand for output tensor t (rank 4, NHWC); the
  // TRANSPOSE from it to OutputOf(t) is added by EmitPendingTransposes, after
  // the node's own operation (operations stay in topological order).
  Status NchwOutputOf(uint32_t t, NNAdapterOperand** op);
  void EmitPendingTransposes();

  // The NNAdapter type of tensor `t` with `dims` (per-channel scales along
  // `channel_dim`), or NNRT_UNSUPPORTED_OP when none carries it exactly (C-843;
  // int8 with a zero point other than 0 travels as uint8, C-832).
  Status TypeOf(const Tensor& t, const Dims& dims, uint32_t channel_dim, NNAdapterOperandLifetimeCode lifetime,
                NNAdapterOperandType* type);
  // A quantised int32 bias operand [n] from NNRt int32 bias data (implied
  // scale input_scale * weight_scale[c]); zeros when bias_tensor < 0.
  Status QuantBiasOperand(int64_t bias_tensor, const Tensor& input, const Tensor& weight, int32_t n,
                          NNAdapterOperand** op);
  // A float32 bias operand [n]; zeros when bias_tensor < 0.
  Status FloatBiasOperand(int64_t bias_tensor, int32_t n, NNAdapterOperand** op);

 private:
  // Adds TRANSPOSE(in, perm) -> out.
  Status Transposed(NNAdapterOperand* in, const std::vector<int32_t>& perm, NNAdapterOperand* out);

  const Model& model_;
  NNAdapterModelBuilder& b_;
  std::map<uint32_t, NNAdapterOperand*> operands_;
  std::map<uint32_t, NNAdapterOperand*> nchw_;
  std::vector<std::pair<NNAdapterOperand*, NNAdapterOperand*>> pending_;  // NCHW result -> NHWC output
};

// dims permuted: out[i] = dims[perm[i]].
Dims Permuted(const Dims& dims, const std::vector<int32_t>& perm);

// The fuse code of an NNRt activationType: none, relu, relu1, relu6 (C-844).
Status FuseCodeOf(int64_t activation_type, int32_t* fuse_code);

// One converter per node type; the node was accepted by the reference.
using NodeConverter = Status (*)(Converter& c, const Node& node);
// nullptr when the bridge has no conversion for the type.
NodeConverter FindNodeConverter(NodeType type);

// nnadapter_index_converters.cc
Status ConvertArgMax(Converter& c, const Node& node);
Status ConvertTopK(Converter& c, const Node& node);
Status ConvertCast(Converter& c, const Node& node);
Status ConvertShape(Converter& c, const Node& node);
Status ConvertPow(Converter& c, const Node& node);
Status ConvertBroadcastTo(Converter& c, const Node& node);
// nnadapter_resize_converter.cc
Status ConvertResize(Converter& c, const Node& node);

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_CONVERTER_INTERNAL_H_
