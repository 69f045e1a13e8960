// Execution modes (docs/conformance.md "Execution modes"):
// the same generated valid cases, run through the other paths a driver
// offers. A mode whose capability the driver does not report gives
// Verdict::kUnsupported (skipped and counted, never failed).
#ifndef NNRT_CONFORMANCE_MODES_H_
#define NNRT_CONFORMANCE_MODES_H_

#include <optional>
#include <string>
#include <vector>

#include "conformance/exec_mode.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"

namespace nnrt {
namespace cts {

struct ModeParams {
  int threads = 4;          // kConcurrent
  int runs_per_thread = 2;  // kConcurrent
};

// The candidate side of one case in `mode`. kPass: `outputs` hold the outputs
// to compare with the reference; kUnsupported: capability or node not
// supported (message says which); kFail: a mode-specific requirement broken.
CandidateRun RunModeOnCandidate(const Candidate& candidate, ExecMode mode, const TestCase& c,
                                const ModelConfig& config, const std::vector<HostTensor>& inputs,
                                const std::vector<HostTensor>& reference_outputs,
                                const ModeParams& params = ModeParams());

// RunCase for a mode: reference run, candidate side (forked when
// options.isolate), comparison with the tolerance table (the config the mode
// uses, e.g. enableFloat16 for kFp16).
CaseOutcome RunModeCase(const Candidate& candidate, ExecMode mode, const TestCase& c, const ModelConfig& config,
                        const RunOptions& options, const ModeParams& params = ModeParams());

// Turns property options into the options of `mode` (label, case runner,
// data types, config); the case count is options->cases / 4, at least 1 (C-259).
void ConfigurePropertyForMode(ExecMode mode, PropertyOptions* options);

// Whether `spec` has a data type the mode applies to (fp16: float32 only).
bool ModeAppliesTo(ExecMode mode, const NodeSpec& spec);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODES_H_
