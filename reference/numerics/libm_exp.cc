#include "reference/numerics/libm_exp.h"

#include <dlfcn.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace nnrt {
namespace {

double CallStdExp(double x) { return std::exp(x); }

// Whether f gives std::exp's bits on each probe. The probes are read through
// a volatile so that no compiler folds std::exp of a constant with its own
// evaluation (C-962: the value must be libm's).
bool AgreesWithStdExp(ExpFunction f) {
  static const double kProbes[] = {0.0,
                                   -0.0,
                                   1.0,
                                   -1.0,
                                   0.5,
                                   -0.693147180559945,
                                   1e-300,
                                   -3.75,
                                   88.7,
                                   709.78,
                                   710.0,
                                   -708.5,
                                   -745.1,
                                   -746.0,
                                   std::numeric_limits<double>::infinity(),
                                   -std::numeric_limits<double>::infinity(),
                                   std::numeric_limits<double>::quiet_NaN()};
  for (const double probe : kProbes) {
    volatile double x = probe;
    const double want = std::exp(x);
    const double got = f(x);
    if (std::memcmp(&want, &got, sizeof want) != 0) return false;
  }
  return true;
}

ExpFunction Resolve() {
#if defined(__GLIBC__) && defined(__x86_64__)
  // The libm this process already has (the reference links it); RTLD_NOLOAD
  // never loads a second one.
  void* libm = dlopen("libm.so.6", RTLD_NOW | RTLD_NOLOAD);
  if (libm != nullptr) {
    void* symbol = dlvsym(libm, "__exp_finite", "GLIBC_2.15");
    dlclose(libm);  // the reference's own link keeps libm loaded
    if (symbol != nullptr) {
      ExpFunction core = nullptr;
      static_assert(sizeof core == sizeof symbol, "function and object pointers differ in size");
      std::memcpy(&core, &symbol, sizeof core);
      if (AgreesWithStdExp(core)) return core;
    }
  }
#endif
  return &CallStdExp;
}

}  // namespace

ExpFunction LibmExpFunction() {
  static const ExpFunction resolved = Resolve();
  return resolved;
}

bool LibmExpSkipsWrapper() { return LibmExpFunction() != &CallStdExp; }

}  // namespace nnrt
