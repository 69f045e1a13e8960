#include "reference/ops/tensor/depth_space.h"

#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kX[] = "input 0 (x)";
constexpr int8_t kNchw = 0;  // HDI Format NCHW: what the front end always writes (ops_catalog 1.4)

// Logical NHWC coordinates of an element, whatever the stored layout.
struct Coords {
  int64_t n, h, w, c;
};

// The positions of H, W and C in a stored rank-4 shape.
struct Axes {
  size_t h, w, c;
};

Axes AxesOf(bool nchw) { return nchw ? Axes{2, 3, 1} : Axes{1, 2, 3}; }

Coords CoordsOf(const std::vector<int64_t>& index, bool nchw) {
  const Axes a = AxesOf(nchw);
  return Coords{index[0], index[a.h], index[a.w], index[a.c]};
}

int64_t OffsetIn(const Dims& dims, bool nchw, const Coords& at) {
  const Axes a = AxesOf(nchw);
  const int64_t h = dims[a.h], w = dims[a.w], c = dims[a.c];
  return nchw ? ((at.n * c + at.c) * h + at.h) * w + at.w : ((at.n * h + at.h) * w + at.w) * c + at.c;
}

// A dim times or divided by the block: -1 stays -1 (not known yet).
int32_t Scaled(int32_t dim, int64_t factor) { return dim < 0 ? -1 : static_cast<int32_t>(dim * factor); }
int32_t Divided(int32_t dim, int64_t divisor) { return dim < 0 ? -1 : static_cast<int32_t>(dim / divisor); }

// C-630, C-631: x rank 4, the layout from `format`, blockSize >= 2.
Status CommonChecks(OpContext& ctx, const char* op, DepthSpaceParams* p) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], op, kX));
  if (x.dims.size() != 4) {
    return InvalidModel(std::string(op) + " " + kX + " must have rank 4, got dims " + DimsToString(x.dims) +
                        " (C-630)");
  }
  const int64_t format = IntAttr(*ctx.node, "format");
  if (format != 0 && format != 1) {
    return InvalidModel(std::string(op) + " format must be 0 (NCHW) or 1 (NHWC), got " + std::to_string(format) +
                        " (C-630)");
  }
  p->nchw = format == 0;
  p->block = IntAttr(*ctx.node, "blockSize");
  if (p->block < 2 || p->block > kMaxDimValue) {
    return InvalidModel(std::string(op) + " blockSize must be in [2, 2147483647], got " + std::to_string(p->block) +
                        " (C-631)");
  }
  p->in = x.dims;
  return Status::Ok();
}

// C-632: "" and "DCR" are DCR, "CRD" is CRD; anything else is rejected.
Status ReadMode(const Node& node, bool* crd) {
  const std::string mode = StringAttr(node, "mode");
  if (mode.empty() || mode == "DCR" || mode == "CRD") {
    *crd = mode == "CRD";
    return Status::Ok();
  }
  return InvalidModel("DEPTH_TO_SPACE mode must be \"DCR\", \"CRD\" or empty (DCR), got \"" + mode + "\" (C-632)");
}

}  // namespace

Status InferDepthToSpace(OpContext& ctx) {
  const char* op = "DEPTH_TO_SPACE";
  DepthSpaceParams p;
  p.to_space = true;
  NNRT_RETURN_IF_ERROR(CommonChecks(ctx, op, &p));
  NNRT_RETURN_IF_ERROR(ReadMode(*ctx.node, &p.crd));
  const Axes a = AxesOf(p.nchw);
  const int64_t bs = p.block;
  const int32_t c = p.in[a.c];
  if (c >= 0 && c % (bs * bs) != 0) {
    return InvalidModel(std::string(op) + " channels " + std::to_string(c) + " (dim " + std::to_string(a.c) + " of " +
                        kX + ") are not divisible by blockSize^2 = " + std::to_string(bs * bs) + " (C-631)");
  }
  if (p.in[a.h] >= 0) NNRT_RETURN_IF_ERROR(CheckOutputDimFits(op, "height", p.in[a.h] * bs));
  if (p.in[a.w] >= 0) NNRT_RETURN_IF_ERROR(CheckOutputDimFits(op, "width", p.in[a.w] * bs));
  p.out = p.in;
  p.out[a.c] = Divided(c, bs * bs);
  p.out[a.h] = Scaled(p.in[a.h], bs);
  p.out[a.w] = Scaled(p.in[a.w], bs);
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

Status InferSpaceToDepth(OpContext& ctx) {
  const char* op = "SPACE_TO_DEPTH";
  DepthSpaceParams p;
  p.to_space = false;
  NNRT_RETURN_IF_ERROR(CommonChecks(ctx, op, &p));
  const Axes a = AxesOf(p.nchw);
  const int64_t bs = p.block;
  for (size_t axis : {a.h, a.w}) {
    const int32_t d = p.in[axis];
    if (d >= 0 && d % bs != 0) {
      return InvalidModel(std::string(op) + " " + (axis == a.h ? "height " : "width ") + std::to_string(d) +
                          " (dim " + std::to_string(axis) + " of " + kX + ") is not divisible by blockSize " +
                          std::to_string(bs) + " (C-631)");
    }
  }
  const int64_t c = p.in[a.c];
  if (c >= 0 && (bs > kMaxDimValue / c || c * bs > kMaxDimValue / bs)) {
    return InvalidModel(std::string(op) + " output channels " + std::to_string(c) + " * " + std::to_string(bs) +
                        "^2 exceed the largest dim 2147483647");
  }
  p.out = p.in;
  p.out[a.c] = Scaled(p.in[a.c], bs * bs);
  p.out[a.h] = Divided(p.in[a.h], bs);
  p.out[a.w] = Divided(p.in[a.w], bs);
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

int64_t DepthSpaceSource(const DepthSpaceParams& p, const std::vector<int64_t>& index) {
  const Coords y = CoordsOf(index, p.nchw);
  const int64_t bs = p.block;
  Coords x{};
  x.n = y.n;
  if (p.to_space) {
    const int64_t c_out = p.out[AxesOf(p.nchw).c];
    const int64_t i = y.h % bs, j = y.w % bs;
    x.h = y.h / bs;
    x.w = y.w / bs;
    x.c = p.crd ? y.c * bs * bs + i * bs + j : (i * bs + j) * c_out + y.c;
  } else {
    const int64_t c_in = p.in[AxesOf(p.nchw).c];
    const int64_t block = y.c / c_in;
    x.h = y.h * bs + block / bs;
    x.w = y.w * bs + block % bs;
    x.c = y.c % c_in;
  }
  return OffsetIn(p.in, p.nchw, x);
}

Status DepthSpaceKernel(OpContext& ctx) {
  const DepthSpaceParams& p = ctx.Params<DepthSpaceParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es,
                x.data + static_cast<size_t>(DepthSpaceSource(p, index)) * es, es);
  });
  return Status::Ok();
}

OpDef DepthToSpaceOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::DEPTH_TO_SPACE,
               {Int64("blockSize", 0), Enum("format", kNchw, {0, 1}), String("mode", "")},
               /*inputs=*/1,
               1,
               /*outputs=*/1,
               1,
               &InferDepthToSpace,
               &DepthSpaceKernel,
               DataMovementTypes(),
               "block_space"};
}

OpDef SpaceToDepthOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::SPACE_TO_DEPTH,
               {Int64("blockSize", 0), Enum("format", kNchw, {0, 1})},
               /*inputs=*/1,
               1,
               /*outputs=*/1,
               1,
               &InferSpaceToDepth,
               &DepthSpaceKernel,
               DataMovementTypes(),
               "block_space"};
}

}  // namespace nnrt
