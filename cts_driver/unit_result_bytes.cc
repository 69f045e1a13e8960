// The byte form of a UnitResult (run_units.h): the worker -> parent hand-over.
#include <cstdlib>
#include <string>

#include "cts_driver/run_units.h"

namespace nnrt {
namespace cts {
namespace {

constexpr char kUnitMagic[] = "nnrt-cts-unit-2;";

// ---- Byte form: integers as "<decimal>;", strings as "<length>:<bytes>".
void PutInt(int64_t v, std::string* out) { *out += std::to_string(v) + ";"; }
void PutStr(const std::string& s, std::string* out) {
  *out += std::to_string(s.size()) + ":";
  *out += s;
}
void PutFamilies(const std::map<std::string, FamilyCounts>& m, std::string* out) {
  PutInt(static_cast<int64_t>(m.size()), out);
  for (const auto& kv : m) {
    PutStr(kv.first, out);
    PutInt(kv.second.rejected, out);
    PutInt(kv.second.not_rejected, out);
    PutInt(kv.second.not_applicable, out);
    PutInt(kv.second.reference_accepted, out);
  }
}

void PutProfile(const UnitProfile& p, std::string* out) {
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
  explicit Reader(const std::string& s) : s_(s) {}
  bool Int(int64_t* v) {
    const size_t end = s_.find(';', pos_);
    if (end == std::string::npos || end == pos_ || end - pos_ > 20) return false;
    char* stop = nullptr;
    const std::string digits = s_.substr(pos_, end - pos_);
    *v = std::strtoll(digits.c_str(), &stop, 10);
    if (stop == nullptr || *stop != '\0') return false;
    pos_ = end + 1;
    return true;
  }
  bool Str(std::string* v) {
    const size_t colon = s_.find(':', pos_);
    if (colon == std::string::npos || colon == pos_ || colon - pos_ > 20) return false;
    const unsigned long long n = std::strtoull(s_.substr(pos_, colon - pos_).c_str(), nullptr, 10);
    if (n > s_.size() - colon - 1) return false;
    *v = s_.substr(colon + 1, n);
    pos_ = colon + 1 + n;
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
  bool AtEnd() const { return pos_ == s_.size(); }

 private:
  const std::string& s_;
  size_t pos_ = sizeof kUnitMagic - 1;
};

}  // namespace

std::string SerializeUnitResult(const UnitResult& r) {
  std::string out = kUnitMagic;
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
  return out;
}

Status ParseUnitResult(const std::string& bytes, UnitResult* r) {
  const Status bad = InvalidParameter("malformed unit result from a worker process");
  if (bytes.compare(0, sizeof kUnitMagic - 1, kUnitMagic) != 0) return bad;
  Reader in(bytes);
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
