#include "reference/ops/nn/full_connection.h"

#include <cstdint>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/packed_dot.h"
#include "reference/ops/kernels/quant_accumulate.h"
#include "reference/ops/kernels/quant_dot.h"

namespace nnrt {
namespace {

const char kInput[] = "input 0 (x)";
const char kWeight[] = "input 1 (weight)";
const char kBias[] = "input 2 (bias)";
const char kOutput[] = "output 0";

Status CheckWeightAndBias(const OpContext& ctx) {
  const Dims& w = ctx.inputs[1].dims;
  if (w.size() != 2 || w[0] < 1 || w[1] < 1) {
    return InvalidModel(std::string(kWeight) + " must be 2-D [outC, K] with known dims >= 1, got " + DimsToString(w));
  }
  if (ctx.inputs.size() > 2) {
    const Dims& b = ctx.inputs[2].dims;
    if (b.size() != 1 || (b[0] != -1 && b[0] != w[0])) {
      return InvalidModel(std::string(kBias) + " must be 1-D [outC] = [" + std::to_string(w[0]) + "], got " +
                          DimsToString(b));
    }
  }
  return Status::Ok();
}

// C-507: the bias input decides; hasBias = true without one is an error.
Status CheckHasBias(const OpContext& ctx) {
  if (BoolAttr(*ctx.node, "hasBias") && ctx.inputs.size() < 3) {
    return InvalidModel("FULL_CONNECTION hasBias is true but the node has no bias input (C-507)");
  }
  return Status::Ok();
}

// Output dims and row count (C-508, C-509). Without useAxis, x is read as
// [elements / K, K] and y is [elements / K, outC]; with useAxis, dims
// axis.. are flattened into K and y is x.dims[0..axis) + [outC].
Status OutputDims(const OpContext& ctx, Dims* out) {
  const Node& node = *ctx.node;
  const Dims& x = ctx.inputs[0].dims;
  const int32_t k = ctx.inputs[1].dims[1];
  const int32_t out_c = ctx.inputs[1].dims[0];
  if (x.empty()) return InvalidModel(std::string(kInput) + " must have rank >= 1, got a scalar");
  const bool use_axis = BoolAttr(node, "useAxis");
  int64_t axis = IntAttr(node, "axis");
  if (!use_axis) {
    if (axis != 0) {
      return InvalidModel("FULL_CONNECTION axis " + std::to_string(axis) + " is given but useAxis is false (C-509)");
    }
    if (IsDynamic(x)) {
      *out = Dims{-1, out_c};
      return Status::Ok();
    }
    const auto total = ElementCount(x);
    if (!total || *total % k != 0) {
      return InvalidModel("FULL_CONNECTION " + std::string(kInput) + " " + DimsToString(x) +
                          " does not split into rows of K = " + std::to_string(k) + " features (weight dim 1, C-508)");
    }
    if (*total / k > INT32_MAX) return InvalidModel("FULL_CONNECTION row count exceeds 2^31-1");
    *out = Dims{static_cast<int32_t>(*total / k), out_c};
    return Status::Ok();
  }
  const auto rank = static_cast<int64_t>(x.size());
  if (axis < -rank || axis >= rank) {
    return InvalidModel("FULL_CONNECTION axis " + std::to_string(axis) + " is out of range [" +
                        std::to_string(-rank) + ", " + std::to_string(rank - 1) + "] for " + kInput + " " +
                        DimsToString(x) + " (C-508)");
  }
  if (axis < 0) axis += rank;
  const Dims tail(x.begin() + axis, x.end());
  if (!IsDynamic(tail)) {
    const auto features = ElementCount(tail);
    if (!features || *features != k) {
      return InvalidModel("FULL_CONNECTION flattens " + std::string(kInput) + " dims " + std::to_string(axis) +
                          ".. of " + DimsToString(x) + " into " + (features ? std::to_string(*features) : "?") +
                          " features, but weight dim 1 is K = " + std::to_string(k) + " (C-508)");
    }
  }
  *out = Dims(x.begin(), x.begin() + axis);
  out->push_back(out_c);
  return Status::Ok();
}

}  // namespace

Status InferFullConnection(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckWeightAndBias(ctx));
  NNRT_RETURN_IF_ERROR(CheckHasBias(ctx));
  FullConnectionParams plan;
  plan.has_bias = ctx.inputs.size() > 2;
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(*ctx.node, &plan.activation));
  const TensorArg& w = ctx.inputs[1];
  const AccumulateOperands operands{"FULL_CONNECTION", &ctx.inputs[0], kInput, &w, kWeight, w.dims[0],
                                    plan.has_bias ? &ctx.inputs[2] : nullptr, kBias, &ctx.outputs[0], kOutput};
  NNRT_RETURN_IF_ERROR(CheckAccumulateDataTypes(operands, &plan.quantized));
  if (plan.quantized) {
    NNRT_RETURN_IF_ERROR(CheckQuantTermCount("FULL_CONNECTION", int64_t{w.dims[1]}, "weight " + DimsToString(w.dims)));
  }
  Dims out;
  NNRT_RETURN_IF_ERROR(OutputDims(ctx, &out));
  ctx.outputs[0].dims = out;
  plan.k = w.dims[1];
  plan.out_c = w.dims[0];
  if (!IsDynamic(ctx.inputs[0].dims)) plan.rows = ElementCount(ctx.inputs[0].dims).value_or(0) / plan.k;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status FullConnectionKernel(OpContext& ctx) {
  return RunFullConnectionWithParams(ctx, ctx.Params<FullConnectionParams>());
}

Status RunFullConnectionWithParams(OpContext& ctx, const FullConnectionParams& p) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& w = ctx.inputs[1];
  if (p.rows * p.k > x.elements() || p.out_c * p.k > w.elements() || p.rows * p.out_c > ctx.outputs[0].elements()) {
    return InvalidInput("FULL_CONNECTION plan does not fit its tensors");
  }
  const bool has_bias = p.has_bias && ctx.inputs.size() > 2;
  const size_t weight_params = w.decl->quant_params.size();
  if ((has_bias && ctx.inputs[2].elements() < p.out_c) ||
      (p.quantized && weight_params != 1 && static_cast<int64_t>(weight_params) < p.out_c)) {
    return InvalidInput("FULL_CONNECTION plan has more output channels than the bias or weight quant params");
  }
  // C-760: K products per output element.
  NNRT_RETURN_IF_ERROR(ChargeWork(ctx, {p.rows, p.out_c, p.k}, "K = " + std::to_string(p.k) + " products per output element"));
  if (p.quantized) {
    // Centred int16 rows once per run; exact integer sums (quant_dot.h).
    CentredRows xr(p.rows, p.k);
    for (int64_t r = 0; r < p.rows; ++r) CentreCodes(x, r * p.k, p.k, x.quant().zero_point, xr.Row(r));
    const CentredRows wr = CentredWeightRows(w, p.out_c, p.k);
    MultiplyAndRequantize(RowProducts{xr.Row(0), p.rows, wr.Row(0), p.out_c, xr.stride()},
                          QuantRequantizer(ctx, p.activation, has_bias), 0, p.out_c, 0);
    return Status::Ok();
  }
  const AccumulatorWriter out(ctx, p.activation, /*quantized=*/false, has_bias);
  if (p.rows < kPackWidth) {  // packing the weights would cost more than it saves
    const std::vector<double> xd = FloatsAsDoubles(x);  // fewer than kPackWidth rows
    MultiplyRowsByUnpacked(xd.data(), p.rows, w, p.k, p.out_c, out);
    return Status::Ok();
  }
  // x's rows in binary64 (exact) and the weights packed, a bounded panel of
  // each at a time; every output sums its K products in k order
  // (MultiplyByPanels), bias after the sum.
  PanelBuffers buffers;
  WithFloatLoader(x, [&](auto load_x) {
    WithFloatLoader(w, [&](auto load_w) {
      MultiplyByPanels(
          p.rows, p.k, p.out_c, [&](int64_t r, int64_t k) { return load_x(r * p.k + k); },
          [&](int64_t k, int64_t o) { return load_w(o * p.k + k); }, 0, out, 0, &buffers);
    });
  });
  return Status::Ok();
}

OpDef FullConnectionOpDef() {
  using namespace schema;  // NOLINT
  // input, weight, optional bias (C-507).
  return OpDef{NodeType::FULL_CONNECTION,
               {Bool("hasBias", false), Bool("useAxis", false), Int64("axis", 0), FusedActivation()},
               /*inputs=*/2, 3, /*outputs=*/1, 1, &InferFullConnection, &FullConnectionKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "matmul"};
}

}  // namespace nnrt
