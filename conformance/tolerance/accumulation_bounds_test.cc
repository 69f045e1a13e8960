// The magnitudes behind the SOFTMAX / LOG_SOFTMAX and REDUCE_FUSION float
// tolerances (docs/conformance.md "SOFTMAX and LOG_SOFTMAX bound",
// docs/operators/reduce.md "REDUCE_FUSION bound").
#include "conformance/tolerance/accumulation_bounds.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace nnrt {
namespace cts {
namespace {

Node MakeNode(NodeType type, std::vector<Attr> attrs) {
  Node n;
  n.type = type;
  n.attrs = std::move(attrs);
  return n;
}

TEST(SoftmaxBounds, RowMagnitudesAndTerms) {
  const double inf = std::numeric_limits<double>::infinity();
  ReferenceAux aux;
  const Node s = MakeNode(NodeType::SOFTMAX, {Attr::Int64s("axis", {1})});
  ASSERT_TRUE(SoftmaxBounds(s, {3, 2}, {0, 0, -inf, 1, 1, NAN}, &aux).ok());
  EXPECT_EQ(aux.dot_terms, 2 + 8);
  EXPECT_EQ(aux.magnitude[0], 2 * 0.5 * (1 + 0 + 0 + 0 + 0));  // uniform row of zeros: 2y(1+|d|+A+|x|+C)
  EXPECT_EQ(aux.magnitude[2], 0.0);                           // y = 0 exactly: must be exact
  EXPECT_GT(aux.magnitude[3], 0.0);
  EXPECT_TRUE(std::isnan(aux.magnitude[4]) && std::isnan(aux.magnitude[5]));  // NaN row: the NaN rule decides
  const Node l = MakeNode(NodeType::LOG_SOFTMAX, {Attr::Int64("axis", 0)});
  ASSERT_TRUE(SoftmaxBounds(l, {2}, {-inf, 3}, &aux).ok());
  EXPECT_EQ(aux.magnitude[0], 0.0);  // -inf reference: exact
  EXPECT_EQ(aux.magnitude[1], 2 * (1 + 0 + 0 + 3 + 6 + 0));  // 2(1 + |d| + A + |x| + C + |log S|), C = |m| + 3
}

TEST(ReduceBounds, ModesSetTheirMagnitude) {
  ReferenceAux aux;
  auto node = [](int8_t mode, bool to_end = false, float coeff = 0.0f) {
    return MakeNode(NodeType::REDUCE_FUSION, {Attr::Int8("mode", mode), Attr::Bool("reduceToEnd", to_end),
                                              Attr::Float("coeff", coeff)});
  };
  const std::vector<double> x{1, -2, 3, -4};
  ASSERT_TRUE(ReduceBounds(node(4), {2, 2}, x, {1}, DataType::kFloat32, &aux).ok());  // SUM
  EXPECT_EQ(aux.magnitude, (std::vector<double>{3, 7}));
  EXPECT_EQ(aux.dot_terms, 3);
  ASSERT_TRUE(ReduceBounds(node(1), {2, 2}, x, {1}, DataType::kFloat32, &aux).ok());  // MAX: exact
  EXPECT_EQ(aux.magnitude, (std::vector<double>{0, 0}));
  ASSERT_TRUE(ReduceBounds(node(1, true, 2), {2, 2}, x, {1}, DataType::kFloat32, &aux).ok());  // MAX * coeff
  EXPECT_EQ(aux.magnitude, (std::vector<double>{4, 8}));
  ASSERT_TRUE(ReduceBounds(node(8), {2, 2}, x, {0, 1}, DataType::kFloat32, &aux).ok());  // L2
  EXPECT_EQ(aux.magnitude, (std::vector<double>{std::sqrt(30.0)}));
  // PROD: a partial product beyond the largest finite value in some order: no requirement.
  ASSERT_TRUE(ReduceBounds(node(3), {3}, {1e30, 1e30, 1e-30}, {0}, DataType::kFloat32, &aux).ok());
  EXPECT_TRUE(std::isinf(aux.magnitude[0]));
  ASSERT_TRUE(ReduceBounds(node(3), {2}, {0.5, 4}, {0}, DataType::kFloat16, &aux).ok());
  EXPECT_EQ(aux.magnitude[0], 2 + 4 * std::ldexp(1.0, -14));
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
