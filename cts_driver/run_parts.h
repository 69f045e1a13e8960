// The parts of `nnrt_cts run` (docs/conformance.md "Running it") as sections:
// a header, the units (run_units.h) and a closing text computed from the
// units' results. The units of a section do not depend on --jobs, so a run
// with any number of workers prints and reports the same.
#ifndef NNRT_CTS_DRIVER_RUN_PARTS_H_
#define NNRT_CTS_DRIVER_RUN_PARTS_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "conformance/modes/modes.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "cts_driver/run_units.h"

namespace nnrt {
namespace cts {

// Which verdict of the closing line a section feeds.
enum class RunPart { kNodeSpecs, kGraphs, kModes, kInvalid, kGolden, kModels };

struct RunSection {
  RunPart part = RunPart::kNodeSpecs;
  std::string header;  // printed before the first unit's text
  std::vector<RunUnit> units;
  // The text printed after the last unit; sets *ok (false when the section failed).
  std::function<std::string(const std::vector<UnitResult>& results, bool* ok)> close;
};

// The units capture `candidate` by reference: it must outlive the sections.
// `specs`: the node specs of the run (--only applied).
RunSection NodeSpecSection(const std::vector<const NodeSpec*>& specs, const Candidate& candidate,
                           const PropertyOptions& options);
RunSection GraphSection(const Candidate& candidate, const PropertyOptions& base);
std::vector<RunSection> ModeSections(const std::vector<const NodeSpec*>& specs, const std::vector<ExecMode>& modes,
                                     const Candidate& candidate, const PropertyOptions& base);
RunSection InvalidSection(const std::vector<const NodeSpec*>& specs, const Candidate& candidate,
                          const PropertyOptions& property_options);
RunSection GoldenSection(const char* argv0, const Candidate& candidate, const PropertyOptions& options);
// Model cases (cts_driver/run_models.cc), one unit each: every *.nnrt under
// `dir`, or with an empty `dir` the zoo's golden files and the built-in networks.
RunSection ModelSection(const char* argv0, const std::string& dir, const Candidate& candidate,
                        const PropertyOptions& options);

// Runs the sections' units on `jobs` processes (run_units.h; their candidate
// steps in-process when `steps_in_process`, C-930), printing each section's
// header, its units' text in order and its closing text to std::cout as soon
// as they are known. ok[part] is false when a section of that part failed;
// profile[part] adds up the units' profiles.
struct RunTotals {
  std::map<RunPart, UnitProfile> profile;
  std::map<RunPart, bool> ok = {{RunPart::kNodeSpecs, true}, {RunPart::kGraphs, true}, {RunPart::kModes, true},
                                {RunPart::kInvalid, true}, {RunPart::kGolden, true}, {RunPart::kModels, true}};
};
Status RunSections(const std::vector<RunSection>& sections, int jobs, bool steps_in_process, RunTotals* totals);

// The profile table of `run --profile` (docs/conformance.md "Where the time goes").
std::string FormatProfile(const RunTotals& totals);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_RUN_PARTS_H_
