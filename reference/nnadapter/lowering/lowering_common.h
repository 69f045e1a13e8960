// Helpers shared by the operation lowerings (lower_*.cc): operand counts,
// fuse codes, the NCHW wrapping of NHWC-only node types, the table entry type.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_COMMON_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_COMMON_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/nnadapter/lowering/lowering_builder.h"
#include "reference/nnadapter/lowering/operand_values.h"

namespace nnrt {
namespace nna {

using LowerFn = Status (*)(LoweringBuilder& b, const Operation& op);

// One row of the lowering table (docs/nnadapter.md): either a lowering or the
// reason the operation is not supported.
struct LoweringEntry {
  int32_t operation;
  const char* name;
  LowerFn lower;            // nullptr: unsupported
  const char* unsupported;  // the reason when lower == nullptr
};

// Exactly `inputs` input and `outputs` output operands (inputs < 0: at least -inputs).
Status CheckOperandCount(const Operation& op, const char* name, int inputs, int outputs);

// The fused activation of a fuse_code operand: NONE, RELU, RELU6 go to the
// node's activationType; RELU1 (no *Fusion activationType holds it) becomes
// an ACTIVATION RELU1 node after the node (C-815).
struct FuseCode {
  int32_t code = NNADAPTER_FUSED_NONE;
  int64_t NodeActivation() const;  // the activationType attribute value
  bool NeedsRelu1Node() const { return code == NNADAPTER_FUSED_RELU1; }
};
Status ReadFuseCode(const Operand* operand, const char* name, FuseCode* fuse);

// Where a node writes when a RELU1 node follows: a temporary like `out`;
// otherwise `out` itself. Finish with AddFuseNode.
uint32_t FuseTarget(LoweringBuilder& b, const FuseCode& fuse, uint32_t out);
void AddFuseNode(LoweringBuilder& b, const FuseCode& fuse, uint32_t produced, uint32_t out);

// The permutation of a constant's row-major bytes.
std::vector<uint8_t> PermuteConstant(const std::vector<uint8_t>& bytes, const Dims& dims, size_t element_size,
                                     const std::vector<int32_t>& perm);

// Little-endian bytes of int64 values (a constant tensor's data).
std::vector<uint8_t> Int64Bytes(const std::vector<int64_t>& values);

std::vector<Attr> ActivationAttrs(ActivationType type, float alpha = 0.0f);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_COMMON_H_
