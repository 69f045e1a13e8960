#include "reference/cases/node_run.h"

#include <utility>

#include "reference/numerics/numerics.h"

namespace nnrt {

NodeRun::NodeRun(TestCase test_case) : case_(std::move(test_case)) {}

const OpDef& NodeRun::Def() const { return *FindOpDef(case_.model.nodes[0].type); }

void NodeRun::MakeContext() {
  const Model& m = case_.model;
  ctx_ = OpContext{};
  ctx_.node = &m.nodes[0];
  for (uint32_t t : m.nodes[0].inputs) {
    const Tensor& tensor = m.tensors[t];
    TensorArg arg;
    arg.decl = &tensor;
    arg.dims = tensor.dims;
    const std::vector<uint8_t>* data = tensor.HasData() ? &tensor.data : nullptr;
    for (size_t k = 0; k < m.inputs.size() && data == nullptr; ++k) {
      if (m.inputs[k] == t && k < case_.inputs.size()) data = &case_.inputs[k].data;
    }
    if (data != nullptr && !data->empty()) {
      arg.data = data->data();
      arg.byte_size = data->size();
    }
    ctx_.inputs.push_back(arg);
  }
  for (uint32_t t : m.nodes[0].outputs) {
    TensorArg arg;
    arg.decl = &m.tensors[t];
    arg.dims = m.tensors[t].dims;
    ctx_.outputs.push_back(arg);
  }
}

Status NodeRun::Infer() {
  MakeContext();
  return InferNode(Def(), ctx_);
}

Status NodeRun::Run() {
  NNRT_RETURN_IF_ERROR(Infer());
  output_data_.assign(ctx_.outputs.size(), {});
  for (size_t i = 0; i < ctx_.outputs.size(); ++i) {
    const int64_t n = ctx_.outputs[i].elements();
    output_data_[i].assign(static_cast<size_t>(n) * DataTypeSize(ctx_.outputs[i].dtype()) + 1, kGuard);
    ctx_.outputs[i].mutable_data = output_data_[i].data();
    ctx_.outputs[i].byte_size = output_data_[i].size() - 1;
  }
  return RunNode(Def(), ctx_);
}

Status NodeRun::RunKernelOnly() { return Def().kernel(ctx_); }

std::vector<double> NodeRun::OutDoubles(size_t i) const {
  std::vector<double> v;
  for (int64_t k = 0; k < ctx_.outputs[i].elements(); ++k) {
    v.push_back(LoadAsDouble(ctx_.outputs[i].dtype(), output_data_[i].data(), static_cast<size_t>(k)));
  }
  return v;
}

std::vector<int64_t> NodeRun::OutInts(size_t i) const {
  std::vector<int64_t> v;
  for (int64_t k = 0; k < ctx_.outputs[i].elements(); ++k) {
    v.push_back(LoadAsInt64(ctx_.outputs[i].dtype(), output_data_[i].data(), static_cast<size_t>(k)));
  }
  return v;
}

}  // namespace nnrt
