// Golden cases of the LEAKY_RELU node type (HDI 76, LeakyRelu
// {negativeSlope}): ops_catalog #74's XTS values with the slope as
// negativeSlope, and C-700.
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

TestCase Leaky(DT dt, Dims d, Bytes x, std::vector<Attr> attrs, std::vector<QuantParam> qx = {},
               std::vector<QuantParam> qy = {}) {
  SingleNodeCase c(NodeType::LEAKY_RELU, "leaky_relu");
  c.In("x", dt, d, std::move(x), qx).Out("y", dt, d, qy);
  c.WithAttrs(std::move(attrs));
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> LeakyReluNodeCases() {
  CaseList list("activation");
  const DT f32 = DT::kFloat32;
  const Attr slope = Attr::Float("negativeSlope", 0.01f);
  const double s = static_cast<double>(0.01f);
  list.AddExpect("leaky_relu_node_catalog_model1", "ops_catalog #74 XTS model 1 values: slope 0.01, x [0.5,1,1.5] unchanged",
                 Leaky(f32, {3}, Values(f32, {0.5, 1, 1.5}), {slope}), {Expect("y", f32, {3}, Values(f32, {0.5, 1, 1.5}))});
  list.AddExpect("leaky_relu_node_catalog_model2", "ops_catalog #74 XTS model 2 values: slope 0.01, x [-0.5,-1,-1.5]",
                 Leaky(f32, {3}, Values(f32, {-0.5, -1, -1.5}), {slope}),
                 {Expect("y", f32, {3}, Values(f32, {-0.5 * s, -1 * s, -1.5 * s}))});
  list.AddExpect("c700_leaky_relu_node_default_slope_is_relu", "C-700: absent negativeSlope is 0: RELU, -x*0 = -0",
                 Leaky(f32, {3}, Values(f32, {-2, 0, 3}), {}), {Expect("y", f32, {3}, Values(f32, {-0.0, 0, 3}))});
  list.AddExpect("c700_leaky_relu_node_nan_and_negative_zero", "C-700: NaN and -0 pass through, -inf scales",
                 Leaky(f32, {3}, Values(f32, {kNaN, -0.0, -kInf}), {Attr::Float("negativeSlope", 0.5f)}),
                 {Expect("y", f32, {3}, Values(f32, {kNaN, -0.0, -kInf}))});
  list.AddExpect("c700_leaky_relu_node_int8_table", "C-700: quantized by the 256-entry table: slope 0.25, s=0.5",
                 Leaky(DT::kInt8, {3}, Ints(DT::kInt8, {-8, -3, 6}), {Attr::Float("negativeSlope", 0.25f)}, {QP(0.5, 0)},
                       {QP(0.5, 0)}),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {-2, -1, 6}))});
  list.AddError("c700_leaky_relu_node_infinite_slope_rejected", "C-700: negativeSlope must be finite",
                Leaky(f32, {1}, Values(f32, {1}), {Attr::Float("negativeSlope", std::numeric_limits<float>::infinity())}),
                NNRT_INVALID_MODEL);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(LeakyReluNodeCases);

}  // namespace golden
}  // namespace nnrt
