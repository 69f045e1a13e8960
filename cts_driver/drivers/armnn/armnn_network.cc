// Building, optimising, loading and running one Arm NN network per model
// (armnn_network.h). Arm NN reports errors by exceptions; every call into it
// is wrapped so that a refusal becomes NNRT_UNSUPPORTED_OP (build) or
// NNRT_FAILED (run) with Arm NN's message.
#include "cts_driver/drivers/armnn/armnn_network.h"

#include <armnn/ArmNN.hpp>

#include <algorithm>
#include <mutex>
#include <set>

#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

armnn::IRuntime* g_runtime = nullptr;  // created once, never destroyed (prepared models may outlive statics)

// The nodes to lower: all (in topological order) or one.
struct NetworkPlan {
  std::vector<uint32_t> nodes;
  std::vector<uint32_t> inputs;   // tensors bound to input layers 0..n-1
  std::vector<uint32_t> outputs;  // tensors bound to output layers 0..m-1
};

// Topological order of the nodes (the model is valid: acyclic, each tensor
// produced once).
std::vector<uint32_t> TopologicalOrder(const Model& m) {
  std::vector<bool> ready(m.tensors.size(), false), done(m.nodes.size(), false);
  for (size_t t = 0; t < m.tensors.size(); ++t) ready[t] = m.tensors[t].HasData();
  for (uint32_t t : m.inputs) ready[t] = true;
  std::vector<uint32_t> order;
  bool progress = true;
  while (progress) {
    progress = false;
    for (uint32_t i = 0; i < m.nodes.size(); ++i) {
      if (done[i]) continue;
      bool all = true;
      for (uint32_t t : m.nodes[i].inputs) all = all && ready[t];
      if (!all) continue;
      done[i] = true;
      progress = true;
      order.push_back(i);
      for (uint32_t t : m.nodes[i].outputs) ready[t] = true;
    }
  }
  return order;
}

// Lowers the plan's nodes into `network`; every tensor a node produces that
// neither a later node nor a model output reads is bound to an extra output
// (Arm NN wants no dangling output slot), appended to plan->outputs.
Status LowerPlan(const Model& m, const std::vector<Dims>& dims, NetworkPlan* plan, armnn::INetwork* network) {
  LoweringContext ctx(m, dims, network);
  for (size_t k = 0; k < plan->inputs.size(); ++k) {
    armnn::TensorInfo info;
    NNRT_RETURN_IF_ERROR(ctx.Info(plan->inputs[k], &info));
    armnn::IConnectableLayer* in = network->AddInputLayer(static_cast<armnn::LayerBindingId>(k));
    in->GetOutputSlot(0).SetTensorInfo(info);
    ctx.SetProducer(plan->inputs[k], &in->GetOutputSlot(0));
  }
  std::set<uint32_t> consumed(plan->outputs.begin(), plan->outputs.end());
  for (uint32_t i : plan->nodes) {
    for (uint32_t t : m.nodes[i].inputs) consumed.insert(t);
  }
  for (uint32_t i : plan->nodes) {
    ctx.set_node(i);
    const LowerFn lower = FindLowering(m.nodes[i].type);
    if (lower == nullptr) return Unsupported(ctx.Label() + ": no Arm NN lowering for this node type");
    NNRT_RETURN_IF_ERROR(lower(ctx));
    for (uint32_t t : m.nodes[i].outputs) {
      if (!ctx.HasProducer(t)) return Status(NNRT_FAILED, ctx.Label() + ": lowering left output " + std::to_string(t) + " unproduced");
      if (consumed.count(t) == 0) plan->outputs.push_back(t);
    }
  }
  for (size_t k = 0; k < plan->outputs.size(); ++k) {
    armnn::IConnectableLayer* out = network->AddOutputLayer(static_cast<armnn::LayerBindingId>(k));
    ctx.Producer(plan->outputs[k])->Connect(out->GetInputSlot(0));
  }
  return Status::Ok();
}

class PreparedArmnn : public driver_kit::PreparedBackend {
 public:
  PreparedArmnn(armnn::NetworkId id, NetworkPlan plan) : id_(id), plan_(std::move(plan)) {}
  ~PreparedArmnn() override { g_runtime->UnloadNetwork(id_); }

  Status Execute(const Model& m, const std::vector<Dims>& dims, const std::vector<uint8_t*>& tensors) override {
    armnn::InputTensors in;
    armnn::OutputTensors out;
    std::vector<std::vector<uint8_t>> scratch;  // extra outputs nobody reads
    try {
      for (size_t k = 0; k < plan_.inputs.size(); ++k) {
        const auto id = static_cast<armnn::LayerBindingId>(k);
        in.emplace_back(id, armnn::ConstTensor(g_runtime->GetInputTensorInfo(id_, id), tensors[plan_.inputs[k]]));
      }
      scratch.reserve(plan_.outputs.size());
      for (size_t k = 0; k < plan_.outputs.size(); ++k) {
        const auto id = static_cast<armnn::LayerBindingId>(k);
        const armnn::TensorInfo info = g_runtime->GetOutputTensorInfo(id_, id);
        void* data = k < m.outputs.size() ? tensors[plan_.outputs[k]] : nullptr;
        if (data == nullptr) {
          scratch.emplace_back(info.GetNumBytes());
          data = scratch.back().data();
        }
        out.emplace_back(id, armnn::Tensor(info, data));
      }
      const armnn::Status s = g_runtime->EnqueueWorkload(id_, in, out);
      if (s != armnn::Status::Success) return Status(NNRT_FAILED, "Arm NN EnqueueWorkload failed");
    } catch (const armnn::Exception& e) {
      return Status(NNRT_FAILED, std::string("Arm NN: ") + e.what());
    }
    (void)dims;
    return Status::Ok();
  }

 private:
  armnn::NetworkId id_;
  NetworkPlan plan_;
};

// Lowers, optimises for CpuRef and loads the plan.
Status LoadPlan(const Model& m, const std::vector<Dims>& dims, NetworkPlan* plan, armnn::NetworkId* id) {
  if (g_runtime == nullptr) NNRT_RETURN_IF_ERROR(InitializeArmnn());
  try {
    armnn::INetworkPtr network = armnn::INetwork::Create();
    NNRT_RETURN_IF_ERROR(LowerPlan(m, dims, plan, network.get()));
    std::vector<std::string> messages;
    armnn::IOptimizedNetworkPtr optimized =
        armnn::Optimize(*network, {armnn::Compute::CpuRef}, g_runtime->GetDeviceSpec(), armnn::OptimizerOptions(),
                        armnn::Optional<std::vector<std::string>&>(messages));
    if (!optimized) {
      std::string all;
      for (const std::string& s : messages) all += (all.empty() ? "" : "; ") + s;
      return Unsupported("Arm NN CpuRef refuses the network: " + all);
    }
    std::string error;
    if (g_runtime->LoadNetwork(*id, std::move(optimized), error, armnn::INetworkProperties()) !=
        armnn::Status::Success) {
      return Unsupported("Arm NN LoadNetwork failed: " + error);
    }
  } catch (const armnn::Exception& e) {
    return Unsupported(std::string("Arm NN: ") + e.what());
  }
  return Status::Ok();
}

}  // namespace

Status InitializeArmnn() {
  static std::once_flag once;
  static Status status;
  std::call_once(once, [] {
    try {
      armnn::IRuntime::CreationOptions options;
      g_runtime = armnn::IRuntime::CreateRaw(options);
      bool cpuref = false;
      for (const armnn::BackendId& b : g_runtime->GetDeviceSpec().GetSupportedBackends()) {
        cpuref = cpuref || b == armnn::BackendId(armnn::Compute::CpuRef);
      }
      if (!cpuref) status = Status(NNRT_DEVICE_ERROR, "Arm NN has no CpuRef backend here");
    } catch (const armnn::Exception& e) {
      status = Status(NNRT_DEVICE_ERROR, std::string("Arm NN runtime: ") + e.what());
    }
  });
  return status;
}

Status BuildArmnnModel(const Model& model, const std::vector<Dims>& dims,
                       std::unique_ptr<driver_kit::PreparedBackend>* out) {
  NetworkPlan plan;
  plan.nodes = TopologicalOrder(model);
  plan.inputs = model.inputs;
  plan.outputs = model.outputs;
  armnn::NetworkId id = 0;
  NNRT_RETURN_IF_ERROR(LoadPlan(model, dims, &plan, &id));
  out->reset(new PreparedArmnn(id, std::move(plan)));
  return Status::Ok();
}

bool ArmnnNodeSupported(const Model& model, const std::vector<Dims>& dims, uint32_t node, std::string* reason) {
  const Node& n = model.nodes[node];
  if (FindLowering(n.type) == nullptr) {
    *reason = "no Arm NN lowering";
    return false;
  }
  NetworkPlan plan;
  plan.nodes = {node};
  for (uint32_t t : n.inputs) {
    if (!model.tensors[t].HasData() &&
        std::find(plan.inputs.begin(), plan.inputs.end(), t) == plan.inputs.end()) {
      plan.inputs.push_back(t);
    }
  }
  plan.outputs = n.outputs;
  std::vector<uint32_t> all = n.inputs;
  all.insert(all.end(), n.outputs.begin(), n.outputs.end());
  for (uint32_t t : all) {
    if (IsDynamic(dims[t])) {
      *reason = "unknown input dims";
      return false;
    }
  }
  armnn::NetworkId id = 0;
  const Status s = LoadPlan(model, dims, &plan, &id);
  if (!s.ok()) {
    *reason = s.message();
    return false;
  }
  g_runtime->UnloadNetwork(id);
  return true;
}

}  // namespace armnn_driver
}  // namespace nnrt
