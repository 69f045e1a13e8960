// Test-only gtest assertion shared by the operator tests that check exact
// float results (reference/ops/*_test.cc).
#ifndef NNRT_REFERENCE_OPS_TESTING_EXPECT_VALUES_H_
#define NNRT_REFERENCE_OPS_TESTING_EXPECT_VALUES_H_

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace nnrt {
namespace testing {

// Compares element-wise, treating NaN == NaN and distinguishing -0 from +0.
inline void ExpectSameValues(const std::vector<double>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << "element " << i << " = " << got[i];
      continue;
    }
    EXPECT_EQ(got[i], want[i]) << "element " << i;
    EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i])) << "sign of element " << i;
  }
}

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TESTING_EXPECT_VALUES_H_
