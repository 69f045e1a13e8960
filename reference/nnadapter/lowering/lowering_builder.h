// The state of one lowering: the IR model being built and the IR tensor of
// every NNAdapter operand met so far. Operation lowerings (lower_*.cc) ask it
// for their operands' tensors, add temporaries, constants and nodes.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_BUILDER_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_BUILDER_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nna {

using ::nnadapter::hal::Operand;
using ::nnadapter::hal::Operation;

class LoweringBuilder {
 public:
  explicit LoweringBuilder(Model* model) : model_(model) {}

  // The IR tensor of `operand`, created on first use (constants carry their
  // bytes). Errors from ConvertOperandType.
  Status TensorOf(const Operand* operand, uint32_t* index);
  // A new tensor without data.
  uint32_t AddTemporary(DataType dtype, Dims dims, std::vector<QuantParam> quant);
  // A new constant tensor.
  uint32_t AddConstant(DataType dtype, Dims dims, std::vector<uint8_t> bytes, std::vector<QuantParam> quant = {});
  void AddNode(NodeType type, std::vector<Attr> attrs, std::vector<uint32_t> inputs, std::vector<uint32_t> outputs);

  // A TRANSPOSE of tensor `in` by `perm` into a new temporary; returns it.
  uint32_t Transpose(uint32_t in, const std::vector<int32_t>& perm);
  // TRANSPOSE of `in` by `perm` into the existing tensor `out`.
  void TransposeInto(uint32_t in, uint32_t out, const std::vector<int32_t>& perm);

  const Tensor& tensor(uint32_t index) const { return model_->tensors[index]; }
  Model* model() { return model_; }

 private:
  Model* model_;
  std::map<const Operand*, uint32_t> tensor_of_;
};

// NCHW <-> NHWC permutations and the dims they give.
extern const std::vector<int32_t> kNchwToNhwc;
extern const std::vector<int32_t> kNhwcToNchw;
Dims PermuteDims(const Dims& dims, const std::vector<int32_t>& perm);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_LOWERING_BUILDER_H_
