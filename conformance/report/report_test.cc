// Unit tests of the execution modes on in-process drivers (the
// reference, which must pass every mode, and small wrong variants of it, each
// of which one mode must catch), the report classification and writers, and
// the waiver / must-pass rules.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>

#include <gtest/gtest.h>

#include "conformance/generators.h"
#include "conformance/modes/modes.h"
#include "conformance/report/report.h"
#include "conformance/waivers.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

std::vector<uint8_t> Floats(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

// y = x1 + x2 on float32 [2, 3] (ops_catalog #1).
TestCase AddCase() {
  return SingleNodeCase(NodeType::ADD_FUSION, "modes_add")
      .In("x1", DataType::kFloat32, {2, 3}, Floats({1, 2, 3, 4, 5, 6}))
      .In("x2", DataType::kFloat32, {2, 3}, Floats({0.5f, -2, 0.25f, 8, -5, 1e-3f}))
      .Out("y", DataType::kFloat32, {2, 3})
      .WithAttr(Attr::Int8("activationType", 0))
      .Build();
}

std::unique_ptr<Candidate> Open(const NNRT_HalDriver* driver, const std::string& label) {
  std::unique_ptr<Candidate> c;
  const Status st = OpenCandidateFromTable(driver, label, &c);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return c;
}

CaseOutcome RunMode(const Candidate& c, ExecMode mode, bool isolate = false) {
  RunOptions options;
  options.isolate = isolate;
  return RunModeCase(c, mode, AddCase(), ModelConfig(), options);
}

TEST(ModesTest, ReferencePassesEveryMode) {
  auto c = Open(ReferenceDriver(), "reference");
  ASSERT_NE(c, nullptr);
  for (ExecMode mode : AllExecModes()) {
    const CaseOutcome o = RunMode(*c, mode);
    EXPECT_EQ(o.verdict, Verdict::kPass) << ExecModeName(mode) << ": " << o.message;
  }
  // Also through the forked child the suite uses by default.
  EXPECT_EQ(RunMode(*c, ExecMode::kConcurrent, /*isolate=*/true).verdict, Verdict::kPass);
}

// The same modes on float16 and on a broadcast pair ([2, 3] + [3]).
TEST(ModesTest, ReferencePassesEveryModeOnFloat16Broadcast) {
  auto c = Open(ReferenceDriver(), "reference");
  ASSERT_NE(c, nullptr);
  std::vector<uint8_t> h1(12), h2(6);
  for (size_t i = 0; i < 6; ++i) StoreDouble(DataType::kFloat16, h1.data(), i, 0.5 * static_cast<double>(i));
  for (size_t i = 0; i < 3; ++i) StoreDouble(DataType::kFloat16, h2.data(), i, -1.25 * static_cast<double>(i));
  const TestCase tc = SingleNodeCase(NodeType::ADD_FUSION, "modes_add_f16")
                          .In("x1", DataType::kFloat16, {2, 3}, h1)
                          .In("x2", DataType::kFloat16, {3}, h2)
                          .Out("y", DataType::kFloat16, {2, 3})
                          .WithAttr(Attr::Int8("activationType", 0))
                          .Build();
  for (ExecMode mode : AllExecModes()) {
    if (mode == ExecMode::kFp16) continue;  // float32 cases only
    RunOptions options;
    options.isolate = false;
    const CaseOutcome o = RunModeCase(*c, mode, tc, ModelConfig(), options);
    EXPECT_EQ(o.verdict, Verdict::kPass) << ExecModeName(mode) << ": " << o.message;
  }
}

TEST(ModesTest, MissingCapabilitiesAreUnsupportedNotFailed) {
  ReferenceDriverOptions options;
  options.device_name = "no-caps";
  options.float16_supported = false;
  options.model_cache_supported = false;
  options.dynamic_input_supported = false;
  options.unsupported = {NodeType::ADD_FUSION};
  auto c = Open(MakeReferenceDriver(options), "no-caps");
  ASSERT_NE(c, nullptr);
  for (ExecMode mode : AllExecModes()) {
    const CaseOutcome o = RunMode(*c, mode);
    EXPECT_EQ(o.verdict, Verdict::kUnsupported) << ExecModeName(mode) << ": " << o.message;
  }
}

TEST(ModesTest, NamesRoundTrip) {
  for (ExecMode mode : AllExecModes()) {
    ASSERT_TRUE(ParseExecMode(ExecModeName(mode)).has_value());
    EXPECT_EQ(*ParseExecMode(ExecModeName(mode)), mode);
    EXPECT_TRUE(IsKnownModeLabel(ExecModeName(mode)));
  }
  EXPECT_TRUE(IsKnownModeLabel("default"));
  EXPECT_FALSE(IsKnownModeLabel("turbo"));
}

// ---- Wrong drivers: the reference table with one function replaced ----------------------

const NNRT_HalDriver* Base() { return ReferenceDriver(); }

// Cache import that ignores what it is given and imports the last exported
// cache instead: every damaged cache "works" (no integrity check).
std::mutex g_cache_mu;
std::vector<std::vector<uint8_t>> g_last_export;

int32_t RememberingExport(NNRT_HalPreparedModel* p, const NNRT_HalBuffer** caches, uint32_t* count) {
  const int32_t rc = Base()->ExportModelCache(p, caches, count);
  if (rc == NNRT_SUCCESS) {
    std::lock_guard<std::mutex> lock(g_cache_mu);
    g_last_export.clear();
    for (uint32_t i = 0; i < *count; ++i) {
      const uint8_t* d = static_cast<const uint8_t*>((*caches)[i].hostAddress) + (*caches)[i].offset;
      g_last_export.emplace_back(d, d + (*caches)[i].dataSize);
    }
  }
  return rc;
}

int32_t TrustingImport(NNRT_HalDevice* d, const NNRT_HalBuffer*, uint32_t, const NNRT_HalModelConfig* config,
                       NNRT_HalPreparedModel** prepared) {
  std::lock_guard<std::mutex> lock(g_cache_mu);
  std::vector<NNRT_HalBuffer> bufs;
  for (auto& c : g_last_export) {
    bufs.push_back(NNRT_HalBuffer{-1, static_cast<uint32_t>(c.size()), 0, static_cast<uint32_t>(c.size()), c.data()});
  }
  return Base()->PrepareModelFromModelCache(d, bufs.data(), static_cast<uint32_t>(bufs.size()), config, prepared);
}

TEST(ModesTest, CacheCorruptionCatchesADriverWithoutIntegrityCheck) {
  static NNRT_HalDriver table = *Base();
  table.ExportModelCache = RememberingExport;
  table.PrepareModelFromModelCache = TrustingImport;
  auto c = Open(&table, "trusting-cache");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(RunMode(*c, ExecMode::kCache).verdict, Verdict::kPass);
  const CaseOutcome o = RunMode(*c, ExecMode::kCacheCorruption);
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_NE(o.message.find("accepted a damaged cache"), std::string::npos) << o.message;
}

// Every node reported unsupported, yet PrepareModel accepts the model.
int32_t NothingSupported(NNRT_HalDevice* d, const NNRT_HalModel* m, bool* supported) {
  const int32_t rc = Base()->GetSupportedOperation(d, m, supported);
  if (rc == NNRT_SUCCESS && m != nullptr) {
    for (uint32_t i = 0; i < m->nodeCount; ++i) supported[i] = false;
  }
  return rc;
}

TEST(ModesTest, SupportAgreementCatchesPrepareAcceptingUnsupportedNodes) {
  static NNRT_HalDriver table = *Base();
  table.GetSupportedOperation = NothingSupported;
  auto c = Open(&table, "disagreeing");
  ASSERT_NE(c, nullptr);
  const CaseOutcome o = RunMode(*c, ExecMode::kSupportAgreement);
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_NE(o.message.find("PrepareModel accepted"), std::string::npos) << o.message;
}

// Run that corrupts one output byte on every third call: racy state.
std::atomic<int> g_runs{0};
int32_t FlakyRun(NNRT_HalPreparedModel* p, const NNRT_HalIOTensor* in, uint32_t n_in, const NNRT_HalIOTensor* out,
                 uint32_t n_out, NNRT_HalShape* shapes) {
  const int32_t rc = Base()->Run(p, in, n_in, out, n_out, shapes);
  if (rc == NNRT_SUCCESS && n_out > 0 && ++g_runs % 3 == 0 && out[0].data.hostAddress != nullptr) {
    static_cast<uint8_t*>(out[0].data.hostAddress)[out[0].data.offset] ^= 1;
  }
  return rc;
}

TEST(ModesTest, ConcurrentCatchesNondeterministicRuns) {
  static NNRT_HalDriver table = *Base();
  table.Run = FlakyRun;
  auto c = Open(&table, "flaky");
  ASSERT_NE(c, nullptr);
  g_runs = 1;  // the first (single-threaded) run is clean, later ones are not
  const CaseOutcome o = RunMode(*c, ExecMode::kConcurrent);
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_NE(o.message.find("differ"), std::string::npos) << o.message;
}

// Run that only understands process memory and refuses fd buffers.
int32_t HostOnlyRun(NNRT_HalPreparedModel* p, const NNRT_HalIOTensor* in, uint32_t n_in, const NNRT_HalIOTensor* out,
                    uint32_t n_out, NNRT_HalShape* shapes) {
  for (uint32_t i = 0; i < n_in; ++i) {
    if (in[i].data.fd >= 0) return NNRT_INVALID_BUFFER;
  }
  return Base()->Run(p, in, n_in, out, n_out, shapes);
}

TEST(ModesTest, DeviceBuffersCatchesARunIgnoringAllocatedBuffers) {
  static NNRT_HalDriver table = *Base();
  table.Run = HostOnlyRun;
  auto c = Open(&table, "host-only");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(RunMode(*c, ExecMode::kConcurrent).verdict, Verdict::kPass);
  const CaseOutcome o = RunMode(*c, ExecMode::kDeviceBuffers);
  EXPECT_EQ(o.verdict, Verdict::kFail) << o.message;
}

// GetInputDimRanges claiming every dim may be 0..max although Run rejects 0:
// the out-of-range probe then uses max + 1, which Run rejects, so this driver
// passes; a driver whose ranges exclude the case's own dims is skipped.
int32_t RangesFromTwo(NNRT_HalPreparedModel* p, const uint32_t** mins, const uint32_t** maxs,
                      const uint32_t** counts, uint32_t* count) {
  static thread_local std::vector<uint32_t> shifted;
  const int32_t rc = Base()->GetInputDimRanges(p, mins, maxs, counts, count);
  if (rc != NNRT_SUCCESS) return rc;
  uint32_t total = 0;
  for (uint32_t i = 0; i < *count; ++i) total += (*counts)[i];
  shifted.assign(*mins, *mins + total);
  for (uint32_t& v : shifted) v = std::max<uint32_t>(v, 3);
  *mins = shifted.data();
  return rc;
}

TEST(ModesTest, DynamicShapeSkipsCasesOutsideTheDeclaredRanges) {
  static NNRT_HalDriver table = *Base();
  table.GetInputDimRanges = RangesFromTwo;
  auto c = Open(&table, "narrow-ranges");
  ASSERT_NE(c, nullptr);
  const CaseOutcome o = RunMode(*c, ExecMode::kDynamicShape);  // dim 0 of the case is 2 < 3
  EXPECT_EQ(o.verdict, Verdict::kUnsupported) << o.message;
}

// ---- Report -----------------------------------------------------------------------------

TEST(ReportTest, ClassifiesIsolationCrashAndTimeout) {
  const CandidateRun crash = RunIsolated(
      []() -> CandidateRun {
        raise(SIGSEGV);
        return CandidateRun();
      },
      10);
  EXPECT_EQ(ClassifyOutcome(crash.verdict, crash.message), CaseResult::kCrashed) << crash.message;
  const CandidateRun hang = RunIsolated(
      []() -> CandidateRun {
        for (;;) pause();
      },
      1);
  EXPECT_EQ(ClassifyOutcome(hang.verdict, hang.message), CaseResult::kTimeout) << hang.message;
  const CandidateRun exits = RunIsolated(
      []() -> CandidateRun {
        _exit(7);
      },
      10);
  EXPECT_EQ(ClassifyOutcome(exits.verdict, exits.message), CaseResult::kCrashed) << exits.message;
  EXPECT_EQ(ClassifyOutcome(Verdict::kFail, "output 0: 3 elements outside"), CaseResult::kFailed);
  EXPECT_EQ(ClassifyOutcome(Verdict::kInvalidCase, "x"), CaseResult::kFailed);
  EXPECT_EQ(ClassifyOutcome(Verdict::kUnsupported, "x"), CaseResult::kUnsupported);
  EXPECT_EQ(ClassifyOutcome(Verdict::kPass, ""), CaseResult::kPassed);
}

void FillSample(ResultsCollector& r) {
  r.SetInfo("driver", "/x/lib<evil>.so");
  r.Record({"ADD_FUSION", "float32", "default"}, CaseResult::kPassed);
  r.Record({"ADD_FUSION", "float32", "default"}, CaseResult::kPassed);
  r.Record({"ADD_FUSION", "float32", "cache"}, CaseResult::kFailed);
  r.Record({"ADD_FUSION", "int8(q)", "default"}, CaseResult::kWaived);
  r.Record({"CONV2D_FUSION", "float32", "concurrent"}, CaseResult::kCrashed);
  r.Record({"RESHAPE", "float16", "fp16"}, CaseResult::kUnsupported, "IsFloat16PrecisionSupported reports false");
  r.Record({"RESHAPE", "float16", "fp16"}, CaseResult::kUnsupported, "second note is not kept");
  r.AddFailure(FailureEntry{{"ADD_FUSION", "float32", "cache"}, CaseResult::kFailed, "bytes \"differ\" <here>\n",
                            "/o/a.nnrtcase", "nnrt_cts replay /o/a.nnrtcase", ""});
}

TEST(ReportTest, JsonHasTheMatrixTotalsAndFailures) {
  ResultsCollector r;
  FillSample(r);
  const std::string json = ReportJson(r);
  EXPECT_NE(json.find("\"format\": \"nnrt-cts-report-1\""), std::string::npos);
  EXPECT_NE(json.find("{\"node_type\": \"ADD_FUSION\", \"dtype\": \"float32\", \"mode\": \"default\", \"state\": "
                      "\"passed\", \"counts\": {\"passed\": 2, \"failed\": 0, \"unsupported\": 0, \"crashed\": 0, "
                      "\"timeout\": 0, \"waived\": 0, \"skipped\": 0}}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"state\": \"crashed\""), std::string::npos);
  EXPECT_NE(json.find("\"note\": \"IsFloat16PrecisionSupported reports false\""), std::string::npos) << json;
  EXPECT_EQ(json.find("second note"), std::string::npos);
  EXPECT_NE(json.find("\"totals\": {\"passed\": 2, \"failed\": 1, \"unsupported\": 2, \"crashed\": 1, \"timeout\": 0, "
                      "\"waived\": 1, \"skipped\": 0}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"message\": \"bytes \\\"differ\\\" <here>\\n\""), std::string::npos) << json;
}

TEST(ReportTest, HtmlIsSelfContainedAndEscaped) {
  ResultsCollector r;
  FillSample(r);
  const std::string html = ReportHtml(r);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<style>"), std::string::npos);
  for (const char* external : {"http://", "https://", "<script", "<link", "src=", "@import", "url("}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
  EXPECT_NE(html.find("lib&lt;evil&gt;.so"), std::string::npos);
  EXPECT_EQ(html.find("<evil>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"failed\""), std::string::npos);
  EXPECT_NE(html.find("<td class=\"waived\""), std::string::npos);
  EXPECT_NE(html.find("<td class=\"crashed\""), std::string::npos);
  // A cell with a listed failure links to it.
  EXPECT_NE(html.find("<a href=\"#failure-0\">"), std::string::npos) << html;
  EXPECT_NE(html.find("<h3 id=\"failure-0\""), std::string::npos) << html;
  // "default" is the first mode column.
  EXPECT_LT(html.find("<th>default</th>"), html.find("<th>cache</th>"));
}

TEST(ReportTest, WritesBothFilesWithAShardedStem) {
  char dir_template[] = "/tmp/nnrt_report_testXXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  std::vector<std::string> paths;
  ResultsCollector r;
  FillSample(r);
  ASSERT_TRUE(WriteReport(r, dir_template, "r", &paths).ok());
  ASSERT_EQ(paths.size(), 2u);
  for (const std::string& p : paths) {
    std::ifstream in(p);
    EXPECT_TRUE(in.good()) << p;
    unlink(p.c_str());
  }
  rmdir(dir_template);
  SuiteEnvironment env;
  env.test_target = "//conformance:modes_test";
  env.test_shard_index = "2";
  env.test_total_shards = "4";
  EXPECT_EQ(ReportStem(env, "x"), "cts_report_modes_test_shard3of4");
  env.test_shard_index.reset();
  EXPECT_EQ(ReportStem(env, "x"), "cts_report_modes_test");
  EXPECT_EQ(ReportStem(SuiteEnvironment(), "x"), "cts_report_x");
}

// ---- Waivers and must-pass -------------------------------------------------------------

TEST(WaiverTest, ParsesMatchesAndWildcards) {
  WaiverSet w;
  const Status st = WaiverSet::Parse(
      "# comment\n"
      "ACTIVATION_GELU | float16 | * | tanh approximation | https://example.invalid/issue/1\n"
      "\n"
      "* | uint8(q) | cache | cache format v1 | BUG-7  # trailing comment\n",
      "w.txt", &w);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(w.waivers().size(), 2u);
  EXPECT_NE(w.Find("ACTIVATION_GELU", "float16", "concurrent"), nullptr);
  EXPECT_EQ(w.Find("ACTIVATION_GELU", "float32", "default"), nullptr);
  const Waiver* any = w.Find("SIN", "uint8(q)", "cache");
  ASSERT_NE(any, nullptr);
  EXPECT_EQ(any->source, "w.txt:4");
  EXPECT_EQ(any->link, "BUG-7");
  EXPECT_EQ(w.Find("SIN", "uint8(q)", "default"), nullptr);
}

TEST(WaiverTest, RejectsMalformedLinesWithTheirLocation) {
  WaiverSet w;
  for (const char* bad : {"ADD_FUSION | float32 | default | no link field\n",
                          "ADD_FUSION | float32 | default | reason | \n",
                          "ADD_FUSION | float32 | default |  | BUG-1\n",
                          "ADD_FUSON | float32 | default | typo | BUG-1\n",
                          "ADD_FUSION | float33 | default | r | BUG-1\n",
                          "ADD_FUSION | float32 | turbo | r | BUG-1\n"}) {
    const Status st = WaiverSet::Parse(std::string("# header\n") + bad, "w.txt", &w);
    EXPECT_FALSE(st.ok()) << bad;
    EXPECT_NE(st.ToString().find("w.txt:2"), std::string::npos) << st.ToString();
  }
}

TEST(WaiverTest, MustPassCellsCannotBeWaived) {
  MustPassList must;
  ASSERT_TRUE(MustPassList::Parse("ADD_FUSION float32\nRESHAPE *\n", "mp.txt", &must).ok());
  EXPECT_TRUE(must.Contains("ADD_FUSION", "float32"));
  EXPECT_TRUE(must.Contains("RESHAPE", "int8(q)"));
  EXPECT_FALSE(must.Contains("ADD_FUSION", "float16"));
  for (const char* covering : {"ADD_FUSION | float32 | cache | r | L\n", "* | * | * | r | L\n",
                               "ADD_FUSION | * | default | r | L\n", "RESHAPE | uint8(q) | fp16 | r | L\n"}) {
    WaiverSet w;
    ASSERT_TRUE(WaiverSet::Parse(covering, "w.txt", &w).ok()) << covering;
    const Status st = w.CheckMustPass(must);
    EXPECT_FALSE(st.ok()) << covering;
    EXPECT_NE(st.ToString().find("must-pass"), std::string::npos) << st.ToString();
  }
  WaiverSet ok;
  ASSERT_TRUE(WaiverSet::Parse("ADD_FUSION | float16 | * | r | L\n", "w.txt", &ok).ok());
  EXPECT_TRUE(ok.CheckMustPass(must).ok());
}

// The checked-in list parses and names only cells the suite generates.
TEST(WaiverTest, CheckedInMustPassListIsValid) {
  const std::string path = DefaultMustPassPath();
  ASSERT_FALSE(path.empty()) << "conformance/mustpass.txt not in the runfiles";
  MustPassList must;
  const Status st = MustPassList::Load(path, &must);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_GE(must.entries().size(), 10u);
  for (const MustPassEntry& e : must.entries()) {
    if (e.dtype == "*") continue;
    const NodeSpec* spec = FindNodeSpec(e.node_type);
    ASSERT_NE(spec, nullptr) << e.source;
    const bool quantized = e.dtype.size() > 3 && e.dtype.substr(e.dtype.size() - 3) == "(q)";
    const auto dt = ParseDataType(quantized ? e.dtype.substr(0, e.dtype.size() - 3) : e.dtype);
    ASSERT_TRUE(dt.has_value()) << e.source;
    bool generated = false;
    for (DataType d : spec->dtypes) generated = generated || d == *dt;
    EXPECT_TRUE(generated) << e.source << ": " << e.node_type << " has no " << e.dtype << " cases";
  }
}

TEST(WaiverTest, LoadWaiversNeedsTheMustPassList) {
  char path[] = "/tmp/nnrt_waivers_XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  const std::string text = "ACTIVATION_GELU | float16 | * | r | L\n";
  ASSERT_EQ(write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  close(fd);
  WaiverSet w;
  EXPECT_TRUE(LoadWaivers(path, DefaultMustPassPath(), &w).ok());
  EXPECT_EQ(w.waivers().size(), 1u);
  EXPECT_FALSE(LoadWaivers(path, "/nonexistent/mustpass.txt", &w).ok());
  EXPECT_TRUE(LoadWaivers("", "", &w).ok());
  EXPECT_TRUE(w.waivers().empty());
  unlink(path);
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
