// What a mapper sees of one ONNX node: its attributes (each read marks it
// handled, so an attribute no mapper read is reported by name), its inputs as
// NNRt tensors, the graph builder and the opset, and where its outputs go.
#ifndef NNRT_IMPORTERS_ONNX_NODE_CONTEXT_H_
#define NNRT_IMPORTERS_ONNX_NODE_CONTEXT_H_

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "importers/onnx/graph_builder.h"
#include "onnx/onnx_pb.h"

namespace nnrt {
namespace onnx_import {

class NodeContext {
 public:
  // inputs[i] is the tensor of ONNX input i, nullopt when the input is omitted ("").
  NodeContext(const onnx::NodeProto& node, int64_t opset, GraphBuilder* builder,
              std::vector<std::optional<uint32_t>> inputs);

  const onnx::NodeProto& node() const { return node_; }
  const std::string& op() const { return node_.op_type(); }
  int64_t opset() const { return opset_; }
  GraphBuilder& b() { return *builder_; }
  // A name for NNRt nodes and helper tensors of this ONNX node.
  std::string Name(const std::string& suffix = "") const;

  // ---- attributes (reading one marks it handled) ----
  bool Has(const std::string& name) const;
  int64_t Int(const std::string& name, int64_t default_value);
  float Float(const std::string& name, float default_value);
  std::string String(const std::string& name, const std::string& default_value);
  std::vector<int64_t> Ints(const std::string& name, const std::vector<int64_t>& default_value = {});
  std::vector<float> Floats(const std::string& name);
  const onnx::TensorProto* TensorAttr(const std::string& name);
  // The attributes present on the node that no read marked handled.
  std::vector<std::string> UnreadAttributes() const;

  // ---- inputs ----
  size_t input_count() const { return inputs_.size(); }
  bool HasInput(size_t i) const { return i < inputs_.size() && inputs_[i].has_value(); }
  // Fails with a precise message when input i is absent.
  Status Input(size_t i, uint32_t* t) const;
  const Tensor& InputTensor(size_t i) const { return builder_->tensor(*inputs_[i]); }
  const Dims& InputDims(size_t i) const { return InputTensor(i).dims; }
  DataType InputType(size_t i) const { return InputTensor(i).data_type; }
  // The values of a constant integer input (an initializer or a folded
  // value); fails naming the input when it is computed at run time.
  Status ConstantInts(size_t i, std::vector<int64_t>* values) const;
  // The values of a constant float input (Clip's min/max, Pad's value...).
  Status ConstantDoubles(size_t i, std::vector<double>* values) const;

  // ---- outputs ----
  size_t output_count() const { return static_cast<size_t>(node_.output_size()); }
  // Binds ONNX output k to tensor t (the tensor takes the ONNX name).
  void SetOutput(size_t k, uint32_t t) { outputs_.resize(output_count()); outputs_[k] = t; }
  const std::vector<std::optional<uint32_t>>& outputs() const { return outputs_; }

  // An NNRT_UNSUPPORTED_OP status "Op: what" for the problem list.
  Status Unmappable(const std::string& what) const;
  // The same for an attribute whose value has no NNRt equivalent.
  Status UnmappableAttr(const std::string& attr, const std::string& value, const std::string& why) const;

 private:
  const onnx::AttributeProto* Find(const std::string& name);
  // Input(i, t) that must also be a constant; fails naming the input when it
  // is computed at run time.
  Status ConstantInput(size_t i, uint32_t* t) const;
  const onnx::NodeProto& node_;
  int64_t opset_;
  GraphBuilder* builder_;
  std::vector<std::optional<uint32_t>> inputs_;
  std::vector<std::optional<uint32_t>> outputs_;
  std::set<std::string> read_;
};

// Normalises an axis in [-rank, rank) to [0, rank); fails naming the node.
Status NormalizeAxis(const NodeContext& c, int64_t axis, size_t rank, int64_t* out);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_NODE_CONTEXT_H_
