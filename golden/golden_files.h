// File handling shared by //golden:regenerate, //golden:golden_test and
// //conformance:golden_replay_test: rendering a case, listing golden/data,
// locating it in a test's runfiles, and reading the golden-case claims of
// docs/clarifications.md.
#ifndef NNRT_GOLDEN_GOLDEN_FILES_H_
#define NNRT_GOLDEN_GOLDEN_FILES_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "golden/golden_case.h"

namespace nnrt {
namespace golden {

// MaterializeCase + PrintCase: the exact text of golden/data/<RelativePath(c)>.
Status RenderCase(const GoldenCase& c, std::string* text);

// Every regular file under `root` as "<dir>/<file>" relative paths (symlinks
// followed, so it works on runfiles trees). Returns false with `error` set on
// an I/O error; false with an empty error when `root` does not exist.
bool ListGoldenFiles(const std::string& root, std::set<std::string>* relative_paths, std::string* error);

bool ReadWholeFile(const std::string& path, std::string* text);
// Creates the parent directory (one level, plus root) when needed.
bool WriteWholeFile(const std::string& path, const std::string& text, std::string* error);
// Removes root/rel and its directory when that becomes empty.
bool RemoveFileAndEmptyParent(const std::string& root, const std::string& rel, std::string* error);

// golden/data in the test's runfiles ($TEST_SRCDIR/nnrt_kit/golden/data), or
// "" when absent.
std::string RunfilesPath(const std::string& workspace_relative);

// docs/clarifications.md: for each entry "## C-<n>. ...", the golden cases it
// names. A claim is the word "golden" followed by backquoted
// `<family>/<case>` names separated by commas (C-201), e.g.
//   **Pinned by:** ArithmeticTest.X; golden `arithmetic/c042_int_div_by_zero`, `arithmetic/c042_int32_add_wraps`
// Also returns every entry number seen.
void ParseClarificationGoldenClaims(const std::string& markdown, std::map<int, std::vector<std::string>>* claims,
                                    std::set<int>* entries);

// "c042_int_div_by_zero" -> 42; -1 when the name does not pin a clarification.
int ClarificationNumberOfCase(const std::string& case_name);

}  // namespace golden
}  // namespace nnrt

#endif  // NNRT_GOLDEN_GOLDEN_FILES_H_
