// Small helpers shared by the mutant drivers (cts_driver/mutants/*.cc): run a
// reference kernel on a node whose attributes were altered (how a driver that
// misreads one attribute behaves), and build a driver table that is the
// reference one with a few HAL entry points wrapped. Header-only on purpose:
// each mutant .so is linked on its own (-Bsymbolic) and keeps its own copy.
#ifndef NNRT_CTS_DRIVER_MUTANT_UTIL_H_
#define NNRT_CTS_DRIVER_MUTANT_UTIL_H_

#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ops/op_def.h"

namespace nnrt {
namespace mutant {

// A copy of `node` with integer attribute `name` set to `ints` (added with
// `type` when absent).
inline Node WithIntAttr(const Node& node, const std::string& name, std::vector<int64_t> ints,
                        AttrType type = AttrType::kInt64) {
  Node copy = node;
  for (Attr& a : copy.attrs) {
    if (a.name == name) {
      a.ints = std::move(ints);
      return copy;
    }
  }
  Attr a;
  a.name = name;
  a.type = type;
  a.ints = std::move(ints);
  copy.attrs.push_back(std::move(a));
  return copy;
}

// Runs `fn(ctx)` with ctx.node temporarily replaced by `node` (restored
// afterwards, also on error).
template <typename Fn>
Status WithNode(OpContext& ctx, const Node& node, Fn fn) {
  const Node* original = ctx.node;
  ctx.node = &node;
  Status st = fn(ctx);
  ctx.node = original;
  return st;
}

}  // namespace mutant
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_MUTANT_UTIL_H_
