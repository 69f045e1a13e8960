// Block/space rearrangements (family "block_space"): DEPTH_TO_SPACE
// (ops_catalog #65; HDI DepthToSpace {blockSize, format, mode}),
// SPACE_TO_DEPTH (#104; {blockSize, format}), BATCH_TO_SPACE_ND (#4;
// {blockShape, crops}) and SPACE_TO_BATCH_ND (#31; {blockShape, paddings}).
// Valid cases draw both layouts of the format attribute (C-630), blockSize 2..4
// (the smallest legal value 2 favoured, C-631), every mode spelling ("" absent
// or written, "DCR", "CRD", C-632), blocks of 1 on one side (C-641), crops
// that leave exactly one row or column (C-642), paddings larger than the dim
// (C-643) and data with NaN (payload-carrying), ±0 and the type limits; every
// output keeps the input's type and quant params and is judged exactly.
#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/specs/tensor/data_movement_gen.h"

namespace nnrt {
namespace cts {
namespace {

using namespace data_movement_gen;  // NOLINT: the family's helpers

// Stored dims of logical [n, h, w, c] in the layout of `format` (0 NCHW, 1 NHWC).
Dims Stored(int8_t format, int32_t n, int32_t h, int32_t w, int32_t c) {
  return format == 0 ? Dims{n, c, h, w} : Dims{n, h, w, c};
}

int64_t GenBlockSize() {
  return *rc::gen::weightedOneOf<int64_t>({{3, rc::gen::just<int64_t>(2)}, {2, rc::gen::inRange<int64_t>(3, 5)}});
}

GeneratedCase GenerateDepthSpace(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const bool to_space = spec.type == NodeType::DEPTH_TO_SPACE;
  const int8_t format = *rc::gen::element<int8_t>(0, 1);
  const int32_t bs = static_cast<int32_t>(GenBlockSize());
  const int32_t n = *rc::gen::inRange(1, 3), h = *rc::gen::inRange(1, 4), w = *rc::gen::inRange(1, 4);
  const int32_t c = *rc::gen::inRange(1, 4);
  // (h, w, c) are the depth-side dims: DEPTH_TO_SPACE's input, SPACE_TO_DEPTH's output.
  const Dims depth = Stored(format, n, h, w, c * bs * bs);
  const Dims space = Stored(format, n, h * bs, w * bs, c);
  const Dims& x = to_space ? depth : space;
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.WithAttr(Attr::Int64("blockSize", bs));
  if (format == 1 || *rc::gen::arbitrary<bool>()) b.WithAttr(Attr::Int8("format", format));
  if (to_space) {
    const int mode = *rc::gen::inRange(0, 4);  // absent, "", "DCR", "CRD"
    if (mode > 0) b.WithAttr(Attr::String("mode", mode == 1 ? "" : mode == 2 ? "DCR" : "CRD"));
  }
  b.Out("y", dtype, to_space ? space : depth, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// One spatial dim of BATCH_TO_SPACE_ND: the input dim and the crops, the
// largest crop (one row or column left) favoured.
void GenCrop(int32_t block, int32_t* dim, int64_t* before, int64_t* after, int32_t* out) {
  *dim = *rc::gen::inRange(1, 4);
  const int64_t full = static_cast<int64_t>(*dim) * block;
  const int64_t total = *rc::gen::weightedOneOf<int64_t>({{2, rc::gen::inRange<int64_t>(0, full)},
                                                         {1, rc::gen::just<int64_t>(0)},
                                                         {1, rc::gen::just<int64_t>(full - 1)}});
  *before = *rc::gen::inRange<int64_t>(0, total + 1);
  *after = total - *before;
  *out = static_cast<int32_t>(full - total);
}

// One spatial dim of SPACE_TO_BATCH_ND: paddings that make it divisible,
// sometimes a whole block more than needed.
void GenPadding(int32_t block, int32_t* dim, int64_t* before, int64_t* after, int32_t* out) {
  *dim = *rc::gen::inRange(1, 5);
  *before = *rc::gen::inRange<int64_t>(0, 4);
  const int64_t rest = (block - (*dim + *before) % block) % block;
  *after = rest + block * *rc::gen::inRange<int64_t>(0, 2);
  *out = static_cast<int32_t>((*dim + *before + *after) / block);
}

GeneratedCase GenerateBatchSpace(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const bool to_space = spec.type == NodeType::BATCH_TO_SPACE_ND;
  const int32_t b0 = *rc::gen::inRange(1, 4), b1 = *rc::gen::inRange(1, 4);
  const int32_t small_n = *rc::gen::inRange(1, 3), c = *rc::gen::inRange(1, 4);
  std::vector<int64_t> amounts(4);
  int32_t h = 0, w = 0, oh = 0, ow = 0;
  auto gen = to_space ? GenCrop : GenPadding;
  gen(b0, &h, &amounts[0], &amounts[1], &oh);
  gen(b1, &w, &amounts[2], &amounts[3], &ow);
  const int32_t big_n = small_n * b0 * b1;
  const Dims x = to_space ? Dims{big_n, h, w, c} : Dims{small_n, h, w, c};
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.WithAttr(Attr::Int64s("blockShape", {b0, b1}));
  b.WithAttr(Attr::Int64s(to_space ? "crops" : "paddings", amounts));
  b.Out("y", dtype, Dims{to_space ? small_n : big_n, oh, ow, c}, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

const char kNotChained[] =
    "needs channels divisible by blockSize^2 (DEPTH_TO_SPACE) or height and width divisible by blockSize "
    "(SPACE_TO_DEPTH, blockSize >= 2), which the chain tensor's dims rarely are";

}  // namespace

NodeSpec DepthSpaceSpec(NodeType type) {
  NodeSpec s = DataMovementBase(type, GenerateDepthSpace);
  s.attrs = {SchemaRange(type, "blockSize", 2, 4), SchemaDomain(type, "format")};
  s.graph = NotChainable(kNotChained);
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

NodeSpec BatchSpaceSpec(NodeType type) {
  NodeSpec s = DataMovementBase(type, GenerateBatchSpace);
  const char* amounts = type == NodeType::BATCH_TO_SPACE_ND ? "crops" : "paddings";
  s.attrs = {SchemaRange(type, "blockShape", 1, 3, 2), SchemaRange(type, amounts, 0, 11, 4)};
  s.graph = Chainable(GraphKind::kBatchSpace, true);
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(1010, DepthSpaceSpec(NodeType::DEPTH_TO_SPACE));
NNRT_NODE_SPEC(1020, DepthSpaceSpec(NodeType::SPACE_TO_DEPTH));
NNRT_NODE_SPEC(1030, BatchSpaceSpec(NodeType::BATCH_TO_SPACE_ND));
NNRT_NODE_SPEC(1040, BatchSpaceSpec(NodeType::SPACE_TO_BATCH_ND));

}  // namespace cts
}  // namespace nnrt
