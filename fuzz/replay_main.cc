// The main of a fuzz target outside a fuzzing build: runs LLVMFuzzerTestOneInput
// once over every file given and over every file of every directory given
// (not recursive), so each target is also a cc_test over its checked-in seed
// corpus. A target aborts on an oracle violation; a clean pass prints how many
// inputs ran and exits 0. With no file at all it fails (a missing corpus is an
// error, not a pass).
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) __attribute__((weak));

namespace {

bool IsDirectory(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::vector<std::string> FilesOf(const std::string& dir) {
  std::vector<std::string> files;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return files;
  while (const dirent* e = readdir(d)) {
    const std::string path = dir + "/" + e->d_name;
    if (e->d_name[0] != '.' && !IsDirectory(path)) files.push_back(path);
  }
  closedir(d);
  std::sort(files.begin(), files.end());
  return files;
}

bool RunFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::fprintf(stderr, "running %s (%zu bytes)\n", path.c_str(), bytes.size());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  size_t ran = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (!arg.empty() && arg[0] == '-') continue;  // libFuzzer flags are ignored here
    const std::vector<std::string> files = IsDirectory(arg) ? FilesOf(arg) : std::vector<std::string>{arg};
    for (const std::string& f : files) {
      if (!RunFile(f)) return 1;
      ++ran;
    }
  }
  if (ran == 0) {
    std::fprintf(stderr, "no input: give seed files or corpus directories\n");
    return 1;
  }
  std::fprintf(stderr, "%zu inputs ran without a finding\n", ran);
  return 0;
}
