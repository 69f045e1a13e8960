// Golden cases of LRN (ops_catalog #96; clarifications C-591..C-594).
#include <cstdint>
#include <string>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct LrnSpec {
  DT dt = DT::kFloat32;
  Format format = Format::kNhwc;
  Dims x;
  Bytes data;
  int64_t radius = 1;
  float bias = 1, alpha = 1, beta = 1;
  std::string region = "ACROSS_CHANNELS";
  std::vector<QuantParam> q;
};

TestCase Lrn(const LrnSpec& s) {
  SingleNodeCase c(NodeType::LRN, "lrn");
  c.WithFormat(s.format).In("x", s.dt, s.x, s.data, s.q).Out("y", s.dt, s.x, s.q);
  c.WithAttr(Attr::Int64("depthRadius", s.radius))
      .WithAttr(Attr::Float("bias", s.bias))
      .WithAttr(Attr::Float("alpha", s.alpha))
      .WithAttr(Attr::Float("beta", s.beta))
      .WithAttr(Attr::String("normRegion", s.region));
  return c.Build();
}

LrnSpec F32(Dims x, const std::vector<double>& v, int64_t radius, float bias, float alpha, float beta) {
  LrnSpec s;
  s.x = std::move(x);
  s.data = Values(DT::kFloat32, v);
  s.radius = radius;
  s.bias = bias;
  s.alpha = alpha;
  s.beta = beta;
  return s;
}

HostTensor Y(const Dims& dims, const std::vector<double>& v) {
  return Expect("y", DT::kFloat32, dims, Values(DT::kFloat32, v));
}

}  // namespace

std::vector<GoldenCase> LrnCases() {
  CaseList list("lrn");
  // ops_catalog #96 [XTS] LrnModel1: x [1,3,2,2] = 1..12, depthRadius 1, bias 2, alpha 1e-4, beta 0.75.
  // The OH_NN tensor carries no format: NHWC, the channels are the last dim (2 of them).
  const std::vector<double> xts{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  list.AddExpect("lrn_xts_model1_nhwc", "ops_catalog #96 [XTS] LrnModel1 (NHWC: 2 channels, each window both)",
                 Lrn(F32({1, 3, 2, 2}, xts, 1, 2.0f, 1e-4f, 0.75f)),
                 {Y({1, 3, 2, 2}, {0.5944920778274536, 1.1889841556549072, 1.7821401357650757, 2.3761868476867676,
                                   2.9662351608276367, 3.5594820976257324, 4.144674301147461, 4.7367706298828125,
                                   5.315394401550293, 5.905993938446045, 6.476386070251465, 7.06514835357666})});
  LrnSpec nchw = F32({1, 3, 2, 2}, xts, 1, 2.0f, 1e-4f, 0.75f);
  nchw.format = Format::kNchw;
  list.AddExpect("c591_lrn_nchw_channels_dim_1", "C-591: the same model declared NCHW: 3 channels along dim 1",
                 Lrn(nchw),
                 {Y({1, 3, 2, 2}, {0.5940244793891907, 1.1874264478683472, 1.7799407243728638, 2.3713037967681885,
                                   2.961144208908081, 3.5490052700042725, 4.13450288772583, 4.717258930206299,
                                   5.330258369445801, 5.915890216827393, 6.499250411987305, 7.080089569091797})});
  list.AddExpect("c592_lrn_window_clipped_alpha_not_divided",
                 "C-592: [1,2,3], radius 1, bias = alpha = beta = 1 -> [1/(1+5), 2/(1+14), 3/(1+13)]",
                 Lrn(F32({1, 1, 1, 3}, {1, 2, 3}, 1, 1, 1, 1)), {Y({1, 1, 1, 3}, {1.0 / 6, 2.0 / 15, 3.0 / 14})});
  list.AddExpect("c592_lrn_radius_past_both_edges", "C-592: radius 5 on 3 channels: every window is all channels",
                 Lrn(F32({1, 1, 1, 3}, {1, 2, 3}, 5, 1, 1, 1)), {Y({1, 1, 1, 3}, {1.0 / 15, 2.0 / 15, 3.0 / 15})});
  list.AddExpect("c593_lrn_builder_defaults_identity",
                 "C-593: the builder defaults (radius 0, bias = alpha = beta = 0): pow(0, 0) = 1, y = x",
                 Lrn(F32({1, 1, 1, 3}, {-1.5, 0, 2}, 0, 0, 0, 0)), {Y({1, 1, 1, 3}, {-1.5, 0, 2})});
  list.AddExpect("c593_lrn_negative_base_nan", "C-593: bias -1, alpha 0, beta 0.5: pow(-1, 0.5) is NaN",
                 Lrn(F32({1, 1, 1, 2}, {2, -3}, 0, -1, 0, 0.5f)), {Y({1, 1, 1, 2}, {kNaN, kNaN})});
  LrnSpec region = F32({1, 1, 1, 2}, {1, 2}, 1, 1, 1, 1);
  region.region = "WITHIN_CHANNEL";
  list.AddError("c593_lrn_norm_region_within_channel_rejected", "C-593: normRegion other than ACROSS_CHANNELS",
                Lrn(region), NNRT_INVALID_MODEL);
  list.AddError("c593_lrn_depth_radius_negative_rejected", "C-593: depthRadius -1",
                Lrn(F32({1, 1, 1, 2}, {1, 2}, -1, 1, 1, 1)), NNRT_INVALID_MODEL);
  LrnSpec q;
  q.dt = DT::kInt8;
  q.x = {1, 1, 1, 2};
  q.data = Ints(DT::kInt8, {1, 2});
  q.q = {QP(0.5, 0)};
  list.AddError("c594_lrn_int8_unsupported", "C-594: LRN is float-only; a quantized input is unsupported", Lrn(q),
                NNRT_UNSUPPORTED_OP);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(LrnCases);

}  // namespace golden
}  // namespace nnrt
