#include "conformance/suite_environment.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace nnrt {
namespace cts {
namespace {

// Every setting comes from the variable its comment names; set-but-empty
// stays distinct from unset (NNRT_CTS_ISOLATE= is "isolate", unset is the default).
TEST(SuiteEnvironment, ReadsEachVariableIntoItsFieldAndKeepsEmptyApartFromUnset) {
  const std::map<std::string, std::string> vars = {
      {"NNRT_CTS_DRIVER", "/abs/lib.so"}, {"NNRT_CTS_CASES", "7"},   {"NNRT_CTS_INVALID_CASES", "3"},
      {"NNRT_CTS_SEED", "42"},           {"NNRT_CTS_MODE", "strict"}, {"NNRT_CTS_ISOLATE", ""},
      {"NNRT_CTS_TIMEOUT", "9"},         {"NNRT_CTS_TIME_BUDGET", "60"}, {"NNRT_CTS_GRAPH_MAX_NODES", "12"},
      {"NNRT_CTS_WAIVERS", "/w.txt"},     {"NNRT_CTS_MUSTPASS", "/m.txt"}, {"NNRT_CTS_GOLDEN", "/g"},
      {"NNRT_CTS_MODELS", "/models"},     {"TEST_TARGET", "//conformance:modes_test"}, {"TEST_TIMEOUT", "300"},
      {"TEST_SHARD_INDEX", "1"},          {"TEST_TOTAL_SHARDS", "4"}, {"TEST_UNDECLARED_OUTPUTS_DIR", "/out"},
      {"TEST_SRCDIR", "/src"},            {"RUNFILES_DIR", "/run"},    {"TMPDIR", "/tmpdir"},
  };
  const SuiteEnvironment e = ReadSuiteEnvironment([&vars](const char* name) -> const char* {
    const auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  });
  EXPECT_EQ(e.driver, "/abs/lib.so");
  EXPECT_EQ(e.cases, "7");
  EXPECT_EQ(e.invalid_cases, "3");
  EXPECT_EQ(e.seed, "42");
  EXPECT_EQ(e.mode, "strict");
  ASSERT_TRUE(e.isolate.has_value());
  EXPECT_EQ(*e.isolate, "");
  EXPECT_EQ(e.timeout, "9");
  EXPECT_EQ(e.time_budget, "60");
  EXPECT_EQ(e.graph_max_nodes, "12");
  EXPECT_EQ(e.waivers, "/w.txt");
  EXPECT_EQ(e.mustpass, "/m.txt");
  EXPECT_EQ(e.golden, "/g");
  EXPECT_EQ(e.models, "/models");
  EXPECT_EQ(e.test_target, "//conformance:modes_test");
  EXPECT_EQ(e.test_timeout, "300");
  EXPECT_EQ(e.test_shard_index, "1");
  EXPECT_EQ(e.test_total_shards, "4");
  EXPECT_EQ(e.test_undeclared_outputs_dir, "/out");
  EXPECT_EQ(e.test_srcdir, "/src");
  EXPECT_EQ(e.runfiles_dir, "/run");
  EXPECT_EQ(e.tmpdir, "/tmpdir");
}

TEST(SuiteEnvironment, NothingSetReadsAsUnset) {
  const SuiteEnvironment e = ReadSuiteEnvironment([](const char*) -> const char* { return nullptr; });
  EXPECT_FALSE(e.driver.has_value());
  EXPECT_FALSE(e.isolate.has_value());
  EXPECT_FALSE(e.test_target.has_value());
  EXPECT_EQ(NonEmpty(e.driver), "");
  EXPECT_EQ(NonEmpty(EnvValue("")), "");
  EXPECT_EQ(NonEmpty(EnvValue("x")), "x");
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
