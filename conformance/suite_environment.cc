#include "conformance/suite_environment.h"

#include <cstdlib>

namespace nnrt {
namespace cts {

SuiteEnvironment ReadSuiteEnvironment(const std::function<const char*(const char*)>& lookup) {
  const auto get = [&lookup](const char* name) -> EnvValue {
    const char* v = lookup(name);
    if (v == nullptr) return std::nullopt;
    return std::string(v);
  };
  SuiteEnvironment e;
  e.driver = get("NNRT_CTS_DRIVER");
  e.cases = get("NNRT_CTS_CASES");
  e.invalid_cases = get("NNRT_CTS_INVALID_CASES");
  e.seed = get("NNRT_CTS_SEED");
  e.mode = get("NNRT_CTS_MODE");
  e.isolate = get("NNRT_CTS_ISOLATE");
  e.timeout = get("NNRT_CTS_TIMEOUT");
  e.time_budget = get("NNRT_CTS_TIME_BUDGET");
  e.graph_max_nodes = get("NNRT_CTS_GRAPH_MAX_NODES");
  e.waivers = get("NNRT_CTS_WAIVERS");
  e.mustpass = get("NNRT_CTS_MUSTPASS");
  e.golden = get("NNRT_CTS_GOLDEN");
  e.models = get("NNRT_CTS_MODELS");
  e.test_srcdir = get("TEST_SRCDIR");
  e.runfiles_dir = get("RUNFILES_DIR");
  e.test_target = get("TEST_TARGET");
  e.test_timeout = get("TEST_TIMEOUT");
  e.test_shard_index = get("TEST_SHARD_INDEX");
  e.test_total_shards = get("TEST_TOTAL_SHARDS");
  e.test_undeclared_outputs_dir = get("TEST_UNDECLARED_OUTPUTS_DIR");
  e.tmpdir = get("TMPDIR");
  return e;
}

const SuiteEnvironment& ProcessSuiteEnvironment() {
  static const SuiteEnvironment env = ReadSuiteEnvironment([](const char* name) { return std::getenv(name); });
  return env;
}

std::string NonEmpty(const EnvValue& v) { return v.has_value() ? *v : std::string(); }

}  // namespace cts
}  // namespace nnrt
