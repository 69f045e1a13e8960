// Golden cases of FULL_CONNECTION (ops_catalog #15; quantization_semantics
// 4.5-4.7; clarifications C-506..C-510). x flattened to rows of K, weight
// [outC, K], optional bias [outC].
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct FcSpec {
  DT dt = DT::kFloat32;
  Dims x, w, y;
  Bytes x_data, w_data, bias;  // empty bias = no bias input
  std::vector<QuantParam> qx, qw, qy;
  bool has_bias = false, use_axis = false;
  int64_t axis = 0;
  int8_t activation = 0;
};

TestCase Fc(const FcSpec& s) {
  SingleNodeCase c(NodeType::FULL_CONNECTION, "full_connection");
  c.In("x", s.dt, s.x, s.x_data, s.qx).Const("w", s.dt, s.w, s.w_data, s.qw);
  if (!s.bias.empty()) c.Const("bias", s.qx.empty() ? s.dt : DT::kInt32, {s.w[0]}, s.bias);
  c.Out("y", s.dt, s.y, s.qy);
  c.WithAttr(Attr::Bool("hasBias", s.has_bias))
      .WithAttr(Attr::Bool("useAxis", s.use_axis))
      .WithAttr(Attr::Int64("axis", s.axis))
      .WithAttr(Attr::Int8("activationType", s.activation));
  return c.Build();
}

std::vector<double> OneToTwelve() { return {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}; }

}  // namespace

std::vector<GoldenCase> FullConnectionCases() {
  CaseList list("full_connection");
  const DT f32 = DT::kFloat32;
  {
    FcSpec s;
    s.x = {2, 2};
    s.w = {2, 2};
    s.y = {2, 2};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.w_data = Values(f32, {1, 1, 1, 1});
    s.bias = Values(f32, {0, 0});
    s.has_bias = true;
    list.AddExpect("fc_catalog_model", "ops_catalog #15 [UT]: x [2,2], weight all 1, bias 0, hasBias", Fc(s),
                   {Expect("y", f32, s.y, Values(f32, {3, 3, 7, 7}))});
  }
  {
    FcSpec s;
    s.x = {1, 3};
    s.w = {2, 3};
    s.y = {1, 2};
    s.x_data = Values(f32, {1, 2, 3});
    s.w_data = Values(f32, {1, 0, 0, 0, 0, 1});
    s.bias = Values(f32, {10, -10});
    list.AddExpect("c506_fc_weight_is_out_by_in",
                   "C-506: y = x * weight^T, weight [outC, K]; C-507: bias input added though hasBias is false",
                   Fc(s), {Expect("y", f32, s.y, Values(f32, {11, -7}))});
  }
  {
    FcSpec s;
    s.x = {1, 2};
    s.w = {1, 2};
    s.y = {1, 1};
    s.x_data = Values(f32, {1, 2});
    s.w_data = Values(f32, {1, 1});
    s.has_bias = true;
    list.AddError("c507_fc_has_bias_without_bias_input", "C-507: hasBias true, 2 inputs", Fc(s), NNRT_INVALID_MODEL);
  }
  {
    FcSpec s;
    s.x = {2, 3, 2};
    s.w = {1, 6};
    s.y = {2, 1};
    s.use_axis = true;
    s.axis = -2;
    s.x_data = Values(f32, OneToTwelve());
    s.w_data = Values(f32, {1, 1, 1, 1, 1, 1});
    list.AddExpect("c508_fc_use_axis_flattens_the_tail", "C-508: axis -2 of [2,3,2]: K = 6, y [2,1]", Fc(s),
                   {Expect("y", f32, s.y, Values(f32, {21, 57}))});
  }
  {
    FcSpec s;
    s.x = {2, 3, 2};
    s.w = {2, 4};
    s.y = {3, 2};
    s.x_data = Values(f32, OneToTwelve());
    s.w_data = Values(f32, {1, 0, 0, 0, 0, 0, 0, 1});
    list.AddExpect("c508_fc_without_axis_reads_rows_of_k", "C-508: 12 elements as 3 rows of K = 4", Fc(s),
                   {Expect("y", f32, s.y, Values(f32, {1, 4, 5, 8, 9, 12}))});
  }
  {
    FcSpec s;
    s.x = {1, 2};
    s.w = {1, 2};
    s.y = {1, 1};
    s.axis = 1;
    s.x_data = Values(f32, {1, 2});
    s.w_data = Values(f32, {1, 1});
    list.AddError("c509_fc_axis_without_use_axis_rejected", "C-509: axis 1 with useAxis false", Fc(s),
                  NNRT_INVALID_MODEL);
  }
  {
    FcSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 2};
    s.w = {2, 2};
    s.y = {1, 2};
    s.x_data = Ints(DT::kInt8, {1, 2});
    s.w_data = Ints(DT::kInt8, {2, 2, 5, 1});
    s.bias = Ints(DT::kInt32, {10, -4});
    s.qx = {QP(1.0, 0)};
    s.qw = {QP(0.5, 0), QP(0.25, 1)};
    s.qy = {QP(0.5, 0)};
    s.activation = 3;  // RELU6: Q(6) = 12
    list.AddExpect("c510_fc_int8_per_channel_weights_relu6",
                   "C-510: per-channel weight params, int32 bias; ch0 acc 16 clamped to Q(6) = 12, ch1 acc 0",
                   Fc(s), {Expect("y", DT::kInt8, s.y, Ints(DT::kInt8, {12, 0}))});
  }
  return list.Take();
}

NNRT_GOLDEN_FAMILY(FullConnectionCases);

}  // namespace golden
}  // namespace nnrt
