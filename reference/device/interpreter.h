// The reference interpreter: runs an IR model in-process, node by node in
// topological order, with the kernels of reference/ops (or overrides of them).
#ifndef NNRT_REFERENCE_DEVICE_INTERPRETER_H_
#define NNRT_REFERENCE_DEVICE_INTERPRETER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "reference/ir/host_tensor.h"
#include "reference/ir/ir.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

// Replaces the kernel (and, when infer != nullptr, the shape inference) of one
// node type. Used by the sample / mutant drivers of cts_driver/.
struct KernelOverride {
  NodeType type;
  KernelFn kernel;
  InferFn infer = nullptr;  // nullptr = keep the registry's InferFn
};

// Default per-run memory budget (C-303): one node that maps a tensor at the
// 2 GiB size limit to another 2 GiB tensor fits, two such live tensors plus a
// third do not.
constexpr uint64_t kDefaultRunMemoryBudgetBytes = uint64_t{4} << 30;

// Default per-run work budget (C-760): 2^40 steps (element visits of the
// kernels that charge work), minutes of one core; no test model comes near.
constexpr uint64_t kDefaultRunWorkBudget = uint64_t{1} << 40;

struct InterpreterOptions {
  std::vector<KernelOverride> overrides;
  // Node types to report unsupported (NNRT_UNSUPPORTED_OP at prepare, false
  // in SupportedOperations) even if the registry implements them: how a
  // sample driver plays a device with a smaller operator set.
  std::vector<NodeType> unsupported;
  // Largest byte size of one tensor the interpreter allocates (C-30).
  uint64_t max_tensor_bytes = uint64_t{1} << 31;
  // Largest number of bytes one Run holds at once (C-303): its input tensors
  // plus every intermediate and output buffer alive at that moment. An
  // intermediate is freed right after its last consumer ran. A node whose
  // outputs would go above it fails the Run with NNRT_OUT_OF_MEMORY before
  // anything is allocated for it.
  uint64_t run_memory_budget_bytes = kDefaultRunMemoryBudgetBytes;
  // Largest number of steps one Run's kernels may charge in total (C-760,
  // ChargeWork in reference/ops/core/op_def.h). A kernel that would go above it
  // fails the Run with NNRT_TIME_OUT before its loops.
  uint64_t run_work_budget = kDefaultRunWorkBudget;
};

// What one Run held (for tests and benchmarks).
struct RunStats {
  // Largest sum, at any moment of the run, of the input tensors' bytes and the
  // buffers the interpreter had allocated and not yet freed.
  uint64_t peak_bytes = 0;
  // Steps the kernels charged against the run work budget (C-760).
  uint64_t work_steps = 0;
};

// The OpDef the interpreter uses for `type`: the registry's, with overrides
// applied (infer = kernel = nullptr for an `unsupported` type). Returns false for a value that is not a NodeType.
bool EffectiveOpDef(NodeType type, const InterpreterOptions& options, OpDef* def);

// A model input the caller holds: read in place for the whole run (copied
// first when not aligned to alignof(std::max_align_t)).
struct InputView {
  DataType dtype = DataType::kUnknown;
  Dims dims;
  const uint8_t* data = nullptr;
  size_t byte_size = 0;
};

// Caller memory one model output may be computed into directly (nullptr:
// none). Used only when it is aligned to alignof(std::max_align_t), holds the
// output's bytes and overlaps no input and no other destination; the
// contents are unspecified when the run fails.
struct OutputDestination {
  uint8_t* data = nullptr;
  size_t capacity = 0;
};

// One model output of RunWithDestinations: its dims, and its bytes either in
// the caller's destination (in_destination) or in `bytes`.
struct RunOutput {
  Dims dims;
  size_t byte_size = 0;
  bool in_destination = false;
  std::vector<uint8_t> bytes;
};

class PreparedInterpreter {
 public:
  const Model& model() const { return model_; }
  // Dims of every tensor as inferred at prepare time (-1 where dynamic).
  const std::vector<Dims>& prepared_dims() const { return prepared_dims_; }

  // inputs: one per model input, in model input order. outputs: one per model
  // output, with the actual dims. Safe to call from several threads at once.
  // Errors: NNRT_INVALID_INPUT (count, dtype, rank, dims, byte size),
  // NNRT_OUT_OF_MEMORY (a tensor above max_tensor_bytes, or the run above
  // run_memory_budget_bytes), NNRT_TIME_OUT (above run_work_budget), or whatever an operator's InferFn / kernel
  // reports for the actual data. `stats` (optional) is filled on success and
  // on failure.
  Status Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs,
             RunStats* stats = nullptr) const;

  // Run without copies: inputs read where the caller holds them, and each
  // model output k computed straight into destinations[k] when usable
  // (OutputDestination); `destinations` is empty or one per model output.
  // Same errors and results as Run.
  Status RunWithDestinations(const std::vector<InputView>& inputs, const std::vector<OutputDestination>& destinations,
                             std::vector<RunOutput>* outputs, RunStats* stats = nullptr) const;

 private:
  friend Status PrepareInterpreter(const Model&, const InterpreterOptions&, std::unique_ptr<PreparedInterpreter>*);
  friend Status PrepareInterpreterTakingModel(Model*, const InterpreterOptions&, std::unique_ptr<PreparedInterpreter>*);
  friend Model ReleaseInterpreterModel(std::unique_ptr<PreparedInterpreter>);
  Status CheckInputs(const std::vector<InputView>& inputs) const;
  // Validates model_ and infers every node with options_ (both set by the caller).
  Status PrepareHeldModel();

  Model model_;
  InterpreterOptions options_;
  std::vector<OpDef> defs_;        // per node, effective
  std::vector<uint32_t> order_;    // topological node order
  // Per position in order_: the intermediates whose last consumer is that
  // node (or that nothing consumes), freed right after it ran.
  std::vector<std::vector<uint32_t>> release_after_;
  std::vector<Dims> prepared_dims_;
};

// ValidateModelStructure, then every node in topological order against its
// OpDef (InferNode with the declared dims; -1 allowed on dynamic inputs).
Status PrepareInterpreter(const Model& model, std::unique_ptr<PreparedInterpreter>* prepared);
Status PrepareInterpreter(const Model& model, const InterpreterOptions& options,
                          std::unique_ptr<PreparedInterpreter>* prepared);

// PrepareInterpreter without a copy of the model, for a caller that holds
// large constants once (the ONNX importer, docs/onnx_import.md "Import peak
// memory"): on success the interpreter owns *model's contents and *model is
// left empty; on failure *model is as it was. ReleaseInterpreterModel gives
// the model back, unchanged, and ends the interpreter.
Status PrepareInterpreterTakingModel(Model* model, const InterpreterOptions& options,
                                     std::unique_ptr<PreparedInterpreter>* prepared);
Model ReleaseInterpreterModel(std::unique_ptr<PreparedInterpreter> prepared);

// Per node: true iff the node type is implemented and InferNode succeeds.
// A structurally invalid model is an error (NNRT_INVALID_MODEL), not a row of
// false (nnrt_hal.h GetSupportedOperation).
Status SupportedOperations(const Model& model, std::vector<bool>* supported);
Status SupportedOperations(const Model& model, const InterpreterOptions& options, std::vector<bool>* supported);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_INTERPRETER_H_
