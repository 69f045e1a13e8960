// `nnrt_cts run --jobs N` (docs/conformance.md "Running it"): the run is a
// fixed list of units (one node spec's property, one mode x spec, one spec's
// invalid models, the random graphs, a slice of the golden files), the same
// list whatever N is. With N = 1 they run in this process, in order; with
// N > 1 they run on N forked worker processes, each taking the next unit not
// yet taken, and the parent hands the results back in unit order, so the
// printed text and the report are those of a one-worker run with the same
// seed (C-750). Each case keeps its own isolation inside the unit.
//
// Isolation without a fork per case (C-930): when the run isolates, every
// unit runs on a worker process (also with N = 1) whose candidate steps run
// in-process under the per-case alarm (SetCandidateStepsInProcess). A worker
// that dies in a unit (the driver crashed, hung into the alarm, or exited) is
// replaced, and the replacement reruns that unit with a fork per candidate
// step, exactly as a run without workers would: the crash is attributed to
// its case, shrunk and written as a replayable file. The unit's text and
// report share are those of the rerun only.
#ifndef NNRT_CTS_DRIVER_RUN_UNITS_H_
#define NNRT_CTS_DRIVER_RUN_UNITS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "conformance/mutations/invalid_model.h"
#include "conformance/property.h"
#include "conformance/report/report.h"
#include "conformance/run_profile.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace cts {

// Where a unit's time went (`run --profile`): its wall time, the CPU time of
// its process and of the children it reaped, and the per-cost counters.
struct UnitProfile {
  int64_t wall_nanos = 0;
  CpuTimes cpu;
  ProfileCounters costs;
  int64_t cases = 0;   // report cases the unit ran (skipped ones not counted)
  int64_t reruns = 0;  // 1 when its first worker died and it was rerun with a fork per step
  void Add(const UnitProfile& other);
};

// What one unit hands back: its text and the counts its section adds up.
struct UnitResult {
  bool ok = true;
  std::string text;                         // printed in unit order
  Coverage coverage;                        // node spec units
  std::map<std::string, FamilyCounts> families;    // invalid-model units
  std::map<std::string, FamilyCounts> run_probes;  // invalid-model units
  int64_t invalid_skipped = 0;
  std::map<int, int64_t> verdicts;          // golden units: GoldenVerdict -> files; model units: CaseResult -> cases
  int64_t budget_skipped = 0;               // worker side: cases the run's time budget skipped (C-264)
  std::string report_json;                  // worker side: the unit's share of the report
  UnitProfile profile;
};

// Byte form of a UnitResult (the worker -> parent hand-over), and back.
std::string SerializeUnitResult(const UnitResult& r);
Status ParseUnitResult(const std::string& bytes, UnitResult* r);

using RunUnit = std::function<UnitResult()>;

// Runs `units` on `jobs` processes (on one worker process when jobs is 1 and
// `steps_in_process`, see above). Wait(i) must be called for i = 0, 1, ...
// in order; it returns unit i's result once it is done, after adding its
// report share to GlobalResults() (a one-job run records there directly).
// A worker that dies mid-unit fails that unit with a message naming it.
class UnitExecutor {
 public:
  UnitExecutor(std::vector<RunUnit> units, int jobs, bool steps_in_process);
  ~UnitExecutor();
  UnitExecutor(const UnitExecutor&) = delete;
  UnitExecutor& operator=(const UnitExecutor&) = delete;

  // Forks the workers (jobs > 1). Flushes std::cout / std::cerr first.
  Status Start();
  UnitResult Wait(size_t index);

  struct Workers;  // the worker processes (run_units.cc)

 private:
  void SpawnWorker(int slot, int64_t rerun);
  void ReapWorkers();
  std::vector<RunUnit> units_;
  int jobs_;
  bool steps_in_process_;
  std::unique_ptr<Workers> workers_;
};

// The number of cores this process may run on (sched_getaffinity), at least 1.
int DefaultJobs();

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_RUN_UNITS_H_
