// Four values in one GCC/Clang vector (the vector_size extension), for the
// block writes and conversions of the loop nests: every operator acts lane by
// lane with the IEEE operation the scalar code performs (+, *, <, !=, and
// __builtin_convertvector rounds like static_cast), and -ffp-contract=off
// forbids FMA here as everywhere, so a loop written with them gives the bits
// of the scalar loop (docs/semantics.md "Block writes"). The compiler maps a
// Binary64x4 onto two SSE2 registers or, in an NNRT_CPU_CLONES AVX2 copy, one.
//
// Vectors are passed by pointer or reference only: a 32-byte vector passed by
// value changes the calling convention when AVX is off (gcc warns, clang
// refuses).
#ifndef NNRT_REFERENCE_OPS_KERNELS_BINARY64_LANES_H_
#define NNRT_REFERENCE_OPS_KERNELS_BINARY64_LANES_H_

#include <cstdint>
#include <cstring>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"

namespace nnrt {

typedef double Binary64x4 __attribute__((vector_size(32)));
typedef float Binary32x4 __attribute__((vector_size(16)));
typedef int64_t Int64x4 __attribute__((vector_size(32)));  // a comparison of Binary64x4: -1 (true) or 0 per lane
typedef int32_t Int32x4 __attribute__((vector_size(16)));  // a comparison of Binary32x4

// Four binary64 values from p (any alignment).
__attribute__((always_inline)) inline void LoadLanes(const double* p, Binary64x4* v) { std::memcpy(v, p, sizeof(*v)); }

// ApplyFusedActivation (op_util.h) on each lane, its comparisons as bit masks:
// x < 0 gives +0 under RELU and RELU6, x > 6 gives 6 under RELU6 (exclusive
// cases); NaN and -0 fail both and are kept (C-44). low_mask / high_mask are
// all ones when the clamp applies, else 0.
__attribute__((always_inline)) inline void ClampLanes(int64_t low_mask, int64_t high_mask, Binary64x4* v) {
  const Int64x4 below = (*v < 0.0) & low_mask;
  const Int64x4 above = (*v > 6.0) & high_mask;
  const Binary64x4 six = {6.0, 6.0, 6.0, 6.0};
  Int64x4 bits, six_bits;
  std::memcpy(&bits, v, sizeof(bits));
  std::memcpy(&six_bits, &six, sizeof(six_bits));
  bits = (bits & ~(below | above)) | (six_bits & above);
  std::memcpy(v, &bits, sizeof(bits));
}

// The masks ClampLanes takes for a fused activation.
inline int64_t ClampLowMask(ActivationType act) {
  return act == ActivationType::kRelu || act == ActivationType::kRelu6 ? ~int64_t{0} : 0;
}
inline int64_t ClampHighMask(ActivationType act) { return act == ActivationType::kRelu6 ? ~int64_t{0} : 0; }

// StoreDoubleAsFloat32 (numerics.h) of four lanes at y: each rounded once to
// float32, a NaN stored as the canonical NaN (C-433). A lane is NaN in
// float32 exactly when it is NaN in binary64 (the rounding turns no number
// into NaN), so the float comparison picks the NaNs.
__attribute__((always_inline)) inline void StoreFloat32Lanes(const Binary64x4& v, uint8_t* y) {
  const Binary32x4 f = __builtin_convertvector(v, Binary32x4);
  const Int32x4 nan = f != f;
  Int32x4 bits;
  std::memcpy(&bits, &f, sizeof(bits));
  bits = (bits & ~nan) | (static_cast<int32_t>(kCanonicalFloatNan) & nan);
  std::memcpy(y, &bits, sizeof(bits));
}

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_KERNELS_BINARY64_LANES_H_
