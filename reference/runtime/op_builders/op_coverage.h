// How much of NNRt the reference implements, computed from the node-type list
// (reference/ops/registry.cc) and the op builders, never typed by hand: the
// coverage line "node types N/96, OH_NN operations N/108" that `nnrt_cts run`
// and its reports print (OPERATOR_DONE.md item 7).
#ifndef NNRT_REFERENCE_RUNTIME_OP_BUILDERS_OP_COVERAGE_H_
#define NNRT_REFERENCE_RUNTIME_OP_BUILDERS_OP_COVERAGE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace nnrt {
namespace rt {

struct OperatorCoverage {
  int32_t node_types_implemented = 0;
  int32_t node_types_total = 0;  // every HDI node type but NONE
  int32_t operations_implemented = 0;
  int32_t operations_total = 0;  // OH_NN_OperationType 1..108
  std::vector<std::string> missing_operations;  // "AvgPool (AVGPOOL_FUSION)", ...
};

// An OH_NN operation counts as implemented when the node type its builder
// lowers to is implemented (for ACTIVATION lowerings: the activation type too).
OperatorCoverage ComputeOperatorCoverage();

// "node types 26/96, OH_NN operations 40/108".
std::string CoverageLine(const OperatorCoverage& c);

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_OP_BUILDERS_OP_COVERAGE_H_
