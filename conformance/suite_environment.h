// The conformance suite's one reader of the process environment
// (docs/conformance.md "Settings"). Every NNRT_CTS_* variable and every
// variable of Bazel's test environment the suite uses is read here, once,
// into one struct; the suite's options (PropertyOptions, InvalidSuiteOptions,
// GraphGenOptions, the run budget, waivers, report paths) are filled from it,
// and `nnrt_cts` flags override the options they name. No other file of the
// suite calls getenv.
#ifndef NNRT_CONFORMANCE_SUITE_ENVIRONMENT_H_
#define NNRT_CONFORMANCE_SUITE_ENVIRONMENT_H_

#include <functional>
#include <optional>
#include <string>

namespace nnrt {
namespace cts {

// A variable's value; nullopt when it is not set (set but empty is "").
using EnvValue = std::optional<std::string>;

struct SuiteEnvironment {
  // Suite settings.
  EnvValue driver;           // NNRT_CTS_DRIVER: the candidate driver .so
  EnvValue cases;            // NNRT_CTS_CASES: generated cases per property
  EnvValue invalid_cases;    // NNRT_CTS_INVALID_CASES: cases per invalid-model family
  EnvValue seed;             // NNRT_CTS_SEED: the run's seed
  EnvValue mode;             // NNRT_CTS_MODE: "strict" for the strict comparison
  EnvValue isolate;          // NNRT_CTS_ISOLATE: "0" runs the candidate in process
  EnvValue timeout;          // NNRT_CTS_TIMEOUT: seconds per isolated case
  EnvValue time_budget;      // NNRT_CTS_TIME_BUDGET: seconds for the whole run (C-264)
  EnvValue graph_max_nodes;  // NNRT_CTS_GRAPH_MAX_NODES: largest random graph
  EnvValue waivers;          // NNRT_CTS_WAIVERS: the waiver file
  EnvValue mustpass;         // NNRT_CTS_MUSTPASS: the must-pass list
  EnvValue golden;           // NNRT_CTS_GOLDEN: the golden data folder
  EnvValue models;           // NNRT_CTS_MODELS: the model cases folder
  // Bazel's test environment.
  EnvValue test_srcdir;                  // TEST_SRCDIR
  EnvValue runfiles_dir;                 // RUNFILES_DIR
  EnvValue test_target;                  // TEST_TARGET
  EnvValue test_timeout;                 // TEST_TIMEOUT
  EnvValue test_shard_index;             // TEST_SHARD_INDEX
  EnvValue test_total_shards;            // TEST_TOTAL_SHARDS
  EnvValue test_undeclared_outputs_dir;  // TEST_UNDECLARED_OUTPUTS_DIR
  // The system's.
  EnvValue tmpdir;  // TMPDIR: where `nnrt_cts run --jobs` makes its workers' folder
};

// The environment as `lookup` (getenv's contract: nullptr when unset) gives it.
SuiteEnvironment ReadSuiteEnvironment(const std::function<const char*(const char*)>& lookup);

// This process's environment, read at the first call.
const SuiteEnvironment& ProcessSuiteEnvironment();

// The value when it is set and not empty, else "".
std::string NonEmpty(const EnvValue& v);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_SUITE_ENVIRONMENT_H_
