// Output folders of the suite (counterexample cases, reports).
#ifndef NNRT_CONFORMANCE_DIRECTORIES_H_
#define NNRT_CONFORMANCE_DIRECTORIES_H_

#include <string>

#include "reference/ir/status.h"

namespace nnrt {
namespace cts {

// Creates `dir` and its missing parents (mkdir -p); an error names the part that failed.
Status MakeDirectories(const std::string& dir);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_DIRECTORIES_H_
