// The byte form of a UnitResult (run_units.h): the worker -> parent hand-over.
#include <cstdlib>
#include <string>
#include <vector>

#include "conformance/runner.h"
#include "cts_driver/run_units.h"

namespace nnrt {
namespace cts {
namespace {

constexpr char kUnitMagic[] = "nnrt-cts-unit-3";

// ---- Byte form: the isolation's records (FrameRecords, conformance/runner.h),
// the magic first, then integers in decimal and strings as they are.
using Records = std::vector<std::string>;
void PutInt(int64_t v, Records* out) { out->push_back(std::to_string(v)); }
void PutStr(const std::string& s, Records* out) { out->push_back(s); }
void PutFamilies(const std::map<std::string, FamilyCounts>& m, Records* out) {
  PutInt(static_cast<int64_t>(m.size()), out);
  for (const auto& kv : m) {
    PutStr(kv.first, out);
    PutInt(kv.second.rejected, out);
    PutInt(kv.second.not_rejected, out);
    PutInt(kv.second.not_applicable, out);
    PutInt(kv.second.reference_accepted, out);
  }
}

void PutProfile(const UnitProfile& p, Records* out) {
  PutInt(p.wall_nanos, out);
  for (int64_t v : {p.cpu.self_user, p.cpu.self_sys, p.cpu.children_user, p.cpu.children_sys, p.cpu.minor_faults}) {
    PutInt(v, out);
  }
  for (int i = 0; i < kProfileCostCount; ++i) {
    PutInt(p.costs.calls[i], out);
    PutInt(p.costs.nanos[i], out);
  }
  PutInt(p.cases, out);
  PutInt(p.reruns, out);
}

class Reader {
 public:
  explicit Reader(const Records& records) : records_(records) {}
  bool Int(int64_t* v) {
    if (pos_ >= records_.size()) return false;
    const std::string& digits = records_[pos_];
    if (digits.empty() || digits.size() > 20) return false;
    char* stop = nullptr;
    *v = std::strtoll(digits.c_str(), &stop, 10);
    if (stop == nullptr || *stop != '\0') return false;
    ++pos_;
    return true;
  }
  bool Str(std::string* v) {
    if (pos_ >= records_.size()) return false;
    *v = records_[pos_++];
    return true;
  }
  bool Families(std::map<std::string, FamilyCounts>* m) {
    int64_t n = 0;
    if (!Int(&n) || n < 0) return false;
    for (int64_t i = 0; i < n; ++i) {
      std::string name;
      FamilyCounts c;
      if (!Str(&name) || !Int(&c.rejected) || !Int(&c.not_rejected) || !Int(&c.not_applicable) ||
          !Int(&c.reference_accepted)) {
        return false;
      }
      (*m)[name] = c;
    }
    return true;
  }
  bool Profile(UnitProfile* p) {
    bool ok = Int(&p->wall_nanos);
    for (int64_t* v : {&p->cpu.self_user, &p->cpu.self_sys, &p->cpu.children_user, &p->cpu.children_sys,
                       &p->cpu.minor_faults}) {
      ok = ok && Int(v);
    }
    for (int i = 0; i < kProfileCostCount; ++i) ok = ok && Int(&p->costs.calls[i]) && Int(&p->costs.nanos[i]);
    return ok && Int(&p->cases) && Int(&p->reruns);
  }
  bool AtEnd() const { return pos_ == records_.size(); }

 private:
  const Records& records_;
  size_t pos_ = 1;  // after the magic
};

}  // namespace

std::string SerializeUnitResult(const UnitResult& r) {
  Records out = {kUnitMagic};
  PutInt(r.ok ? 1 : 0, &out);
  PutStr(r.text, &out);
  PutStr(r.report_json, &out);
  PutInt(static_cast<int64_t>(r.coverage.size()), &out);
  for (const auto& kv : r.coverage) {
    PutStr(kv.first.first, &out);
    PutStr(kv.first.second, &out);
    PutInt(kv.second.passed, &out);
    PutInt(kv.second.failed, &out);
    PutInt(kv.second.unsupported, &out);
  }
  PutFamilies(r.families, &out);
  PutFamilies(r.run_probes, &out);
  PutInt(r.invalid_skipped, &out);
  PutInt(r.budget_skipped, &out);
  PutInt(static_cast<int64_t>(r.verdicts.size()), &out);
  for (const auto& kv : r.verdicts) {
    PutInt(kv.first, &out);
    PutInt(kv.second, &out);
  }
  PutProfile(r.profile, &out);
  return FrameRecords(out);
}

Status ParseUnitResult(const std::string& bytes, UnitResult* r) {
  const Status bad = InvalidParameter("malformed unit result from a worker process");
  Records records;
  if (!UnframeRecords(bytes, &records) || records.empty() || records[0] != kUnitMagic) return bad;
  Reader in(records);
  *r = UnitResult{};
  int64_t ok = 0, n = 0;
  if (!in.Int(&ok) || !in.Str(&r->text) || !in.Str(&r->report_json) || !in.Int(&n) || n < 0) return bad;
  r->ok = ok != 0;
  for (int64_t i = 0; i < n; ++i) {
    std::pair<std::string, std::string> key;
    Counts c;
    if (!in.Str(&key.first) || !in.Str(&key.second) || !in.Int(&c.passed) || !in.Int(&c.failed) ||
        !in.Int(&c.unsupported)) {
      return bad;
    }
    r->coverage[key] = c;
  }
  if (!in.Families(&r->families) || !in.Families(&r->run_probes) || !in.Int(&r->invalid_skipped) ||
      !in.Int(&r->budget_skipped) || !in.Int(&n) ||
      n < 0) {
    return bad;
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t verdict = 0, count = 0;
    if (!in.Int(&verdict) || !in.Int(&count)) return bad;
    r->verdicts[static_cast<int>(verdict)] = count;
  }
  if (!in.Profile(&r->profile)) return bad;
  return in.AtEnd() ? Status::Ok() : bad;
}

}  // namespace cts
}  // namespace nnrt
