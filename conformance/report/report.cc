#include "conformance/report/report.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "conformance/suite_environment.h"

namespace nnrt {
namespace cts {

// ---- JSON ------------------------------------------------------------------------------

std::string JsonStringLiteral(const std::string& s) {
  std::ostringstream os;
  os << '"';
  for (unsigned char ch : s) {
    switch (ch) {
      case '"': os << "\\\""; break;
      case '\\': os << "\\\\"; break;
      case '\n': os << "\\n"; break;
      case '\r': os << "\\r"; break;
      case '\t': os << "\\t"; break;
      default:
        if (ch < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", ch);
          os << buf;
        } else {
          os << ch;  // UTF-8 passes through
        }
    }
  }
  os << '"';
  return os.str();
}

namespace {

std::string CountsJson(const CellCounts& c) {
  std::ostringstream os;
  os << "{";
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    os << (i ? ", " : "") << JsonStringLiteral(CaseResultName(static_cast<CaseResult>(i))) << ": " << c[i];
  }
  os << "}";
  return os.str();
}

// The cell's overall state: the worst result present (crashed > timeout >
// failed > waived > skipped > passed > unsupported).
CaseResult CellState(const CellCounts& c) {
  for (CaseResult r : {CaseResult::kCrashed, CaseResult::kTimeout, CaseResult::kFailed, CaseResult::kWaived,
                       CaseResult::kSkipped, CaseResult::kPassed}) {
    if (c[static_cast<size_t>(r)] > 0) return r;
  }
  return CaseResult::kUnsupported;
}

}  // namespace

std::string ReportJson(const ResultsCollector& results) {
  std::ostringstream os;
  os << "{\n  \"format\": \"nnrt-cts-report-1\",\n  \"info\": {";
  bool first = true;
  for (const auto& kv : results.info()) {
    os << (first ? "" : ",") << "\n    " << JsonStringLiteral(kv.first) << ": " << JsonStringLiteral(kv.second);
    first = false;
  }
  os << "\n  },\n  \"totals\": " << CountsJson(results.Totals()) << ",\n  \"cells\": [";
  first = true;
  for (const auto& kv : results.cells()) {
    os << (first ? "" : ",") << "\n    {\"node_type\": " << JsonStringLiteral(kv.first.node_type)
       << ", \"dtype\": " << JsonStringLiteral(kv.first.dtype) << ", \"mode\": " << JsonStringLiteral(kv.first.mode)
       << ", \"state\": " << JsonStringLiteral(CaseResultName(CellState(kv.second))) << ", \"counts\": " << CountsJson(kv.second);
    const std::string note = results.note(kv.first);
    if (!note.empty()) os << ", \"note\": " << JsonStringLiteral(note);
    os << "}";
    first = false;
  }
  os << "\n  ],\n  \"failures\": [";
  first = true;
  for (const FailureEntry& f : results.failures()) {
    os << (first ? "" : ",") << "\n    {\"node_type\": " << JsonStringLiteral(f.cell.node_type)
       << ", \"dtype\": " << JsonStringLiteral(f.cell.dtype) << ", \"mode\": " << JsonStringLiteral(f.cell.mode)
       << ", \"result\": " << JsonStringLiteral(CaseResultName(f.result)) << ", \"message\": " << JsonStringLiteral(f.message)
       << ", \"case_file\": " << JsonStringLiteral(f.case_file) << ", \"replay\": " << JsonStringLiteral(f.replay)
       << ", \"waiver\": " << JsonStringLiteral(f.waiver) << "}";
    first = false;
  }
  os << "\n  ]" << ModelsJson(results.models()) << "\n}\n";
  return os.str();
}

// ---- HTML ------------------------------------------------------------------------------

std::string HtmlEscape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

namespace {

const char* kCss = R"(body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}
table{border-collapse:collapse;font-size:.85em}th,td{border:1px solid #bbb;padding:3px 6px;text-align:center}
th{background:#eee}td.name{text-align:left;font-family:monospace}
.passed{background:#c8efc8}.failed{background:#f4a6a6}.crashed{background:#d66;color:#fff}
.timeout{background:#f2c46d}.waived{background:#cfd8f7}.skipped{background:#f7efc0}.unsupported{background:#e4e4e4;color:#666}
.none{background:#fff;color:#bbb}.legend span{display:inline-block;padding:2px 8px;margin-right:4px;border:1px solid #bbb}
pre{white-space:pre-wrap;font-size:.85em;background:#f7f7f7;padding:6px}dl{display:grid;grid-template-columns:max-content auto;gap:2px 12px}
dt{font-weight:bold}dd{margin:0;font-family:monospace})";

std::string CellText(const CellCounts& c) {
  std::ostringstream os;
  bool first = true;
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    if (c[i] == 0) continue;
    os << (first ? "" : " ") << c[i] << CaseResultName(static_cast<CaseResult>(i))[0];
    first = false;
  }
  return os.str();
}

std::string CellTitle(const CellCounts& c) {
  std::ostringstream os;
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    os << (i ? ", " : "") << c[i] << " " << CaseResultName(static_cast<CaseResult>(i));
  }
  return os.str();
}

}  // namespace

std::string ReportHtml(const ResultsCollector& results) {
  const auto cells = results.cells();
  std::vector<std::string> modes;
  std::set<std::string> mode_set;
  std::vector<std::pair<std::string, std::string>> rows;
  std::set<std::pair<std::string, std::string>> row_set;
  for (const auto& kv : cells) {
    if (mode_set.insert(kv.first.mode).second) modes.push_back(kv.first.mode);
    if (row_set.insert({kv.first.node_type, kv.first.dtype}).second) rows.emplace_back(kv.first.node_type, kv.first.dtype);
  }
  // "default" first, the rest in the order first seen.
  std::stable_partition(modes.begin(), modes.end(), [](const std::string& m) { return m == "default"; });
  const CellCounts totals = results.Totals();
  const auto failures = results.failures();
  // A cell with a listed failure links to the first one (its message and replay command).
  std::map<CellKey, size_t> first_failure;
  for (size_t i = 0; i < failures.size(); ++i) first_failure.emplace(failures[i].cell, i);
  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>NNRt conformance report</title>"
     << "<style>" << kCss << "</style></head><body>\n<h1>NNRt conformance report</h1>\n<dl>";
  for (const auto& kv : results.info()) os << "<dt>" << HtmlEscape(kv.first) << "</dt><dd>" << HtmlEscape(kv.second) << "</dd>";
  os << "</dl>\n<p>Totals: ";
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    const char* name = CaseResultName(static_cast<CaseResult>(i));
    os << "<span class=\"" << name << "\">" << totals[i] << " " << name << "</span> ";
  }
  os << "</p>\n<p class=\"legend\">Cells: cases per result (p passed, f failed, u unsupported, c crashed, t timeout, "
        "w waived, s skipped: the time budget ran out); colour = worst result. ";
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    const char* name = CaseResultName(static_cast<CaseResult>(i));
    os << "<span class=\"" << name << "\">" << name << "</span>";
  }
  os << "</p>\n<table>\n<tr><th>node type</th><th>data type</th>";
  for (const std::string& m : modes) os << "<th>" << HtmlEscape(m) << "</th>";
  os << "</tr>\n";
  for (const auto& row : rows) {
    os << "<tr><td class=\"name\">" << HtmlEscape(row.first) << "</td><td class=\"name\">" << HtmlEscape(row.second) << "</td>";
    for (const std::string& m : modes) {
      auto it = cells.find(CellKey{row.first, row.second, m});
      if (it == cells.end()) {
        os << "<td class=\"none\">&ndash;</td>";
      } else {
        const std::string note = results.note(it->first);
        os << "<td class=\"" << CaseResultName(CellState(it->second)) << "\" title=\"" << CellTitle(it->second)
           << HtmlEscape(note.empty() ? "" : "; " + note) << "\">";
        const auto failure = first_failure.find(it->first);
        if (failure != first_failure.end()) {
          os << "<a href=\"#failure-" << failure->second << "\">" << CellText(it->second) << "</a></td>";
        } else {
          os << CellText(it->second) << "</td>";
        }
      }
    }
    os << "</tr>\n";
  }
  os << "</table>\n";
  os << ModelsHtml(results.models());
  os << "<h2>Failures and waived cases (" << failures.size() << ")</h2>\n";
  if (failures.empty()) os << "<p>None.</p>\n";
  for (size_t i = 0; i < failures.size(); ++i) {
    const FailureEntry& f = failures[i];
    os << "<h3 id=\"failure-" << i << "\" class=\"" << CaseResultName(f.result) << "\">" << HtmlEscape(f.cell.node_type) << " / " << HtmlEscape(f.cell.dtype)
       << " / " << HtmlEscape(f.cell.mode) << ": " << CaseResultName(f.result) << "</h3>\n<pre>" << HtmlEscape(f.message) << "</pre>\n";
    if (!f.waiver.empty()) os << "<p>Waiver: " << HtmlEscape(f.waiver) << "</p>\n";
    if (!f.case_file.empty()) os << "<p>Case file: <code>" << HtmlEscape(f.case_file) << "</code></p>\n";
    if (!f.replay.empty()) os << "<p>Replay: <code>" << HtmlEscape(f.replay) << "</code></p>\n";
  }
  os << "</body></html>\n";
  return os.str();
}

// ---- Files -----------------------------------------------------------------------------

Status WriteReport(const ResultsCollector& results, const std::string& dir, const std::string& stem,
                   std::vector<std::string>* paths) {
  NNRT_RETURN_IF_ERROR(MakeDirectories(dir).WithContext("report"));
  paths->clear();
  for (const auto& [ext, text] : {std::make_pair(std::string(".json"), ReportJson(results)),
                                  std::make_pair(std::string(".html"), ReportHtml(results))}) {
    const std::string path = dir + "/" + stem + ext;
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) return InvalidParameter("cannot write report '" + path + "'");
    paths->push_back(path);
  }
  return Status::Ok();
}

std::string ReportStem(const SuiteEnvironment& env, const std::string& fallback_target) {
  const std::string target = NonEmpty(env.test_target);
  std::string name = !target.empty() ? target : fallback_target;
  const size_t colon = name.rfind(':');
  if (colon != std::string::npos) name = name.substr(colon + 1);
  std::string stem = "cts_report_" + name;
  const std::string index = NonEmpty(env.test_shard_index);
  const std::string total = NonEmpty(env.test_total_shards);
  if (!index.empty() && !total.empty()) {
    stem += "_shard" + std::to_string(std::atoi(index.c_str()) + 1) + "of" + total;  // 1-based, as bazel-testlogs names shards
  }
  return stem;
}

std::string ReportStemFromEnv(const std::string& fallback_target) {
  return ReportStem(ProcessSuiteEnvironment(), fallback_target);
}

Status WriteReportFromEnv(const std::string& fallback_target, std::vector<std::string>* paths) {
  const std::string out = NonEmpty(ProcessSuiteEnvironment().test_undeclared_outputs_dir);
  const std::string dir = !out.empty() ? out : "/tmp";
  return WriteReport(GlobalResults(), dir, ReportStemFromEnv(fallback_target), paths);
}

}  // namespace cts
}  // namespace nnrt
