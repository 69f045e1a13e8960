// NNAdapter model -> NNRt IR model. Every one of the 65 standard operations
// has a row in one table (lowering.cc; docs/nnadapter.md shows it): a
// lowering onto NNRt node types, or the reason it is not supported.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nna {

// The lowered model; inputs and outputs in the NNAdapter model's order.
// Errors: NNRT_UNSUPPORTED_OP naming the operation and the reason,
// NNRT_INVALID_MODEL for a malformed model.
Status LowerModel(const ::nnadapter::hal::Model& model, Model* out);

// The NNRt model of `operations` (lowered in the given order) whose model
// inputs and outputs are the tensors of `inputs` and `outputs`.
Status LowerOperations(const std::vector<const ::nnadapter::hal::Operation*>& operations,
                       const std::vector<::nnadapter::hal::Operand*>& inputs,
                       const std::vector<::nnadapter::hal::Operand*>& outputs, Model* out);

// Whether one operation of `model` lowers and the reference accepts the
// result (shapes, types, attributes), judged on a model holding that
// operation alone. The status says why not.
Status CheckOperationSupported(const ::nnadapter::hal::Operation& operation);

// The dims the reference infers for each output of `operation` when it is
// lowered alone and prepared (-1 where they depend on unknown input dims;
// empty for a NULL output). Used by addOperation's output-type inference
// (C-901); errors as CheckOperationSupported.
Status InferDimsThroughLowering(const ::nnadapter::hal::Operation& operation, std::vector<Dims>* dims);

// "CONV_2D" for NNADAPTER_CONV_2D; "unknown" for other values.
const char* OperationName(int32_t operation);

// How the reference runs a standard operation.
enum class SupportKind {
  kLowered,      // onto NNRt node types
  kNative,       // as a native kernel step of the reference program (C-854)
  kUnsupported,  // not at all: the reason says why
};

// Every standard operation with how it runs and, when not lowered, why: the
// table docs/nnadapter.md lists.
struct OperationSupport {
  int32_t operation;
  const char* name;
  SupportKind support;
  const char* reason;  // "" when lowered
};
std::vector<OperationSupport> LoweringTable();

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_H_
