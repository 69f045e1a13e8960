#include "reference/ops/tensor/batch_space.h"

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

std::string ListText(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i > 0 ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

// C-641: blockShape holds [b0, b1], each in [1, 2^31 - 1].
Status ReadBlockShape(const Node& node, const char* op, BatchSpaceParams* p) {
  const std::vector<int64_t> b = IntsAttr(node, "blockShape");
  if (b.size() != 2) {
    return InvalidModel(std::string(op) + " blockShape must hold 2 values [height block, width block], got " +
                        ListText(b) + " (C-641)");
  }
  for (int64_t v : b) {
    if (v < 1 || v > kMaxDimValue) {
      return InvalidModel(std::string(op) + " blockShape values must be in [1, 2147483647], got " + ListText(b) +
                          " (C-641)");
    }
  }
  p->block_h = b[0];
  p->block_w = b[1];
  return Status::Ok();
}

// C-642, C-643: crops / paddings hold [[top, bottom], [left, right]] row-major, each in [0, 2^31 - 1].
Status ReadAmounts(const Node& node, const char* op, const char* name, std::vector<int64_t>* v) {
  *v = IntsAttr(node, name);
  const char* rule = std::string(name) == "crops" ? " (C-642)" : " (C-643)";
  if (v->size() != 4) {
    return InvalidModel(std::string(op) + " " + name + " must hold 4 values [[top, bottom], [left, right]], got " +
                        ListText(*v) + rule);
  }
  for (int64_t a : *v) {
    if (a < 0 || a > kMaxDimValue) {
      return InvalidModel(std::string(op) + " " + name + " values must be in [0, 2147483647], got " + ListText(*v) +
                          rule);
    }
  }
  return Status::Ok();
}

// C-640: x rank 4 (NHWC), the data movement types.
Status CommonChecks(OpContext& ctx, const char* op, BatchSpaceParams* p) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], op, kX));
  if (x.dims.size() != 4) {
    return InvalidModel(std::string(op) + " " + kX + " must have rank 4 [N, H, W, C], got dims " +
                        DimsToString(x.dims) + " (C-640)");
  }
  NNRT_RETURN_IF_ERROR(ReadBlockShape(*ctx.node, op, p));
  p->in = x.dims;
  p->out = x.dims;
  return Status::Ok();
}

// BATCH_TO_SPACE_ND's cropped spatial dim: dim * block - before - after >= 1 (C-642).
Status CroppedDim(int32_t dim, int64_t block, int64_t before, int64_t after, const char* what, int32_t* out) {
  if (dim < 0) {
    *out = -1;
    return Status::Ok();
  }
  const int64_t full = dim * block;
  if (before + after >= full) {
    return InvalidModel("BATCH_TO_SPACE_ND crops " + std::to_string(before) + " + " + std::to_string(after) +
                        " remove all of the block-expanded " + what + " " + std::to_string(dim) + " * " +
                        std::to_string(block) + " = " + std::to_string(full) + " (C-642)");
  }
  NNRT_RETURN_IF_ERROR(CheckOutputDimFits("BATCH_TO_SPACE_ND", what, full - before - after));
  *out = static_cast<int32_t>(full - before - after);
  return Status::Ok();
}

// SPACE_TO_BATCH_ND's padded spatial dim divided by the block (C-643).
Status PaddedDim(int32_t dim, int64_t block, int64_t before, int64_t after, const char* what, int32_t* out) {
  if (dim < 0) {
    *out = -1;
    return Status::Ok();
  }
  const int64_t padded = dim + before + after;
  if (padded % block != 0) {
    return InvalidModel("SPACE_TO_BATCH_ND padded " + std::string(what) + " " + std::to_string(dim) + " + " +
                        std::to_string(before) + " + " + std::to_string(after) + " = " + std::to_string(padded) +
                        " is not divisible by its block " + std::to_string(block) + " (C-643)");
  }
  NNRT_RETURN_IF_ERROR(CheckOutputDimFits("SPACE_TO_BATCH_ND", what, padded / block));
  *out = static_cast<int32_t>(padded / block);
  return Status::Ok();
}

// One element of real 0 in y's type: the zero point code for int8/uint8,
// all-zero bytes (+0.0, 0, false) otherwise (C-644).
std::vector<uint8_t> ZeroElement(const TensorArg& y) {
  std::vector<uint8_t> e(DataTypeSize(y.dtype()), 0);
  if (IsQuant8Type(y.dtype()) && y.quantized()) StoreInt64(y.dtype(), e.data(), 0, y.quant().zero_point);
  return e;
}

}  // namespace

Status InferBatchToSpace(OpContext& ctx) {
  const char* op = "BATCH_TO_SPACE_ND";
  BatchSpaceParams p;
  p.to_space = true;
  NNRT_RETURN_IF_ERROR(CommonChecks(ctx, op, &p));
  std::vector<int64_t> crops;
  NNRT_RETURN_IF_ERROR(ReadAmounts(*ctx.node, op, "crops", &crops));
  const int64_t blocks = p.block_h * p.block_w;
  const int32_t n = p.in[0];
  if (n >= 0 && n % blocks != 0) {
    return InvalidModel(std::string(op) + " batch " + std::to_string(n) + " of " + kX +
                        " is not divisible by blockShape[0] * blockShape[1] = " + std::to_string(blocks) + " (C-641)");
  }
  p.out[0] = n < 0 ? -1 : static_cast<int32_t>(n / blocks);
  NNRT_RETURN_IF_ERROR(CroppedDim(p.in[1], p.block_h, crops[0], crops[1], "height", &p.out[1]));
  NNRT_RETURN_IF_ERROR(CroppedDim(p.in[2], p.block_w, crops[2], crops[3], "width", &p.out[2]));
  p.top = crops[0];
  p.left = crops[2];
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

Status InferSpaceToBatch(OpContext& ctx) {
  const char* op = "SPACE_TO_BATCH_ND";
  BatchSpaceParams p;
  p.to_space = false;
  NNRT_RETURN_IF_ERROR(CommonChecks(ctx, op, &p));
  std::vector<int64_t> paddings;
  NNRT_RETURN_IF_ERROR(ReadAmounts(*ctx.node, op, "paddings", &paddings));
  const int64_t blocks = p.block_h * p.block_w;
  const int32_t n = p.in[0];
  if (n >= 0) {
    if (blocks > kMaxDimValue / n) {
      return InvalidModel(std::string(op) + " output batch " + std::to_string(n) + " * " + std::to_string(blocks) +
                          " exceeds the largest dim 2147483647");
    }
    p.out[0] = static_cast<int32_t>(n * blocks);
  } else {
    p.out[0] = -1;
  }
  NNRT_RETURN_IF_ERROR(PaddedDim(p.in[1], p.block_h, paddings[0], paddings[1], "height", &p.out[1]));
  NNRT_RETURN_IF_ERROR(PaddedDim(p.in[2], p.block_w, paddings[2], paddings[3], "width", &p.out[2]));
  p.top = paddings[0];
  p.left = paddings[2];
  p.fill = ZeroElement(ctx.outputs[0]);
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

Status BatchSpaceKernel(OpContext& ctx) {
  const BatchSpaceParams& p = ctx.Params<BatchSpaceParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  const std::vector<int64_t> xs = RowMajorStrides(p.in);
  const int64_t bh = p.block_h, bw = p.block_w;
  ForEachIndex(p.out, [&](const std::vector<int64_t>& o, int64_t flat) {
    uint8_t* dst = y.mutable_data + static_cast<size_t>(flat) * es;
    int64_t n, h, w;
    if (p.to_space) {
      const int64_t hh = o[1] + p.top, ww = o[2] + p.left;
      n = ((hh % bh) * bw + ww % bw) * p.out[0] + o[0];
      h = hh / bh;
      w = ww / bw;
    } else {
      const int64_t block = o[0] / p.in[0];
      n = o[0] % p.in[0];
      h = o[1] * bh + block / bw - p.top;
      w = o[2] * bw + block % bw - p.left;
      if (h < 0 || h >= p.in[1] || w < 0 || w >= p.in[2]) {
        std::memcpy(dst, p.fill.data(), es);
        return;
      }
    }
    const int64_t offset = n * xs[0] + h * xs[1] + w * xs[2] + o[3];
    std::memcpy(dst, x.data + static_cast<size_t>(offset) * es, es);
  });
  return Status::Ok();
}

OpDef BatchToSpaceOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::BATCH_TO_SPACE_ND,
               {Int64List("blockShape", {}, Range(1, kMaxDimValue)), Int64List("crops", {}, Range(0, kMaxDimValue))},
               /*inputs=*/1,
               1,
               /*outputs=*/1,
               1,
               &InferBatchToSpace,
               &BatchSpaceKernel,
               DataMovementTypes(),
               "block_space"};
}

OpDef SpaceToBatchOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::SPACE_TO_BATCH_ND,
               {Int64List("blockShape", {}, Range(1, kMaxDimValue)),
                Int64List("paddings", {}, Range(0, kMaxDimValue))},
               /*inputs=*/1,
               1,
               /*outputs=*/1,
               1,
               &InferSpaceToBatch,
               &BatchSpaceKernel,
               DataMovementTypes(),
               "block_space"};
}

}  // namespace nnrt
