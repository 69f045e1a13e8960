// Merging per-shard reports: the merged report of a split run is the report
// the unsplit run writes (cells summed, first note kept, failures in file
// order), whatever the split; hostile or foreign JSON is refused with a message.
#include "conformance/report/merge.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

namespace nnrt {
namespace cts {
namespace {

struct Event {
  CellKey cell;
  CaseResult result;
  std::string note;
  bool failure;  // also listed under the matrix
};

std::vector<Event> SampleRun() {
  return {
      {{"ADD_FUSION", "float32", "default"}, CaseResult::kPassed, "", false},
      {{"ADD_FUSION", "float32", "default"}, CaseResult::kPassed, "", false},
      {{"ADD_FUSION", "int8(q)", "default"}, CaseResult::kFailed, "", true},
      {{"CONV2D_FUSION", "float32", "fp16"}, CaseResult::kUnsupported, "IsFloat16PrecisionSupported reports false", false},
      {{"CONV2D_FUSION", "float32", "fp16"}, CaseResult::kUnsupported, "a later note", false},
      {{"SOFTMAX", "float16", "cache"}, CaseResult::kCrashed, "", true},
      {{"ADD_FUSION", "int8(q)", "default"}, CaseResult::kWaived, "", true},
      {{"SOFTMAX", "float16", "default"}, CaseResult::kTimeout, "", true},
  };
}

void Play(const std::vector<Event>& events, size_t from, size_t to, ResultsCollector* r) {
  for (size_t i = from; i < to; ++i) {
    const Event& e = events[i];
    r->Record(e.cell, e.result, e.note);
    if (e.failure) {
      FailureEntry f;
      f.cell = e.cell;
      f.result = e.result;
      f.message = "case " + std::to_string(i) + ": \"quoted\" <tag>\n\ttab \x01 control";
      f.case_file = "/tmp/case_" + std::to_string(i) + ".nnrtcase";
      f.replay = "nnrt_cts replay /tmp/case_" + std::to_string(i) + ".nnrtcase --driver /abs/lib.so";
      if (e.result == CaseResult::kWaived) f.waiver = "known (https://example.invalid/1)";
      r->AddFailure(f);
    }
  }
}

TEST(ReportMerge, ShardsMergeIntoTheUnsplitReport) {
  const std::vector<Event> events = SampleRun();
  ResultsCollector whole;
  Play(events, 0, events.size(), &whole);
  whole.SetInfo("driver", "/abs/lib.so");
  for (size_t split : {size_t{1}, size_t{3}, size_t{5}, events.size() - 1}) {
    ResultsCollector a, b, merged;
    Play(events, 0, split, &a);
    Play(events, split, events.size(), &b);
    a.SetInfo("driver", "/abs/lib.so");
    b.SetInfo("driver", "/abs/lib.so");
    ASSERT_TRUE(MergeReportJson(ReportJson(a), "shard 1", &merged).ok());
    ASSERT_TRUE(MergeReportJson(ReportJson(b), "shard 2", &merged).ok());
    EXPECT_EQ(ReportJson(merged), ReportJson(whole)) << "split at " << split;
  }
}

ModelEntry SampleModel(int i, CaseResult result) {
  ModelEntry m;
  m.model = "convnet_" + std::to_string(i);
  m.dtype = i % 2 == 0 ? "float32" : "int8(q)";
  m.mode = "default";
  m.result = result;
  if (result == CaseResult::kFailed) {
    m.localised_node = "node 0 'conv' (CONV2D_FUSION)";
    m.case_file = "/tmp/convnet_node0.nnrtcase";
    m.replay = "nnrt_cts replay /tmp/convnet_node0.nnrtcase --driver /abs/lib.so";
    m.message = "node 0 \"conv\" <fails>";
  }
  if (result == CaseResult::kUnsupported) m.unsupported = "LSTM,SOFTMAX";
  m.agreement = "probs: top-1 2/2, top-5 2/2";
  return m;
}

TEST(ReportMerge, ModelSectionsMergeInReportOrder) {
  ResultsCollector whole, a, b, merged;
  const std::vector<CaseResult> results = {CaseResult::kPassed, CaseResult::kFailed, CaseResult::kUnsupported};
  for (size_t i = 0; i < results.size(); ++i) {
    whole.AddModel(SampleModel(static_cast<int>(i), results[i]));
    (i < 1 ? a : b).AddModel(SampleModel(static_cast<int>(i), results[i]));
  }
  ASSERT_TRUE(MergeReportJson(ReportJson(a), "shard 1", &merged).ok());
  ASSERT_TRUE(MergeReportJson(ReportJson(b), "shard 2", &merged).ok());
  EXPECT_EQ(ReportJson(merged), ReportJson(whole));
  ASSERT_EQ(merged.models().size(), 3u);
  EXPECT_EQ(merged.models()[1].localised_node, "node 0 'conv' (CONV2D_FUSION)");
  EXPECT_EQ(merged.models()[2].unsupported, "LSTM,SOFTMAX");
  const std::string html = ReportHtml(merged);
  EXPECT_NE(html.find("<h2 id=\"models\">Models (3)</h2>"), std::string::npos);
  EXPECT_NE(html.find("node 0 'conv' (CONV2D_FUSION)"), std::string::npos);
  EXPECT_NE(html.find("unsupported: LSTM,SOFTMAX"), std::string::npos);
  EXPECT_NE(html.find("node 0 &quot;conv&quot; &lt;fails&gt;"), std::string::npos);  // escaped
  EXPECT_EQ(ReportHtml(ResultsCollector()).find("id=\"models\""), std::string::npos);  // no models, no section
  const Status bad = MergeReportJson(
      "{\"format\": \"nnrt-cts-report-1\", \"models\": [{\"model\": \"m\", \"result\": \"odd\"}]}", "m.json", &merged);
  EXPECT_FALSE(bad.ok());
}

TEST(ReportMerge, DifferingInfoValuesAreListedOnce) {
  ResultsCollector a, b, c, merged;
  a.SetInfo("seed", "1");
  b.SetInfo("seed", "2");
  c.SetInfo("seed", "1");
  for (const ResultsCollector* r : {&a, &b, &c}) ASSERT_TRUE(MergeReportJson(ReportJson(*r), "r", &merged).ok());
  bool found = false;
  for (const auto& kv : merged.info()) {
    if (kv.first == "seed") {
      EXPECT_EQ(kv.second, "1, 2");
      found = true;
    }
    EXPECT_NE(kv.first, "") << "no empty keys";
  }
  EXPECT_TRUE(found);
  // The collector's own coverage line heads the info once, not once per report.
  int coverage_lines = 0;
  for (const auto& kv : merged.info()) coverage_lines += kv.first == "reference coverage";
  EXPECT_EQ(coverage_lines, 1);
}

TEST(ReportMerge, ForeignOrBrokenJsonIsRefusedWithItsSource) {
  ResultsCollector r;
  for (const char* bad : {"", "{", "[]", "{\"format\": \"other\"}", "{\"format\": \"nnrt-cts-report-1\", \"cells\": [{}]}",
                          "{\"format\": \"nnrt-cts-report-1\", \"cells\": [{\"counts\": {\"passed\": -1}}]}",
                          "{\"format\": \"nnrt-cts-report-1\"} trailing", "\"unterminated"}) {
    const Status st = MergeReportJson(bad, "shard.json", &r);
    EXPECT_FALSE(st.ok()) << bad;
    EXPECT_NE(st.message().find("shard.json"), std::string::npos) << st.ToString();
  }
  std::string deep(100000, '[');
  EXPECT_FALSE(MergeReportJson(deep, "deep.json", &r).ok());  // bounded recursion, no stack overflow
}

TEST(ReportMerge, FindsShardReportsInATestlogsTree) {
  char root[] = "/tmp/nnrt_merge_testXXXXXX";
  ASSERT_NE(mkdtemp(root), nullptr);
  const std::string base = root;
  const std::vector<Event> events = SampleRun();
  for (int shard = 0; shard < 3; ++shard) {
    const std::string dir = base + "/conformance/conformance_test/shard_" + std::to_string(shard + 1) + "_of_3";
    ASSERT_EQ(system(("mkdir -p '" + dir + "/test.outputs'").c_str()), 0);
    ResultsCollector r;
    Play(events, static_cast<size_t>(shard) * 3, std::min(events.size(), static_cast<size_t>(shard + 1) * 3), &r);
    std::vector<std::string> paths;
    ASSERT_TRUE(WriteReport(r, dir + "/test.outputs", "cts_report_conformance_test_shard" + std::to_string(shard + 1) +
                                                       "of3", &paths).ok());
    std::ofstream(dir + "/test.log") << "not a report";
  }
  std::vector<std::string> files;
  ASSERT_TRUE(FindReportFiles({base}, &files).ok());
  ASSERT_EQ(files.size(), 3u);  // the .json files only, sorted
  EXPECT_LT(files[0], files[1]);
  ResultsCollector merged, whole;
  ASSERT_TRUE(MergeReports({base}, &merged).ok());
  Play(events, 0, events.size(), &whole);
  EXPECT_EQ(merged.Totals(), whole.Totals());
  EXPECT_EQ(merged.failures().size(), whole.failures().size());
  EXPECT_FALSE(MergeReports({base + "/missing"}, &merged).ok());
  ASSERT_EQ(system(("rm -rf '" + base + "'").c_str()), 0);
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
