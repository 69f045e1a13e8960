#include "conformance/results.h"

#include "reference/runtime/op_builders/op_coverage.h"

namespace nnrt {
namespace cts {

const char* CaseResultName(CaseResult r) {
  switch (r) {
    case CaseResult::kPassed: return "passed";
    case CaseResult::kFailed: return "failed";
    case CaseResult::kUnsupported: return "unsupported";
    case CaseResult::kCrashed: return "crashed";
    case CaseResult::kTimeout: return "timeout";
    case CaseResult::kWaived: return "waived";
    case CaseResult::kSkipped: return "skipped";
  }
  return "?";
}

CaseResult ClassifyOutcome(Verdict verdict, const std::string& message) {
  switch (verdict) {
    case Verdict::kPass: return CaseResult::kPassed;
    case Verdict::kUnsupported: return CaseResult::kUnsupported;
    case Verdict::kInvalidCase: return CaseResult::kFailed;
    case Verdict::kFail: break;
  }
  // The isolation layer's wording (conformance/isolation.cc, RunIsolated);
  // pinned by ReportTest.ClassifiesIsolationCrashAndTimeout.
  if (message.find("(timeout;") != std::string::npos) return CaseResult::kTimeout;
  if (message.rfind("the driver crashed:", 0) == 0 ||
      message.rfind("the isolated child process exited with status", 0) == 0) {
    return CaseResult::kCrashed;
  }
  return CaseResult::kFailed;
}

// ---- Collector ------------------------------------------------------------------------

void ResultsCollector::Record(const CellKey& cell, CaseResult result, const std::string& note) {
  std::lock_guard<std::mutex> lock(mu_);
  if (result != CaseResult::kPassed && !note.empty() && notes_.count(cell) == 0) notes_[cell] = note;
  auto it = cells_.find(cell);
  if (it == cells_.end()) it = cells_.emplace(cell, CellCounts{}).first;
  ++it->second[static_cast<size_t>(result)];
}

void ResultsCollector::AddCounts(const CellKey& cell, const CellCounts& counts, const std::string& note) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!note.empty() && notes_.count(cell) == 0) notes_[cell] = note;
  CellCounts& c = cells_[cell];
  for (size_t i = 0; i < kCaseResultCount; ++i) c[i] += counts[i];
}

void ResultsCollector::AddFailure(const FailureEntry& failure) {
  std::lock_guard<std::mutex> lock(mu_);
  failures_.push_back(failure);
}

void ResultsCollector::AddModel(const ModelEntry& model) {
  std::lock_guard<std::mutex> lock(mu_);
  models_.push_back(model);
}

std::vector<ModelEntry> ResultsCollector::models() const {
  std::lock_guard<std::mutex> lock(mu_);
  return models_;
}

void ResultsCollector::SetInfo(const std::string& key, const std::string& value) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& kv : info_) {
    if (kv.first == key) {
      kv.second = value;
      return;
    }
  }
  info_.emplace_back(key, value);
}

void ResultsCollector::Clear() {
  std::lock_guard<std::mutex> lock(mu_);
  cells_.clear();
  notes_.clear();
  failures_.clear();
  models_.clear();
  info_.clear();
}

std::map<CellKey, CellCounts> ResultsCollector::cells() const {
  std::lock_guard<std::mutex> lock(mu_);
  return cells_;
}

std::string ResultsCollector::note(const CellKey& cell) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = notes_.find(cell);
  return it == notes_.end() ? "" : it->second;
}

std::vector<FailureEntry> ResultsCollector::failures() const {
  std::lock_guard<std::mutex> lock(mu_);
  return failures_;
}

std::vector<std::pair<std::string, std::string>> ResultsCollector::info() const {
  std::lock_guard<std::mutex> lock(mu_);
  // What the reference implements, computed from the node-type list and the
  // OH_NN builders (OPERATOR_DONE.md item 7), heads every report.
  std::vector<std::pair<std::string, std::string>> all = {
      {"reference coverage", rt::CoverageLine(rt::ComputeOperatorCoverage())}};
  all.insert(all.end(), info_.begin(), info_.end());
  return all;
}

CellCounts ResultsCollector::Totals() const {
  CellCounts t{};
  for (const auto& kv : cells()) {
    for (size_t i = 0; i < kCaseResultCount; ++i) t[i] += kv.second[i];
  }
  return t;
}

ResultsCollector& GlobalResults() {
  static ResultsCollector* r = new ResultsCollector();  // never destroyed: usable from any teardown
  return *r;
}

}  // namespace cts
}  // namespace nnrt
