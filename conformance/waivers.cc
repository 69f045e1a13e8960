#include "conformance/waivers.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "conformance/exec_mode.h"
#include "conformance/node_spec.h"
#include "conformance/suite_environment.h"

namespace nnrt {
namespace cts {
namespace {

std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> SplitOn(const std::string& line, char sep) {
  std::vector<std::string> fields;
  std::stringstream ss(line);
  std::string f;
  while (std::getline(ss, f, sep)) fields.push_back(Trim(f));
  if (!line.empty() && line.back() == sep) fields.push_back("");
  return fields;
}

// Lines without comments ("#" to end of line) and blanks, with their numbers.
std::vector<std::pair<int, std::string>> ContentLines(const std::string& text) {
  std::vector<std::pair<int, std::string>> out;
  std::stringstream ss(text);
  std::string line;
  int number = 0;
  while (std::getline(ss, line)) {
    ++number;
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line = line.substr(0, hash);
    line = Trim(line);
    if (!line.empty()) out.emplace_back(number, line);
  }
  return out;
}

bool KnownNodeType(const std::string& name) { return FindNodeSpec(name) != nullptr; }

// "float32", "int8(q)": a data type name, optionally marked quantized.
bool KnownDtypeLabel(const std::string& label) {
  std::string base = label;
  const std::string q = "(q)";
  if (base.size() > q.size() && base.compare(base.size() - q.size(), q.size(), q) == 0) {
    base = base.substr(0, base.size() - q.size());
  }
  return ParseDataType(base).has_value();
}

bool FieldMatches(const std::string& pattern, const std::string& value) { return pattern == "*" || pattern == value; }

Status ReadWholeFile(const std::string& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return InvalidParameter("cannot read '" + path + "'");
  std::ostringstream os;
  os << in.rdbuf();
  *text = os.str();
  return Status::Ok();
}

}  // namespace

bool Waiver::Matches(const std::string& node, const std::string& dt, const std::string& m) const {
  return FieldMatches(node_type, node) && FieldMatches(dtype, dt) && FieldMatches(mode, m);
}

Status MustPassList::Parse(const std::string& text, const std::string& source_name, MustPassList* out) {
  *out = MustPassList();
  for (const auto& [number, line] : ContentLines(text)) {
    const std::string where = source_name + ":" + std::to_string(number);
    std::stringstream ss(line);
    MustPassEntry e;
    std::string extra;
    ss >> e.node_type >> e.dtype >> extra;
    if (e.dtype.empty() || !extra.empty()) return InvalidParameter(where + ": expected 'NODE_TYPE dtype'");
    if (!KnownNodeType(e.node_type)) return InvalidParameter(where + ": unknown node type '" + e.node_type + "'");
    if (e.dtype != "*" && !KnownDtypeLabel(e.dtype)) return InvalidParameter(where + ": unknown data type '" + e.dtype + "'");
    e.source = where;
    out->entries_.push_back(e);
  }
  return Status::Ok();
}

Status MustPassList::Load(const std::string& path, MustPassList* out) {
  std::string text;
  NNRT_RETURN_IF_ERROR(ReadWholeFile(path, &text));
  return Parse(text, path, out);
}

bool MustPassList::Contains(const std::string& node, const std::string& dtype) const {
  for (const MustPassEntry& e : entries_) {
    if (e.node_type == node && FieldMatches(e.dtype, dtype)) return true;
  }
  return false;
}

Status WaiverSet::Parse(const std::string& text, const std::string& source_name, WaiverSet* out) {
  *out = WaiverSet();
  for (const auto& [number, line] : ContentLines(text)) {
    const std::string where = source_name + ":" + std::to_string(number);
    const std::vector<std::string> f = SplitOn(line, '|');
    if (f.size() != 5) {
      return InvalidParameter(where + ": expected 'NODE_TYPE | dtype | mode | reason | issue link', got " +
                              std::to_string(f.size()) + " fields");
    }
    Waiver w{f[0], f[1], f[2], f[3], f[4], where};
    if (w.node_type != "*" && !KnownNodeType(w.node_type)) {
      return InvalidParameter(where + ": unknown node type '" + w.node_type + "'");
    }
    if (w.dtype != "*" && !KnownDtypeLabel(w.dtype)) return InvalidParameter(where + ": unknown data type '" + w.dtype + "'");
    if (w.mode != "*" && !IsKnownModeLabel(w.mode)) return InvalidParameter(where + ": unknown mode '" + w.mode + "'");
    if (w.reason.empty()) return InvalidParameter(where + ": a waiver needs a reason");
    if (w.link.empty()) return InvalidParameter(where + ": a waiver needs an issue link");
    out->waivers_.push_back(w);
  }
  return Status::Ok();
}

Status WaiverSet::Load(const std::string& path, WaiverSet* out) {
  std::string text;
  NNRT_RETURN_IF_ERROR(ReadWholeFile(path, &text));
  return Parse(text, path, out);
}

Status WaiverSet::CheckMustPass(const MustPassList& must_pass) const {
  for (const Waiver& w : waivers_) {
    for (const MustPassEntry& e : must_pass.entries()) {
      // Overlap of two patterns: node types equal (or waiver "*"), data types
      // equal or either side "*". Every mode of a must-pass cell is must-pass.
      const bool node = FieldMatches(w.node_type, e.node_type);
      const bool dtype = w.dtype == "*" || e.dtype == "*" || w.dtype == e.dtype;
      if (node && dtype) {
        return InvalidParameter(w.source + ": the waiver '" + w.node_type + " | " + w.dtype + " | " + w.mode +
                                "' covers the must-pass cell '" + e.node_type + " " + e.dtype + "' (" + e.source +
                                "); must-pass cells cannot be waived");
      }
    }
  }
  return Status::Ok();
}

const Waiver* WaiverSet::Find(const std::string& node, const std::string& dtype, const std::string& mode) const {
  for (const Waiver& w : waivers_) {
    if (w.Matches(node, dtype, mode)) return &w;
  }
  return nullptr;
}

std::string DefaultMustPassPath(const std::string& argv0) {
  return FindRunfile(ProcessSuiteEnvironment().mustpass, "conformance/mustpass.txt", argv0);
}

std::string FindRunfile(const EnvValue& override_path, const std::string& workspace_relative, const std::string& argv0) {
  if (const std::string path = NonEmpty(override_path); !path.empty()) return path;
  const std::string rel = "nnrt_kit/" + workspace_relative;
  std::vector<std::string> candidates;
  const SuiteEnvironment& env = ProcessSuiteEnvironment();
  for (const EnvValue* root : {&env.test_srcdir, &env.runfiles_dir}) {
    if (const std::string v = NonEmpty(*root); !v.empty()) candidates.push_back(v + "/" + rel);
  }
  if (!argv0.empty()) candidates.push_back(argv0 + ".runfiles/" + rel);
  for (const std::string& c : candidates) {
    if (access(c.c_str(), R_OK) == 0) return c;
  }
  return "";
}

Status LoadWaivers(const std::string& waiver_path, const std::string& must_pass_path, WaiverSet* out) {
  *out = WaiverSet();
  if (waiver_path.empty()) return Status::Ok();
  WaiverSet waivers;
  NNRT_RETURN_IF_ERROR(WaiverSet::Load(waiver_path, &waivers));
  const std::string mp = must_pass_path.empty() ? DefaultMustPassPath() : must_pass_path;
  if (mp.empty()) {
    return InvalidParameter("waivers given but the must-pass list was not found (set NNRT_CTS_MUSTPASS or --mustpass)");
  }
  MustPassList must_pass;
  NNRT_RETURN_IF_ERROR(MustPassList::Load(mp, &must_pass));
  NNRT_RETURN_IF_ERROR(waivers.CheckMustPass(must_pass));
  *out = std::move(waivers);
  return Status::Ok();
}

Status LoadWaiversFromEnv(WaiverSet* out) {
  return LoadWaivers(NonEmpty(ProcessSuiteEnvironment().waivers), "", out);
}

}  // namespace cts
}  // namespace nnrt
