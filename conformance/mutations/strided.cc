// Invalid-model mutation families of STRIDED_SLICE (mutations.h): two
// ellipsisMask bits (C-616), an end tensor one entry longer than begin and
// strides (C-615), and a stride of 0 (C-617); and of SPARSE_TO_DENSE: an
// index one past its dim (C-622).
#include "conformance/mutations/internal.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

namespace {

// Appends a copy of the last entry of a 1-D constant.
void RepeatLastEntry(Tensor* t) {
  const size_t es = DataTypeSize(t->data_type);
  const std::vector<uint8_t> last(t->data.end() - static_cast<std::ptrdiff_t>(es), t->data.end());
  t->data.insert(t->data.end(), last.begin(), last.end());
  t->dims[0] += 1;
}

bool IsOneDConstant(const Tensor* t) { return t != nullptr && t->dims.size() == 1 && t->dims[0] >= 1; }

}  // namespace

// C-616: ellipsisMask gets bits 0 and 1. With a single entry, constant
// begin/end/strides first get a second entry, so both bits name entries and
// only the ellipsis count is wrong.
bool StridedSliceTwoEllipsisBits(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::STRIDED_SLICE || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  Tensor* entries[3] = {ConstantNodeInput(out, 1), ConstantNodeInput(out, 2), ConstantNodeInput(out, 3)};
  const Dims& begin = M(out).tensors[n.inputs[1]].dims;
  if (begin.size() != 1 || begin[0] < 1) return false;
  if (begin[0] == 1) {
    for (Tensor* t : entries) {
      if (!IsOneDConstant(t)) return false;
    }
    for (Tensor* t : entries) RepeatLastEntry(t);
  }
  Attr* mask = FindMutableAttr(n, "ellipsisMask");
  if (mask == nullptr) {
    n.attrs.push_back(Attr::Int64("ellipsisMask", 3));
  } else {
    mask->ints = {3};
  }
  out->detail = "ellipsisMask = 3 with " + std::to_string(M(out).tensors[n.inputs[1]].dims[0]) + " entries";
  return true;
}
NNRT_MUTATION_FAMILY(180, "strided_slice_two_ellipsis_bits", kNode,
                     "ops_catalog #37, C-616: at most one ellipsisMask bit",
                     StridedSliceTwoEllipsisBits);

// C-615: a constant end gets one more entry (a copy of its last value).
bool StridedSliceEntryLengthsDiffer(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::STRIDED_SLICE || !Begin(valid, out)) return false;
  Tensor* end = ConstantNodeInput(out, 2);
  if (!IsOneDConstant(end)) return false;
  RepeatLastEntry(end);
  out->detail = "'" + end->name + "' dims " + DimsToString(end->dims) + " against begin and strides of " +
                std::to_string(end->dims[0] - 1);
  return true;
}
NNRT_MUTATION_FAMILY(190, "strided_slice_entry_lengths_differ", kNode,
                     "ops_catalog #37, C-615: begin, end, strides of one length",
                     StridedSliceEntryLengthsDiffer);

// C-617: the first element of a constant strides tensor becomes 0.
bool StridedSliceStrideZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::STRIDED_SLICE || !Begin(valid, out)) return false;
  Tensor* strides = ConstantNodeInput(out, 3);
  if (strides == nullptr || strides->data.empty()) return false;
  StoreInt64(strides->data_type, strides->data.data(), 0, 0);
  out->detail = "'" + strides->name + "'[0] = 0";
  return true;
}
NNRT_MUTATION_FAMILY(200, "strided_slice_stride_zero", kNode,
                     "ops_catalog #37 [I], C-617: strides are non-zero",
                     StridedSliceStrideZero);

// C-622: with constant indices and sparseShape, the first component of the
// first tuple becomes sparseShape[0] (one past the end).
bool SparseToDenseIndexOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::SPARSE_TO_DENSE || !Begin(valid, out)) return false;
  Tensor* indices = ConstantNodeInput(out, 0);
  const Tensor* shape = ConstantNodeInput(out, 2);
  if (indices == nullptr || shape == nullptr || indices->data.empty() || shape->data.empty()) return false;
  const int64_t past = LoadAsInt64(shape->data_type, shape->data.data(), 0);
  StoreInt64(indices->data_type, indices->data.data(), 0, past);
  out->detail = "'" + indices->name + "'[0][0] = " + std::to_string(past) + " in a dim of " + std::to_string(past);
  return true;
}
NNRT_MUTATION_FAMILY(210, "sparse_to_dense_index_out_of_range", kNode,
                     "ops_catalog #88, C-622: indices inside sparseShape",
                     SparseToDenseIndexOutOfRange);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
