// Builds the NNRt model of an import node by node: tensors, constants and
// nodes whose output dims come from the reference's own shape inference (so a
// mapping the reference would reject fails at import, with its message), and
// the layout helpers (channel-first <-> channel-last TRANSPOSE pairs).
#ifndef NNRT_IMPORTERS_ONNX_GRAPH_BUILDER_H_
#define NNRT_IMPORTERS_ONNX_GRAPH_BUILDER_H_

#include <cstdint>
#include <string>
#include <set>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {
namespace onnx_import {

// Which layout a node's outputs hold: ONNX's own (channel-first; a 4-D
// tensor is tagged NCHW) or NNRt's channel-last for the spatial operators
// (tagged NHWC).
enum class Layout { kOnnx, kChannelsLast };

class GraphBuilder {
 public:
  explicit GraphBuilder(std::string model_name);

  uint32_t AddInput(const std::string& name, DataType dtype, const Dims& dims);
  uint32_t AddConstant(const std::string& name, DataType dtype, const Dims& dims, std::vector<uint8_t> data);
  // A constant of int32 values (shapes, axes, perms: the type every NNRt
  // operator accepts for them); dims {} = rank 0, otherwise as given.
  uint32_t AddInt32Constant(const std::string& name, const std::vector<int64_t>& values, const Dims& dims);
  uint32_t AddInt32Vector(const std::string& name, const std::vector<int64_t>& values) {
    return AddInt32Constant(name, values, {static_cast<int32_t>(values.size())});
  }

  // Adds a node with outputs of the given types and runs the reference's
  // schema check and shape inference on it: the outputs get the inferred dims.
  // Fails (and adds nothing) when the reference rejects or lacks the node.
  // When every input is a constant the node is evaluated here instead and its
  // outputs become constants (constant folding of shape arithmetic).
  Status AddNode(NodeType type, const std::string& name, const std::vector<uint32_t>& inputs, std::vector<Attr> attrs,
                 const std::vector<DataType>& output_types, std::vector<uint32_t>* outputs,
                 Layout layout = Layout::kOnnx);
  // One-output form.
  Status AddNode1(NodeType type, const std::string& name, const std::vector<uint32_t>& inputs, std::vector<Attr> attrs,
                  DataType output_type, uint32_t* output, Layout layout = Layout::kOnnx);

  // TRANSPOSE x by perm (a constant perm input).
  Status Transpose(uint32_t x, const std::vector<int64_t>& perm, const std::string& name, uint32_t* y,
                   Layout layout = Layout::kOnnx);
  // RESHAPE x to dims (a constant shape input).
  Status Reshape(uint32_t x, const Dims& dims, const std::string& name, uint32_t* y);

  const Tensor& tensor(uint32_t t) const { return model_.tensors[t]; }
  Tensor& mutable_tensor(uint32_t t) { return model_.tensors[t]; }
  // A constant of no elements (an empty axes list frozen from test data):
  // readable at import, never a valid operand of a node.
  uint32_t AddEmptyConstant(const std::string& name, DataType dtype);
  bool IsConstant(uint32_t t) const { return model_.tensors[t].HasData() || empty_constants_.count(t) != 0; }
  size_t tensor_count() const { return model_.tensors.size(); }
  // Values of a constant integer tensor as int64.
  std::vector<int64_t> ConstantInts(uint32_t t) const;

  // "base", or "base_2", "base_3"... when taken.
  std::string UniqueName(const std::string& base);
  Model& model() { return model_; }
  const Model& model() const { return model_; }

 private:
  uint32_t AddTensor(const std::string& name, DataType dtype, const Dims& dims, Format format);
  Status FoldConstantNode(const Node& node, const std::vector<Dims>& out_dims, const std::vector<DataType>& types,
                          Layout layout, std::vector<uint32_t>* outputs);
  Model model_;
  std::set<std::string> used_names_;
  std::set<uint32_t> empty_constants_;
};

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_GRAPH_BUILDER_H_
