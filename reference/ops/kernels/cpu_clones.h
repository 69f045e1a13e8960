// NNRT_CPU_CLONES before a loop-nest function compiles it twice: an AVX2 copy
// beside the default (SSE2) one, the loader choosing by the CPU (gcc/clang
// target_clones, an ifunc). Both copies perform the same IEEE binary64 and
// integer operations in the same order with no FMA (-ffp-contract=off; the
// avx2 target does not enable FMA), so they give the same bits
// (docs/semantics.md "Why the fast loop orders give the same bits").
//
// Under ThreadSanitizer the macro is empty: TSan's runtime is not set up yet
// when the loader runs an ifunc resolver of an instrumented library, and the
// process dies before main. ASan copes; the TSan step then tests the default copy.
#ifndef NNRT_REFERENCE_OPS_KERNELS_CPU_CLONES_H_
#define NNRT_REFERENCE_OPS_KERNELS_CPU_CLONES_H_

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define NNRT_THREAD_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define NNRT_THREAD_SANITIZER 1
#endif

// -DNNRT_NO_CPU_CLONES builds the default copy alone, so that the checks of
// the bits (kernels_bit_exact_test, the golden files) can be run on the code a
// CPU without AVX2 executes.
#if defined(NNRT_THREAD_SANITIZER) || defined(NNRT_NO_CPU_CLONES) || !defined(__x86_64__)
#define NNRT_CPU_CLONES
#else
#define NNRT_CPU_CLONES __attribute__((target_clones("avx2", "default")))
#endif

#endif  // NNRT_REFERENCE_OPS_KERNELS_CPU_CLONES_H_
