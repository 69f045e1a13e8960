// Index operations: ARG_MAX (ARGMAX_FUSION), TOP_K (TOPK_FUSION) and SLICE
// (STRIDED_SLICE). Layout-free: axes are NNAdapter's own (C-824, C-825, C-827).
#include <set>

#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {
namespace {

// SLICE's lists, checked: one entry per sliced axis, axes distinct.
struct SliceSpec {
  std::vector<int64_t> axes, starts, ends, steps;
};

Status ReadSliceSpec(const Operation& op, int64_t rank, SliceSpec* s) {
  const auto& in = op.input_operands;
  NNRT_RETURN_IF_ERROR(ReadIntList(in[1], "SLICE axes", &s->axes));
  NNRT_RETURN_IF_ERROR(ReadIntList(in[2], "SLICE starts", &s->starts));
  NNRT_RETURN_IF_ERROR(ReadIntList(in[3], "SLICE ends", &s->ends));
  NNRT_RETURN_IF_ERROR(ReadIntList(in[4], "SLICE steps", &s->steps));
  const size_t n = s->starts.size();
  if (s->axes.empty()) {
    for (size_t i = 0; i < n; ++i) s->axes.push_back(static_cast<int64_t>(i));
  }
  if (s->steps.empty()) s->steps.assign(n, 1);
  if (n == 0 || s->axes.size() != n || s->ends.size() != n || s->steps.size() != n) {
    return InvalidModel("SLICE axes, starts, ends and steps hold " + std::to_string(s->axes.size()) + ", " +
                        std::to_string(n) + ", " + std::to_string(s->ends.size()) + " and " +
                        std::to_string(s->steps.size()) + " values; they must agree and not be empty");
  }
  std::set<int64_t> seen;
  for (int64_t& a : s->axes) {
    if (a < -rank || a >= rank) {
      return InvalidModel("SLICE axis " + std::to_string(a) + " is outside [-" + std::to_string(rank) + ", " +
                          std::to_string(rank) + ")");
    }
    if (a < 0) a += rank;
    if (!seen.insert(a).second) return InvalidModel("SLICE axis " + std::to_string(a) + " is named twice");
  }
  for (int64_t step : s->steps) {
    if (step == 0) return InvalidModel("SLICE steps must not be 0");
  }
  return Status::Ok();
}

}  // namespace

// ARGMAX_FUSION writes int32 or int64 indices itself, keepDims as keepdim;
// the first maximum wins a tie and NaN ranks above every number (C-824).
Status LowerArgMax(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "ARG_MAX", 4, 1));
  const auto& in = op.input_operands;
  if (in[0] == nullptr) return InvalidModel("ARG_MAX input is missing");
  int64_t axis = 0;
  bool keepdim = false;
  NNRT_RETURN_IF_ERROR(ReadAxis(in[1], "ARG_MAX axis", in[0]->type.dimensions.count, &axis));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(in[2], "ARG_MAX keepdim", &keepdim));
  NNRT_RETURN_IF_ERROR(ReadIndexDtype(in[3], op.output_operands[0], "ARG_MAX dtype"));
  return LowerDirect(b, op, NodeType::ARGMAX_FUSION,
                     {Attr::Int64("axis", axis), Attr::Int64("topK", 1), Attr::Bool("keepDims", keepdim),
                      Attr::Bool("outMaxValue", false)},
                     1);
}

// TOPK_FUSION ranks larger first (NaN above every number, ties by ascending
// index). largest = false has no exact lowering; sorted = false writes the
// k elements smallest first (C-825).
Status LowerTopK(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "TOP_K", 6, 2));
  const auto& in = op.input_operands;
  if (in[0] == nullptr) return InvalidModel("TOP_K input is missing");
  int64_t axis = 0;
  bool largest = true, sorted = true;
  NNRT_RETURN_IF_ERROR(ReadAxis(in[2], "TOP_K axis", in[0]->type.dimensions.count, &axis));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(in[3], "TOP_K largest", &largest));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(in[4], "TOP_K sorted", &sorted));
  NNRT_RETURN_IF_ERROR(ReadIndexDtype(in[5], op.output_operands[1], "TOP_K return_indices_dtype"));
  if (in[1] == nullptr) return InvalidModel("TOP_K k is missing");
  const int32_t k_precision = RawValue(in[1]->type.precision);
  if (k_precision != NNADAPTER_INT32 && k_precision != NNADAPTER_INT64) {
    return InvalidModel("TOP_K k must be NNADAPTER_INT32 or NNADAPTER_INT64");
  }
  if (!largest) {
    return Unsupported("TOP_K largest = false: TOPK_FUSION ranks the largest first, and negating the input would "
                       "move NaN to the front and cannot negate the int8 code -128 (C-825)");
  }
  return LowerDirect(b, op, NodeType::TOPK_FUSION, {Attr::Bool("sorted", sorted), Attr::Int64("axis", axis)}, 2);
}

// SLICE (numpy slicing) is STRIDED_SLICE with full-rank begin/end/strides:
// the axes SLICE does not name take the whole dim through beginMask and
// endMask (C-827).
Status LowerSlice(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "SLICE", 5, 1));
  if (op.input_operands[0] == nullptr) return InvalidModel("SLICE input is missing");
  const int64_t rank = static_cast<int64_t>(op.input_operands[0]->type.dimensions.count);
  SliceSpec spec;
  NNRT_RETURN_IF_ERROR(ReadSliceSpec(op, rank, &spec));
  std::vector<int64_t> begin(rank, 0), end(rank, 0), strides(rank, 1);
  int64_t whole = (int64_t{1} << rank) - 1;  // bit d set: dim d is not sliced
  for (size_t i = 0; i < spec.axes.size(); ++i) {
    const int64_t d = spec.axes[i];
    begin[d] = spec.starts[i];
    end[d] = spec.ends[i];
    strides[d] = spec.steps[i];
    whole &= ~(int64_t{1} << d);
  }
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const Dims list_dims = {static_cast<int32_t>(rank)};
  const uint32_t tb = b.AddConstant(DataType::kInt64, list_dims, Int64Bytes(begin));
  const uint32_t te = b.AddConstant(DataType::kInt64, list_dims, Int64Bytes(end));
  const uint32_t ts = b.AddConstant(DataType::kInt64, list_dims, Int64Bytes(strides));
  b.AddNode(NodeType::STRIDED_SLICE, {Attr::Int64("beginMask", whole), Attr::Int64("endMask", whole)},
            {x, tb, te, ts}, {y});
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
