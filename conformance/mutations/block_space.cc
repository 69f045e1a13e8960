// Invalid-model mutation families of the block/space rearrangements
// (mutations.h): DEPTH_TO_SPACE / SPACE_TO_DEPTH with blockSize 1 (C-631) or
// a dim the block does not divide (C-631), DEPTH_TO_SPACE with an unknown
// mode (C-632); BATCH_TO_SPACE_ND /
// SPACE_TO_BATCH_ND with a block of 0 (C-641), a batch or padded dim the
// blocks do not divide (C-641, C-643) and crops that remove a whole
// block-expanded dim (C-642).
#include "conformance/mutations/internal.h"

#include <string>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

namespace {

bool IsDepthSpace(NodeType t) { return t == NodeType::DEPTH_TO_SPACE || t == NodeType::SPACE_TO_DEPTH; }
bool IsBatchSpace(NodeType t) { return t == NodeType::BATCH_TO_SPACE_ND || t == NodeType::SPACE_TO_BATCH_ND; }

// x with rank 4 and known dims, or nullptr.
Tensor* FourDimInput(MutatedCase* out) {
  Tensor* x = NodeModelInput0(out);
  return x != nullptr && x->dims.size() == 4 && !IsDynamic(x->dims) ? x : nullptr;
}

std::string Changed(const Tensor& x, const char* what) {
  return "'" + x.name + "' " + what + " -> dims " + DimsToString(x.dims);
}

}  // namespace

// C-631: blockSize must be >= 2; 1 is rejected.
bool BlockSizeBelowTwo(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!IsDepthSpace(spec.type) || !Begin(valid, out)) return false;
  Attr* a = FindMutableAttr(TheNode(out), "blockSize");
  if (a == nullptr || a->ints.size() != 1) return false;
  a->ints[0] = 1;
  out->detail = "blockSize 1";
  return true;
}
NNRT_MUTATION_FAMILY(830, "block_size_below_two", kNode,
                     "ops_catalog #65 / #104, C-631: blockSize >= 2",
                     BlockSizeBelowTwo);

// C-631: DEPTH_TO_SPACE's channels one more than a multiple of blockSize^2;
// SPACE_TO_DEPTH's height one more than a multiple of blockSize.
bool DepthSpaceDimNotDivisible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!IsDepthSpace(spec.type) || !Begin(valid, out)) return false;
  Tensor* x = FourDimInput(out);
  if (x == nullptr) return false;
  const bool nchw = GetIntAttr(TheNode(out), "format", 0) == 0;
  const bool channels = spec.type == NodeType::DEPTH_TO_SPACE;
  const size_t axis = channels ? (nchw ? 1 : 3) : (nchw ? 2 : 1);
  x->dims[axis] += 1;
  out->detail = Changed(*x, channels ? "channels + 1" : "height + 1");
  return true;
}
NNRT_MUTATION_FAMILY(840, "depth_space_dim_not_divisible", kNode,
                     "ops_catalog #65 / #104, C-631: channels divisible by blockSize^2 / H and W by blockSize",
                     DepthSpaceDimNotDivisible);

// C-632: DEPTH_TO_SPACE's mode is "", "DCR" or "CRD"; lower case "dcr" is not.
bool DepthToSpaceModeUnknown(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::DEPTH_TO_SPACE || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  Attr* a = FindMutableAttr(n, "mode");
  if (a == nullptr) {
    n.attrs.push_back(Attr::String("mode", "dcr"));
  } else {
    a->str = "dcr";
  }
  out->detail = "mode \"dcr\"";
  return true;
}
NNRT_MUTATION_FAMILY(850, "depth_to_space_mode_unknown", kNode,
                     "ops_catalog #65, C-632: mode \"\", \"DCR\" or \"CRD\"",
                     DepthToSpaceModeUnknown);

// C-641: every block is >= 1; blockShape[0] becomes 0.
bool BlockShapeZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!IsBatchSpace(spec.type) || !Begin(valid, out)) return false;
  Attr* a = FindMutableAttr(TheNode(out), "blockShape");
  if (a == nullptr || a->ints.size() != 2) return false;
  a->ints[0] = 0;
  out->detail = "blockShape [0, " + std::to_string(a->ints[1]) + "]";
  return true;
}
NNRT_MUTATION_FAMILY(860, "block_shape_zero", kNode,
                     "ops_catalog #4 / #31, C-641: blockShape values >= 1",
                     BlockShapeZero);

// C-641 / C-643: BATCH_TO_SPACE_ND's batch one more than a multiple of
// b0 * b1; SPACE_TO_BATCH_ND's height (or width) one more than a padded
// multiple of its block. Blocks of 1 divide everything: no mutation.
bool BatchSpaceDimNotDivisible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!IsBatchSpace(spec.type) || !Begin(valid, out)) return false;
  Tensor* x = FourDimInput(out);
  const std::vector<int64_t> block = GetIntsAttr(TheNode(out), "blockShape");
  if (x == nullptr || block.size() != 2) return false;
  if (spec.type == NodeType::BATCH_TO_SPACE_ND) {
    if (block[0] * block[1] == 1) return false;
    x->dims[0] += 1;
    out->detail = Changed(*x, "batch + 1");
    return true;
  }
  if (block[0] == 1 && block[1] == 1) return false;
  const size_t axis = block[0] > 1 ? 1 : 2;
  x->dims[axis] += 1;
  out->detail = Changed(*x, axis == 1 ? "height + 1" : "width + 1");
  return true;
}
NNRT_MUTATION_FAMILY(870, "batch_space_dim_not_divisible", kNode,
                     "ops_catalog #4 / #31, C-641, C-643: batch divisible by b0 * b1 / padded H and W by their blocks",
                     BatchSpaceDimNotDivisible);

// C-642: crops[0][1] grows until the two crops of the height remove all of
// its H * b0 rows.
bool BatchToSpaceCropsTooLarge(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::BATCH_TO_SPACE_ND || !Begin(valid, out)) return false;
  Tensor* x = FourDimInput(out);
  Attr* crops = FindMutableAttr(TheNode(out), "crops");
  const std::vector<int64_t> block = GetIntsAttr(TheNode(out), "blockShape");
  if (x == nullptr || crops == nullptr || crops->ints.size() != 4 || block.size() != 2) return false;
  crops->ints[1] = x->dims[1] * block[0] - crops->ints[0];
  out->detail = "crops [[" + std::to_string(crops->ints[0]) + ", " + std::to_string(crops->ints[1]) +
                "], ...] on height " + std::to_string(x->dims[1]) + " * " + std::to_string(block[0]);
  return true;
}
NNRT_MUTATION_FAMILY(880, "batch_to_space_crops_too_large", kNode,
                     "ops_catalog #4, C-642: crops leave at least one row and column",
                     BatchToSpaceCropsTooLarge);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
