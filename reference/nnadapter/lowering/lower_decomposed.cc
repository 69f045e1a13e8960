// ARG_MIN, ADAPTIVE_AVERAGE_POOL_2D, ADAPTIVE_MAX_POOL_2D and CUM_SUM: no NNRt
// node type computes them, but each is an exact composition of NNRt nodes
// (C-850). Every output element is computed by one REDUCE_FUSION / ARGMAX_FUSION
// over exactly the elements NNAdapter's definition names, in ascending index
// order, so the reference's rounding rule (binary64, one rounding) is the
// operation's. docs/nnadapter.md "Operations without an NNRt node type".
#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {
namespace {

constexpr int8_t kReduceMean = 0;  // HDI ReduceMode
constexpr int8_t kReduceMax = 1;
constexpr int8_t kReduceSum = 4;

uint32_t Int64ListConstant(LoweringBuilder& b, const std::vector<int64_t>& values) {
  return b.AddConstant(DataType::kInt64, {static_cast<int32_t>(values.size())}, Int64Bytes(values));
}

// An axis operand (scalar or 1-element tensor) normalised into [0, rank).
Status ReadAxisScalarOrSingleton(const Operand* operand, const std::string& what, size_t rank, int64_t* axis) {
  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntList(operand, what, &values));
  if (values.size() != 1) return InvalidModel(what + " must hold 1 value, holds " + std::to_string(values.size()));
  const int64_t r = static_cast<int64_t>(rank);
  if (values[0] < -r || values[0] >= r) {
    return InvalidModel(what + " " + std::to_string(values[0]) + " is outside [" + std::to_string(-r) + ", " +
                        std::to_string(r) + ")");
  }
  *axis = values[0] < 0 ? values[0] + r : values[0];
  return Status::Ok();
}

// Float32 and int8 (symmetric per tensor) are the operations' documented input types.
Status CheckFloatOrInt8(const Operand* x, const char* name) {
  const int32_t p = RawValue(x->type.precision);
  if (p == NNADAPTER_FLOAT32 || p == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) return Status::Ok();
  return Unsupported(std::string(name) + " input 0 has precision " + std::to_string(p) +
                     "; only FLOAT32 and QUANT_INT8_SYMM_PER_LAYER are defined (C-850)");
}

// The operand counts, input 0's type, and the IR tensors of input 0 and output 0.
// `outputs` 2: {output, indices} with indices NULL (ADAPTIVE_MAX_POOL_2D, C-903).
Status ReadUnary(LoweringBuilder& b, const Operation& op, const char* name, int inputs, uint32_t* x, uint32_t* y,
                 int outputs = 1) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, name, inputs, outputs));
  if (outputs == 2 && op.output_operands[1] != nullptr) {
    return Unsupported(std::string(name) + " indices: no NNRt node returns pooling indices (C-814)");
  }
  NNRT_RETURN_IF_ERROR(CheckFloatOrInt8(op.input_operands[0], name));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], x));
  return b.TensorOf(op.output_operands[0], y);
}

// SLICE_FUSION of `x` along `axes` (begin, size per axis) into a new temporary.
uint32_t SliceOf(LoweringBuilder& b, uint32_t x, const std::vector<int64_t>& axes, const std::vector<int64_t>& begin,
                 const std::vector<int64_t>& size) {
  const Tensor& t = b.tensor(x);
  Dims dims = t.dims;
  for (size_t i = 0; i < axes.size(); ++i) dims[axes[i]] = static_cast<int32_t>(size[i]);
  const uint32_t out = b.AddTemporary(t.data_type, dims, t.quant_params);
  const uint32_t begin_t = Int64ListConstant(b, begin);
  const uint32_t size_tensor = Int64ListConstant(b, size);
  b.AddNode(NodeType::SLICE_FUSION, {Attr::Int64s("axes", axes)}, {x, begin_t, size_tensor}, {out});
  return out;
}

// REDUCE_FUSION `mode` of `in` over `axes` with keepDims into `out`.
void ReduceInto(LoweringBuilder& b, int8_t mode, uint32_t in, const std::vector<int64_t>& axes, uint32_t out) {
  b.AddNode(NodeType::REDUCE_FUSION, {Attr::Bool("keepDims", true), Attr::Int8("mode", mode)},
            {in, Int64ListConstant(b, axes)}, {out});
}

// `out` itself when only one piece will be written, else a new temporary of
// `dims` with out's type: the pieces are concatenated into `out` afterwards.
uint32_t PieceTarget(LoweringBuilder& b, int64_t pieces, uint32_t out, const Dims& dims) {
  if (pieces == 1) return out;
  const Tensor& t = b.tensor(out);
  return b.AddTemporary(t.data_type, dims, t.quant_params);
}

void ConcatInto(LoweringBuilder& b, const std::vector<uint32_t>& pieces, int64_t axis, uint32_t out) {
  if (pieces.size() > 1) b.AddNode(NodeType::CONCAT, {Attr::Int64("axis", axis)}, pieces, {out});
}

}  // namespace

// ARG_MIN(x) = ARGMAX_FUSION(NEG(x)) (C-851): NEG is exact, so the order is
// reversed exactly; ties keep the first index; a NaN (NEG keeps it NaN) ranks
// first, so the first NaN wins. int8 codes are CAST to float32 first (exact;
// the scale is positive, so the order of codes is the order of values).
Status LowerArgMin(LoweringBuilder& b, const Operation& op) {
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(ReadUnary(b, op, "ARG_MIN", 4, &x, &y));
  const Dims dims = b.tensor(x).dims;
  int64_t axis = 0;
  bool keepdim = false;
  int32_t dtype = 0;
  NNRT_RETURN_IF_ERROR(ReadAxisScalarOrSingleton(op.input_operands[1], "ARG_MIN axis", dims.size(), &axis));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[2], "ARG_MIN keepdim", &keepdim));
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(op.input_operands[3], "ARG_MIN dtype", &dtype));
  const int32_t y_precision = RawValue(op.output_operands[0]->type.precision);
  if ((dtype != NNADAPTER_INT32 && dtype != NNADAPTER_INT64) || dtype != y_precision) {
    return InvalidModel("ARG_MIN dtype " + std::to_string(dtype) + " must be NNADAPTER_INT32 or NNADAPTER_INT64 and " +
                        "equal the output's precision " + std::to_string(y_precision));
  }
  uint32_t values = x;
  if (b.tensor(x).data_type != DataType::kFloat32) {
    values = b.AddTemporary(DataType::kFloat32, dims, {});
    const int64_t oh_nn_float32 = DataTypeToOhnn(DataType::kFloat32);
    b.AddNode(NodeType::CAST, {}, {x, b.AddConstant(DataType::kInt64, {1}, Int64Bytes({oh_nn_float32}))}, {values});
  }
  const uint32_t negated = b.AddTemporary(DataType::kFloat32, dims, {});
  b.AddNode(NodeType::NEG, {}, {values}, {negated});
  b.AddNode(NodeType::ARGMAX_FUSION,
            {Attr::Int64("axis", axis), Attr::Int64("topK", 1), Attr::Bool("keepDims", keepdim),
             Attr::Bool("outMaxValue", false)},
            {negated}, {y});
  return Status::Ok();
}

namespace {

// Adaptive pooling (C-852): output row i pools input rows
// [floor(i*H/OH), ceil((i+1)*H/OH)), columns likewise; each output position is
// one REDUCE_FUSION (MEAN or MAX) over its window's SLICE_FUSION.
Status LowerAdaptivePool(LoweringBuilder& b, const Operation& op, bool average) {
  const char* name = average ? "ADAPTIVE_AVERAGE_POOL_2D" : "ADAPTIVE_MAX_POOL_2D";
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(ReadUnary(b, op, name, average ? 2 : 4, &x, &y, average ? 1 : 2));
  if (!average) {
    bool return_indices = false;
    NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[2], std::string(name) + " return_indices", &return_indices));
    if (return_indices) return Unsupported(std::string(name) + " return_indices: no NNRt node returns pooling indices (C-814)");
  }
  std::vector<int64_t> out_hw;
  NNRT_RETURN_IF_ERROR(ReadIntList(op.input_operands[1], std::string(name) + " output_shape", &out_hw));
  if (out_hw.size() != 2 || out_hw[0] < 1 || out_hw[1] < 1) {
    return InvalidModel(std::string(name) + " output_shape must hold 2 values >= 1");
  }
  if (RawValue(op.input_operands[0]->type.layout) != NNADAPTER_NCHW) {
    return Unsupported(std::string(name) + " input 0 has layout NHWC; the standard operations are defined on NCHW (C-813)");
  }
  const Dims xd = b.tensor(x).dims;
  if (xd.size() != 4 || xd[2] < 1 || xd[3] < 1) {
    return Unsupported(std::string(name) + " input 0 must be 4-D NCHW with known H and W (the windows are fixed at " +
                       "lowering), got " + DimsToString(xd) + " (C-852)");
  }
  const Dims& yd = b.tensor(y).dims;
  if (yd.size() != 4 || (yd[2] >= 0 && yd[2] != out_hw[0]) || (yd[3] >= 0 && yd[3] != out_hw[1])) {
    return InvalidModel(std::string(name) + " output 0 dims " + DimsToString(yd) + " do not match output_shape");
  }
  const int64_t in_h = xd[2], in_w = xd[3], out_h = out_hw[0], out_w = out_hw[1];
  std::vector<uint32_t> rows;
  for (int64_t i = 0; i < out_h; ++i) {
    const int64_t h0 = (i * in_h) / out_h, h1 = ((i + 1) * in_h + out_h - 1) / out_h;
    const uint32_t row = PieceTarget(b, out_h, y, {xd[0], xd[1], 1, static_cast<int32_t>(out_w)});
    std::vector<uint32_t> cells;
    for (int64_t j = 0; j < out_w; ++j) {
      const int64_t w0 = (j * in_w) / out_w, w1 = ((j + 1) * in_w + out_w - 1) / out_w;
      const uint32_t window = SliceOf(b, x, {2, 3}, {h0, w0}, {h1 - h0, w1 - w0});
      const uint32_t cell = PieceTarget(b, out_w, row, {xd[0], xd[1], 1, 1});
      ReduceInto(b, average ? kReduceMean : kReduceMax, window, {2, 3}, cell);
      cells.push_back(cell);
    }
    ConcatInto(b, cells, 3, row);
    rows.push_back(row);
  }
  ConcatInto(b, rows, 2, y);
  return Status::Ok();
}

// The terms of cum_sum output k along an axis of length n: [first, last), in
// ascending index order (C-853).
void CumSumTerms(int64_t k, int64_t n, bool exclusive, bool reverse, int64_t* first, int64_t* last) {
  if (!reverse) {
    *first = 0;
    *last = exclusive ? k : k + 1;
  } else {
    *first = exclusive ? k + 1 : k;
    *last = n;
  }
}

}  // namespace

Status LowerAdaptiveAveragePool2D(LoweringBuilder& b, const Operation& op) { return LowerAdaptivePool(b, op, true); }
Status LowerAdaptiveMaxPool2D(LoweringBuilder& b, const Operation& op) { return LowerAdaptivePool(b, op, false); }

// CUM_SUM (C-853): output k along the axis is REDUCE_FUSION SUM of the slice
// of its terms; an empty sum (exclusive, at the first position) is a constant
// +0 (int8: code 0).
Status LowerCumSum(LoweringBuilder& b, const Operation& op) {
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(ReadUnary(b, op, "CUM_SUM", 4, &x, &y));
  const Dims xd = b.tensor(x).dims;
  int64_t axis = 0;
  bool exclusive = false, reverse = false;
  NNRT_RETURN_IF_ERROR(ReadAxisScalarOrSingleton(op.input_operands[1], "CUM_SUM axis", xd.size(), &axis));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[2], "CUM_SUM exclusive", &exclusive));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[3], "CUM_SUM reverse", &reverse));
  const std::optional<int64_t> elements = ElementCount(xd);
  if (!elements || *elements == 0) {
    return Unsupported("CUM_SUM input 0 must have known, non-zero dims (the sums are fixed at lowering), got " +
                       DimsToString(xd) + " (C-853)");
  }
  const int64_t n = xd[axis];
  Dims cell_dims = xd;
  cell_dims[axis] = 1;
  std::vector<uint32_t> cells;
  for (int64_t k = 0; k < n; ++k) {
    int64_t first = 0, last = 0;
    CumSumTerms(k, n, exclusive, reverse, &first, &last);
    if (first == last) {
      const Tensor& yt = b.tensor(y);
      const size_t bytes = static_cast<size_t>(*elements / n) * DataTypeSize(yt.data_type);
      cells.push_back(b.AddConstant(yt.data_type, cell_dims, std::vector<uint8_t>(bytes, 0), yt.quant_params));
      continue;
    }
    const uint32_t cell = PieceTarget(b, n, y, cell_dims);
    ReduceInto(b, kReduceSum, SliceOf(b, x, {axis}, {first}, {last - first}), {axis}, cell);
    cells.push_back(cell);
  }
  if (cells.size() == 1 && cells[0] != y) {  // exclusive over an axis of 1: all zeros, copied into y
    b.AddNode(NodeType::RESHAPE, {}, {cells[0], Int64ListConstant(b, std::vector<int64_t>(xd.begin(), xd.end()))}, {y});
  }
  ConcatInto(b, cells, axis, y);
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
