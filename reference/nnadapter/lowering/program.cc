#include "reference/nnadapter/lowering/program.h"

#include <map>
#include <set>
#include <string>

#include "reference/nnadapter/lowering/lower_native.h"
#include "reference/nnadapter/lowering/lowering.h"
#include "reference/nnadapter/lowering/operand_values.h"

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Operand;
using ::nnadapter::hal::Operation;

// The operations in an order where every operand is produced before it is
// read (model order among the ready ones). NNRT_INVALID_MODEL for a cycle or
// an operand produced twice.
Status TopologicalOrder(const ::nnadapter::hal::Model& model, std::vector<const Operation*>* order) {
  std::map<const Operand*, const Operation*> producer;
  for (const Operation& op : model.operations) {
    for (const Operand* o : op.output_operands) {
      if (o == nullptr) continue;  // MAX_POOL_2D's absent indices (C-903)
      if (!producer.emplace(o, &op).second) return InvalidModel("an operand is the output of two operations");
    }
  }
  std::set<const Operand*> ready;
  std::vector<const Operation*> pending;
  for (const Operation& op : model.operations) pending.push_back(&op);
  while (!pending.empty()) {
    bool progressed = false;
    for (auto it = pending.begin(); it != pending.end(); ++it) {
      bool inputs_ready = true;
      for (const Operand* o : (*it)->input_operands) {
        if (o != nullptr && producer.count(o) != 0 && ready.count(o) == 0) inputs_ready = false;
      }
      if (!inputs_ready) continue;
      for (const Operand* o : (*it)->output_operands) ready.insert(o);
      order->push_back(*it);
      pending.erase(it);
      progressed = true;
      break;
    }
    if (!progressed) return InvalidModel("the operations form a cycle");
  }
  return Status::Ok();
}

class ProgramBuilder {
 public:
  explicit ProgramBuilder(LoweredProgram* out) : out_(out) {}

  uint32_t ValueOf(const Operand* o) {
    auto it = values_.find(o);
    if (it != values_.end()) return it->second;
    values_[o] = out_->value_count;
    return out_->value_count++;
  }

  Status AddNative(const Operation& op) {
    ProgramStep step;
    step.native = true;
    size_t inputs = 3;
    if (op.type == NNADAPTER_MAX_POOL_2D) {
      step.kernel = NativeKernel::kMaxPool2DWithIndices;
      NNRT_RETURN_IF_ERROR(ReadMaxPool2DWithIndices(op, &step.pool).WithContext("MAX_POOL_2D"));
      inputs = 1;
    } else {
      NNRT_RETURN_IF_ERROR(ReadDeformableConv2D(op, &step.conv).WithContext("DEFORMABLE_CONV_2D"));
    }
    for (size_t i = 0; i < inputs; ++i) {
      StepInput input;
      const Operand* o = op.input_operands[i];
      if (IsConstant(*o)) {
        NNRT_RETURN_IF_ERROR(ConstantHostTensor(*o, &input.constant));
      } else {
        input.value = static_cast<int32_t>(ValueOf(o));
      }
      step.inputs.push_back(std::move(input));
    }
    for (const Operand* o : op.output_operands) step.outputs.push_back(ValueOf(o));
    out_->steps.push_back(std::move(step));
    return Status::Ok();
  }

  // ops[begin, end) as one NNRt sub-model; `needed_after` holds the operands
  // read by later operations or by the model's outputs.
  Status AddSegment(const std::vector<const Operation*>& ops, size_t begin, size_t end,
                    const std::set<const Operand*>& needed_after) {
    std::set<const Operand*> produced;
    std::vector<Operand*> inputs, outputs;
    std::set<const Operand*> seen;
    for (size_t i = begin; i < end; ++i) {
      for (Operand* o : ops[i]->input_operands) {
        if (o == nullptr || IsConstant(*o) || produced.count(o) != 0 || !seen.insert(o).second) continue;
        inputs.push_back(o);
      }
      for (Operand* o : ops[i]->output_operands) produced.insert(o);
    }
    for (size_t i = begin; i < end; ++i) {
      for (Operand* o : ops[i]->output_operands) {
        if (o != nullptr && needed_after.count(o) != 0) outputs.push_back(o);
      }
    }
    ProgramStep step;
    const std::vector<const Operation*> segment(ops.begin() + static_cast<std::ptrdiff_t>(begin),
                                                ops.begin() + static_cast<std::ptrdiff_t>(end));
    NNRT_RETURN_IF_ERROR(LowerOperations(segment, inputs, outputs, &step.model));
    for (const Operand* o : inputs) step.inputs.push_back(StepInput{static_cast<int32_t>(ValueOf(o)), {}});
    for (const Operand* o : outputs) step.outputs.push_back(ValueOf(o));
    out_->steps.push_back(std::move(step));
    return Status::Ok();
  }

 private:
  LoweredProgram* out_;
  std::map<const Operand*, uint32_t> values_;
};

// The operands read by ops[from, ...) or by the model's outputs.
std::set<const Operand*> NeededFrom(const ::nnadapter::hal::Model& model, const std::vector<const Operation*>& ops,
                                    size_t from) {
  std::set<const Operand*> needed(model.output_operands.begin(), model.output_operands.end());
  for (size_t i = from; i < ops.size(); ++i) needed.insert(ops[i]->input_operands.begin(), ops[i]->input_operands.end());
  return needed;
}

}  // namespace

bool NeedsNativeSteps(const ::nnadapter::hal::Model& model) {
  for (const Operation& op : model.operations) {
    if (RunsNatively(op)) return true;
  }
  return false;
}

Status LowerProgram(const ::nnadapter::hal::Model& model, LoweredProgram* out) {
  *out = LoweredProgram();
  std::vector<const Operation*> ops;
  NNRT_RETURN_IF_ERROR(TopologicalOrder(model, &ops));
  ProgramBuilder b(out);
  for (const Operand* o : model.input_operands) out->inputs.push_back(b.ValueOf(o));
  size_t i = 0;
  while (i < ops.size()) {
    if (RunsNatively(*ops[i])) {
      NNRT_RETURN_IF_ERROR(b.AddNative(*ops[i]).WithContext("operation " + std::to_string(i)));
      ++i;
      continue;
    }
    size_t end = i;
    while (end < ops.size() && !RunsNatively(*ops[end])) ++end;
    NNRT_RETURN_IF_ERROR(b.AddSegment(ops, i, end, NeededFrom(model, ops, end)));
    i = end;
  }
  for (const Operand* o : model.output_operands) out->outputs.push_back(b.ValueOf(o));
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
