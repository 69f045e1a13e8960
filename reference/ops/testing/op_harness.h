// Test-only builder for running one operator through its registry entry:
// declares tensors, a node and an OpContext, runs InferNode then the kernel.
#ifndef NNRT_REFERENCE_OPS_TESTING_OP_HARNESS_H_
#define NNRT_REFERENCE_OPS_TESTING_OP_HARNESS_H_

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/op_def.h"

namespace nnrt {
namespace testing {

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

// fp16 bytes of values that must be exactly representable.
inline std::vector<uint8_t> HalfBytes(const std::vector<double>& values) {
  std::vector<uint16_t> bits;
  for (double v : values) bits.push_back(DoubleToHalfBits(v));
  return Bytes(bits);
}

inline QuantParam QP(double scale, int32_t zero_point) {
  QuantParam q;
  q.scale = scale;
  q.zero_point = zero_point;
  return q;
}

class OpHarness {
 public:
  explicit OpHarness(NodeType type) {
    node_.type = type;
    node_.name = "node";
  }

  OpHarness& Attr(nnrt::Attr a) {
    node_.attrs.push_back(std::move(a));
    return *this;
  }

  // An input with data (data may be empty = not known at prepare time).
  OpHarness& Input(DataType t, Dims dims, std::vector<uint8_t> data, std::vector<QuantParam> quant = {},
                   Format format = Format::kNhwc) {
    auto tensor = std::make_unique<Tensor>();
    tensor->name = "in" + std::to_string(inputs_.size());
    tensor->data_type = t;
    tensor->dims = dims;
    tensor->format = format;
    tensor->quant_params = std::move(quant);
    inputs_.push_back(std::move(tensor));
    input_data_.push_back(std::move(data));
    node_.inputs.push_back(static_cast<uint32_t>(node_.inputs.size() + 100));
    return *this;
  }

  OpHarness& Output(DataType t, std::vector<QuantParam> quant = {}, Dims declared = {}) {
    auto tensor = std::make_unique<Tensor>();
    tensor->name = "out" + std::to_string(outputs_.size());
    tensor->data_type = t;
    tensor->dims = declared;
    tensor->quant_params = std::move(quant);
    outputs_.push_back(std::move(tensor));
    node_.outputs.push_back(static_cast<uint32_t>(node_.outputs.size() + 200));
    return *this;
  }

  // Builds the context with every input's data visible (as at run time, or
  // prepare time with constants); inputs with empty data get data = nullptr.
  OpContext& Context() {
    ctx_ = OpContext{};
    ctx_.node = &node_;
    for (size_t i = 0; i < inputs_.size(); ++i) {
      TensorArg arg;
      arg.decl = inputs_[i].get();
      arg.dims = inputs_[i]->dims;
      arg.data = input_data_[i].empty() ? nullptr : input_data_[i].data();
      arg.byte_size = input_data_[i].size();
      ctx_.inputs.push_back(arg);
    }
    for (size_t i = 0; i < outputs_.size(); ++i) {
      TensorArg arg;
      arg.decl = outputs_[i].get();
      arg.dims = outputs_[i]->dims;
      ctx_.outputs.push_back(arg);
    }
    return ctx_;
  }

  const OpDef& Def() const { return *FindOpDef(node_.type); }

  Status Infer() {
    Context();
    return InferNode(Def(), ctx_);
  }

  // Infer, allocate outputs from the inferred dims, run the kernel.
  Status Run() {
    NNRT_RETURN_IF_ERROR(Infer());
    if (Def().kernel == nullptr) return Unsupported("no kernel");
    output_data_.assign(ctx_.outputs.size(), {});
    for (size_t i = 0; i < ctx_.outputs.size(); ++i) {
      const int64_t n = ctx_.outputs[i].elements();
      output_data_[i].assign(static_cast<size_t>(n) * DataTypeSize(ctx_.outputs[i].dtype()) + 1, 0xAB);
      ctx_.outputs[i].mutable_data = output_data_[i].data();
      ctx_.outputs[i].byte_size = output_data_[i].size() - 1;
    }
    return RunNode(Def(), ctx_);
  }

  const Dims& OutDims(size_t i = 0) const { return ctx_.outputs[i].dims; }

  // Output values as doubles (float types) or integers (others).
  std::vector<double> OutDoubles(size_t i = 0) const {
    std::vector<double> v;
    for (int64_t k = 0; k < ctx_.outputs[i].elements(); ++k) {
      v.push_back(LoadAsDouble(ctx_.outputs[i].dtype(), output_data_[i].data(), static_cast<size_t>(k)));
    }
    return v;
  }
  std::vector<int64_t> OutInts(size_t i = 0) const {
    std::vector<int64_t> v;
    for (int64_t k = 0; k < ctx_.outputs[i].elements(); ++k) {
      v.push_back(LoadAsInt64(ctx_.outputs[i].dtype(), output_data_[i].data(), static_cast<size_t>(k)));
    }
    return v;
  }
  // The guard byte after the output buffer must be untouched.
  bool GuardIntact(size_t i = 0) const { return output_data_[i].back() == 0xAB; }

  Node& node() { return node_; }
  OpContext& ctx() { return ctx_; }

 private:
  Node node_;
  std::vector<std::unique_ptr<Tensor>> inputs_;
  std::vector<std::vector<uint8_t>> input_data_;
  std::vector<std::unique_ptr<Tensor>> outputs_;
  std::vector<std::vector<uint8_t>> output_data_;
  OpContext ctx_;
};

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TESTING_OP_HARNESS_H_
