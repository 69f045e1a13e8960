// `bazel run //golden:regenerate`: runs the reference on every golden case and
// writes golden/data/<family>/<case>.nnrt into the source tree
// ($BUILD_WORKSPACE_DIRECTORY), removing files of cases that no longer exist.
// Deterministic: the same definitions give byte-identical files. Prints what
// changed. Exit status 1 when a case fails (e.g. the reference disagrees with a
// hand-written expectation), 2 on usage errors.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "golden/golden_case.h"
#include "golden/golden_files.h"

int main(int argc, char** argv) {
  using namespace nnrt::golden;
  std::string root;
  if (argc > 1) {
    root = argv[1];  // explicit golden/data directory (tests, scripts)
  } else {
    const char* ws = std::getenv("BUILD_WORKSPACE_DIRECTORY");
    if (ws == nullptr || *ws == '\0') {
      std::fprintf(stderr, "usage: bazel run //golden:regenerate  (or: regenerate <golden/data dir>)\n");
      return 2;
    }
    root = std::string(ws) + "/golden/data";
  }
  // Render everything first: a failing definition leaves the tree untouched.
  std::map<std::string, std::string> wanted;  // relative path -> text
  int failures = 0;
  for (const GoldenCase& c : AllGoldenCases()) {
    std::string text;
    const nnrt::Status st = RenderCase(c, &text);
    if (!st.ok()) {
      std::fprintf(stderr, "FAILED %s\n", st.message().c_str());
      ++failures;
      continue;
    }
    if (!wanted.emplace(RelativePath(c), text).second) {
      std::fprintf(stderr, "FAILED duplicate golden case %s\n", RelativePath(c).c_str());
      ++failures;
    }
  }
  if (failures > 0) {
    std::fprintf(stderr, "%d golden case(s) failed; nothing written\n", failures);
    return 1;
  }
  std::set<std::string> existing;
  std::string error;
  if (!ListGoldenFiles(root, &existing, &error) && !error.empty()) {
    std::fprintf(stderr, "cannot list %s: %s\n", root.c_str(), error.c_str());
    return 1;
  }
  int added = 0, changed = 0, removed = 0, unchanged = 0;
  for (const auto& kv : wanted) {
    std::string old;
    const bool had = ReadWholeFile(root + "/" + kv.first, &old);
    if (had && old == kv.second) {
      ++unchanged;
      continue;
    }
    if (!WriteWholeFile(root + "/" + kv.first, kv.second, &error)) {
      std::fprintf(stderr, "cannot write %s: %s\n", kv.first.c_str(), error.c_str());
      return 1;
    }
    std::printf("%s %s\n", had ? "changed" : "added  ", kv.first.c_str());
    ++(had ? changed : added);
  }
  for (const std::string& rel : existing) {
    if (wanted.count(rel) != 0) continue;
    if (!RemoveFileAndEmptyParent(root, rel, &error)) {
      std::fprintf(stderr, "cannot remove %s: %s\n", rel.c_str(), error.c_str());
      return 1;
    }
    std::printf("removed %s\n", rel.c_str());
    ++removed;
  }
  std::printf("golden/data: %d added, %d changed, %d removed, %d unchanged (%zu cases)\n", added, changed, removed,
              unchanged, wanted.size());
  return 0;
}
