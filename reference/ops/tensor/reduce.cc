#include "reference/ops/tensor/reduce.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"

namespace nnrt {
namespace {

const char kInput[] = "REDUCE_FUSION input 0";
const char kAxes[] = "REDUCE_FUSION input 1 (axis)";
const char kOutput[] = "REDUCE_FUSION output 0";
// ops_catalog #42: input n-D with n < 8.
constexpr size_t kMaxRank = 7;

const char* ModeName(ReduceMode m) {
  static const char* const kNames[] = {"MEAN", "MAX", "MIN", "PROD", "SUM", "SUM_SQUARE", "ASUM", "ALL", "L2"};
  const auto i = static_cast<size_t>(m);
  return i < 9 ? kNames[i] : "?";
}

// C-548: ALL is bool -> bool and only ALL takes bool; MEAN and L2 have no
// plain-integer form; float in = out; quantized int8/uint8 per tensor.
Status CheckReduceTypes(const OpContext& ctx, ReduceMode mode, NumericKind* kind) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  const bool all = mode == ReduceMode::kAll;
  if (all || x.dtype() == DataType::kBool || y.dtype() == DataType::kBool) {
    if (!all || x.dtype() != DataType::kBool || y.dtype() != DataType::kBool) {
      return Unsupported(std::string("REDUCE_FUSION mode ") + ModeName(mode) + " on " + DataTypeName(x.dtype()) +
                         " -> " + DataTypeName(y.dtype()) + ": ALL is bool -> bool and the only mode on bool (C-548)");
    }
    *kind = NumericKind::kInteger;
    return Status::Ok();
  }
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&x, &y}, {kInput, kOutput}, kind));
  if (*kind == NumericKind::kInteger && (mode == ReduceMode::kMean || mode == ReduceMode::kL2)) {
    return Unsupported(std::string("REDUCE_FUSION mode ") + ModeName(mode) + " on plain integer " +
                       DataTypeName(x.dtype()) + " has no exact result; use float or quantized tensors (C-548)");
  }
  return Status::Ok();
}

// C-547: coeff scales the result when reduceToEnd is true and coeff != 0
// (0.0 is the OH_NN builders' default and means "no scaling").
Status ReadCoeff(const Node& node, const NumericKind kind, ReduceMode mode, ReduceParams* plan) {
  const double coeff = FloatAttr(node, "coeff");
  if (!std::isfinite(coeff)) {
    return InvalidModel("REDUCE_FUSION coeff must be finite, got " + std::to_string(coeff) + " (C-547)");
  }
  plan->apply_coeff = BoolAttr(node, "reduceToEnd") && coeff != 0.0;
  plan->coeff = plan->apply_coeff ? coeff : 1.0;
  if (plan->apply_coeff && coeff != 1.0 && kind == NumericKind::kInteger) {
    return Unsupported(std::string("REDUCE_FUSION mode ") + ModeName(mode) + ": coeff " + std::to_string(coeff) +
                       " cannot scale an integer or bool result (C-547)");
  }
  return Status::Ok();
}

// The axis input: int32/int64, rank 0 or 1 (C-545).
Status CheckAxesTensor(const TensorArg& axes) {
  if (axes.dtype() != DataType::kInt32 && axes.dtype() != DataType::kInt64) {
    return InvalidModel(std::string(kAxes) + " must be int32 or int64, got " + DataTypeName(axes.dtype()) + " (C-545)");
  }
  if (axes.dims.size() > 1) {
    return InvalidModel(std::string(kAxes) + " must have rank 0 or 1, got " + DimsToString(axes.dims) + " (C-545)");
  }
  return Status::Ok();
}

double ReduceDoubles(ReduceMode mode, const std::vector<double>& v) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double acc = mode == ReduceMode::kProd ? 1.0 : 0.0;
  if (mode == ReduceMode::kMax || mode == ReduceMode::kMin) {
    acc = v[0];
    for (double x : v) {
      if (std::isnan(x)) return nan;  // C-550: NaN propagates
      if (mode == ReduceMode::kMax ? x > acc : x < acc) acc = x;  // ties keep the first
    }
    return acc;
  }
  for (double x : v) {
    switch (mode) {
      case ReduceMode::kProd: acc *= x; break;
      case ReduceMode::kSumSquare:
      case ReduceMode::kL2: acc += x * x; break;
      case ReduceMode::kAsum: acc += std::fabs(x); break;
      default: acc += x; break;  // MEAN (divided by the plan's count), SUM
    }
  }
  if (mode == ReduceMode::kL2) return std::sqrt(acc);
  return acc;
}

// Plain integers: exact two's-complement arithmetic wrapped to 64 bits, then
// to the output width by the store (C-42, C-548). ALL: 1 when every value is non-zero.
int64_t ReduceInts(ReduceMode mode, const std::vector<int64_t>& v) {
  if (mode == ReduceMode::kMax || mode == ReduceMode::kMin) {
    int64_t acc = v[0];
    for (int64_t x : v) acc = (mode == ReduceMode::kMax ? x > acc : x < acc) ? x : acc;
    return acc;
  }
  if (mode == ReduceMode::kAll) {
    for (int64_t x : v) {
      if (x == 0) return 0;
    }
    return 1;
  }
  uint64_t acc = mode == ReduceMode::kProd ? 1 : 0;
  for (int64_t x : v) {
    const auto u = static_cast<uint64_t>(x);
    switch (mode) {
      case ReduceMode::kProd: acc *= u; break;
      case ReduceMode::kSumSquare: acc += u * u; break;
      case ReduceMode::kAsum: acc += x < 0 ? uint64_t{0} - u : u; break;
      default: acc += u; break;  // SUM
    }
  }
  return static_cast<int64_t>(acc);
}

}  // namespace

Status ReducedAxes(const std::vector<int64_t>& axes, size_t rank, bool reduce_to_end, std::vector<bool>* reduced) {
  const auto r = static_cast<int64_t>(rank);
  reduced->assign(rank, axes.empty());  // C-545: no axis reduces every axis
  int64_t first = r;
  for (int64_t a : axes) {
    if (a < -r || a >= r) {
      return InvalidModel(std::string(kAxes) + " value " + std::to_string(a) + " is out of range [" +
                          std::to_string(-r) + ", " + std::to_string(r) + ") for " + kInput + " of rank " +
                          std::to_string(r) + " (C-545)");
    }
    const int64_t n = a < 0 ? a + r : a;
    (*reduced)[static_cast<size_t>(n)] = true;  // duplicates merge
    if (n < first) first = n;
  }
  // C-546: reduceToEnd reduces from the smallest listed axis through the last.
  if (reduce_to_end) {
    for (int64_t i = first; i < r; ++i) (*reduced)[static_cast<size_t>(i)] = true;
  }
  return Status::Ok();
}

Status InferReduce(OpContext& ctx) {
  const Node& node = *ctx.node;
  ReduceParams plan;
  plan.mode = static_cast<ReduceMode>(IntAttr(node, "mode"));
  if (static_cast<int64_t>(plan.mode) < 0 || static_cast<int64_t>(plan.mode) > 8) {
    return InvalidModel("REDUCE_FUSION mode " + std::to_string(IntAttr(node, "mode")) + " is not a ReduceMode");
  }
  NNRT_RETURN_IF_ERROR(CheckReduceTypes(ctx, plan.mode, &plan.kind));
  NNRT_RETURN_IF_ERROR(ReadCoeff(node, plan.kind, plan.mode, &plan));
  NNRT_RETURN_IF_ERROR(InferReducedDims(ctx, BoolAttr(node, "keepDims"), BoolAttr(node, "reduceToEnd"), &plan));
  ctx.SetParams(plan);
  return Status::Ok();
}

Status InferReducedDims(OpContext& ctx, bool keep, bool reduce_to_end, ReduceParams* plan) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& axes = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckAxesTensor(axes));
  if (x.dims.size() > kMaxRank) {
    return InvalidModel(std::string(kInput) + " must have rank < 8, got " + DimsToString(x.dims));
  }
  if (axes.data == nullptr) {
    // Axes known only at run time: keepDims keeps the rank, otherwise the
    // declared output dims stand until then.
    ctx.outputs[0].dims = keep ? Dims(x.dims.size(), -1) : ctx.outputs[0].decl->dims;
    return Status::Ok();
  }
  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(axes, kAxes, &values));
  NNRT_RETURN_IF_ERROR(ReducedAxes(values, x.dims.size(), reduce_to_end, &plan->reduced));
  Dims out;
  plan->count = 1;
  for (size_t i = 0; i < x.dims.size(); ++i) {
    if (!plan->reduced[i]) {
      out.push_back(x.dims[i]);
      continue;
    }
    if (keep) out.push_back(1);
    plan->count *= x.dims[i];
  }
  if (!IsDynamic(x.dims) && plan->count == 0) {
    return InvalidInput(std::string(kInput) + " " + DimsToString(x.dims) + " reduces over no element (C-545)");
  }
  ctx.outputs[0].dims = out;
  plan->in_dims = x.dims;
  return Status::Ok();
}

Status ReduceKernel(OpContext& ctx) { return RunReduceWithParams(ctx, ctx.Params<ReduceParams>()); }

Status RunReduceWithParams(OpContext& ctx, const ReduceParams& p) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t rank = p.in_dims.size();
  if (p.reduced.size() != rank) return InvalidInput("REDUCE_FUSION plan does not match the input rank");
  // The output positions iterate the kept dims (reduced ones at 0), the
  // reduction positions the reduced dims, both row-major.
  Dims kept = p.in_dims, over = p.in_dims;
  for (size_t i = 0; i < rank; ++i) (p.reduced[i] ? kept[i] : over[i]) = 1;
  const std::vector<int64_t> strides = RowMajorStrides(p.in_dims);
  std::vector<int64_t> offsets;
  ForEachIndex(over, [&](const std::vector<int64_t>& index, int64_t) { offsets.push_back(OffsetOf(index, strides)); });
  std::vector<double> reals(offsets.size());
  std::vector<int64_t> ints(offsets.size());
  const bool quantized = p.kind == NumericKind::kQuantized;
  ForEachIndex(kept, [&](const std::vector<int64_t>& index, int64_t out) {
    const int64_t base = OffsetOf(index, strides);
    const auto o = static_cast<size_t>(out);
    for (size_t k = 0; k < offsets.size(); ++k) {
      const auto at = static_cast<size_t>(base + offsets[k]);
      if (p.kind == NumericKind::kInteger) {
        ints[k] = LoadAsInt64(x.dtype(), x.data, at);
      } else {
        reals[k] = quantized ? Dequantize(LoadAsInt64(x.dtype(), x.data, at), x.quant().scale, x.quant().zero_point)
                             : LoadAsDouble(x.dtype(), x.data, at);
      }
    }
    if (p.kind == NumericKind::kInteger) {
      StoreInt64(y.dtype(), y.mutable_data, o, ReduceInts(p.mode, ints));
      return;
    }
    double r = ReduceDoubles(p.mode, reals);
    if (p.mode == ReduceMode::kMean) r /= static_cast<double>(p.count);
    r *= p.coeff;  // 1.0 unless C-547 applies: one more binary64 product
    if (quantized) {
      StoreInt64(y.dtype(), y.mutable_data, o,
                 QuantizeHalfAwayFromZero(r, y.quant().scale, y.quant().zero_point, QuantMin(y.dtype()),
                                          QuantMax(y.dtype())));
    } else {
      StoreDouble(y.dtype(), y.mutable_data, o, r);
    }
  });
  return Status::Ok();
}

OpDef ReduceOpDef() {
  using namespace schema;  // NOLINT
  // HDI ReduceMode MEAN 0, MAX 1, MIN 2, PROD 3, SUM 4, SUM_SQUARE 5, ASUM 6, ALL 7, L2 8.
  return OpDef{NodeType::REDUCE_FUSION,
               {Bool("keepDims", false), Enum("mode", 0, {0, 1, 2, 3, 4, 5, 6, 7, 8}), Bool("reduceToEnd", false),
                Float("coeff", 0.0f)},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferReduce, &ReduceKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kBool},
               "reduce"};
}

}  // namespace nnrt
