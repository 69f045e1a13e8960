// Golden cases of SCALE_FUSION (ops_catalog #26) and BIAS_ADD (#5);
// clarifications C-579..C-582.
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct ScaleSpec {
  DT dt = DT::kFloat32;
  Dims x, s;
  Bytes x_data, s_data, b_data;
  std::vector<QuantParam> qx, qs, qb, qy;
  int64_t axis = 1;
  int8_t activation = 0;
};

TestCase Scale(const ScaleSpec& s) {
  SingleNodeCase c(NodeType::SCALE_FUSION, "scale");
  c.In("x", s.dt, s.x, s.x_data, s.qx)
      .In("scale", s.dt, s.s, s.s_data, s.qs)
      .In("bias", s.dt, s.s, s.b_data, s.qb)
      .Out("y", s.dt, s.x, s.qy);
  c.WithAttr(Attr::Int64("axis", s.axis)).WithAttr(Attr::Int8("activationType", s.activation));
  return c.Build();
}

TestCase BiasAdd(DT dt, const Dims& x, const Bytes& x_data, const Dims& b, const Bytes& b_data,
                 std::vector<QuantParam> qx = {}, std::vector<QuantParam> qb = {}, std::vector<QuantParam> qy = {}) {
  SingleNodeCase c(NodeType::BIAS_ADD, "bias_add");
  c.In("x", dt, x, x_data, qx).In("bias", dt, b, b_data, qb).Out("y", dt, x, qy);
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> ScaleCases() {
  CaseList list("scale");
  const DT f32 = DT::kFloat32;
  {
    ScaleSpec s;
    s.x = {1, 4, 1, 1};
    s.s = {4};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.s_data = Values(f32, {2, 2, 2, 2});
    s.b_data = Values(f32, {1, 0, -1, 0});
    list.AddExpect("scale_catalog_model", "ops_catalog #26 [UT] shapes: x [1,4,1,1], axis 1, scale/bias [4]",
                   Scale(s), {Expect("y", f32, s.x, Values(f32, {3, 4, 5, 8}))});
  }
  {
    ScaleSpec s;
    s.x = {2, 2, 2};
    s.s = {2, 2};
    s.axis = -2;
    s.x_data = Values(f32, {1, 1, 1, 1, 2, 2, 2, 2});
    s.s_data = Values(f32, {1, 2, 3, 4});
    s.b_data = Values(f32, {0, 0, 0, 10});
    list.AddExpect("c579_scale_negative_axis_2d_scale",
                   "C-579: axis -2 on [2,2,2]: scale/bias [2,2] cover dims 1..2 and repeat over dim 0", Scale(s),
                   {Expect("y", f32, s.x, Values(f32, {1, 2, 3, 14, 2, 4, 6, 18}))});
  }
  {
    ScaleSpec s;
    s.x = {2, 2};
    s.s = {3};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.s_data = Values(f32, {1, 1, 1});
    s.b_data = Values(f32, {0, 0, 0});
    list.AddError("c579_scale_shape_mismatch_rejected", "C-579: scale [3] is not the input dims [2] from axis 1",
                  Scale(s), NNRT_INVALID_MODEL);
  }
  {
    ScaleSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 3};
    s.s = {3};
    s.activation = 3;  // RELU6
    s.x_data = Ints(DT::kInt8, {2, -4, 10});
    s.s_data = Ints(DT::kInt8, {4, 4, 8});
    s.b_data = Ints(DT::kInt8, {1, 0, 0});
    s.qx = {QP(0.5, 0)};
    s.qs = {QP(0.25, 0)};
    s.qb = {QP(0.25, 0)};
    s.qy = {QP(0.125, 0)};
    list.AddExpect("c580_scale_int8_relu6",
                   "C-580: [1,-2,5]*[1,1,2] + [0.25,0,0] = [1.25,-2,10], RELU6 [1.25,0,6], /0.125 = [10,0,48]",
                   Scale(s), {Expect("y", DT::kInt8, s.x, Ints(DT::kInt8, {10, 0, 48}))});
  }
  {
    ScaleSpec s;
    s.dt = DT::kFloat16;
    s.x = {2, 2};
    s.s = {2};
    s.axis = 0;
    s.activation = 1;  // RELU
    s.x_data = Values(DT::kFloat16, {1.5, -1, 2, 3});
    s.s_data = Values(DT::kFloat16, {2, -1});
    s.b_data = Values(DT::kFloat16, {0, 0.5});
    list.AddExpect("scale_float16_relu", "float16, axis 0: rows x [2, -1] + [0, 0.5], RELU -> [3, 0, 0, 0]",
                   Scale(s), {Expect("y", DT::kFloat16, s.x, Values(DT::kFloat16, {3, 0, 0, 0}))});
  }
  return list.Take();
}

std::vector<GoldenCase> BiasAddCases() {
  CaseList list("bias_add");
  const DT f32 = DT::kFloat32;
  list.AddExpect("bias_add_catalog_model", "ops_catalog #5 [UT] shapes: x [2,3] + bias [3] along the last axis (C-581)",
                 BiasAdd(f32, {2, 3}, Values(f32, {1, 2, 3, 4, 5, 6}), {3}, Values(f32, {10, 20, 30})),
                 {Expect("y", f32, {2, 3}, Values(f32, {11, 22, 33, 14, 25, 36}))});
  list.AddError("c581_bias_add_rank_1_rejected", "C-581: the input has rank 2..5",
                BiasAdd(f32, {2}, Values(f32, {1, 2}), {2}, Values(f32, {1, 1})), NNRT_INVALID_MODEL);
  list.AddError("c581_bias_add_bias_length_rejected", "C-581: the bias has C = the last input dim elements",
                BiasAdd(f32, {2, 3}, Values(f32, {1, 2, 3, 4, 5, 6}), {2}, Values(f32, {1, 1})), NNRT_INVALID_MODEL);
  list.AddExpect("c582_bias_add_uint8",
                 "C-582: DQ [1,-1] + [0.75,0.25] = [1.75,-0.75]; /0.5 + 128 = [131.5, 126.5] -> RHA [132, 127]",
                 BiasAdd(DT::kUint8, {1, 2}, Ints(DT::kUint8, {130, 126}), {2}, Ints(DT::kUint8, {131, 129}),
                         {QP(0.5, 128)}, {QP(0.25, 128)}, {QP(0.5, 128)}),
                 {Expect("y", DT::kUint8, {1, 2}, Ints(DT::kUint8, {132, 127}))});
  list.AddExpect("bias_add_float16_rank_5", "float16 rank 5 [1,1,1,2,2] + bias [2]",
                 BiasAdd(DT::kFloat16, {1, 1, 1, 2, 2}, Values(DT::kFloat16, {1, 2, 3, 4}), {2},
                         Values(DT::kFloat16, {0.5, -4})),
                 {Expect("y", DT::kFloat16, {1, 1, 1, 2, 2}, Values(DT::kFloat16, {1.5, -2, 3.5, 0}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ScaleCases);
NNRT_GOLDEN_FAMILY(BiasAddCases);

}  // namespace golden
}  // namespace nnrt
