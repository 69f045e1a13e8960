// Golden cases of CONV2D_TRANSPOSE_FUSION (ops_catalog #9; quantization_semantics
// 4.5-4.7; clarifications C-511..C-515). Layout: input NHWC, weight
// [outC, kH, kW, inC/group], bias [outC].
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct DeconvSpec {
  DT dt = DT::kFloat32;
  Dims x, w, y;
  Bytes x_data, w_data, bias;
  std::vector<QuantParam> qx, qw, qy;
  std::vector<int64_t> stride = {1, 1};
  std::vector<int64_t> dilation = {1, 1};
  int8_t pad_mode = 2;  // VALID
  std::vector<int64_t> pad_list = {0, 0, 0, 0};
  int64_t group = 1;
  int8_t activation = 0;
  std::vector<int64_t> output_paddings;
};

TestCase Deconv(const DeconvSpec& s) {
  SingleNodeCase c(NodeType::CONV2D_TRANSPOSE_FUSION, "conv2d_transpose");
  c.In("x", s.dt, s.x, s.x_data, s.qx)
      .Const("w", s.dt, s.w, s.w_data, s.qw)
      .Const("bias", s.qx.empty() ? s.dt : DT::kInt32, {s.w[0]}, s.bias)
      .Out("y", s.dt, s.y, s.qy);
  c.WithAttr(Attr::Int64s("stride", s.stride))
      .WithAttr(Attr::Int64s("dilation", s.dilation))
      .WithAttr(Attr::Int8("padMode", s.pad_mode))
      .WithAttr(Attr::Int64s("padList", s.pad_list))
      .WithAttr(Attr::Int64("group", s.group))
      .WithAttr(Attr::Int8("activationType", s.activation))
      .WithAttr(Attr::Int64s("outputPaddings", s.output_paddings));
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> Conv2DTransposeCases() {
  CaseList list("conv2d_transpose");
  const DT f32 = DT::kFloat32;
  {
    DeconvSpec s;
    s.x = {1, 4, 4, 1};
    s.w = {1, 2, 2, 1};
    s.y = {1, 3, 3, 1};
    s.x_data = Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
    s.w_data = Values(f32, {1, 1, 1, 1});
    s.bias = Values(f32, {0});
    s.pad_mode = 0;
    s.pad_list = {1, 1, 1, 1};
    s.output_paddings = {0, 0};
    list.AddExpect("deconv_catalog_model",
                   "ops_catalog #9 [UT]: x [1,4,4,1], weight [1,2,2,1] all 1, padList [1,1,1,1] -> [1,3,3,1]",
                   Deconv(s), {Expect("y", f32, s.y, Values(f32, {14, 18, 22, 30, 34, 38, 46, 50, 54}))});
  }
  {
    DeconvSpec s;
    s.x = {1, 1, 2, 1};
    s.w = {1, 1, 3, 1};
    s.y = {1, 1, 6, 1};
    s.x_data = Values(f32, {1, 2});
    s.w_data = Values(f32, {1, 10, 100});
    s.bias = Values(f32, {0.5});
    s.stride = {1, 2};
    s.output_paddings = {0, 1};
    list.AddExpect("c512_deconv_stride_overlap_and_output_padding",
                   "C-512/C-513: stride 2, k 3: x[i] lands at 2i..2i+2, overlap summed; outputPaddings adds a bias-only column",
                   Deconv(s), {Expect("y", f32, s.y, Values(f32, {1.5, 10.5, 102.5, 20.5, 200.5, 0.5}))});
  }
  {
    DeconvSpec s;
    s.x = {1, 1, 2, 1};
    s.w = {1, 1, 1, 1};
    s.y = {1, 1, 4, 1};
    s.x_data = Values(f32, {1, 2});
    s.w_data = Values(f32, {3});
    s.bias = Values(f32, {0});
    s.stride = {1, 2};
    s.pad_mode = 1;  // SAME
    list.AddExpect("c512_deconv_same_is_in_times_stride", "C-512: SAME, k 1 < stride 2: out = in*2, gaps are bias",
                   Deconv(s), {Expect("y", f32, s.y, Values(f32, {3, 0, 6, 0}))});
  }
  {
    DeconvSpec s;
    s.x = {1, 1, 1, 1};
    s.w = {1, 1, 1, 1};
    s.y = {1, 2, 2, 1};
    s.x_data = Values(f32, {1});
    s.w_data = Values(f32, {2});
    s.bias = Values(f32, {0});
    s.stride = {2, 2};
    s.output_paddings = {2};
    list.AddError("c513_deconv_output_padding_not_below_stride", "C-513: outputPaddings [2] with stride 2",
                  Deconv(s), NNRT_INVALID_MODEL);
  }
  {
    DeconvSpec s;
    s.x = {1, 1, 1, 2};
    s.w = {4, 1, 1, 1};
    s.y = {1, 1, 1, 4};
    s.x_data = Values(f32, {1, 2});
    s.w_data = Values(f32, {1, 2, 3, 4});
    s.bias = Values(f32, {0, 0, 0, 0});
    s.group = 2;
    list.AddExpect("c514_deconv_depthwise_multiplier_2", "C-514: group 2 = inC, outC 4: channels 0,1 read x0; 2,3 read x1",
                   Deconv(s), {Expect("y", f32, s.y, Values(f32, {1, 2, 6, 8}))});
  }
  {
    DeconvSpec s;
    s.x = {1, 1, 2, 1};
    s.w = {1, 1, 2, 1};
    s.y = {1, 1, 4, 1};
    s.x_data = Values(f32, {1, 2});
    s.w_data = Values(f32, {1, 10});
    s.bias = Values(f32, {0});
    s.dilation = {1, 2};
    list.AddExpect("deconv_dilation_2", "dilation 2: taps of x[i] at i and i+2", Deconv(s),
                   {Expect("y", f32, s.y, Values(f32, {1, 2, 10, 20}))});
  }
  {
    DeconvSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 1, 2, 1};
    s.w = {2, 1, 1, 1};
    s.y = {1, 1, 3, 2};
    s.x_data = Ints(DT::kInt8, {2, 4});
    s.w_data = Ints(DT::kInt8, {2, 4});
    s.bias = Ints(DT::kInt32, {2, -4});
    s.qx = {QP(0.5, 0)};
    s.qw = {QP(0.5, 0), QP(0.25, 0)};
    s.qy = {QP(0.25, 0)};
    s.stride = {1, 2};
    list.AddExpect("c515_deconv_int8_per_channel",
                   "C-515: per-channel weights, int32 bias; ch0 M = 1, ch1 M = 0.5; the middle column is bias only",
                   Deconv(s), {Expect("y", DT::kInt8, s.y, Ints(DT::kInt8, {6, 2, 2, -2, 10, 6}))});
  }
  return list.Take();
}

NNRT_GOLDEN_FAMILY(Conv2DTransposeCases);

}  // namespace golden
}  // namespace nnrt
