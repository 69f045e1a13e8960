// Per-node XNNPACK runtimes for a model, and the support probe (see xnnpack_subgraph.h).
#include "cts_driver/drivers/xnnpack/xnnpack_subgraph.h"

#include <mutex>
#include <string>

#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"

namespace nnrt {
namespace xnnpack_driver {

Status InitializeXnnpack() {
  static std::once_flag once;
  static xnn_status status = xnn_status_uninitialized;
  std::call_once(once, []() { status = xnn_initialize(nullptr); });
  if (status != xnn_status_success) return Status(NNRT_DEVICE_ERROR, "xnn_initialize failed (CPU not supported?)");
  return Status::Ok();
}

XnnModel::~XnnModel() {
  for (XnnNodeRuntime& n : nodes_) {
    if (n.runtime != nullptr) xnn_delete_runtime(n.runtime);
  }
}

namespace {

// A one-node subgraph: outputs get external ids 0.., then the non-constant inputs.
Status BuildNodeRuntime(const Model& model, const std::vector<Dims>& dims, uint32_t node_index,
                        std::vector<std::unique_ptr<uint8_t[]>>* statics, XnnNodeRuntime* out) {
  const Node& n = model.nodes[node_index];
  Builder b(model, dims, statics);
  NNRT_RETURN_IF_ERROR(b.Begin(static_cast<uint32_t>(n.inputs.size() + n.outputs.size())));
  out->node = node_index;
  uint32_t id = 0;
  for (uint32_t t : n.outputs) {
    b.SetExternal(t, id, XNN_VALUE_FLAG_EXTERNAL_OUTPUT);
    out->externals.emplace_back(id++, t);
  }
  for (uint32_t t : n.inputs) {
    if (!model.tensors[t].HasData()) {
      bool seen = false;
      for (const auto& e : out->externals) seen = seen || e.second == t;
      if (seen) continue;
      b.SetExternal(t, id, XNN_VALUE_FLAG_EXTERNAL_INPUT);
      out->externals.emplace_back(id++, t);
    }
  }
  NNRT_RETURN_IF_ERROR(b.DefineNode(node_index));
  // Inputs the lowering does not read as tensors (RESHAPE's shape) are not values.
  std::vector<std::pair<uint32_t, uint32_t>> used;
  for (const auto& e : out->externals) {
    if (b.Uses(e.second)) used.push_back(e);
  }
  out->externals = used;
  return b.CreateRuntime(&out->runtime);
}

}  // namespace

Status BuildXnnModel(const Model& model, const std::vector<Dims>& dims, std::unique_ptr<XnnModel>* out) {
  NNRT_RETURN_IF_ERROR(InitializeXnnpack());
  std::unique_ptr<XnnModel> x(new XnnModel());
  std::vector<uint32_t> order;
  NNRT_RETURN_IF_ERROR(TopologicalOrder(model, &order));
  for (uint32_t i : order) {
    x->nodes_.emplace_back();
    NNRT_RETURN_IF_ERROR(BuildNodeRuntime(model, dims, i, &x->static_data_, &x->nodes_.back()));
  }
  *out = std::move(x);
  return Status::Ok();
}

bool NodeSupported(const Model& model, const std::vector<Dims>& dims, uint32_t node_index, std::string* reason) {
  if (!InitializeXnnpack().ok()) {
    *reason = "XNNPACK unavailable";
    return false;
  }
  std::vector<std::unique_ptr<uint8_t[]>> statics;
  XnnNodeRuntime node;
  const Status s = BuildNodeRuntime(model, dims, node_index, &statics, &node);
  if (node.runtime != nullptr) xnn_delete_runtime(node.runtime);
  if (!s.ok()) *reason = s.message();
  return s.ok();
}

}  // namespace xnnpack_driver
}  // namespace nnrt
