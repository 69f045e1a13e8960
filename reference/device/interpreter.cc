#include "reference/device/interpreter.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "reference/ops/core/op_util.h"

namespace nnrt {

namespace {

std::string NodeLabel(const Model& m, uint32_t ni) {
  const Node& n = m.nodes[ni];
  return "node " + std::to_string(ni) + (n.name.empty() ? "" : " '" + n.name + "'") + " (" + NodeTypeName(n.type) + ")";
}

// s, its message prefixed with node ni's label when it is an error: the
// label is built only then, not for every node of every run.
Status InNode(const Model& m, uint32_t ni, const Status& s) { return s.ok() ? s : s.WithContext(NodeLabel(m, ni)); }

std::string TensorLabel(const Model& m, uint32_t ti) {
  const Tensor& t = m.tensors[ti];
  return "tensor " + std::to_string(ti) + (t.name.empty() ? "" : " '" + t.name + "'");
}

// An operator's InferFn must produce a legal shape: rank <= NNRT_HAL_MAX_RANK,
// dims >= 0 (or -1 when not yet known and allow_dynamic).
Status CheckInferredDims(const Model& m, uint32_t ni, uint32_t ti, const Dims& dims, bool allow_dynamic) {
  if (dims.size() > NNRT_HAL_MAX_RANK) {
    return Status(NNRT_FAILED, NodeLabel(m, ni) + " inferred rank " + std::to_string(dims.size()) + " for " + TensorLabel(m, ti));
  }
  for (int32_t d : dims) {
    if (d < -1 || (d == -1 && !allow_dynamic)) {
      return Status(NNRT_FAILED, NodeLabel(m, ni) + " inferred dims " + DimsToString(dims) + " for " + TensorLabel(m, ti));
    }
  }
  return Status::Ok();
}

OpContext MakeContext(const Model& m, uint32_t ni, const std::vector<Dims>& dims, const std::vector<const uint8_t*>& data,
                      const std::vector<size_t>& sizes) {
  const Node& node = m.nodes[ni];
  OpContext ctx;
  ctx.node = &node;
  for (uint32_t t : node.inputs) {
    TensorArg a;
    a.decl = &m.tensors[t];
    a.dims = dims[t];
    a.data = data[t];
    a.byte_size = sizes[t];
    ctx.inputs.push_back(a);
  }
  for (uint32_t t : node.outputs) {
    TensorArg a;
    a.decl = &m.tensors[t];
    a.dims = m.tensors[t].dims;  // declared, as a hint; InferFn overwrites
    ctx.outputs.push_back(a);
  }
  return ctx;
}

// Prepare-time view: declared dims everywhere, data only for constants.
void InitialTensorState(const Model& m, std::vector<Dims>* dims, std::vector<const uint8_t*>* data,
                        std::vector<size_t>* sizes) {
  dims->resize(m.tensors.size());
  data->assign(m.tensors.size(), nullptr);
  sizes->assign(m.tensors.size(), 0);
  for (size_t t = 0; t < m.tensors.size(); ++t) {
    (*dims)[t] = m.tensors[t].dims;
    if (m.tensors[t].HasData()) {
      (*data)[t] = m.tensors[t].data.data();
      (*sizes)[t] = m.tensors[t].data.size();
    }
  }
}

// Per position of `order`: the tensors a node produces, that are no model
// output, and whose last reader is the node at that position (or which no
// node reads, released right after they were produced).
std::vector<std::vector<uint32_t>> ReleasePlan(const Model& m, const std::vector<uint32_t>& order) {
  std::vector<size_t> last_use(m.tensors.size(), 0);
  std::vector<bool> release(m.tensors.size(), false);
  for (size_t pos = 0; pos < order.size(); ++pos) {
    const Node& n = m.nodes[order[pos]];
    for (uint32_t t : n.inputs) last_use[t] = pos;  // producers come earlier in `order`
    for (uint32_t t : n.outputs) {
      last_use[t] = pos;
      release[t] = true;
    }
  }
  for (uint32_t t : m.outputs) release[t] = false;  // handed to the caller
  std::vector<std::vector<uint32_t>> plan(order.size());
  for (uint32_t t = 0; t < m.tensors.size(); ++t) {
    if (release[t]) plan[last_use[t]].push_back(t);
  }
  return plan;
}

std::string BudgetText(uint64_t budget) {
  return "the run memory budget of " + std::to_string(budget) +
         " bytes (ReferenceDriverOptions.run_memory_budget_bytes, env NNRT_REFERENCE_RUN_MEMORY_BUDGET; C-303)";
}

}  // namespace

bool EffectiveOpDef(NodeType type, const InterpreterOptions& options, OpDef* def) {
  const OpDef* base = FindOpDef(type);
  if (base == nullptr) return false;
  *def = *base;
  for (const KernelOverride& o : options.overrides) {
    if (o.type != type) continue;
    if (o.kernel != nullptr) def->kernel = o.kernel;
    if (o.infer != nullptr) def->infer = o.infer;
  }
  for (NodeType u : options.unsupported) {
    if (u == type) {
      def->infer = nullptr;
      def->kernel = nullptr;
    }
  }
  return true;
}

Status PrepareInterpreter(const Model& model, std::unique_ptr<PreparedInterpreter>* prepared) {
  return PrepareInterpreter(model, InterpreterOptions(), prepared);
}

Status PrepareInterpreter(const Model& model, const InterpreterOptions& options,
                          std::unique_ptr<PreparedInterpreter>* prepared) {
  if (prepared == nullptr) return Status(NNRT_NULL_PTR, "PrepareInterpreter: prepared is NULL");
  prepared->reset();
  NNRT_RETURN_IF_ERROR(ValidateModelStructure(model));
  std::unique_ptr<PreparedInterpreter> p(new PreparedInterpreter());
  p->model_ = model;
  p->options_ = options;
  NNRT_RETURN_IF_ERROR(p->PrepareHeldModel());
  *prepared = std::move(p);
  return Status::Ok();
}

Status PrepareInterpreterTakingModel(Model* model, const InterpreterOptions& options,
                                     std::unique_ptr<PreparedInterpreter>* prepared) {
  if (prepared == nullptr) return Status(NNRT_NULL_PTR, "PrepareInterpreterTakingModel: prepared is NULL");
  prepared->reset();
  if (model == nullptr) return Status(NNRT_NULL_PTR, "PrepareInterpreterTakingModel: model is NULL");
  NNRT_RETURN_IF_ERROR(ValidateModelStructure(*model));
  std::unique_ptr<PreparedInterpreter> p(new PreparedInterpreter());
  p->model_ = std::move(*model);
  p->options_ = options;
  const Status s = p->PrepareHeldModel();
  if (!s.ok()) {
    *model = std::move(p->model_);  // the caller's model, as it was
    return s;
  }
  *prepared = std::move(p);
  return Status::Ok();
}

Model ReleaseInterpreterModel(std::unique_ptr<PreparedInterpreter> prepared) {
  if (prepared == nullptr) return Model();
  return std::move(prepared->model_);
}

Status PreparedInterpreter::PrepareHeldModel() {
  const Model& m = model_;
  NNRT_RETURN_IF_ERROR(TopologicalOrder(m, &order_));
  release_after_ = ReleasePlan(m, order_);
  defs_.resize(m.nodes.size());
  std::vector<const uint8_t*> data;
  std::vector<size_t> sizes;
  InitialTensorState(m, &prepared_dims_, &data, &sizes);
  for (uint32_t ni : order_) {
    OpDef& def = defs_[ni];
    if (!EffectiveOpDef(m.nodes[ni].type, options_, &def)) {
      return InvalidModel(NodeLabel(m, ni) + ": not an HDI node type");
    }
    if (!def.implemented()) {
      return Unsupported(NodeLabel(m, ni) + ": this device does not implement the node type");
    }
    OpContext ctx = MakeContext(m, ni, prepared_dims_, data, sizes);
    NNRT_RETURN_IF_ERROR(InNode(m, ni, InferNode(def, ctx)));
    for (size_t k = 0; k < ctx.outputs.size(); ++k) {
      const uint32_t t = m.nodes[ni].outputs[k];
      NNRT_RETURN_IF_ERROR(CheckInferredDims(m, ni, t, ctx.outputs[k].dims, true));
      prepared_dims_[t] = ctx.outputs[k].dims;
    }
  }
  return Status::Ok();
}

Status PreparedInterpreter::CheckInputs(const std::vector<InputView>& inputs) const {
  if (inputs.size() != model_.inputs.size()) {
    return InvalidInput("the model has " + std::to_string(model_.inputs.size()) + " inputs, got " +
                        std::to_string(inputs.size()));
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    const Tensor& decl = model_.tensors[model_.inputs[k]];
    const InputView& in = inputs[k];
    const std::string what = "input " + std::to_string(k) + (decl.name.empty() ? "" : " '" + decl.name + "'");
    if (in.dtype != decl.data_type) {
      return InvalidInput(what + " is " + DataTypeName(in.dtype) + ", the model declares " + DataTypeName(decl.data_type));
    }
    if (in.dims.size() != decl.dims.size()) {
      return InvalidInput(what + " has dims " + DimsToString(in.dims) + ", the model declares " + DimsToString(decl.dims));
    }
    for (size_t d = 0; d < in.dims.size(); ++d) {
      // A dynamic dim accepts any size >= 1 (C-30); a fixed one only itself.
      const bool ok = decl.dims[d] == -1 ? in.dims[d] >= 1 : in.dims[d] == decl.dims[d];
      if (!ok) {
        return InvalidInput(what + " has dims " + DimsToString(in.dims) + ", the model declares " + DimsToString(decl.dims));
      }
    }
    const auto count = ElementCount(in.dims);
    const uint64_t element = DataTypeSize(in.dtype);
    if (!count || static_cast<uint64_t>(*count) > options_.max_tensor_bytes / element) {
      return InvalidInput(what + " dims " + DimsToString(in.dims) + " exceed the interpreter's tensor size limit");
    }
    if (in.byte_size != static_cast<uint64_t>(*count) * element) {
      return InvalidInput(what + " holds " + std::to_string(in.byte_size) + " bytes, " + DimsToString(in.dims) + " x " +
                          DataTypeName(in.dtype) + " needs " + std::to_string(static_cast<uint64_t>(*count) * element));
    }
  }
  return Status::Ok();
}

Status PreparedInterpreter::Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs,
                                RunStats* stats) const {
  if (outputs == nullptr) {
    if (stats != nullptr) *stats = RunStats();
    return Status(NNRT_NULL_PTR, "Run: outputs is NULL");
  }
  outputs->clear();
  std::vector<InputView> views(inputs.size());
  for (size_t k = 0; k < inputs.size(); ++k) {
    views[k] = InputView{inputs[k].data_type, inputs[k].dims, inputs[k].data.data(), inputs[k].data.size()};
  }
  std::vector<RunOutput> results;
  NNRT_RETURN_IF_ERROR(RunWithDestinations(views, {}, &results, stats));
  for (size_t k = 0; k < results.size(); ++k) {
    const Tensor& decl = model_.tensors[model_.outputs[k]];
    outputs->push_back(HostTensor{decl.name, decl.data_type, std::move(results[k].dims), std::move(results[k].bytes)});
  }
  return Status::Ok();
}

namespace {

// Kernels read and write tensors through typed pointers: a buffer must be
// aligned as malloc aligns (alignof(std::max_align_t)).
bool Aligned(const uint8_t* p) { return reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t) == 0; }

bool Overlaps(const uint8_t* a, size_t a_size, const uint8_t* b, size_t b_size) {
  if (a_size == 0 || b_size == 0) return false;
  const uintptr_t a0 = reinterpret_cast<uintptr_t>(a), b0 = reinterpret_cast<uintptr_t>(b);
  return a0 < b0 + b_size && b0 < a0 + a_size;
}

// Per model output slot: the destination a node may compute it into, or
// nullptr. Only the first slot of a tensor listed twice gets one; a
// destination overlapping an input or another destination gets none, so
// that no kernel writes memory it still reads.
std::vector<OutputDestination> UsableDestinations(const Model& m, const std::vector<InputView>& inputs,
                                                  const std::vector<OutputDestination>& destinations) {
  std::vector<OutputDestination> usable(m.outputs.size());
  if (destinations.size() != m.outputs.size()) return usable;
  for (size_t k = 0; k < m.outputs.size(); ++k) {
    const OutputDestination& d = destinations[k];
    if (d.data == nullptr || d.capacity == 0 || !Aligned(d.data)) continue;
    bool ok = true;
    for (size_t j = 0; j < k && ok; ++j) ok = m.outputs[j] != m.outputs[k];
    for (const InputView& in : inputs) ok = ok && !Overlaps(d.data, d.capacity, in.data, in.byte_size);
    for (size_t j = 0; j < m.outputs.size() && ok; ++j) {
      ok = j == k || !Overlaps(d.data, d.capacity, destinations[j].data, destinations[j].capacity);
    }
    if (ok) usable[k] = d;
  }
  return usable;
}

}  // namespace

Status PreparedInterpreter::RunWithDestinations(const std::vector<InputView>& inputs,
                                                const std::vector<OutputDestination>& destinations,
                                                std::vector<RunOutput>* outputs, RunStats* stats) const {
  RunStats local_stats;
  RunStats& st = stats != nullptr ? *stats : local_stats;
  st = RunStats();
  if (outputs == nullptr) return Status(NNRT_NULL_PTR, "Run: outputs is NULL");
  outputs->clear();
  NNRT_RETURN_IF_ERROR(CheckInputs(inputs));
  const Model& m = model_;
  // Per tensor: the caller's memory it is computed into, if any.
  std::vector<OutputDestination> destination_of(m.tensors.size());
  {
    const std::vector<OutputDestination> usable = UsableDestinations(m, inputs, destinations);
    for (size_t k = 0; k < usable.size(); ++k) {
      if (usable[k].data != nullptr) destination_of[m.outputs[k]] = usable[k];
    }
  }
  const uint64_t budget = options_.run_memory_budget_bytes;
  std::vector<Dims> dims;
  std::vector<const uint8_t*> data;
  std::vector<size_t> sizes;
  InitialTensorState(m, &dims, &data, &sizes);
  uint64_t live = 0;  // bytes this run holds: inputs + allocated, not yet freed buffers
  std::vector<std::vector<uint8_t>> aligned_inputs(inputs.size());  // copies of misaligned inputs
  for (size_t k = 0; k < inputs.size(); ++k) {
    const uint32_t t = m.inputs[k];
    dims[t] = inputs[k].dims;
    data[t] = inputs[k].data;
    if (inputs[k].byte_size > 0 && !Aligned(inputs[k].data)) {
      aligned_inputs[k].assign(inputs[k].data, inputs[k].data + inputs[k].byte_size);
      data[t] = aligned_inputs[k].data();
    }
    sizes[t] = inputs[k].byte_size;
    live += inputs[k].byte_size;
  }
  st.peak_bytes = live;
  if (live > budget) {
    return Status(NNRT_OUT_OF_MEMORY, "the inputs hold " + std::to_string(live) + " bytes, above " + BudgetText(budget));
  }
  // Intermediate and output buffers of this run only: nothing shared, so
  // concurrent runs do not interfere.
  std::vector<std::vector<uint8_t>> storage(m.tensors.size());
  for (size_t pos = 0; pos < order_.size(); ++pos) {
    const uint32_t ni = order_[pos];
    OpContext ctx = MakeContext(m, ni, dims, data, sizes);
    NNRT_RETURN_IF_ERROR(InNode(m, ni, InferNode(defs_[ni], ctx)));
    std::vector<size_t> bytes(ctx.outputs.size(), 0);
    uint64_t need = 0;
    for (size_t k = 0; k < ctx.outputs.size(); ++k) {
      const uint32_t t = m.nodes[ni].outputs[k];
      const TensorArg& out = ctx.outputs[k];
      NNRT_RETURN_IF_ERROR(CheckInferredDims(m, ni, t, out.dims, false));
      const auto count = ElementCount(out.dims);
      const uint64_t element = DataTypeSize(out.dtype());
      if (!count || static_cast<uint64_t>(*count) > options_.max_tensor_bytes / element) {
        return Status(NNRT_OUT_OF_MEMORY, NodeLabel(m, ni) + ": " + TensorLabel(m, t) + " of dims " +
                                              DimsToString(out.dims) + " exceeds the interpreter's tensor size limit");
      }
      bytes[k] = static_cast<size_t>(*count) * element;
      need = bytes[k] > UINT64_MAX - need ? UINT64_MAX : need + bytes[k];
    }
    if (need > budget - live) {  // live <= budget here
      return Status(NNRT_OUT_OF_MEMORY, NodeLabel(m, ni) + ": its outputs need " + std::to_string(need) +
                                            " bytes while the run holds " + std::to_string(live) + "; that exceeds " +
                                            BudgetText(budget));
    }
    for (size_t k = 0; k < ctx.outputs.size(); ++k) {
      const uint32_t t = m.nodes[ni].outputs[k];
      const OutputDestination& d = destination_of[t];
      uint8_t* buffer;
      if (d.data != nullptr && bytes[k] <= d.capacity) {
        buffer = d.data;  // kernels start from zeroed outputs, wherever they are
        if (bytes[k] > 0) std::memset(buffer, 0, bytes[k]);
      } else {
        storage[t].assign(bytes[k], 0);
        buffer = storage[t].data();
      }
      ctx.outputs[k].mutable_data = buffer;
      ctx.outputs[k].data = buffer;
      ctx.outputs[k].byte_size = bytes[k];
    }
    live += need;
    if (live > st.peak_bytes) st.peak_bytes = live;
    NNRT_RETURN_IF_ERROR(InNode(m, ni, CheckKernelBuffers(ctx)));
    ctx.work_limit = options_.run_work_budget - st.work_steps;  // work_steps <= budget (C-760)
    const Status ran = defs_[ni].kernel(ctx);
    st.work_steps += ctx.work_charged;
    NNRT_RETURN_IF_ERROR(InNode(m, ni, ran));
    for (size_t k = 0; k < ctx.outputs.size(); ++k) {
      const uint32_t t = m.nodes[ni].outputs[k];
      dims[t] = ctx.outputs[k].dims;
      data[t] = ctx.outputs[k].data;
      sizes[t] = ctx.outputs[k].byte_size;
    }
    for (uint32_t t : release_after_[pos]) {  // last consumer done (C-303)
      live -= sizes[t];
      std::vector<uint8_t>().swap(storage[t]);
      data[t] = nullptr;
      sizes[t] = 0;
    }
  }
  // Outputs in storage are moved out; a tensor listed twice as a model
  // output is copied from its first slot.
  std::vector<size_t> first_slot(m.tensors.size(), SIZE_MAX);
  for (size_t k = 0; k < m.outputs.size(); ++k) {
    const uint32_t t = m.outputs[k];
    RunOutput out;
    out.dims = dims[t];
    if (first_slot[t] == SIZE_MAX) {
      first_slot[t] = k;
      out.in_destination = data[t] != nullptr && data[t] == destination_of[t].data;
      if (!out.in_destination) out.bytes = std::move(storage[t]);
    } else if (sizes[t] > 0) {
      out.bytes.assign(data[t], data[t] + sizes[t]);  // the first slot's buffer, still alive
    }
    out.byte_size = out.in_destination ? sizes[t] : out.bytes.size();
    outputs->push_back(std::move(out));
  }
  return Status::Ok();
}

Status SupportedOperations(const Model& model, std::vector<bool>* supported) {
  return SupportedOperations(model, InterpreterOptions(), supported);
}

Status SupportedOperations(const Model& model, const InterpreterOptions& options, std::vector<bool>* supported) {
  if (supported == nullptr) return Status(NNRT_NULL_PTR, "SupportedOperations: supported is NULL");
  supported->assign(model.nodes.size(), false);
  NNRT_RETURN_IF_ERROR(ValidateModelStructure(model));
  std::vector<uint32_t> order;
  NNRT_RETURN_IF_ERROR(TopologicalOrder(model, &order));
  std::vector<Dims> dims;
  std::vector<const uint8_t*> data;
  std::vector<size_t> sizes;
  InitialTensorState(model, &dims, &data, &sizes);
  for (uint32_t ni : order) {
    OpDef def;
    if (!EffectiveOpDef(model.nodes[ni].type, options, &def) || !def.implemented()) continue;
    OpContext ctx = MakeContext(model, ni, dims, data, sizes);
    if (!InferNode(def, ctx).ok()) continue;
    bool dims_ok = true;
    for (size_t k = 0; k < ctx.outputs.size(); ++k) {
      dims_ok = dims_ok && CheckInferredDims(model, ni, model.nodes[ni].outputs[k], ctx.outputs[k].dims, true).ok();
    }
    if (!dims_ok) continue;
    // Only a supported node's inferred dims feed its consumers; otherwise
    // they see the declared dims.
    for (size_t k = 0; k < ctx.outputs.size(); ++k) dims[model.nodes[ni].outputs[k]] = ctx.outputs[k].dims;
    (*supported)[ni] = true;
  }
  return Status::Ok();
}

}  // namespace nnrt
