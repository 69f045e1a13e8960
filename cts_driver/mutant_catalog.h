// The catalog of deliberately wrong drivers (docs/conformance.md
// "Mutant drivers"): for each mutant .so, the one bug it
// injects and the part of the default suite that must catch it. The catalog
// test (mutant_catalog_test.cc) runs that part on the mutant and on the
// reference and checks the verdicts and the replayable case file.
#ifndef NNRT_CTS_DRIVER_MUTANT_CATALOG_H_
#define NNRT_CTS_DRIVER_MUTANT_CATALOG_H_

#include <string>
#include <vector>

#include "conformance/runner.h"

namespace nnrt {
namespace cts {

// The suite part that catches a mutant.
enum class SuitePart {
  kValid,    // the valid-model property of `spec` (conformance tolerances)
  kStrict,   // the same in strict mode (NNRT_CTS_MODE=strict); NOT part of the default run
  kMode,     // the execution mode `mode` (conformance/modes/modes.h) on `spec`
  kInvalid,  // the invalid-model part (conformance/mutations/invalid_model.h) on `spec`
};
const char* SuitePartName(SuitePart part);

// How the mutant's failure shows.
enum class FailureKind {
  kWrongValues,  // outputs outside the tolerance
  kWrongDims,    // Run reports output dims that differ from the reference's
  kCrash,        // the driver dies (signal) in the isolated child
  kHang,         // the driver never returns; the isolated child's timeout fires
  kContract,     // a HAL contract broken (mode requirement, acceptance of an invalid model)
};
const char* FailureKindName(FailureKind kind);

struct MutantInfo {
  const char* target;  // the cc_binary name in cts_driver/BUILD, e.g. "libnnrt_mutant_x.so"
  const char* bug;     // the one injected bug
  SuitePart part;
  const char* spec;    // node spec name (conformance/specs)
  const char* mode;    // ExecModeName for kMode, "" otherwise
  FailureKind kind;
  int timeout_seconds; // per case in the isolated child (hang mutants: short)
  bool in_default_run; // the part runs in a default `nnrt_cts run --invalid --modes all` / bazel test //conformance
  bool caught;         // false: a known gap of the suite (the test checks the gap is still there)
  const char* note;    // why / what the honest limitation is
};

const std::vector<MutantInfo>& MutantCatalog();
const MutantInfo* FindMutant(const std::string& target);

// What running a catalog entry's suite part on a candidate gave.
struct PartResult {
  bool passed = true;
  std::string message;
  std::string case_file;  // a failing case written by the part ("" when none)
};

struct PartOptions {
  uint64_t seed = 20261122;
  int cases = 100;        // valid / strict property; modes use cases / 4 (C-259); invalid uses 2
  std::string out_dir;
  std::string replay_binary;
};

// Runs the suite part of `info` on `candidate` with the isolation the part
// uses by default (forked child per case) and info.timeout_seconds.
PartResult RunSuitePart(const MutantInfo& info, const Candidate& candidate, const PartOptions& options);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_MUTANT_CATALOG_H_
