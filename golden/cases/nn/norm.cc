// Golden cases of LAYER_NORM_FUSION (ops_catalog #49), FUSED_BATCH_NORM (#3),
// INSTANCE_NORM (#67) and L2_NORMALIZE_FUSION (#94); clarifications
// C-570..C-578, C-583, C-585, C-586.
#include <cmath>
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct LnSpec {
  DT dt = DT::kFloat32;
  Dims x, p;
  Bytes x_data, g_data, b_data;
  std::vector<QuantParam> qx, qg, qb, qy;
  int64_t norm_axis = 1, params_axis = 1;
  float epsilon = 0.0f;
  bool affine = true;
};

TestCase LayerNorm(const LnSpec& s) {
  SingleNodeCase c(NodeType::LAYER_NORM_FUSION, "layer_norm");
  c.In("x", s.dt, s.x, s.x_data, s.qx)
      .In("gamma", s.dt, s.p, s.g_data, s.qg)
      .In("beta", s.dt, s.p, s.b_data, s.qb)
      .Out("y", s.dt, s.x, s.qy);
  c.WithAttr(Attr::Int64("beginNormAxis", s.norm_axis))
      .WithAttr(Attr::Float("epsilon", s.epsilon))
      .WithAttr(Attr::Bool("elementwiseAffine", s.affine))
      .WithAttr(Attr::Int64("beginParamsAxis", s.params_axis));
  return c.Build();
}

struct NormSpec {  // FUSED_BATCH_NORM (params: scale, offset, mean, variance) and INSTANCE_NORM (scale, bias)
  DT dt = DT::kFloat32;
  Dims x, c;
  Bytes x_data;
  std::vector<Bytes> params;
  std::vector<QuantParam> q, qy;  // every input shares q
  float epsilon = 0.0f;
};

TestCase ChannelNorm(NodeType type, const NormSpec& s) {
  const bool batch = type == NodeType::FUSED_BATCH_NORM;
  SingleNodeCase c(type, batch ? "batch_norm" : "instance_norm");
  c.In("x", s.dt, s.x, s.x_data, s.q);
  const char* const names[] = {"scale", batch ? "offset" : "bias", "mean", "variance"};
  for (size_t i = 0; i < s.params.size(); ++i) c.In(names[i], s.dt, s.c, s.params[i], s.q);
  c.Out("y", s.dt, s.x, s.qy);
  c.WithAttr(Attr::Float("epsilon", s.epsilon));
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> LayerNormCases() {
  CaseList list("layer_norm");
  const DT f32 = DT::kFloat32;
  const double r = std::sqrt(1.5);
  {
    LnSpec s;
    s.x = {2, 3};
    s.p = {3};
    s.x_data = Values(f32, {1, 2, 3, 4, 4, 4});
    s.g_data = Values(f32, {1, 1, 1});
    s.b_data = Values(f32, {0, 0, 0});
    list.AddExpect("ln_catalog_model",
                   "ops_catalog #49 [UT]: x [2,3], gamma/beta [3], axes 1, epsilon 0; row [1,2,3]: mean 2, "
                   "population variance 2/3 (C-572); constant row [4,4,4] -> beta (C-573)",
                   LayerNorm(s), {Expect("y", f32, s.x, Values(f32, {-r, 0, r, 0, 0, 0}))});
  }
  {
    LnSpec s;
    s.x = {2, 2};
    s.p = {2, 2};
    s.norm_axis = -1;
    s.params_axis = 0;
    s.x_data = Values(f32, {1, 3, 10, 20});
    s.g_data = Values(f32, {1, 2, 3, 4});
    s.b_data = Values(f32, {0, 0, 0, 100});
    list.AddExpect("c570_ln_negative_axis_params_from_axis_0",
                   "C-570: beginNormAxis -1 normalises each row; gamma/beta [2,2] from beginParamsAxis 0",
                   LayerNorm(s), {Expect("y", f32, s.x, Values(f32, {-1, 2, -3, 104}))});
  }
  {
    LnSpec s;
    s.x = {2, 2};
    s.p = {4};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.g_data = Values(f32, {1, 1, 1, 1});
    s.b_data = Values(f32, {0, 0, 0, 0});
    list.AddError("c570_ln_gamma_shape_rejected", "C-570: gamma [4] is not the input dims [2] from beginParamsAxis 1",
                  LayerNorm(s), NNRT_INVALID_MODEL);
  }
  {
    LnSpec s;
    s.x = {1, 2};
    s.p = {2};
    s.affine = false;
    s.x_data = Values(f32, {1, 3});
    s.g_data = Values(f32, {5, 5});
    s.b_data = Values(f32, {9, 9});
    list.AddExpect("c571_ln_elementwise_affine_false", "C-571: elementwiseAffine false ignores gamma and beta",
                   LayerNorm(s), {Expect("y", f32, s.x, Values(f32, {-1, 1}))});
  }
  {
    LnSpec s;
    s.dt = DT::kFloat16;
    s.x = {1, 2};
    s.p = {2};
    s.x_data = Values(DT::kFloat16, {0, 4});
    s.g_data = Values(DT::kFloat16, {1, 1});
    s.b_data = Values(DT::kFloat16, {0, 0});
    list.AddExpect("c572_ln_float16_population_variance",
                   "C-572: row [0,4]: variance 4 (population; the sample variance 8 would give +-0.707)",
                   LayerNorm(s), {Expect("y", DT::kFloat16, s.x, Values(DT::kFloat16, {-1, 1}))});
  }
  {
    LnSpec s;
    s.x = {3, 2};
    s.p = {2};
    s.x_data = Values(f32, {5, 5, kNaN, 1, kInf, 2});
    s.g_data = Values(f32, {2, 2});
    s.b_data = Values(f32, {7, -1});
    list.AddExpect("c573_ln_constant_row_and_non_finite_rows",
                   "C-573: constant row with epsilon 0 -> beta; a NaN or an infinity makes its row NaN",
                   LayerNorm(s), {Expect("y", f32, s.x, Values(f32, {7, -1, kNaN, kNaN, kNaN, kNaN}))});
  }
  {
    LnSpec s;
    s.x = {1, 2};
    s.p = {2};
    s.epsilon = -1.0f;
    s.x_data = Values(f32, {1, 3});
    s.g_data = Values(f32, {1, 1});
    s.b_data = Values(f32, {0, 0});
    list.AddError("c574_ln_negative_epsilon_rejected", "C-574: epsilon must be finite and >= 0", LayerNorm(s),
                  NNRT_INVALID_MODEL);
  }
  {
    LnSpec s;
    s.x = {1, 2};
    s.p = {2};
    s.epsilon = 3.0f;
    s.x_data = Values(f32, {1, 3});
    s.g_data = Values(f32, {1, 1});
    s.b_data = Values(f32, {0, 0});
    list.AddExpect("c574_ln_epsilon_under_the_root", "C-574: variance 1 + epsilon 3 -> 1/sqrt(4)", LayerNorm(s),
                   {Expect("y", f32, s.x, Values(f32, {-0.5, 0.5}))});
  }
  {
    LnSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 2};
    s.p = {2};
    s.x_data = Ints(DT::kInt8, {2, 6});
    s.g_data = Ints(DT::kInt8, {4, 4});
    s.b_data = Ints(DT::kInt8, {0, 4});
    s.qx = {QP(0.5, 0)};
    s.qg = {QP(0.25, 0)};
    s.qb = {QP(0.25, 0)};
    s.qy = {QP(0.1, -3)};
    list.AddExpect("c575_ln_int8_quantized_once",
                   "C-575: DQ x [1,3], gamma [1,1], beta [0,1] -> [-1, 2] -> /0.1 - 3 = [-13, 17]", LayerNorm(s),
                   {Expect("y", DT::kInt8, s.x, Ints(DT::kInt8, {-13, 17}))});
  }
  {
    LnSpec s;
    s.x = {1, 2};
    s.p = {2};
    s.x_data = Values(f32, {1, 3});
    s.g_data = Values(f32, {1, 1});
    s.b_data = Values(f32, {0, 0});
    TestCase tc = LayerNorm(s);
    for (Tensor& t : tc.model.tensors) {
      if (t.name == "gamma") t.data_type = DT::kFloat16;
    }
    for (HostTensor& n : tc.inputs) {
      if (n.name == "gamma") {
        n.data_type = DT::kFloat16;
        n.data = Values(DT::kFloat16, {1, 1});
      }
    }
    list.AddError("c584_ln_mixed_float_types_rejected", "C-584: x float32 with gamma float16 is not a signature",
                  tc, NNRT_UNSUPPORTED_OP);
  }
  return list.Take();
}

std::vector<GoldenCase> BatchNormCases() {
  CaseList list("batch_norm");
  const DT f32 = DT::kFloat32;
  const NodeType bn = NodeType::FUSED_BATCH_NORM;
  {
    NormSpec s;
    s.x = {2, 2};
    s.c = {2};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.params = {Values(f32, {1, 2}), Values(f32, {0.5, -1}), Values(f32, {2, 3}), Values(f32, {4, 1})};
    list.AddExpect("c576_bn_channel_last",
                   "C-576/C-577: channel = last dim; y = (x - mean)/sqrt(var + eps)*scale + offset",
                   ChannelNorm(bn, s), {Expect("y", f32, s.x, Values(f32, {0, -3, 1, 1}))});
  }
  {
    NormSpec s;
    s.x = {2, 2};
    s.c = {2, 2};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.params = {Values(f32, {1, 1, 1, 1}), Values(f32, {0, 0, 0, 0}), Values(f32, {0, 0, 0, 0}),
                Values(f32, {1, 1, 1, 1})};
    list.AddError("c576_bn_catalog_2d_params_rejected",
                  "C-576: ops_catalog #3 [UT] builds all five inputs [2,2]; the parameters must be 1-D [C]",
                  ChannelNorm(bn, s), NNRT_INVALID_MODEL);
  }
  {
    NormSpec s;
    s.x = {3, 1};
    s.c = {1};
    s.x_data = Values(f32, {5, 6, 4});
    s.params = {Values(f32, {1}), Values(f32, {3}), Values(f32, {5}), Values(f32, {0})};
    list.AddExpect("c573_bn_zero_variance_epsilon_0",
                   "C-573: variance + epsilon = 0: x = mean -> offset, otherwise +-inf", ChannelNorm(bn, s),
                   {Expect("y", f32, s.x, Values(f32, {3, kInf, -kInf}))});
  }
  {
    NormSpec s;
    s.x = {1, 2};
    s.c = {2};
    s.epsilon = 0.25f;
    s.x_data = Values(f32, {3, 1});
    s.params = {Values(f32, {1, 1}), Values(f32, {0, 0}), Values(f32, {1, 0}), Values(f32, {0.75, -1})};
    list.AddExpect("c577_bn_epsilon_and_negative_variance",
                   "C-577: channel 0 (3-1)/sqrt(0.75+0.25) = 2; channel 1 variance -1 + 0.25 < 0 -> NaN",
                   ChannelNorm(bn, s), {Expect("y", f32, s.x, Values(f32, {2, kNaN}))});
  }
  {
    NormSpec s;
    s.dt = DT::kUint8;
    s.x = {1, 2};
    s.c = {2};
    s.q = {QP(0.5, 10)};
    s.qy = {QP(0.25, 128)};
    s.x_data = Ints(DT::kUint8, {16, 10});                     // [3, 0]
    s.params = {Ints(DT::kUint8, {12, 14}), Ints(DT::kUint8, {11, 8}),  // scale [1, 2], offset [0.5, -1]
                Ints(DT::kUint8, {12, 12}), Ints(DT::kUint8, {18, 12})};  // mean [1, 1], variance [4, 1]
    list.AddExpect("c575_bn_uint8_quantized_once",
                   "C-575: DQ -> [(3-1)/2*1+0.5, (0-1)/1*2-1] = [1.5, -3] -> /0.25 + 128 = [134, 116]",
                   ChannelNorm(bn, s), {Expect("y", DT::kUint8, s.x, Ints(DT::kUint8, {134, 116}))});
  }
  return list.Take();
}

std::vector<GoldenCase> InstanceNormCases() {
  CaseList list("instance_norm");
  const DT f32 = DT::kFloat32;
  const NodeType in = NodeType::INSTANCE_NORM;
  {
    NormSpec s;
    s.x = {2, 3, 2, 2};
    s.c = {3};
    s.epsilon = 1e-6f;
    s.x_data = Values(f32, std::vector<double>(24, 1.0));
    s.params = {Values(f32, {1, 0, 0}), Values(f32, {1, 0, 0})};
    std::vector<double> y(24, 0.0);
    for (size_t n = 0; n < 2; ++n) {
      for (size_t i = 0; i < 4; ++i) y[n * 12 + i] = 1.0;
    }
    list.AddExpect("in_xts_model1",
                   "ops_catalog #67 [XTS] Model1: x [2,3,2,2] all 1, scale = bias = [1,0,0], epsilon 1e-6: channel "
                   "0 -> 1, channels 1-2 -> 0 (the XTS output dims [4] are not the documented shape)",
                   ChannelNorm(in, s), {Expect("y", f32, s.x, Values(f32, y))});
  }
  {
    NormSpec s;
    s.x = {1, 2, 2};
    s.c = {2};
    s.x_data = Values(f32, {1, 3, 10, 30});
    s.params = {Values(f32, {1, 2}), Values(f32, {0, 1})};
    list.AddExpect("c578_in_channel_is_dim_1",
                   "C-578: [N, C, D]: channel 0 [1,3] -> [-1,1]; channel 1 [10,30] -> [-1,1]*2 + 1; epsilon 0",
                   ChannelNorm(in, s), {Expect("y", f32, s.x, Values(f32, {-1, 1, -1, 3}))});
  }
  {
    NormSpec s;
    s.x = {2, 2};
    s.c = {2};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.params = {Values(f32, {1, 1}), Values(f32, {0, 0})};
    list.AddError("c578_in_rank_2_rejected", "C-578: the input is [N, C, D1, ...], rank >= 3", ChannelNorm(in, s),
                  NNRT_INVALID_MODEL);
  }
  {
    NormSpec s;
    s.x = {1, 1, 3};
    s.c = {1};
    s.x_data = Values(f32, {2, 2, 2});
    s.params = {Values(f32, {4}), Values(f32, {-0.5})};
    list.AddExpect("c573_in_constant_channel_default_epsilon",
                   "C-573: the builder default epsilon 0 and a constant channel give the bias", ChannelNorm(in, s),
                   {Expect("y", f32, s.x, Values(f32, {-0.5, -0.5, -0.5}))});
  }
  {
    NormSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 1, 2};
    s.c = {1};
    s.q = {QP(0.5, 0)};
    s.qy = {QP(0.5, 0)};
    s.x_data = Ints(DT::kInt8, {1, 3});
    s.params = {Ints(DT::kInt8, {2}), Ints(DT::kInt8, {0})};
    list.AddError("c583_in_quantized_rejected", "C-583: INSTANCE_NORM is float-only", ChannelNorm(in, s),
                  NNRT_UNSUPPORTED_OP);
  }
  return list.Take();
}

std::vector<GoldenCase> L2NormalizeCases() {
  CaseList list("l2_normalize");
  const DT f32 = DT::kFloat32;
  auto l2 = [](DT dt, const Dims& dims, const Bytes& x, std::vector<int64_t> axes, float epsilon, int8_t act) {
    SingleNodeCase c(NodeType::L2_NORMALIZE_FUSION, "l2_normalize");
    c.In("x", dt, dims, x).Out("y", dt, dims);
    c.WithAttr(Attr::Int64s("axis", std::move(axes)))
        .WithAttr(Attr::Float("epsilon", epsilon))
        .WithAttr(Attr::Int8("activationType", act));
    return c.Build();
  };
  const Bytes xts = Values(f32, {-1, -2, -3, 4, 5, 6});
  const double a = std::sqrt(14.0), b = std::sqrt(77.0);
  list.AddExpect("l2_xts_model1_axis_1", "ops_catalog #94 [XTS] Model1: axis 1, epsilon 1e-10",
                 l2(f32, {2, 3}, xts, {1}, 1e-10f, 0),
                 {Expect("y", f32, {2, 3}, Values(f32, {-1 / a, -2 / a, -3 / a, 4 / b, 5 / b, 6 / b}))});
  const double c0 = std::sqrt(17.0), c1 = std::sqrt(29.0), c2 = std::sqrt(45.0);
  list.AddExpect("l2_xts_model2_axis_0", "ops_catalog #94 [XTS] Model2: axis 0, epsilon 1e-10",
                 l2(f32, {2, 3}, xts, {0}, 1e-10f, 0),
                 {Expect("y", f32, {2, 3}, Values(f32, {-1 / c0, -2 / c1, -3 / c2, 4 / c0, 5 / c1, 6 / c2}))});
  list.AddError("c585_l2_xts_model3_axis_2_rejected", "C-585: ops_catalog #94 [XTS] Model3 axis 2 on rank 2",
                l2(f32, {2, 3}, xts, {2}, 1e-10f, 0), NNRT_INVALID_MODEL);
  list.AddExpect("c585_l2_empty_axes_normalise_everything",
                 "C-585: the builder default axis [] normalises over every axis: [3,0,0,4] / 5",
                 l2(f32, {2, 2}, Values(f32, {3, 0, 0, 4}), {}, 1e-6f, 0),
                 {Expect("y", f32, {2, 2}, Values(f32, {0.6, 0, 0, 0.8}))});
  list.AddExpect("c586_l2_epsilon_floors_the_sum",
                 "C-586: row sum 0.25 < epsilon 1 -> denominator sqrt(1) = 1 (sqrt(sum + epsilon) would be 1.118)",
                 l2(f32, {2, 2}, Values(f32, {0.25, 0.5, 0, 0}), {1}, 1.0f, 0),
                 {Expect("y", f32, {2, 2}, Values(f32, {0.25, 0.5, 0, 0}))});
  list.AddExpect("c586_l2_zero_group_epsilon_0", "C-586: 0 / sqrt(max(0, 0)) = 0",
                 l2(f32, {1, 2}, Values(f32, {0, 0}), {-1}, 0.0f, 0), {Expect("y", f32, {1, 2}, Values(f32, {0, 0}))});
  list.AddExpect("l2_float16_relu", "float16, axis -1, RELU: [-3, 4] / 5 -> [0, 0.8]",
                 l2(DT::kFloat16, {1, 2}, Values(DT::kFloat16, {-3, 4}), {-1}, 1e-6f, 1),
                 {Expect("y", DT::kFloat16, {1, 2}, Values(DT::kFloat16, {0, 0.8}))});
  {
    SingleNodeCase c(NodeType::L2_NORMALIZE_FUSION, "l2_normalize");
    c.In("x", DT::kInt8, {1, 2}, Ints(DT::kInt8, {1, 3}), {QP(0.5, 0)}).Out("y", DT::kInt8, {1, 2}, {QP(0.5, 0)});
    list.AddError("c583_l2_quantized_rejected", "C-583: L2_NORMALIZE_FUSION is float-only", c.Build(),
                  NNRT_UNSUPPORTED_OP);
  }
  return list.Take();
}

NNRT_GOLDEN_FAMILY(LayerNormCases);
NNRT_GOLDEN_FAMILY(BatchNormCases);
NNRT_GOLDEN_FAMILY(InstanceNormCases);
NNRT_GOLDEN_FAMILY(L2NormalizeCases);

}  // namespace golden
}  // namespace nnrt
