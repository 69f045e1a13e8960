// The expected results of the six comparison operations on one pair of
// operands, shared by the float32 and the quantised API tests.
#ifndef NNRT_REFERENCE_NNADAPTER_TESTING_COMPARISON_CASES_H_
#define NNRT_REFERENCE_NNADAPTER_TESTING_COMPARISON_CASES_H_

#include <cstdint>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace nnrt {
namespace nna {
namespace testing {

struct ComparisonCase {
  int32_t op;
  std::vector<uint8_t> expected;  // BOOL8
};

// a = {1, 2, 3} against b = {2, 2, 2}: less, equal, greater element by element.
inline const std::vector<ComparisonCase>& ComparisonsOf123Against222() {
  static const std::vector<ComparisonCase> kCases = {
      {NNADAPTER_EQUAL, {0, 1, 0}},   {NNADAPTER_NOT_EQUAL, {1, 0, 1}}, {NNADAPTER_GREATER, {0, 0, 1}},
      {NNADAPTER_GREATER_EQUAL, {0, 1, 1}}, {NNADAPTER_LESS, {1, 0, 0}},      {NNADAPTER_LESS_EQUAL, {1, 1, 0}}};
  return kCases;
}

}  // namespace testing
}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_TESTING_COMPARISON_CASES_H_
