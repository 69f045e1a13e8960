#include "conformance/report/merge.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace nnrt {
namespace cts {
namespace {

// ---- A small JSON reader (what ReportJson writes: objects, arrays, strings,
// integers; true / false / null and fractions read for robustness) ----------

struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  double number = 0;
  bool boolean = false;
  std::string text;
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  const Json* Member(const std::string& key) const {
    for (const auto& kv : members) {
      if (kv.first == key) return &kv.second;
    }
    return nullptr;
  }
  std::string String(const std::string& key) const {
    const Json* m = Member(key);
    return m != nullptr && m->kind == Kind::kString ? m->text : "";
  }
};

constexpr int kMaxDepth = 32;

class JsonReader {
 public:
  explicit JsonReader(const std::string& s) : s_(s) {}

  Status Read(Json* out) {
    NNRT_RETURN_IF_ERROR(Value(out, 0));
    Space();
    if (pos_ != s_.size()) return Error("text after the JSON value");
    return Status::Ok();
  }

 private:
  Status Error(const std::string& what) const {
    return InvalidInput("JSON at byte " + std::to_string(pos_) + ": " + what);
  }
  void Space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t')) ++pos_;
  }
  bool Eat(char c) {
    Space();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool Word(const char* w) {
    const size_t n = std::char_traits<char>::length(w);
    if (s_.compare(pos_, n, w) != 0) return false;
    pos_ += n;
    return true;
  }

  Status Value(Json* out, int depth) {
    if (depth > kMaxDepth) return Error("nested too deeply");
    Space();
    if (pos_ >= s_.size()) return Error("unexpected end");
    const char c = s_[pos_];
    if (c == '{') return Object(out, depth);
    if (c == '[') return Array(out, depth);
    if (c == '"') {
      out->kind = Json::Kind::kString;
      return String(&out->text);
    }
    if (Word("true") || Word("false")) {
      out->kind = Json::Kind::kBool;
      out->boolean = c == 't';
      return Status::Ok();
    }
    if (Word("null")) return Status::Ok();
    char* end = nullptr;
    out->number = std::strtod(s_.c_str() + pos_, &end);
    if (end == s_.c_str() + pos_) return Error("not a JSON value");
    pos_ = static_cast<size_t>(end - s_.c_str());
    out->kind = Json::Kind::kNumber;
    return Status::Ok();
  }

  Status Object(Json* out, int depth) {
    out->kind = Json::Kind::kObject;
    ++pos_;
    if (Eat('}')) return Status::Ok();
    do {
      Space();
      std::string key;
      NNRT_RETURN_IF_ERROR(String(&key));
      if (!Eat(':')) return Error("':' expected");
      Json v;
      NNRT_RETURN_IF_ERROR(Value(&v, depth + 1));
      out->members.emplace_back(std::move(key), std::move(v));
    } while (Eat(','));
    return Eat('}') ? Status::Ok() : Error("'}' expected");
  }

  Status Array(Json* out, int depth) {
    out->kind = Json::Kind::kArray;
    ++pos_;
    if (Eat(']')) return Status::Ok();
    do {
      Json v;
      NNRT_RETURN_IF_ERROR(Value(&v, depth + 1));
      out->items.push_back(std::move(v));
    } while (Eat(','));
    return Eat(']') ? Status::Ok() : Error("']' expected");
  }

  // \uXXXX below 0x80 only: ReportJson escapes control characters that way
  // and passes UTF-8 through.
  Status String(std::string* out) {
    if (pos_ >= s_.size() || s_[pos_] != '"') return Error("string expected");
    ++pos_;
    while (pos_ < s_.size() && s_[pos_] != '"') {
      char c = s_[pos_++];
      if (c == '\\') {
        if (pos_ >= s_.size()) break;
        const char e = s_[pos_++];
        switch (e) {
          case 'n': c = '\n'; break;
          case 'r': c = '\r'; break;
          case 't': c = '\t'; break;
          case 'u': {
            if (pos_ + 4 > s_.size()) return Error("short \\u escape");
            const long code = std::strtol(s_.substr(pos_, 4).c_str(), nullptr, 16);
            if (code >= 0x80) return Error("\\u escape above 0x7f");
            c = static_cast<char>(code);
            pos_ += 4;
            break;
          }
          default: c = e;  // \" \\ \/
        }
      }
      out->push_back(c);
    }
    if (pos_ >= s_.size()) return Error("unterminated string");
    ++pos_;
    return Status::Ok();
  }

  const std::string& s_;
  size_t pos_ = 0;
};

bool ParseResultName(const std::string& name, CaseResult* out) {
  for (size_t i = 0; i < kCaseResultCount; ++i) {
    if (name == CaseResultName(static_cast<CaseResult>(i))) {
      *out = static_cast<CaseResult>(i);
      return true;
    }
  }
  return false;
}

CellKey CellOf(const Json& j) { return CellKey{j.String("node_type"), j.String("dtype"), j.String("mode")}; }

Status ReadCells(const Json& cells, const std::string& source, ResultsCollector* into) {
  for (const Json& c : cells.items) {
    const Json* counts = c.Member("counts");
    if (counts == nullptr || counts->kind != Json::Kind::kObject) {
      return InvalidInput(source + ": a cell without counts");
    }
    CellCounts n{};
    for (const auto& kv : counts->members) {
      CaseResult r;
      if (!ParseResultName(kv.first, &r) || kv.second.kind != Json::Kind::kNumber || kv.second.number < 0) {
        return InvalidInput(source + ": bad count '" + kv.first + "'");
      }
      n[static_cast<size_t>(r)] = static_cast<int64_t>(kv.second.number);
    }
    into->AddCounts(CellOf(c), n, c.String("note"));
  }
  return Status::Ok();
}

Status ReadFailures(const Json& failures, const std::string& source, ResultsCollector* into) {
  for (const Json& f : failures.items) {
    FailureEntry e;
    e.cell = CellOf(f);
    if (!ParseResultName(f.String("result"), &e.result)) return InvalidInput(source + ": bad failure result");
    e.message = f.String("message");
    e.case_file = f.String("case_file");
    e.replay = f.String("replay");
    e.waiver = f.String("waiver");
    into->AddFailure(e);
  }
  return Status::Ok();
}

Status ReadModels(const Json& models, const std::string& source, ResultsCollector* into) {
  for (const Json& m : models.items) {
    ModelEntry e;
    e.model = m.String("model");
    e.dtype = m.String("dtype");
    e.mode = m.String("mode");
    if (!ParseResultName(m.String("result"), &e.result)) return InvalidInput(source + ": bad model result");
    e.localised_node = m.String("localised_node");
    e.case_file = m.String("case_file");
    e.replay = m.String("replay");
    e.unsupported = m.String("unsupported");
    e.agreement = m.String("agreement");
    e.message = m.String("message");
    into->AddModel(e);
  }
  return Status::Ok();
}

// A key's values across reports: each distinct one once, in first-seen order.
void MergeInfo(const std::string& key, const std::string& value, ResultsCollector* into) {
  for (const auto& kv : into->info()) {
    if (kv.first != key) continue;
    std::string list = ", " + kv.second + ", ";
    if (list.find(", " + value + ", ") == std::string::npos) into->SetInfo(key, kv.second + ", " + value);
    return;
  }
  into->SetInfo(key, value);
}

bool IsReportName(const std::string& name) {
  return name.rfind("cts_report", 0) == 0 && name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0;
}

void Walk(const std::string& dir, int depth, std::vector<std::string>* files) {
  if (depth > 16) return;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return;
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = dir + "/" + name;
    struct stat st;
    if (stat(path.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      Walk(path, depth + 1, files);
    } else if (IsReportName(name)) {
      files->push_back(path);
    }
  }
  closedir(d);
}

}  // namespace

Status MergeReportJson(const std::string& json, const std::string& source, ResultsCollector* into) {
  Json root;
  NNRT_RETURN_IF_ERROR(JsonReader(json).Read(&root).WithContext(source));
  if (root.String("format") != "nnrt-cts-report-1") {
    return InvalidInput(source + ": not an nnrt-cts-report-1 report");
  }
  if (const Json* cells = root.Member("cells")) NNRT_RETURN_IF_ERROR(ReadCells(*cells, source, into));
  if (const Json* failures = root.Member("failures")) NNRT_RETURN_IF_ERROR(ReadFailures(*failures, source, into));
  if (const Json* models = root.Member("models")) NNRT_RETURN_IF_ERROR(ReadModels(*models, source, into));
  if (const Json* info = root.Member("info")) {
    for (const auto& kv : info->members) {
      // Recomputed by the collector itself (ResultsCollector::info).
      if (kv.first == "reference coverage" || kv.second.kind != Json::Kind::kString) continue;
      MergeInfo(kv.first, kv.second.text, into);
    }
  }
  return Status::Ok();
}

Status FindReportFiles(const std::vector<std::string>& paths, std::vector<std::string>* files) {
  files->clear();
  for (const std::string& p : paths) {
    struct stat st;
    if (stat(p.c_str(), &st) != 0) return InvalidInput("no such report file or directory: " + p);
    if (S_ISDIR(st.st_mode)) {
      Walk(p, 0, files);
    } else {
      files->push_back(p);
    }
  }
  std::sort(files->begin(), files->end());
  files->erase(std::unique(files->begin(), files->end()), files->end());
  return Status::Ok();
}

Status MergeReports(const std::vector<std::string>& paths, ResultsCollector* into) {
  std::vector<std::string> files;
  NNRT_RETURN_IF_ERROR(FindReportFiles(paths, &files));
  if (files.empty()) return InvalidInput("no cts_report*.json under the given paths");
  for (const std::string& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in.good() && !in.eof()) return InvalidInput("cannot read " + f);
    NNRT_RETURN_IF_ERROR(MergeReportJson(text.str(), f, into));
  }
  into->SetInfo("merged reports", std::to_string(files.size()));
  return Status::Ok();
}

}  // namespace cts
}  // namespace nnrt
