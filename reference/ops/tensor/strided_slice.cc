#include "reference/ops/tensor/strided_slice.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "reference/hal/nnrt_hal_types.h"
#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kX[] = "input 0 (x)";
const char* const kSpecRoles[3] = {"input 1 (begin)", "input 2 (end)", "input 3 (strides)"};

// One spec entry expanded onto x (C-615): a dim of x read whole (covered by
// the ellipsis), a new axis (no dim of x), or a dim of x addressed by entry i.
enum class EntryKind { kWhole, kNewAxis, kSliced };
struct DenseEntry {
  EntryKind kind;
  size_t entry;  // spec entry (kSliced)
};

bool Bit(int64_t mask, size_t i) { return i < 63 && ((mask >> i) & 1) != 0; }

// C-616: each mask is >= 0 with bits only at entries 0..k-1; one ellipsis bit at most.
Status CheckMasks(const StridedSliceMasks& m, size_t k) {
  const struct {
    const char* name;
    int64_t value;
  } masks[] = {{"beginMask", m.begin}, {"endMask", m.end}, {"ellipsisMask", m.ellipsis},
               {"newAxisMask", m.new_axis}, {"shrinkAxisMask", m.shrink}};
  for (const auto& mask : masks) {
    if (mask.value < 0 || (k < 63 && (mask.value >> k) != 0)) {
      return InvalidModel("STRIDED_SLICE " + std::string(mask.name) + " " + std::to_string(mask.value) +
                          " has bits outside entries 0.." + std::to_string(k - 1) + " of begin/end/strides (k = " +
                          std::to_string(k) + ", C-616)");
    }
  }
  if ((m.ellipsis & (m.ellipsis - 1)) != 0) {
    return InvalidModel("STRIDED_SLICE ellipsisMask " + std::to_string(m.ellipsis) +
                        " sets more than one bit (only one ellipsis is allowed, C-616)");
  }
  return Status::Ok();
}

// C-615/C-616: expands the k spec entries onto x's rank. Precedence per
// entry: ellipsis, then new axis, then a sliced (possibly shrunk) dim. With
// no ellipsis bit an implicit ellipsis follows the last entry.
Status ExpandEntries(const StridedSliceMasks& m, size_t k, size_t rank, std::vector<DenseEntry>* dense) {
  size_t addressing = 0;
  for (size_t i = 0; i < k; ++i) addressing += !Bit(m.ellipsis, i) && !Bit(m.new_axis, i) ? 1 : 0;
  if (addressing > rank) {
    return InvalidModel("STRIDED_SLICE begin/end/strides address " + std::to_string(addressing) +
                        " dims (entries that are neither ellipsis nor new axis) but x has rank " +
                        std::to_string(rank) + " (C-615)");
  }
  const size_t whole = rank - addressing;
  dense->clear();
  for (size_t i = 0; i < k; ++i) {
    if (Bit(m.ellipsis, i)) {
      dense->insert(dense->end(), whole, DenseEntry{EntryKind::kWhole, i});
    } else if (Bit(m.new_axis, i)) {
      dense->push_back(DenseEntry{EntryKind::kNewAxis, i});
    } else {
      dense->push_back(DenseEntry{EntryKind::kSliced, i});
    }
  }
  if (m.ellipsis == 0) dense->insert(dense->end(), whole, DenseEntry{EntryKind::kWhole, k});
  return Status::Ok();
}

// The error of a bad begin/end/strides value (C-619): an invalid model when
// all three are constants and x's dims are declared; a run-time error otherwise.
Status SpecValueError(const OpContext& ctx, const std::string& message) {
  bool constant = !IsDynamic(ctx.inputs[0].decl->dims);
  for (size_t t = 1; t <= 3; ++t) constant = constant && ctx.inputs[t].decl->HasData();
  return Status(constant ? NNRT_INVALID_MODEL : NNRT_INVALID_INPUT, message);
}

// Number of indices start, start + s, ... strictly before `stop` (s != 0).
int64_t StepCount(int64_t start, int64_t stop, int64_t s) {
  const uint64_t dist = s > 0 ? (stop > start ? static_cast<uint64_t>(stop - start) : 0)
                              : (start > stop ? static_cast<uint64_t>(start - stop) : 0);
  const uint64_t mag = s > 0 ? static_cast<uint64_t>(s) : static_cast<uint64_t>(-(s + 1)) + 1;
  return dist == 0 ? 0 : static_cast<int64_t>(1 + (dist - 1) / mag);
}

// A begin or end value on a dim of size n (C-617): negative counts from the
// end once, then clamped to [0, n] for a positive stride, [-1, n-1] for a
// negative one.
int64_t Canonical(int64_t v, int64_t n, int64_t s) {
  if (v < 0) v += n;
  return s > 0 ? std::clamp<int64_t>(v, 0, n) : std::clamp<int64_t>(v, -1, n - 1);
}

// One sliced dim d of size n with the values of entry i (C-617, C-618).
Status SliceDim(const OpContext& ctx, const StridedSliceMasks& m, size_t i, size_t d, int64_t n, int64_t b,
                int64_t e, int64_t s, StridedSliceParams* p) {
  const std::string where = "STRIDED_SLICE entry " + std::to_string(i) + " on dim " + std::to_string(d) + " (size " +
                            std::to_string(n) + "): ";
  if (Bit(m.shrink, i)) {
    int64_t index = Bit(m.begin, i) ? 0 : b;
    if (index < 0 && index >= -n) index += n;
    if (index < 0 || index >= n) {
      return SpecValueError(ctx, where + "shrink index " + std::to_string(b) + " is outside [" + std::to_string(-n) +
                                     ", " + std::to_string(n - 1) + "] (C-618)");
    }
    p->start[d] = index;
    p->step[d] = 1;
    p->count[d] = 1;
    return Status::Ok();
  }
  const int64_t first = Bit(m.begin, i) ? (s > 0 ? 0 : n - 1) : Canonical(b, n, s);
  const int64_t stop = Bit(m.end, i) ? (s > 0 ? n : -1) : Canonical(e, n, s);
  const int64_t count = StepCount(first, stop, s);
  if (count == 0) {
    return SpecValueError(ctx, where + "begin " + std::to_string(b) + ", end " + std::to_string(e) + ", stride " +
                                   std::to_string(s) + " select no element (resolved range [" +
                                   std::to_string(first) + ", " + std::to_string(stop) +
                                   ")); zero-size results are rejected (C-619)");
  }
  p->start[d] = first;
  p->step[d] = s;
  p->count[d] = static_cast<int32_t>(count);
  return Status::Ok();
}

// begin, end and strides: int32/int64, 1-D, one common length (C-615).
Status CheckSpecOperands(const OpContext& ctx, int32_t* k) {
  *k = -1;
  for (size_t t = 1; t <= 3; ++t) {
    const TensorArg& v = ctx.inputs[t];
    NNRT_RETURN_IF_ERROR(CheckIndexTensorType(v, kSpecRoles[t - 1]));
    if (v.dims.size() != 1) {
      return InvalidModel("STRIDED_SLICE " + std::string(kSpecRoles[t - 1]) + " must be 1-D, got " +
                          DimsToString(v.dims) + " (C-615)");
    }
    if (v.dims[0] < 0) continue;
    if (*k >= 0 && v.dims[0] != *k) {
      return InvalidModel("STRIDED_SLICE begin, end and strides must have one length, got " +
                          DimsToString(ctx.inputs[1].dims) + ", " + DimsToString(ctx.inputs[2].dims) + ", " +
                          DimsToString(ctx.inputs[3].dims) + " (C-615)");
    }
    *k = v.dims[0];
  }
  return Status::Ok();
}

// The values of begin, end and strides, or false when one is not known yet.
Status SpecValues(const OpContext& ctx, std::vector<int64_t> values[3], bool* known) {
  *known = true;
  for (size_t t = 1; t <= 3; ++t) {
    const TensorArg& v = ctx.inputs[t];
    if (v.data == nullptr || IsDynamic(v.dims)) {
      *known = false;
      continue;
    }
    NNRT_RETURN_IF_ERROR(ReadIntTensor(v, kSpecRoles[t - 1], &values[t - 1]));
  }
  for (size_t i = 0; i < values[2].size(); ++i) {
    if (values[2][i] == 0) {
      return IndexValueError(ctx.inputs[3], "STRIDED_SLICE strides[" + std::to_string(i) +
                                                "] is 0; every stride must be non-zero (C-617)");
    }
  }
  return Status::Ok();
}

}  // namespace

StridedSliceMasks ReadStridedSliceMasks(const Node& node) {
  StridedSliceMasks m;
  m.begin = IntAttr(node, "beginMask");
  m.end = IntAttr(node, "endMask");
  m.ellipsis = IntAttr(node, "ellipsisMask");
  m.new_axis = IntAttr(node, "newAxisMask");
  m.shrink = IntAttr(node, "shrinkAxisMask");
  return m;
}

Status InferStridedSliceWithMasks(OpContext& ctx, const StridedSliceMasks& masks) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, y, "STRIDED_SLICE", kX));
  int32_t k = -1;
  NNRT_RETURN_IF_ERROR(CheckSpecOperands(ctx, &k));
  std::vector<int64_t> values[3];
  bool known = false;
  NNRT_RETURN_IF_ERROR(SpecValues(ctx, values, &known));
  if (k < 0) {  // the entry count is not known before run time
    y.dims = y.decl->dims;
    return Status::Ok();
  }
  NNRT_RETURN_IF_ERROR(CheckMasks(masks, static_cast<size_t>(k)));
  std::vector<DenseEntry> dense;
  NNRT_RETURN_IF_ERROR(ExpandEntries(masks, static_cast<size_t>(k), x.dims.size(), &dense));
  StridedSliceParams p;
  p.in = x.dims;
  p.start.assign(x.dims.size(), 0);
  p.step.assign(x.dims.size(), 1);
  p.count = x.dims;
  Dims out;
  size_t d = 0;
  for (const DenseEntry& entry : dense) {
    if (entry.kind == EntryKind::kNewAxis) {
      out.push_back(1);
      continue;
    }
    const int64_t n = x.dims[d];
    if (entry.kind == EntryKind::kSliced) {
      const size_t i = entry.entry;
      if (known && n >= 0) {
        NNRT_RETURN_IF_ERROR(SliceDim(ctx, masks, i, d, n, values[0][i], values[1][i], values[2][i], &p));
      } else {
        p.count[d] = -1;  // value-dependent (C-620)
      }
      if (Bit(masks.shrink, i)) {
        ++d;
        continue;
      }
    }
    out.push_back(p.count[d]);
    ++d;
  }
  if (out.size() > NNRT_HAL_MAX_RANK) {
    return InvalidModel("STRIDED_SLICE output rank " + std::to_string(out.size()) + " exceeds " +
                        std::to_string(NNRT_HAL_MAX_RANK) + " (C-615)");
  }
  y.dims = out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

Status InferStridedSlice(OpContext& ctx) {
  return InferStridedSliceWithMasks(ctx, ReadStridedSliceMasks(*ctx.node));
}

Status StridedSliceKernel(OpContext& ctx) {
  const StridedSliceParams& p = ctx.Params<StridedSliceParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  const std::vector<int64_t> strides = RowMajorStrides(p.in);
  ForEachIndex(p.count, [&](const std::vector<int64_t>& index, int64_t flat) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d) offset += (p.start[d] + index[d] * p.step[d]) * strides[d];
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, x.data + static_cast<size_t>(offset) * es, es);
  });
  return Status::Ok();
}

OpDef StridedSliceOpDef() {
  return OpDef{NodeType::STRIDED_SLICE,
               {schema::Int64("beginMask", 0), schema::Int64("endMask", 0), schema::Int64("ellipsisMask", 0),
                schema::Int64("newAxisMask", 0), schema::Int64("shrinkAxisMask", 0)},
               /*inputs=*/4,
               4,
               /*outputs=*/1,
               1,
               &InferStridedSlice,
               &StridedSliceKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "strided_slice"};
}

}  // namespace nnrt
