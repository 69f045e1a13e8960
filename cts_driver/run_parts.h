// The parts of `nnrt_cts run` after the node specs, each printing its own
// section and returning whether it holds: random graphs, the execution modes,
// the invalid models and the golden files (docs/conformance.md "Running it").
#ifndef NNRT_CTS_DRIVER_RUN_PARTS_H_
#define NNRT_CTS_DRIVER_RUN_PARTS_H_

#include <string>
#include <vector>

#include "conformance/modes.h"
#include "conformance/property.h"
#include "conformance/runner.h"

namespace nnrt {
namespace cts {

// `only`: the node spec names of --only (empty: every spec).
bool RunInvalidPart(const std::vector<std::string>& only, const Candidate& candidate,
                    const PropertyOptions& property_options);
bool RunGraphPart(const Candidate& candidate, const PropertyOptions& base);
bool RunGoldenPart(const char* argv0, const Candidate& candidate, const PropertyOptions& options);
// Model cases (cts_driver/run_models.cc): every *.nnrt under `dir`, or with
// an empty `dir` the zoo's golden files and the built-in networks.
bool RunModelsPart(const char* argv0, const std::string& dir, const Candidate& candidate,
                   const PropertyOptions& options);
bool RunModesPart(const std::vector<std::string>& only, const std::vector<ExecMode>& modes, const Candidate& candidate,
                  const PropertyOptions& base);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_RUN_PARTS_H_
