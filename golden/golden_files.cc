#include "golden/golden_files.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace nnrt {
namespace golden {

Status RenderCase(const GoldenCase& c, std::string* text) {
  TestCase file;
  NNRT_RETURN_IF_ERROR(MaterializeCase(c, &file));
  *text = PrintCase(file);
  return Status::Ok();
}

namespace {

bool IsDirectory(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool ListDir(const std::string& dir, std::vector<std::string>* names, std::string* error) {
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) {
    *error = dir + ": " + std::strerror(errno);
    return false;
  }
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names->push_back(name);
  }
  closedir(d);
  return true;
}

}  // namespace

bool ListGoldenFiles(const std::string& root, std::set<std::string>* relative_paths, std::string* error) {
  relative_paths->clear();
  error->clear();
  if (!IsDirectory(root)) return false;
  std::vector<std::string> families;
  if (!ListDir(root, &families, error)) return false;
  for (const std::string& family : families) {
    const std::string dir = root + "/" + family;
    if (!IsDirectory(dir)) {
      relative_paths->insert(family);  // a stray file at the top level
      continue;
    }
    std::vector<std::string> files;
    if (!ListDir(dir, &files, error)) return false;
    for (const std::string& f : files) {
      if (IsRegularFile(dir + "/" + f)) relative_paths->insert(family + "/" + f);
    }
  }
  return true;
}

bool ReadWholeFile(const std::string& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *text = ss.str();
  return true;
}

bool WriteWholeFile(const std::string& path, const std::string& text, std::string* error) {
  const size_t slash = path.rfind('/');
  if (slash != std::string::npos) {
    const std::string dir = path.substr(0, slash);
    const size_t parent_slash = dir.rfind('/');
    if (parent_slash != std::string::npos) mkdir(dir.substr(0, parent_slash).c_str(), 0755);
    if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
      *error = dir + ": " + std::strerror(errno);
      return false;
    }
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    *error = path + ": write failed";
    return false;
  }
  return true;
}

bool RemoveFileAndEmptyParent(const std::string& root, const std::string& rel, std::string* error) {
  const std::string path = root + "/" + rel;
  if (unlink(path.c_str()) != 0) {
    *error = path + ": " + std::strerror(errno);
    return false;
  }
  const size_t slash = rel.rfind('/');
  if (slash != std::string::npos) rmdir((root + "/" + rel.substr(0, slash)).c_str());  // fails when not empty: fine
  return true;
}

std::string RunfilesPath(const std::string& workspace_relative) {
  for (const char* var : {"TEST_SRCDIR", "RUNFILES_DIR"}) {
    const char* v = std::getenv(var);
    if (v == nullptr || *v == '\0') continue;
    const std::string path = std::string(v) + "/nnrt_kit/" + workspace_relative;
    if (IsDirectory(path) || IsRegularFile(path)) return path;
  }
  return "";
}

namespace {

bool IsNameChar(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '/'; }

// Reads "`a/b`, `c/d`" starting at `pos`; appends the names.
void ReadClaimList(const std::string& text, size_t pos, std::vector<std::string>* names) {
  while (true) {
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos >= text.size() || text[pos] != '`') return;
    const size_t end = text.find('`', pos + 1);
    if (end == std::string::npos) return;
    const std::string name = text.substr(pos + 1, end - pos - 1);
    bool ok = !name.empty() && name.find('/') != std::string::npos;
    for (char ch : name) ok = ok && IsNameChar(ch);
    if (!ok) return;
    names->push_back(name);
    pos = end + 1;
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos >= text.size() || text[pos] != ',') return;
    ++pos;
  }
}

}  // namespace

void ParseClarificationGoldenClaims(const std::string& markdown, std::map<int, std::vector<std::string>>* claims,
                                    std::set<int>* entries) {
  claims->clear();
  entries->clear();
  int current = -1;
  std::istringstream in(markdown);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("## C-", 0) == 0) {
      current = std::atoi(line.c_str() + 5);
      entries->insert(current);
      continue;
    }
    if (line.rfind("#", 0) == 0) current = -1;  // another heading ends the entry
    if (current < 0) continue;
    for (size_t pos = line.find("golden "); pos != std::string::npos; pos = line.find("golden ", pos + 1)) {
      ReadClaimList(line, pos + 7, &(*claims)[current]);
    }
  }
}

int ClarificationNumberOfCase(const std::string& case_name) {
  if (case_name.size() < 5 || case_name[0] != 'c') return -1;
  size_t i = 1;
  int n = 0;
  while (i < case_name.size() && case_name[i] >= '0' && case_name[i] <= '9') n = n * 10 + (case_name[i++] - '0');
  if (i != 4 || i >= case_name.size() || case_name[i] != '_') return -1;  // c + three digits + '_'
  return n;
}

}  // namespace golden
}  // namespace nnrt
