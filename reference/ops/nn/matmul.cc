#include "reference/ops/nn/matmul.h"

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

const char kA[] = "input 0 (a)";
const char kB[] = "input 1 (b)";
const char kOutput[] = "output 0";
// C-500: the operands are matrices or batches of matrices, rank 2..6.
constexpr size_t kMinRank = 2;
constexpr size_t kMaxRank = 6;

Status CheckRank(const TensorArg& t, const char* role) {
  if (t.dims.size() < kMinRank || t.dims.size() > kMaxRank) {
    return InvalidModel(std::string("MATMUL_FUSION ") + role + " must have rank 2..6, got " + DimsToString(t.dims) +
                        " (C-500)");
  }
  return Status::Ok();
}

Dims BatchDims(const Dims& d) { return Dims(d.begin(), d.end() - 2); }

// The element offset of every output matrix's a (or b) matrix: iterate the
// broadcast batch dims row-major and read the operand with stride 0 along its
// broadcast (size-1 or missing) batch dims.
std::vector<int64_t> MatrixOffsets(const Dims& operand, const Dims& batch_out) {
  const Dims batch = BatchDims(operand);
  const int64_t matrix = int64_t{operand[operand.size() - 2]} * operand[operand.size() - 1];
  const std::vector<int64_t> strides = BroadcastStrides(batch, batch_out);
  std::vector<int64_t> offsets;
  ForEachIndex(batch_out, [&](const std::vector<int64_t>& index, int64_t) {
    offsets.push_back(OffsetOf(index, strides) * matrix);
  });
  return offsets;
}

// Quantized: a and b centred once per run as int16; per output matrix the
// rows of a and the columns of b gathered as zero-padded rows (a broadcast b
// once), exact integer sums (quant_dot.h), requantized.
void RunQuantizedMatMul(OpContext& ctx, const MatMulParams& p) {
  const std::vector<int16_t> a = CentredTensor(ctx.inputs[0]);
  const std::vector<int16_t> b = CentredTensor(ctx.inputs[1]);
  const QuantRequantizer out(ctx, p.activation, /*has_bias=*/false);
  CentredRows rows(p.m, p.k), columns(p.n, p.k);
  int64_t gathered_b = -1;
  for (size_t batch = 0; batch < p.a_offsets.size(); ++batch) {
    const int64_t a0 = p.a_offsets[batch], b0 = p.b_offsets[batch];
    for (int64_t i = 0; i < p.m; ++i) {
      int16_t* row = rows.Row(i);
      for (int64_t kk = 0; kk < p.k; ++kk) row[kk] = a[static_cast<size_t>(a0 + i * p.a_m_stride + kk * p.a_k_stride)];
    }
    if (b0 != gathered_b) {
      for (int64_t j = 0; j < p.n; ++j) {
        int16_t* column = columns.Row(j);
        for (int64_t kk = 0; kk < p.k; ++kk) column[kk] = b[static_cast<size_t>(b0 + kk * p.b_k_stride + j * p.b_n_stride)];
      }
      gathered_b = b0;
    }
    MultiplyAndRequantize(RowProducts{rows.Row(0), p.m, columns.Row(0), p.n, rows.stride()}, out,
                          static_cast<size_t>(batch) * static_cast<size_t>(p.m * p.n), p.n, 0);
  }
}

}  // namespace

Status InferMatMul(OpContext& ctx) {
  const TensorArg& a = ctx.inputs[0];
  const TensorArg& b = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckRank(a, kA));
  NNRT_RETURN_IF_ERROR(CheckRank(b, kB));
  MatMulParams plan;
  const Node& node = *ctx.node;
  plan.transpose_a = BoolAttr(node, "transposeA");
  plan.transpose_b = BoolAttr(node, "transposeB");
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(node, &plan.activation));
  // C-503: a and b per tensor (no per-channel params on either operand).
  const AccumulateOperands operands{"MATMUL_FUSION", &a, kA, &b, kB, 0, nullptr, "", &ctx.outputs[0], kOutput};
  NNRT_RETURN_IF_ERROR(CheckAccumulateDataTypes(operands, &plan.quantized));

  const size_t ra = a.dims.size(), rb = b.dims.size();
  const int32_t a_rows = a.dims[ra - 2], a_cols = a.dims[ra - 1];
  const int32_t b_rows = b.dims[rb - 2], b_cols = b.dims[rb - 1];
  const int32_t m = plan.transpose_a ? a_cols : a_rows;
  const int32_t ka = plan.transpose_a ? a_rows : a_cols;
  const int32_t kb = plan.transpose_b ? b_cols : b_rows;
  const int32_t n = plan.transpose_b ? b_rows : b_cols;
  if (ka >= 0 && kb >= 0 && ka != kb) {
    return InvalidModel("MATMUL_FUSION reduction dims differ: " + std::string(kA) + " " + DimsToString(a.dims) +
                        (plan.transpose_a ? " (transposeA)" : "") + " has K = " + std::to_string(ka) + ", " + kB +
                        " " + DimsToString(b.dims) + (plan.transpose_b ? " (transposeB)" : "") + " has K = " +
                        std::to_string(kb));
  }
  const int32_t k = ka >= 0 ? ka : kb;
  Dims batch;
  NNRT_RETURN_IF_ERROR(
      BroadcastShapes(BatchDims(a.dims), BatchDims(b.dims), &batch).WithContext("MATMUL_FUSION batch dims (C-501)"));
  Dims out = batch;
  out.push_back(m);
  out.push_back(n);
  if (!IsDynamic(out) && !ElementCount(out)) return InvalidModel("MATMUL_FUSION output element count overflows");
  if (plan.quantized && k >= 0) {
    NNRT_RETURN_IF_ERROR(CheckQuantTermCount("MATMUL_FUSION", int64_t{k}, "K = " + std::to_string(k)));
  }
  ctx.outputs[0].dims = out;
  if (!IsDynamic(a.dims) && !IsDynamic(b.dims)) {
    plan.m = m;
    plan.k = k;
    plan.n = n;
    // Row-major [rows, cols]: element (r, c) at r * cols + c.
    plan.a_m_stride = plan.transpose_a ? 1 : a_cols;
    plan.a_k_stride = plan.transpose_a ? a_cols : 1;
    plan.b_k_stride = plan.transpose_b ? 1 : b_cols;
    plan.b_n_stride = plan.transpose_b ? b_cols : 1;
    plan.a_offsets = MatrixOffsets(a.dims, batch);
    plan.b_offsets = MatrixOffsets(b.dims, batch);
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

Status MatMulKernel(OpContext& ctx) { return RunMatMulWithParams(ctx, ctx.Params<MatMulParams>()); }

Status RunMatMulWithParams(OpContext& ctx, const MatMulParams& p) {
  const TensorArg& a = ctx.inputs[0];
  const TensorArg& b = ctx.inputs[1];
  if (p.a_offsets.size() != p.b_offsets.size()) return InvalidInput("MATMUL_FUSION plan has mismatched batches");
  // C-760: K products per output element.
  NNRT_RETURN_IF_ERROR(ChargeWork(ctx, {static_cast<int64_t>(p.a_offsets.size()), p.m, p.n, p.k},
                                  "K = " + std::to_string(p.k) + " products per output element"));
  if (p.quantized) {
    RunQuantizedMatMul(ctx, p);
    return Status::Ok();
  }
  // Per output matrix the rows of a gathered in binary64 (exact) and b packed
  // by column blocks, a bounded panel of each at a time (a broadcast b that
  // fits one panel is packed once); every output sums its K products in k
  // order (MultiplyByPanels).
  const AccumulatorWriter out(ctx, p.activation, /*quantized=*/false, /*has_bias=*/false);
  PanelBuffers buffers;
  WithFloatLoader(a, [&](auto load_a) {
    WithFloatLoader(b, [&](auto load_b) {
      size_t out_base = 0;
      for (size_t batch = 0; batch < p.a_offsets.size(); ++batch) {
        const int64_t a0 = p.a_offsets[batch], b0 = p.b_offsets[batch];
        MultiplyByPanels(
            p.m, p.k, p.n, [&](int64_t i, int64_t kk) { return load_a(a0 + i * p.a_m_stride + kk * p.a_k_stride); },
            [&](int64_t kk, int64_t j) { return load_b(b0 + kk * p.b_k_stride + j * p.b_n_stride); }, b0, out,
            out_base, &buffers);
        out_base += static_cast<size_t>(p.m * p.n);
      }
    });
  });
  return Status::Ok();
}

OpDef MatMulOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::MATMUL_FUSION,
               {Bool("transposeA", false), Bool("transposeB", false), FusedActivation()},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferMatMul, &MatMulKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "matmul"};
}

}  // namespace nnrt
