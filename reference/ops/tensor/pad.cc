#include "reference/ops/tensor/pad.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kPadX[] = "input 0 (x)";
const char kPaddings[] = "input 1 (paddings)";

// C-650: paddings is a [rank, 2] int32/int64 tensor.
Status CheckPaddingsShape(const TensorArg& paddings, size_t rank) {
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(paddings, kPaddings));
  const Dims& d = paddings.dims;
  const bool ok = d.size() == 2 && (d[0] < 0 || d[0] == static_cast<int32_t>(rank)) && (d[1] < 0 || d[1] == 2);
  if (!ok) {
    return InvalidModel("PAD_FUSION " + std::string(kPaddings) + " must have dims [" + std::to_string(rank) +
                        ", 2] for x of rank " + std::to_string(rank) + ", got " + DimsToString(d) + " (C-650)");
  }
  return Status::Ok();
}

// C-650: the paddings input decides; a non-empty `paddings` attribute (the
// OH_NN builder copies a constant input into it) must hold the same values.
// Sets *values (empty = unknown at prepare time) and *from_model (the values
// are constants of the model: bad values make the model invalid).
Status ResolvePaddings(const OpContext& ctx, size_t rank, std::vector<int64_t>* values, bool* from_model) {
  const TensorArg& paddings = ctx.inputs[1];
  const std::vector<int64_t> attr = IntsAttr(*ctx.node, "paddings");
  if (!attr.empty() && attr.size() != 2 * rank) {
    return InvalidModel("PAD_FUSION attribute paddings holds " + std::to_string(attr.size()) + " values, needs 2 x rank = " +
                        std::to_string(2 * rank) + " (C-650)");
  }
  *from_model = true;
  values->clear();
  if (paddings.data != nullptr && !IsDynamic(paddings.dims)) {
    NNRT_RETURN_IF_ERROR(ReadIntTensor(paddings, kPaddings, values));
    *from_model = paddings.decl->HasData();
    if (!attr.empty() && attr != *values) {
      return IndexValueError(paddings, "PAD_FUSION " + std::string(kPaddings) +
                                           " differs from the non-empty paddings attribute; the input decides and "
                                           "the attribute must repeat it (C-650)");
    }
  } else if (!attr.empty()) {
    *values = attr;
  }
  return Status::Ok();
}

const char* ModeName(PaddingMode m) {
  return m == PaddingMode::kReflect ? "REFLECT" : m == PaddingMode::kSymmetric ? "SYMMETRIC" : "CONSTANT";
}

// C-653 (no negative amounts) and C-651 (REFLECT: amount <= n-1; SYMMETRIC:
// amount <= n) for dim d of size n (-1 = unknown: checked at run time).
Status CheckAmounts(PaddingMode mode, size_t d, int64_t before, int64_t after, int32_t n, bool from_model) {
  const NNRT_ReturnCode code = from_model ? NNRT_INVALID_MODEL : NNRT_INVALID_INPUT;
  const std::string where = "PAD_FUSION paddings of dim " + std::to_string(d) + " [" + std::to_string(before) + ", " +
                            std::to_string(after) + "]";
  if (before < 0 || after < 0) return Status(code, where + " must not be negative (C-653)");
  if (before > kMaxDimValue || after > kMaxDimValue) return Status(code, where + " exceeds 2^31-1");
  if (n < 0 || mode == PaddingMode::kConstant) return Status::Ok();
  const int64_t limit = mode == PaddingMode::kReflect ? n - 1 : n;
  if (before > limit || after > limit) {
    return Status(code, where + " exceed " + std::string(ModeName(mode)) + "'s limit " + std::to_string(limit) +
                            (mode == PaddingMode::kReflect ? " (dim - 1)" : " (dim)") + " for a dim of size " +
                            std::to_string(n) + " (C-651)");
  }
  return Status::Ok();
}

}  // namespace

// C-652: constantValue stored in y's type: float types rounded once (NaN is
// the canonical NaN); int8/uint8 quantized with y's params (half away from
// zero, saturated; NaN -> zero point); int32/int64 rounded half away from
// zero and saturated (NaN -> 0); bool: true when non-zero (NaN -> false).
std::vector<uint8_t> EncodeFill(const TensorArg& y, float constant) {
  const DataType t = y.dtype();
  std::vector<uint8_t> fill(DataTypeSize(t), 0);
  const double c = static_cast<double>(constant);
  if (IsFloatType(t)) {
    StoreDouble(t, fill.data(), 0, c);
  } else if (y.quantized()) {
    StoreInt64(t, fill.data(), 0,
               QuantizeHalfAwayFromZero(c, y.quant().scale, y.quant().zero_point, QuantMin(t), QuantMax(t)));
  } else if (t == DataType::kBool) {
    StoreInt64(t, fill.data(), 0, !std::isnan(c) && c != 0.0 ? 1 : 0);
  } else {
    const double lo = t == DataType::kInt32 ? -2147483648.0 : -9223372036854775808.0;
    const double hi = t == DataType::kInt32 ? 2147483647.0 : 9223372036854775807.0;
    int64_t v = 0;
    if (!std::isnan(c)) {
      const double r = RoundHalfAwayFromZero(c);
      v = r <= lo ? static_cast<int64_t>(lo)
                  : r >= hi ? (t == DataType::kInt32 ? 2147483647LL : std::numeric_limits<int64_t>::max())
                            : static_cast<int64_t>(r);
    }
    StoreInt64(t, fill.data(), 0, v);
  }
  return fill;
}

int64_t PadSourceIndex(PaddingMode mode, int64_t i, int64_t n) {
  if (i >= 0 && i < n) return i;
  if (mode == PaddingMode::kConstant) return -1;
  if (mode == PaddingMode::kReflect) return i < 0 ? -i : 2 * (n - 1) - i;
  return i < 0 ? -i - 1 : 2 * n - 1 - i;
}

Status InferPad(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "PAD_FUSION", kPadX));
  // The fill is quantized with one scale and zero point (C-652).
  if (x.quantized()) NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(x, kPadX));
  const size_t rank = x.dims.size();
  if (rank == 0) return InvalidModel("PAD_FUSION " + std::string(kPadX) + " must have rank >= 1 (C-650)");
  NNRT_RETURN_IF_ERROR(CheckPaddingsShape(ctx.inputs[1], rank));
  const int64_t mode = IntAttr(*ctx.node, "paddingMode");
  if (mode < 0 || mode > 2) {
    return InvalidModel("PAD_FUSION paddingMode " + std::to_string(mode) +
                        " is not CONSTANT (0), REFLECT (1) or SYMMETRIC (2); RESERVED (3) has no semantics (C-651)");
  }
  PadParams p;
  p.mode = static_cast<PaddingMode>(mode);
  p.in = x.dims;
  std::vector<int64_t> values;
  bool from_model = true;
  NNRT_RETURN_IF_ERROR(ResolvePaddings(ctx, rank, &values, &from_model));
  p.out = Dims(rank, -1);
  if (!values.empty()) {
    p.before.resize(rank);
    for (size_t d = 0; d < rank; ++d) {
      const int64_t before = values[2 * d], after = values[2 * d + 1];
      NNRT_RETURN_IF_ERROR(CheckAmounts(p.mode, d, before, after, x.dims[d], from_model));
      p.before[d] = before;
      if (x.dims[d] < 0) continue;
      const int64_t n = x.dims[d] + before + after;
      if (n > kMaxDimValue) {
        return InvalidModel("PAD_FUSION output dim " + std::to_string(d) + " = " + std::to_string(n) +
                            " exceeds 2^31-1");
      }
      p.out[d] = static_cast<int32_t>(n);
    }
  }
  if (!IsDynamic(p.out) && !ElementCount(p.out)) return InvalidModel("PAD_FUSION output element count overflows");
  p.fill = EncodeFill(ctx.outputs[0], FloatAttr(*ctx.node, "constantValue"));
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

Status PadKernel(OpContext& ctx) {
  const PadParams& p = ctx.Params<PadParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  const std::vector<int64_t> strides = RowMajorStrides(p.in);
  ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d) {
      const int64_t i = PadSourceIndex(p.mode, index[d] - p.before[d], p.in[d]);
      if (i < 0) {
        offset = -1;
        break;
      }
      offset += i * strides[d];
    }
    const uint8_t* src = offset < 0 ? p.fill.data() : x.data + static_cast<size_t>(offset) * es;
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, src, es);
  });
  return Status::Ok();
}

OpDef PadOpDef() {
  using schema::Enum;
  using schema::Float;
  using schema::Int64List;
  // HDI PaddingMode CONSTANT 0, REFLECT 1, SYMMETRIC 2 (RESERVED 3 rejected, C-651).
  return OpDef{NodeType::PAD_FUSION,
               {Int64List("paddings"), Enum("paddingMode", 0, {0, 1, 2}), Float("constantValue", 0.0f)},
               /*inputs=*/2,
               2,
               /*outputs=*/1,
               1,
               &InferPad,
               &PadKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "slice_pad"};
}

}  // namespace nnrt
