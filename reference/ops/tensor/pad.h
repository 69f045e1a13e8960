// PAD_FUSION (family "slice_pad"; ops_catalog #24, HDI PadFusion {paddings,
// paddingMode, constantValue}): inputs x and paddings ([rank, 2] int32/int64,
// paddings[i] = {before, after} of dim i); y.dims[i] = x.dims[i] + before +
// after. CONSTANT fills with constantValue, REFLECT mirrors without the edge,
// SYMMETRIC mirrors with it; elements of x are copied byte for byte.
// Semantics: docs/operators/pad.md; decisions C-650..C-653.
#ifndef NNRT_REFERENCE_OPS_PAD_H_
#define NNRT_REFERENCE_OPS_PAD_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// HDI PaddingMode values (ops_catalog 2.4); RESERVED (3) is rejected (C-651).
enum class PaddingMode : int64_t { kConstant = 0, kReflect = 1, kSymmetric = 2 };

// What the kernel needs, decided once by InferPad: x's and y's dims, the
// amount padded before each dim, the mode and the fill element (constantValue
// stored in y's type, C-652).
struct PadParams {
  Dims in;
  Dims out;
  std::vector<int64_t> before;
  PaddingMode mode = PaddingMode::kConstant;
  std::vector<uint8_t> fill;
};

Status InferPad(OpContext& ctx);
// One element of y's data type holding the real value `constant` (C-652;
// also CONSTANT_OF_SHAPE's value, C-661): float types rounded once,
// int8/uint8 quantized with y's params, int32/int64 rounded half away from
// zero and saturated (NaN -> 0), bool true when non-zero and not NaN.
std::vector<uint8_t> EncodeFill(const TensorArg& y, float constant);
// For every output index in row-major order: per dim, i = o - before; inside
// [0, n) the element of x at i, else CONSTANT writes the fill element and
// REFLECT/SYMMETRIC read x at the mirrored index (PadSourceIndex).
Status PadKernel(OpContext& ctx);

// The x index an output coordinate o (already shifted: i = o - before) reads
// along a dim of size n: -1 for a CONSTANT fill; REFLECT i < 0 -> -i,
// i >= n -> 2(n-1) - i; SYMMETRIC i < 0 -> -i-1, i >= n -> 2n-1-i.
int64_t PadSourceIndex(PaddingMode mode, int64_t i, int64_t n);

OpDef PadOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_PAD_H_
