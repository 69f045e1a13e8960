#include "conformance/directories.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace nnrt {
namespace cts {

Status MakeDirectories(const std::string& dir) {
  for (size_t slash = dir.find('/', 1); ; slash = dir.find('/', slash + 1)) {
    const std::string part = dir.substr(0, slash);
    if (!part.empty() && mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) {
      return InvalidParameter("cannot create directory '" + part + "': " + std::strerror(errno));
    }
    if (slash == std::string::npos) return Status::Ok();
  }
}

}  // namespace cts
}  // namespace nnrt
