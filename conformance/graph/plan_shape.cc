// Graph planners of the shape and data-movement node kinds (graph_plan.h).
#include "conformance/graph/plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "conformance/generators.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace graph_plan {

// RESHAPE (ops_catalog, data movement): to [N], [1, N], the reversed dims, or
// the rank-4 [1, N / C, 1, C] that a later convolution can read.
void PlanReshape(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t total = static_cast<int32_t>(Count(xd));
  Dims target;
  switch (c.channels % 4) {
    case 0: target = {total}; break;
    case 1: target = {1, total}; break;
    case 2:
      target = Dims(xd.rbegin(), xd.rend());
      if (target.empty()) target = {1};  // a rank-0 input: the shape constant cannot be empty
      break;
    default: {
      const int32_t last = xd.empty() ? 1 : xd.back();
      target = {1, total / last, 1, last};
      break;
    }
  }
  node->inputs = {x, AddInt64Tensor(plan, "shape", Role::kConstant, Dims{static_cast<int32_t>(target.size())},
                                      std::vector<int64_t>(target.begin(), target.end()))};
  node->output = AddIntermediate(plan, target, false);
}

// TRANSPOSE (ops_catalog #41) with a constant int64 perm: the reversed axes,
// the last two swapped (the layout change around a matrix product), or the
// axes rotated left by one (NHWC -> HWCN-like).
void PlanTranspose(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const size_t rank = xd.size();
  std::vector<int64_t> perm(rank);
  for (size_t i = 0; i < rank; ++i) perm[i] = static_cast<int64_t>(i);
  switch (c.channels % 3) {
    case 0: std::reverse(perm.begin(), perm.end()); break;
    case 1:
      if (rank >= 2) std::swap(perm[rank - 2], perm[rank - 1]);
      break;
    default: std::rotate(perm.begin(), perm.begin() + 1, perm.end()); break;
  }
  Dims yd;
  for (int64_t v : perm) yd.push_back(xd[static_cast<size_t>(v)]);
  node->inputs = {x, AddInt64Tensor(plan, "perm", Role::kConstant, Dims{static_cast<int32_t>(rank)}, perm)};
  node->output = AddIntermediate(plan, yd, false);
}

// CONCAT (ops_catalog #7, float graphs) along axis c.kernel % rank, given
// negative when c.stride is odd: the chain tensor joined with an existing
// tensor that agrees on the other dims and has at most 3 slices along the
// axis, or with a fresh input / constant of 1-3 slices (so chains grow
// linearly), in either operand order.
void PlanConcat(Plan* plan, Rng* rng, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const auto rank = static_cast<int64_t>(xd.size());
  const auto at = static_cast<size_t>(c.kernel % rank);
  std::vector<uint32_t> partners;
  for (uint32_t i : UsableOperands(*plan)) {
    const Dims& d = plan->tensors[i].dims;
    bool agree = i != x && d.size() == xd.size() && d[at] <= 3;
    for (size_t k = 0; agree && k < d.size(); ++k) agree = k == at || d[k] == xd[k];
    if (agree) partners.push_back(i);
  }
  uint32_t b;
  if (c.fresh_b == 0 && !partners.empty()) {
    b = partners[partners.size() - 1 - static_cast<size_t>(c.operand_b) % partners.size()];
  } else {
    Dims bd = xd;
    bd[at] = 1 + c.channels % 3;
    b = AddSourceTensor(plan, rng, c.constant_b != 0 ? "c" : "in", c.constant_b != 0 ? Role::kConstant : Role::kInput,
                        bd, 2.0);
  }
  node->inputs = (c.broadcast & 1) != 0 ? std::vector<uint32_t>{b, x} : std::vector<uint32_t>{x, b};
  const auto axis = static_cast<int64_t>(at);
  node->attrs = {Attr::Int64("axis", (c.stride & 1) != 0 ? axis - rank : axis)};
  Dims yd = xd;
  yd[at] += plan->tensors[b].dims[at];
  node->output = AddIntermediate(plan, yd, false);
}

// PAD_FUSION / SLICE_FUSION / STRIDED_SLICE (data movement) on the chain
// tensor's last dim n with constant int64 windows: PAD CONSTANT 0 with
// paddings 0..1 before and 1 after (dims grow by at most 2 per node); SLICE
// with axes [-1], begin 0..n-1 and size -1 (to the end) or 1; STRIDED_SLICE
// x[..., b::s] with b in 0..n-1 and s 1, 2 or -1.
void PlanWindow(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const size_t rank = xd.size();
  const int32_t n = xd.back();
  Dims yd = xd;
  std::vector<std::vector<int64_t>> windows;
  std::vector<Dims> window_dims;
  if (node->type == NodeType::PAD_FUSION) {
    std::vector<int64_t> paddings(2 * rank, 0);
    paddings[2 * rank - 2] = c.channels % 2;
    paddings[2 * rank - 1] = 1;
    yd.back() = static_cast<int32_t>(n + paddings[2 * rank - 2] + 1);
    windows = {paddings};
    window_dims = {Dims{static_cast<int32_t>(rank), 2}};
    node->attrs = {Attr::Int8("paddingMode", 0), Attr::Float("constantValue", 0.0f)};
  } else if (node->type == NodeType::STRIDED_SLICE) {
    // x[..., b::s] (ellipsisMask 1, endMask 2): s 1, 2 or -1 (to the front).
    const int64_t begin = c.channels % n;
    const int64_t stride = c.kernel % 3 == 0 ? -1 : c.kernel % 3;
    yd.back() = static_cast<int32_t>(stride < 0 ? begin + 1 : (n - begin + stride - 1) / stride);
    windows = {{0, begin}, {0, 0}, {1, stride}};
    window_dims = {Dims{2}, Dims{2}, Dims{2}};
    node->attrs = {Attr::Int64("beginMask", 0), Attr::Int64("endMask", 2), Attr::Int64("ellipsisMask", 1),
                   Attr::Int64("newAxisMask", 0), Attr::Int64("shrinkAxisMask", 0)};
  } else {
    const int64_t begin = c.channels % n;
    const int64_t size = (c.kernel & 1) != 0 ? -1 : 1;
    yd.back() = static_cast<int32_t>(size == -1 ? n - begin : 1);
    windows = {{begin}, {size}};
    window_dims = {Dims{1}, Dims{1}};
    node->attrs = {Attr::Int64s("axes", {-1})};
  }
  node->inputs = {x};
  for (size_t i = 0; i < windows.size(); ++i) {
    node->inputs.push_back(AddInt64Tensor(plan, "window", Role::kConstant, window_dims[i], windows[i]));
  }
  node->output = AddIntermediate(plan, yd, false);
}

void PlanSplit(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const auto rank = static_cast<int64_t>(xd.size());
  int64_t axis = c.channels % rank;
  for (int64_t k = 0; k < rank && xd[static_cast<size_t>(axis)] < 2; ++k) axis = (axis + 1) % rank;
  const int32_t d = xd[static_cast<size_t>(axis)];
  const int32_t pieces = std::min(d, 2 + c.stride % 2);
  std::vector<int64_t> sizes(static_cast<size_t>(pieces), d / pieces);
  std::vector<int64_t> size_splits;  // empty: equal pieces by outputNum
  if (d % pieces != 0 || (c.pad & 1) != 0) {
    size_splits.assign(static_cast<size_t>(pieces), 1);
    const size_t rest = static_cast<size_t>(c.kernel / 2) % sizes.size();
    size_splits[rest] = -1;
    sizes.assign(static_cast<size_t>(pieces), 1);
    sizes[rest] = d - (pieces - 1);
  }
  node->inputs = {x};
  node->attrs = {Attr::Int64("outputNum", pieces), Attr::Int64s("sizeSplits", size_splits),
                 Attr::Int64("axis", (c.kernel & 1) != 0 ? axis - rank : axis)};
  for (size_t i = 0; i < sizes.size(); ++i) {
    Dims piece = xd;
    piece[static_cast<size_t>(axis)] = static_cast<int32_t>(sizes[i]);
    const uint32_t t = AddIntermediate(plan, piece, false);
    if (i == 0) {
      node->output = t;
    } else {
      node->more_outputs.push_back(t);
    }
  }
}

void PlanTile(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  Dims yd = plan->tensors[x].dims;
  std::vector<int64_t> multiples(yd.size(), 1);
  const size_t axis = static_cast<size_t>(c.channels) % yd.size();
  if (Count(yd) * 2 <= 64) {
    multiples[axis] = 2;
    yd[axis] *= 2;
  }
  const Dims md{static_cast<int32_t>(yd.size())};
  node->inputs = {x, AddInt64Tensor(plan, "multiples", Role::kInput, md, multiples)};
  node->output = AddIntermediate(plan, yd, false);
  plan->tensors[node->output].run_time_dims = true;
}

void PlanBatchSpace(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int64_t n = xd[0], h = xd[1], w = xd[2];
  int64_t b0 = 1, b1 = 1;
  std::vector<int64_t> amounts(4, 0);
  Dims yd = xd;
  if (node->type == NodeType::SPACE_TO_BATCH_ND) {
    b0 = 1 + c.kernel % 2;
    b1 = 1 + c.kernel / 2 % 2;
    amounts[0] = c.channels % 2;
    amounts[1] = (b0 - (h + amounts[0]) % b0) % b0;
    amounts[2] = c.pad & 1;
    amounts[3] = (b1 - (w + amounts[2]) % b1) % b1;
    yd = {static_cast<int32_t>(n * b0 * b1), static_cast<int32_t>((h + amounts[0] + amounts[1]) / b0),
          static_cast<int32_t>((w + amounts[2] + amounts[3]) / b1), xd[3]};
  } else {
    b0 = n % 2 == 0 && (c.kernel & 1) != 0 ? 2 : 1;
    b1 = n / b0 % 2 == 0 && (c.kernel & 2) != 0 ? 2 : 1;
    amounts[0] = h * b0 > 1 ? c.channels % 2 : 0;
    amounts[3] = w * b1 > 1 ? (c.pad & 1) : 0;
    yd = {static_cast<int32_t>(n / (b0 * b1)), static_cast<int32_t>(h * b0 - amounts[0]),
          static_cast<int32_t>(w * b1 - amounts[3]), xd[3]};
  }
  node->inputs = {x};
  node->attrs = {Attr::Int64s("blockShape", {b0, b1}),
                 Attr::Int64s(node->type == NodeType::SPACE_TO_BATCH_ND ? "paddings" : "crops", amounts)};
  node->output = AddIntermediate(plan, yd, false);
}

}  // namespace graph_plan
}  // namespace cts
}  // namespace nnrt
