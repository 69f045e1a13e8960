#include "reference/ops/tensor/concat_split.h"

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

std::string InputRole(size_t i) { return "input " + std::to_string(i); }

AxisBlocks BlocksFor(const std::vector<Dims>& pieces, int32_t axis) {
  AxisBlocks b;
  b.axis = axis;
  b.outer = DimProduct(pieces[0], 0, static_cast<size_t>(axis));
  for (const Dims& d : pieces) b.block.push_back(DimProduct(d, static_cast<size_t>(axis), d.size()));
  return b;
}

// The copy loop of both operators: `joined` is the tensor with the axis at
// full length, `pieces[i]` the i-th block tensor.
void CopyBlocks(const AxisBlocks& b, size_t es, uint8_t* joined_out, const uint8_t* joined_in,
                const std::vector<const uint8_t*>& pieces_in, const std::vector<uint8_t*>& pieces_out) {
  size_t pos = 0;
  for (int64_t o = 0; o < b.outer; ++o) {
    for (size_t i = 0; i < b.block.size(); ++i) {
      const size_t bytes = static_cast<size_t>(b.block[i]) * es;
      const size_t at = static_cast<size_t>(o * b.block[i]) * es;
      if (joined_out != nullptr) std::memcpy(joined_out + pos, pieces_in[i] + at, bytes);
      if (joined_in != nullptr) std::memcpy(pieces_out[i] + at, joined_in + pos, bytes);
      pos += bytes;
    }
  }
}

}  // namespace

// C-602: inputs of one rank >= 1 agreeing on every dim but the axis; axis in
// [-rank, rank); types and quant params as the output's (C-600).
Status InferConcat(OpContext& ctx) {
  const TensorArg& y = ctx.outputs[0];
  for (size_t i = 0; i < ctx.inputs.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(ctx.inputs[i], y, "CONCAT", InputRole(i).c_str()));
  }
  const Dims& first = ctx.inputs[0].dims;
  int32_t axis = 0;
  NNRT_RETURN_IF_ERROR(ResolveAxis(IntAttr(*ctx.node, "axis"), static_cast<int64_t>(first.size()), "CONCAT",
                                   "C-602", &axis));
  Dims out = first;
  std::vector<Dims> pieces;
  for (size_t i = 0; i < ctx.inputs.size(); ++i) {
    const Dims& d = ctx.inputs[i].dims;
    NNRT_RETURN_IF_ERROR(CheckDimsAgree(first, InputRole(0), d, InputRole(i), axis, "CONCAT", "C-602"));
    for (size_t k = 0; k < out.size(); ++k) {
      if (out[k] < 0 && d[k] >= 0 && static_cast<int32_t>(k) != axis) out[k] = d[k];
    }
    if (i > 0) out[static_cast<size_t>(axis)] = out[static_cast<size_t>(axis)] < 0 || d[static_cast<size_t>(axis)] < 0
                                                    ? -1
                                                    : out[static_cast<size_t>(axis)] + d[static_cast<size_t>(axis)];
    pieces.push_back(d);
  }
  if (out[static_cast<size_t>(axis)] > kMaxDimValue) {
    return InvalidModel("CONCAT output dim " + std::to_string(out[static_cast<size_t>(axis)]) +
                        " along the axis overflows");
  }
  ctx.outputs[0].dims = out;
  if (!IsDynamic(out)) ctx.SetParams(BlocksFor(pieces, axis));
  return Status::Ok();
}

Status ResolveSplitSizes(const std::vector<int64_t>& size_splits, int64_t output_num, int64_t outputs, int64_t dim,
                         std::vector<int64_t>* sizes) {
  const std::string why = " (C-603)";
  if (output_num != 0 && output_num != outputs) {
    return InvalidModel("SPLIT outputNum " + std::to_string(output_num) + " differs from the node's " +
                        std::to_string(outputs) + " outputs" + why);
  }
  bool all_zero = true;
  for (int64_t s : size_splits) all_zero = all_zero && s == 0;
  sizes->assign(static_cast<size_t>(outputs), -1);
  if (all_zero) {
    if (dim < 0) return Status::Ok();
    if (dim % outputs != 0) {
      return InvalidModel("SPLIT: the axis length " + std::to_string(dim) + " does not divide into " +
                          std::to_string(outputs) + " equal pieces" + why);
    }
    sizes->assign(static_cast<size_t>(outputs), dim / outputs);
    return Status::Ok();
  }
  if (static_cast<int64_t>(size_splits.size()) != outputs) {
    return InvalidModel("SPLIT sizeSplits has " + std::to_string(size_splits.size()) + " sizes for " +
                        std::to_string(outputs) + " outputs" + why);
  }
  int64_t rest_at = -1, known = 0;
  for (size_t i = 0; i < size_splits.size(); ++i) {
    const int64_t s = size_splits[i];
    if (s == -1 && rest_at < 0) {
      rest_at = static_cast<int64_t>(i);
      continue;
    }
    if (s < 1 || s > kMaxDimValue) {
      return InvalidModel("SPLIT sizeSplits[" + std::to_string(i) + "] = " + std::to_string(s) +
                          " is not a size >= 1 (one -1 may take the rest)" + why);
    }
    (*sizes)[i] = s;
    known += s;
  }
  if (dim < 0) return Status::Ok();
  if (rest_at >= 0) {
    if (dim - known < 1) {
      return InvalidModel("SPLIT sizeSplits leave " + std::to_string(dim - known) + " of the axis length " +
                          std::to_string(dim) + " for the -1 piece" + why);
    }
    (*sizes)[static_cast<size_t>(rest_at)] = dim - known;
    known = dim;
  }
  if (known != dim) {
    return InvalidModel("SPLIT sizeSplits add up to " + std::to_string(known) + ", the axis length is " +
                        std::to_string(dim) + why);
  }
  return Status::Ok();
}

// C-603 / C-604: the node's outputs are the pieces; axis in [-rank, rank).
Status InferSplit(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  for (size_t i = 0; i < ctx.outputs.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[i], "SPLIT", "input 0 (x)"));
  }
  int32_t axis = 0;
  NNRT_RETURN_IF_ERROR(
      ResolveAxis(IntAttr(*ctx.node, "axis"), static_cast<int64_t>(x.dims.size()), "SPLIT", "C-604", &axis));
  std::vector<int64_t> sizes;
  NNRT_RETURN_IF_ERROR(ResolveSplitSizes(IntsAttr(*ctx.node, "sizeSplits"), IntAttr(*ctx.node, "outputNum"),
                                         static_cast<int64_t>(ctx.outputs.size()), x.dims[static_cast<size_t>(axis)],
                                         &sizes));
  std::vector<Dims> pieces;
  for (size_t i = 0; i < ctx.outputs.size(); ++i) {
    Dims d = x.dims;
    d[static_cast<size_t>(axis)] = static_cast<int32_t>(sizes[i]);
    ctx.outputs[i].dims = d;
    pieces.push_back(d);
  }
  if (!IsDynamic(x.dims)) ctx.SetParams(BlocksFor(pieces, axis));
  return Status::Ok();
}

Status ConcatKernel(OpContext& ctx) {
  const AxisBlocks& b = ctx.Params<AxisBlocks>();
  std::vector<const uint8_t*> in;
  for (const TensorArg& t : ctx.inputs) in.push_back(t.data);
  CopyBlocks(b, DataTypeSize(ctx.outputs[0].dtype()), ctx.outputs[0].mutable_data, nullptr, in, {});
  return Status::Ok();
}

Status SplitKernel(OpContext& ctx) {
  const AxisBlocks& b = ctx.Params<AxisBlocks>();
  std::vector<uint8_t*> out;
  for (TensorArg& t : ctx.outputs) out.push_back(t.mutable_data);
  CopyBlocks(b, DataTypeSize(ctx.inputs[0].dtype()), nullptr, ctx.inputs[0].data, {}, out);
  return Status::Ok();
}

OpDef ConcatOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::CONCAT, {Int64("axis", 0)}, /*inputs=*/2, kAny, /*outputs=*/1, 1, &InferConcat, &ConcatKernel,
               DataMovementTypes(), "data_movement"};
}

OpDef SplitOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::SPLIT,
               {Int64("outputNum", 0), Int64List("sizeSplits"), Int64("axis", 0)},
               /*inputs=*/1,
               1,
               /*outputs=*/1,
               kAny,
               &InferSplit,
               &SplitKernel,
               DataMovementTypes(),
               "data_movement"};
}

}  // namespace nnrt
