// Invalid-model mutation families on operands (mutations.h): data types,
// ranks and dims, and quantization parameters.
#include "conformance/mutations/internal.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "reference/ir/quant_param_rules.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/tensor/slice.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// ---- Operand types, ranks, dims ---------------------------------------------------------

// ops_catalog per-op data-type tuples: no operator under test other than the
// casts takes a bool operand to a non-bool result. SHAPE and RANK read only
// the dims, so every operand type is allowed for them (C-611).
bool OperandTypeNotAllowed(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (IsCastLike(spec.type) || spec.type == NodeType::SHAPE || spec.type == NodeType::RANK || !Begin(valid, out)) {
    return false;
  }
  Tensor* x = NodeModelInput0(out);
  Tensor* y = NodeOutput0(out);
  // A bool input 0 (the condition of SELECT/WHERE) is already bool: nothing to break.
  if (x == nullptr || y == nullptr || y->data_type == DataType::kBool || x->data_type == DataType::kBool) return false;
  // C-692: MAXIMUM and MINIMUM take one bool beside a number, so one bool
  // operand is valid there; both operands bool is the invalid form.
  Tensor* other = nullptr;
  if (spec.type == NodeType::MAXIMUM || spec.type == NodeType::MINIMUM) {
    Model& m = out->test_case.model;
    const Node& n = m.nodes[0];
    if (n.inputs.size() < 2 || n.inputs[1] >= m.tensors.size() || m.tensors[n.inputs[1]].HasData()) return false;
    other = &m.tensors[n.inputs[1]];
  }
  out->detail = "input '" + x->name + "' " + DataTypeName(x->data_type) + " -> bool";
  x->data_type = DataType::kBool;
  x->quant_params.clear();
  if (other != nullptr) {
    out->detail += ", input '" + other->name + "' " + DataTypeName(other->data_type) + " -> bool (C-692)";
    other->data_type = DataType::kBool;
    other->quant_params.clear();
  }
  return true;
}
NNRT_MUTATION_FAMILY(10, "operand_type_not_allowed", kNode,
                     "ops_catalog data-type tuples: bool operand, non-bool result",
                     OperandTypeNotAllowed);

bool DataTypeNotInHdi(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr) return false;
  x->data_type = static_cast<DataType>(77);
  out->detail = "input '" + x->name + "' data type 77";
  return true;
}
NNRT_MUTATION_FAMILY(20, "data_type_not_in_hdi", kStructure,
                     "HDI DataType enum (ValidateModelStructure)",
                     DataTypeNotInHdi);

bool RankAboveMax(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr) return false;
  while (x->dims.size() <= NNRT_HAL_MAX_RANK) x->dims.insert(x->dims.begin(), 1);
  out->detail = "input '" + x->name + "' rank " + std::to_string(x->dims.size());
  return true;
}
NNRT_MUTATION_FAMILY(30, "rank_above_max", kStructure, "rank <= NNRT_HAL_MAX_RANK (nnrt_hal.h)", RankAboveMax);

// ops_catalog #8: Conv2D input is NHWC, rank 4.
bool RankWrongForOperator(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::CONV2D_FUSION || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->dims.size() != 4) return false;
  x->dims.erase(x->dims.begin());
  out->detail = "conv input '" + x->name + "' rank 3 " + DimsToString(x->dims);
  return true;
}
NNRT_MUTATION_FAMILY(40, "rank_wrong_for_operator", kNode,
                     "ops_catalog #8: Conv2D input is rank 4 NHWC",
                     RankWrongForOperator);

// ops_catalog #19 / #15 (C-502, C-508): MATMUL's a and b agree on K, and
// FULL_CONNECTION's flattened x on weight dim 1. b / the weight gets a K that
// fits neither (constant data resized to the new dims).
bool ReductionDimMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const bool fc = spec.type == NodeType::FULL_CONNECTION;
  if ((!fc && spec.type != NodeType::MATMUL_FUSION) || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2) return false;
  const Dims x = M(out).tensors[n.inputs[0]].dims;
  Tensor& w = M(out).tensors[n.inputs[1]];
  if (w.dims.size() < 2 || IsDynamic(x)) return false;
  const size_t axis = fc ? 1 : (GetBoolAttr(n, "transposeB", false) ? w.dims.size() - 1 : w.dims.size() - 2);
  int32_t k = w.dims[axis] + 1;
  // Without useAxis any divisor of x's element count is a valid K: skip those.
  const int64_t total = static_cast<int64_t>(ElementsOf(x));
  while (fc && !GetBoolAttr(n, "useAxis", false) && total % k == 0) ++k;
  w.dims[axis] = k;
  if (w.HasData()) w.data.resize(ElementsOf(w.dims) * DataTypeSize(w.data_type), 0);
  out->detail = "operand '" + w.name + "' dims " + DimsToString(w.dims) + " against '" +
                M(out).tensors[n.inputs[0]].name + "' " + DimsToString(x);
  return true;
}
NNRT_MUTATION_FAMILY(50, "reduction_dim_mismatch", kNode,
                     "ops_catalog #19 / #15, C-502, C-508: the reduction dims agree",
                     ReductionDimMismatch);

// C-570, C-576, C-578, C-579, C-581: the parameter operands of the
// normalisations and of SCALE / BIAS_ADD have the input's dims along their
// axis (gamma/beta from beginParamsAxis, [C], scale from axis); input 1's
// last dim + 1 matches none (constant data resized to the new dims).
bool NormParamShapeMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const NodeType t = spec.type;
  if ((t != NodeType::LAYER_NORM_FUSION && t != NodeType::FUSED_BATCH_NORM && t != NodeType::INSTANCE_NORM &&
       t != NodeType::SCALE_FUSION && t != NodeType::BIAS_ADD) ||
      !Begin(valid, out)) {
    return false;
  }
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2) return false;
  Tensor& p = M(out).tensors[n.inputs[1]];
  if (p.dims.empty() || p.dims.back() < 0) return false;
  p.dims.back() += 1;
  if (p.HasData()) p.data.resize(ElementsOf(p.dims) * DataTypeSize(p.data_type), 0);
  out->detail = "operand '" + p.name + "' dims " + DimsToString(p.dims) + " against '" +
                M(out).tensors[n.inputs[0]].name + "' " + DimsToString(M(out).tensors[n.inputs[0]].dims);
  return true;
}
NNRT_MUTATION_FAMILY(70, "norm_param_shape_mismatch", kNode,
                     "ops_catalog #49 / #3 / #67 / #26 / #5, C-570, C-576, C-578, C-579, C-581: parameter dims "
                     "follow the input",
                     NormParamShapeMismatch);

// C-720: LSTM's wHh is [numDirections*numLayers, 4*hiddenSize, hiddenSize];
// rows for hiddenSize + 1 units do not match the hiddenSize attribute.
bool LstmWeightShapeMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::LSTM || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() != 6) return false;
  Tensor& w = M(out).tensors[n.inputs[2]];
  if (w.dims.size() != 3 || w.dims[1] < 0) return false;
  w.dims[1] += 4;
  if (w.HasData()) w.data.resize(ElementsOf(w.dims) * DataTypeSize(w.data_type), 0);
  out->detail = "operand '" + w.name + "' dims " + DimsToString(w.dims) + " against hiddenSize " +
                std::to_string(GetIntAttr(n, "hiddenSize", 0));
  return true;
}
NNRT_MUTATION_FAMILY(60, "lstm_weight_shape_mismatch", kNode,
                     "ops_catalog #75, C-720: wHh is [D*L, 4*hiddenSize, hiddenSize]",
                     LstmWeightShapeMismatch);

namespace {

void SetDims(Tensor* t, Dims dims) {
  t->dims = std::move(dims);
  if (t->HasData()) t->data.resize(ElementsOf(t->dims) * DataTypeSize(t->data_type), 0);
}

}  // namespace

// The two operands of a broadcasting element-wise node numpy-broadcast (C-48,
// C-684, C-687): the second operand's last dim becomes one the first's last
// dim neither equals nor is 1 (a last dim of 1, or a scalar, becomes 2 first).
bool BroadcastIncompatible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!spec.broadcasting_binary || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() != 2 || n.inputs[0] == n.inputs[1]) return false;
  Tensor& a = M(out).tensors[n.inputs[0]];
  Tensor& b = M(out).tensors[n.inputs[1]];
  if (IsDynamic(a.dims) || IsDynamic(b.dims)) return false;
  Dims da = a.dims.empty() ? Dims{1} : a.dims;
  if (da.back() == 1) da.back() = 2;
  Dims db = b.dims.empty() ? Dims{1} : b.dims;
  db.back() = da.back() + 1;
  SetDims(&a, da);
  SetDims(&b, db);
  out->detail = "operands '" + a.name + "' " + DimsToString(da) + " and '" + b.name + "' " + DimsToString(db) +
                " do not broadcast";
  return true;
}
NNRT_MUTATION_FAMILY(80, "broadcast_incompatible", kNode,
                     "C-48, C-684, C-687: the operands of a broadcasting element-wise op broadcast",
                     BroadcastIncompatible);

// ops_catalog #42, C-545: every REDUCE_FUSION axis value lies in [-rank, rank);
// the first becomes rank + 3 (constant axis data rewritten in its own type).
bool ReduceAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::REDUCE_FUSION || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2) return false;
  const Dims x = M(out).tensors[n.inputs[0]].dims;
  Tensor& axes = M(out).tensors[n.inputs[1]];
  if (!axes.HasData() || (axes.data_type != DataType::kInt32 && axes.data_type != DataType::kInt64)) return false;
  const auto value = static_cast<int64_t>(x.size()) + 3;
  StoreInt64(axes.data_type, axes.data.data(), 0, value);
  out->detail = "axis '" + axes.name + "'[0] = " + std::to_string(value) + " for input rank " +
                std::to_string(x.size());
  return true;
}
NNRT_MUTATION_FAMILY(90, "reduce_axis_out_of_range", kNode,
                     "ops_catalog #42, C-545: axis values in [-rank, rank)",
                     ReduceAxisOutOfRange);

// ops_catalog #24, C-650: PAD_FUSION's paddings are [rank, 2]; the constant
// paddings are re-declared flat, [2 * rank] (same data).
bool PaddingsWrongShape(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::PAD_FUSION || !Begin(valid, out)) return false;
  Tensor* p = ConstantNodeInput(out, 1);
  if (p == nullptr || p->dims.size() != 2) return false;
  p->dims = Dims{p->dims[0] * p->dims[1]};
  out->detail = "operand '" + p->name + "' dims " + DimsToString(p->dims);
  return true;
}
NNRT_MUTATION_FAMILY(100, "paddings_wrong_shape", kNode,
                     "ops_catalog #24, C-650: PAD_FUSION paddings are [rank, 2]",
                     PaddingsWrongShape);

// C-651: REFLECT pads at most dim - 1 per side; the mode becomes REFLECT and
// dim 0's before-amount becomes x.dims[0] (the attribute copy, if any, too).
bool PadReflectAmountTooLarge(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::PAD_FUSION || !Begin(valid, out)) return false;
  Tensor* p = ConstantNodeInput(out, 1);
  Node& n = TheNode(out);
  const Dims x = M(out).tensors[n.inputs[0]].dims;
  if (p == nullptr || x.empty() || x[0] < 1 || p->dims.size() != 2) return false;
  StoreInt64(p->data_type, p->data.data(), 0, x[0]);
  Attr* mode = FindMutableAttr(n, "paddingMode");
  if (mode == nullptr) {
    n.attrs.push_back(Attr::Int8("paddingMode", 1));
  } else {
    mode->ints = {1};
  }
  if (Attr* copy = FindMutableAttr(n, "paddings"); copy != nullptr && !copy->ints.empty()) copy->ints[0] = x[0];
  out->detail = "REFLECT with '" + p->name + "'[0][0] = " + std::to_string(x[0]) + " on a dim of " +
                std::to_string(x[0]);
  return true;
}
NNRT_MUTATION_FAMILY(110, "pad_reflect_amount_too_large", kNode,
                     "ops_catalog 2.4, C-651: REFLECT pads at most dim - 1",
                     PadReflectAmountTooLarge);

// C-655: SLICE_FUSION's window ends inside the dim; the constant size of the
// first sliced axis becomes n - begin + 1 (one past the end).
bool SliceSizePastEnd(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::SLICE_FUSION || !Begin(valid, out)) return false;
  Tensor* begin = ConstantNodeInput(out, 1);
  Tensor* size = ConstantNodeInput(out, 2);
  const Node& n = TheNode(out);
  const Dims x = M(out).tensors[n.inputs[0]].dims;
  std::vector<size_t> dims;
  if (begin == nullptr || size == nullptr || IsDynamic(x) ||
      !ResolveSliceAxes(GetIntsAttr(n, "axes"), x.size(), &dims).ok() || dims.empty() || size->data.empty()) {
    return false;
  }
  const int64_t past = x[dims[0]] - LoadAsInt64(begin->data_type, begin->data.data(), 0) + 1;
  StoreInt64(size->data_type, size->data.data(), 0, past);
  out->detail = "'" + size->name + "'[0] = " + std::to_string(past) + " on dim " + std::to_string(dims[0]) +
                " of size " + std::to_string(x[dims[0]]);
  return true;
}
NNRT_MUTATION_FAMILY(120, "slice_size_past_end", kNode,
                     "ops_catalog #29, C-655: begin + size <= dim",
                     SliceSizePastEnd);

// C-657: CROP's window lies inside x; one offset equal to x's last dim puts
// the window of that dim (at least 1 wide) past its end.
bool CropWindowPastEnd(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::CROP || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  const Dims x = M(out).tensors[n.inputs[0]].dims;
  if (x.empty() || x.back() < 1) return false;
  if (Attr* offset = FindMutableAttr(n, "offset"); offset != nullptr) {
    offset->ints = {x.back()};
  } else {
    n.attrs.push_back(Attr::Int64s("offset", {x.back()}));
  }
  out->detail = "offset [" + std::to_string(x.back()) + "] on x " + DimsToString(x);
  return true;
}
NNRT_MUTATION_FAMILY(130, "crop_window_past_end", kNode,
                     "ops_catalog #91, C-657: offset + shape dim <= x dim",
                     CropWindowPastEnd);

// C-740: DETECTION_POST_PROCESS anchors [N, 4] hold one anchor per box of
// bbox [batch, N, 4]; N + 1 anchors match no box count.
bool DetectionAnchorCountMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::DETECTION_POST_PROCESS || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  Tensor& anchors = M(out).tensors[n.inputs[2]];
  if (anchors.dims.size() != 2 || anchors.dims[0] < 1) return false;
  anchors.dims[0] += 1;
  if (anchors.HasData()) anchors.data.resize(ElementsOf(anchors.dims) * DataTypeSize(anchors.data_type), 0);
  out->detail = "anchors dims " + DimsToString(anchors.dims) + " against bbox " +
                DimsToString(M(out).tensors[n.inputs[0]].dims);
  return true;
}
NNRT_MUTATION_FAMILY(140, "detection_anchor_count_mismatch", kNode,
                     "ops_catalog #92, C-740: one anchor per box",
                     DetectionAnchorCountMismatch);

bool DimZero(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->dims.empty()) return false;
  x->dims[0] = 0;
  out->detail = "input '" + x->name + "' dims " + DimsToString(x->dims);
  return true;
}
NNRT_MUTATION_FAMILY(270, "dim_zero", kStructure, "dims > 0 or -1 (ValidateModelStructure)", DimZero);

bool DimBelowMinusOne(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->dims.empty()) return false;
  x->dims[0] = -2;
  out->detail = "input '" + x->name + "' dims " + DimsToString(x->dims);
  return true;
}
NNRT_MUTATION_FAMILY(280, "dim_below_minus_one", kStructure,
                     "dims > 0 or -1 (ValidateModelStructure)",
                     DimBelowMinusOne);

// ---- Quantization parameters (quantization_semantics 4.2, ValidateModelStructure) ---------

namespace {

bool SetInputScale(const GeneratedCase& valid, MutatedCase* out, double scale, const char* what) {
  if (!valid.quantized || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->quant_params.empty()) return false;
  x->quant_params[0].scale = scale;
  out->detail = "input '" + x->name + "' scale " + what;
  return true;
}

}  // namespace

bool QuantScaleZero(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) { return SetInputScale(v, o, 0.0, "0"); }

bool QuantScaleNegative(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) {
  return SetInputScale(v, o, -0.5, "-0.5");
}
NNRT_MUTATION_FAMILY(300, "quant_scale_negative", kStructure,
                     "quantization_semantics 4.2: finite scale >= 0",
                     QuantScaleNegative);
NNRT_MUTATION_FAMILY(290, "quant_scale_zero", kStructure,
                     "quantization_semantics 4.2: scale 0 only on all-zero constants",
                     QuantScaleZero);

bool QuantScaleNan(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) {
  return SetInputScale(v, o, std::numeric_limits<double>::quiet_NaN(), "nan");
}
NNRT_MUTATION_FAMILY(310, "quant_scale_nan", kStructure,
                     "quantization_semantics 4.2: finite scale >= 0",
                     QuantScaleNan);

bool QuantScaleInf(const NodeSpec&, const GeneratedCase& v, MutatedCase* o) {
  return SetInputScale(v, o, std::numeric_limits<double>::infinity(), "inf");
}
NNRT_MUTATION_FAMILY(320, "quant_scale_inf", kStructure,
                     "quantization_semantics 4.2: finite scale >= 0",
                     QuantScaleInf);

bool QuantNumBitsNot8(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!valid.quantized || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  if (x == nullptr || x->quant_params.empty()) return false;
  x->quant_params[0].num_bits = 16;
  out->detail = "input '" + x->name + "' numBits 16";
  return true;
}
NNRT_MUTATION_FAMILY(330, "quant_num_bits_not_8", kStructure,
                     "quantization_semantics 4.2: numBits == 8",
                     QuantNumBitsNot8);

// One above the largest value of the input's data type: the tightest zero
// point the rule of C-300 rejects (int8 128, uint8 256).
bool QuantZeroPointOutOfRange(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!valid.quantized || !Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  int64_t lo = 0, hi = 0;
  if (x == nullptr || x->quant_params.empty() || !IntegerTypeRange(x->data_type, &lo, &hi) ||
      hi >= std::numeric_limits<int32_t>::max()) {
    return false;
  }
  x->quant_params[0].zero_point = static_cast<int32_t>(hi + 1);
  out->detail = "input '" + x->name + "' zero point " + std::to_string(hi + 1) + " outside " +
                DataTypeName(x->data_type);
  return true;
}
NNRT_MUTATION_FAMILY(340, "quant_zero_point_out_of_range", kStructure,
                     "C-300: a zero point lies in its data type's range",
                     QuantZeroPointOutOfRange);

// A quantized operator must produce a quantized result of the same type
// (quantization_semantics 4.5); only the casts convert between domains.
bool QuantOutputFloat(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!valid.quantized || IsCastLike(spec.type) || !Begin(valid, out)) return false;
  Tensor* y = NodeOutput0(out);
  if (y == nullptr || y->quant_params.empty()) return false;
  // An output whose type no input fixes (CONSTANT_OF_SHAPE) may be float32.
  bool quantized_input = false;
  for (uint32_t i : TheNode(out).inputs) quantized_input |= !M(out).tensors[i].quant_params.empty();
  if (!quantized_input) return false;
  y->data_type = DataType::kFloat32;
  y->quant_params.clear();
  out->detail = "quantized inputs with float32 output '" + y->name + "'";
  return true;
}
NNRT_MUTATION_FAMILY(350, "quant_output_float", kNode,
                     "quantization_semantics 4.5: quantized op, quantized result of the same type",
                     QuantOutputFloat);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
