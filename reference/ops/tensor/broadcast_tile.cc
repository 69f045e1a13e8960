#include "reference/ops/tensor/broadcast_tile.h"

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
const char kMultiples[] = "input 1 (multiples)";

RepeatParams ParamsFor(const Dims& x, const Dims& out) {
  RepeatParams p;
  p.out = out;
  p.x_padded = Dims(out.size() - x.size(), 1);
  p.x_padded.insert(p.x_padded.end(), x.begin(), x.end());
  if (!IsDynamic(p.x_padded)) p.x_strides = RowMajorStrides(p.x_padded);
  return p;
}

Status CheckOutputSize(const Dims& out, const char* op) {
  if (out.size() > NNRT_HAL_MAX_RANK) {
    return InvalidModel(std::string(op) + " output rank " + std::to_string(out.size()) + " exceeds " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  if (!IsDynamic(out) && !ElementCount(out)) return InvalidModel(std::string(op) + " output element count overflows");
  return Status::Ok();
}

// C-614: the dims attribute may only say "every dim in order": the default
// [0], empty, or [0, 1, ..., m-1].
Status CheckTileDims(const std::vector<int64_t>& dims, size_t m) {
  if (dims.empty() || (dims.size() == 1 && dims[0] == 0)) return Status::Ok();
  bool in_order = dims.size() == m;
  for (size_t i = 0; in_order && i < dims.size(); ++i) in_order = dims[i] == static_cast<int64_t>(i);
  if (in_order) return Status::Ok();
  return Unsupported("TILE_FUSION with a dims attribute other than every dim in order ([0], [] or [0..m-1]) is not "
                     "supported (C-614)");
}

}  // namespace

Status BroadcastToDims(const Dims& x, const std::vector<int64_t>& shape, Dims* out) {
  if (shape.size() < x.size()) {
    return InvalidModel("BROADCAST_TO shape has " + std::to_string(shape.size()) + " dims, fewer than x's rank " +
                        std::to_string(x.size()) + " (C-613)");
  }
  const size_t lead = shape.size() - x.size();
  out->clear();
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t s = shape[i];
    const int32_t xd = i >= lead ? x[i - lead] : 1;
    if (s == -1 && i >= lead) {
      out->push_back(xd);  // keeps x's dim (MindSpore BroadcastTo)
      continue;
    }
    if (s < 1 || s > kMaxDimValue) {
      return InvalidModel("BROADCAST_TO shape[" + std::to_string(i) + "] = " + std::to_string(s) +
                          " is not a dim (-1 keeps one of x's dims) (C-613)");
    }
    if (xd >= 0 && xd != 1 && xd != s) {
      return InvalidModel("BROADCAST_TO x " + DimsToString(x) + " does not broadcast to shape[" + std::to_string(i) +
                          "] = " + std::to_string(s) + ": x's dim must be 1 or equal (C-613)");
    }
    out->push_back(static_cast<int32_t>(s));
  }
  return Status::Ok();
}

Status InferBroadcastTo(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "BROADCAST_TO", kX));
  Dims out;
  NNRT_RETURN_IF_ERROR(BroadcastToDims(x.dims, IntsAttr(*ctx.node, "shape"), &out));
  NNRT_RETURN_IF_ERROR(CheckOutputSize(out, "BROADCAST_TO"));
  ctx.outputs[0].dims = out;
  ctx.SetParams(ParamsFor(x.dims, out));
  return Status::Ok();
}

// C-614: multiples is a 1-D int32/int64 tensor of length m >= rank(x), each
// value >= 1; x is left-padded with 1s to rank m and dim k repeated
// multiples[k] times.
Status InferTile(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& multiples = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "TILE_FUSION", kX));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(multiples, kMultiples));
  if (multiples.dims.size() != 1) {
    return InvalidModel("TILE_FUSION " + std::string(kMultiples) + " must be 1-D, got " + DimsToString(multiples.dims) +
                        " (C-614)");
  }
  const int32_t m = multiples.dims[0];
  if (m >= 0 && static_cast<size_t>(m) < x.dims.size()) {
    return InvalidModel("TILE_FUSION " + std::string(kMultiples) + " has " + std::to_string(m) +
                        " values, fewer than x's rank " + std::to_string(x.dims.size()) + " (C-614)");
  }
  if (m >= 0) NNRT_RETURN_IF_ERROR(CheckTileDims(IntsAttr(*ctx.node, "dims"), static_cast<size_t>(m)));
  if (multiples.data == nullptr) {
    ctx.outputs[0].dims = m >= 0 ? Dims(static_cast<size_t>(m), -1) : ctx.outputs[0].decl->dims;
    return Status::Ok();
  }
  std::vector<int64_t> v;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(multiples, kMultiples, &v));
  const size_t lead = v.size() - x.dims.size();
  Dims out;
  for (size_t k = 0; k < v.size(); ++k) {
    const int32_t xd = k >= lead ? x.dims[k - lead] : 1;
    if (v[k] < 1 || v[k] > kMaxDimValue) {
      return IndexValueError(multiples, "TILE_FUSION multiples[" + std::to_string(k) + "] = " + std::to_string(v[k]) +
                                            " must be >= 1 (C-614)");
    }
    const int64_t d = xd < 0 ? -1 : xd * v[k];
    if (d > kMaxDimValue) return IndexValueError(multiples, "TILE_FUSION output dim overflows");
    out.push_back(static_cast<int32_t>(d));
  }
  NNRT_RETURN_IF_ERROR(CheckOutputSize(out, "TILE_FUSION"));
  ctx.outputs[0].dims = out;
  ctx.SetParams(ParamsFor(x.dims, out));
  return Status::Ok();
}

Status BroadcastToKernel(OpContext& ctx) {
  const RepeatParams& p = ctx.Params<RepeatParams>();
  const std::vector<int64_t> strides = BroadcastStrides(ctx.inputs[0].dims, p.out);
  const uint8_t* x = ctx.inputs[0].data;
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, x + static_cast<size_t>(OffsetOf(index, strides)) * es,
                es);
  });
  return Status::Ok();
}

Status TileKernel(OpContext& ctx) {
  const RepeatParams& p = ctx.Params<RepeatParams>();
  const uint8_t* x = ctx.inputs[0].data;
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    int64_t at = 0;
    for (size_t k = 0; k < index.size(); ++k) at += (index[k] % p.x_padded[k]) * p.x_strides[k];
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, x + static_cast<size_t>(at) * es, es);
  });
  return Status::Ok();
}

OpDef BroadcastToOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::BROADCAST_TO, {Int64List("shape")}, /*inputs=*/1, 1, /*outputs=*/1, 1, &InferBroadcastTo,
               &BroadcastToKernel, DataMovementTypes(), "data_movement"};
}

OpDef TileOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::TILE_FUSION, {Int64List("dims", {0})}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferTile,
               &TileKernel, DataMovementTypes(), "data_movement"};
}

}  // namespace nnrt
