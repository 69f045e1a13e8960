// Builder::DefineFullConnection and DefineMatMul: FULL_CONNECTION and
// MATMUL_FUSION with a constant 2-D weight -> xnn_define_fully_connected.
#include <string>
#include <vector>

#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/full_connection.h"

namespace nnrt {
namespace xnnpack_driver {

// FULL_CONNECTION: y rows = x rows of K features times weight [outC, K]^T
// (C-506, C-508). Without useAxis (or with an axis that leaves a 2-D output)
// x is read as [elements / K, K]: XNNPACK's TENSORFLOW_RESHAPE_2D; with
// useAxis on the last axis the output keeps x's rank. Other axes flatten
// several dims in the middle of the output shape and are declined.
Status Builder::DefineFullConnection(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() < 2 || n.inputs.size() > 3 || n.outputs.size() != 1) return Unsupported(label + ": bad arity");
  OpContext ctx = Context(index);
  NNRT_RETURN_IF_ERROR(InferFullConnection(ctx));
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  const Dims& xd = dims_[xt];
  const Dims& yd = dims_[yt];
  const Dims& wd = dims_[wt];
  uint32_t flags = 0;
  if (yd.size() == 2) {
    flags = XNN_FLAG_TENSORFLOW_RESHAPE_2D;
  } else if (yd.size() != xd.size()) {
    return Unsupported(label + ": useAxis flattening into a rank-" + std::to_string(yd.size()) + " output");
  }
  if (xd.size() > XNN_MAX_TENSOR_DIMS) return Unsupported(label + ": rank above XNNPACK's limit");
  if (T(xt).IsQuantized() && T(xt).data_type != T(yt).data_type) return Unsupported(label + ": mixed data types");
  float lo, hi;
  NNRT_RETURN_IF_ERROR(FusedBounds(n, &lo, &hi));
  const int64_t out_c = wd[0];
  uint32_t ix, iw, ib = XNN_INVALID_VALUE_ID, iy;
  std::vector<float> w_scales;
  NNRT_RETURN_IF_ERROR(
      DefineFilter(label, xt, wt, T(wt).data, std::vector<size_t>(wd.begin(), wd.end()), 0, out_c, &iw, &w_scales));
  if (n.inputs.size() == 3) NNRT_RETURN_IF_ERROR(DefineBias(label, xt, n.inputs[2], out_c, w_scales, &ib));
  NNRT_RETURN_IF_ERROR(Value(xt, &ix));
  NNRT_RETURN_IF_ERROR(Value(yt, &iy));
  const xnn_status s = xnn_define_fully_connected(subgraph_, lo, hi, ix, iw, ib, iy, flags);
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

// MATMUL_FUSION a [..., M, K] x b [K, N] (b constant, rank 2, no batch
// dims): a fully connected layer over a's rows, b as the weight with
// XNN_FLAG_TRANSPOSE_WEIGHTS, or as is when transposeB gives [N, K].
// transposeA, a variable b and batched b have no XNNPACK form here.
Status Builder::DefineMatMul(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(label + ": needs 2 inputs, 1 output");
  const uint32_t at = n.inputs[0], bt = n.inputs[1], yt = n.outputs[0];
  const Dims& ad = dims_[at];
  const Dims& bd = dims_[bt];
  if (BoolAttr(n, "transposeA")) return Unsupported(label + ": transposeA");
  if (!T(bt).HasData()) return Unsupported(label + ": b must be constant");
  if (bd.size() != 2 || ad.size() < 2 || dims_[yt].size() != ad.size()) {
    return Unsupported(label + ": only a [..., M, K] times a 2-D b");
  }
  if (ad.size() > XNN_MAX_TENSOR_DIMS) return Unsupported(label + ": rank above XNNPACK's limit");
  if (T(at).IsQuantized() && T(at).data_type != T(yt).data_type) return Unsupported(label + ": mixed data types");
  const bool transpose_b = BoolAttr(n, "transposeB");
  const int64_t out_n = transpose_b ? bd[0] : bd[1];
  float lo, hi;
  NNRT_RETURN_IF_ERROR(FusedBounds(n, &lo, &hi));
  uint32_t ia, ib, iy;
  std::vector<float> scales;
  // Per-channel b is not a MATMUL form (C-503: per-tensor operands).
  NNRT_RETURN_IF_ERROR(DefineFilter(label, at, bt, T(bt).data, std::vector<size_t>(bd.begin(), bd.end()),
                                    transpose_b ? 0 : 1, out_n, &ib, &scales));
  NNRT_RETURN_IF_ERROR(Value(at, &ia));
  NNRT_RETURN_IF_ERROR(Value(yt, &iy));
  const xnn_status s = xnn_define_fully_connected(subgraph_, lo, hi, ia, ib, XNN_INVALID_VALUE_ID, iy,
                                                  transpose_b ? 0 : XNN_FLAG_TRANSPOSE_WEIGHTS);
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

}  // namespace xnnpack_driver
}  // namespace nnrt
