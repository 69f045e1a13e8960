// The C library's exp, bit for bit, without its errno bookkeeping.
//
// The reference defines exp as the host libm's binary64 exp (docs/semantics.md
// "Common rules", Transcendentals). glibc's `exp` is a wrapper: it calls the
// CPU-selected core (an ifunc) and then only decides whether to set errno,
// returning the core's value unchanged. glibc also exports that core under a
// second name, `__exp_finite` (version GLIBC_2.15 on x86-64, kept as a
// compatibility symbol since 2.31), the entry older -ffast-math builds called.
// Calling it directly skips the wrapper's second call and checks, about a
// third of the time of 1000 exps in a softmax row (docs/conformance.md), and
// gives the same value: the wrapper adds nothing to it.
//
// LibmExpFunction() returns that core when it can be found and agrees with
// std::exp on a set of probe arguments (ordinary values, overflow, underflow,
// infinities, NaN), else std::exp itself. It is resolved once per process;
// callers keep the pointer for a loop.
#ifndef NNRT_REFERENCE_NUMERICS_LIBM_EXP_H_
#define NNRT_REFERENCE_NUMERICS_LIBM_EXP_H_

namespace nnrt {

using ExpFunction = double (*)(double);

ExpFunction LibmExpFunction();

// True when LibmExpFunction() is the errno-free core rather than std::exp
// (LibmExpTest requires it on glibc x86-64).
bool LibmExpSkipsWrapper();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_NUMERICS_LIBM_EXP_H_
