// Golden cases of MAX_POOL_FUSION (ops_catalog #21) and AVGPOOL_FUSION (#2):
// NHWC input, windows kernelSize / strides, padMode PAD / SAME / VALID,
// roundMode, global, fused activation; clarifications C-520..C-528.
#include <cstdint>
#include <vector>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct PoolSpec {
  NodeType type = NodeType::MAX_POOL_FUSION;
  DT dt = DT::kFloat32;
  Dims x, y;
  Bytes x_data;
  std::vector<QuantParam> qx, qy;
  std::vector<int64_t> kernel = {2, 2};
  std::vector<int64_t> strides = {1, 1};
  std::vector<int64_t> pad = {0, 0, 0, 0};
  int8_t pad_mode = 0;  // HDI PadMode PAD
  int8_t round_mode = 0;
  bool global = false;
  int8_t activation = 0;
  Format format = Format::kNhwc;
};

TestCase Pool(const PoolSpec& s) {
  SingleNodeCase c(s.type, s.type == NodeType::MAX_POOL_FUSION ? "max_pool" : "avg_pool");
  c.WithFormat(s.format).In("x", s.dt, s.x, s.x_data, s.qx).Out("y", s.dt, s.y, s.qy);
  c.WithAttr(Attr::Int64s("kernelSize", s.kernel))
      .WithAttr(Attr::Int64s("strides", s.strides))
      .WithAttr(Attr::Int64s("pad", s.pad))
      .WithAttr(Attr::Int8("padMode", s.pad_mode))
      .WithAttr(Attr::Int8("roundMode", s.round_mode))
      .WithAttr(Attr::Int8("format", 0))  // NCHW, as the front end always writes it (C-520)
      .WithAttr(Attr::Bool("global", s.global))
      .WithAttr(Attr::Int8("activationType", s.activation));
  return c.Build();
}

std::vector<double> Iota(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

void MaxPoolCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  {
    PoolSpec s;
    s.x = {1, 3, 3, 1};
    s.y = {1, 2, 2, 1};
    s.x_data = Values(f32, Iota(9));
    s.pad_mode = 2;  // VALID
    list.AddExpect("maxpool_valid_2x2", "3x3 of 0..8, 2x2 windows, VALID: [4,5,7,8]", Pool(s),
                   {Expect("y", f32, s.y, Values(f32, {4, 5, 7, 8}))});
  }
  {
    PoolSpec s;
    s.x = {1, 3, 3, 1};
    s.y = {1, 2, 2, 1};
    s.x_data = Values(f32, {-1, -2, -3, -4, -5, -6, -7, -8, -9});
    s.strides = {2, 2};
    s.pad_mode = 1;  // SAME: total pad 1 per axis, at the bottom / right
    list.AddExpect("c522_maxpool_same_odd_pad_bottom_right",
                   "C-522: SAME pads bottom/right; padding is never a candidate (all inputs negative)", Pool(s),
                   {Expect("y", f32, s.y, Values(f32, {-1, -3, -7, -9}))});
  }
  {
    PoolSpec s;
    s.x = {1, 1, 5, 1};
    s.y = {1, 1, 3, 1};
    s.x_data = Values(f32, {1, 5, 2, 4, 3});
    s.kernel = {1, 2};
    s.strides = {1, 2};
    s.pad_mode = 2;
    s.round_mode = 1;
    list.AddExpect("c522_maxpool_valid_ceil_partial_window",
                   "C-522: roundMode CEIL applies to VALID; the last window holds x[4] only", Pool(s),
                   {Expect("y", f32, s.y, Values(f32, {5, 4, 3}))});
  }
  {
    PoolSpec s;
    s.x = {1, 1, 3, 1};
    s.y = {1, 1, 1, 1};
    s.x_data = Values(f32, {1, 7, 3});
    s.kernel = {1, 2};
    s.strides = {1, 3};
    s.pad = {0, 0, 0, 1};
    s.round_mode = 1;
    list.AddExpect("c523_maxpool_ceil_window_in_padding_dropped",
                   "C-523: ceil gives 2 windows, the second would start in the end pad: dropped", Pool(s),
                   {Expect("y", f32, s.y, Values(f32, {7}))});
  }
  {
    PoolSpec s;
    s.x = {1, 2, 2, 1};
    s.y = {1, 1, 1, 1};
    s.x_data = Values(f32, Iota(4));
    s.pad = {2, 0, 0, 0};
    list.AddError("c524_maxpool_pad_as_large_as_kernel_rejected",
                  "C-524: pad top 2 = kernel height 2 would leave a window of padding only", Pool(s),
                  NNRT_INVALID_MODEL);
  }
  {
    PoolSpec s;
    s.x = {1, 2, 2, 1};
    s.y = {1, 1, 1, 1};
    s.x_data = Values(f32, Iota(4));
    s.kernel = {3, 3};
    s.pad_mode = 2;
    list.AddError("c525_maxpool_kernel_larger_than_input_rejected", "C-525: 3x3 kernel over a 2x2 VALID input",
                  Pool(s), NNRT_INVALID_MODEL);
  }
  {
    PoolSpec s;
    s.x = {1, 2, 3, 2};
    s.y = {1, 1, 1, 2};
    s.x_data = Values(f32, {1, -1, 5, -5, 3, -3, 2, -2, 4, -4, 0, 7});
    s.kernel = {};
    s.strides = {};
    s.global = true;
    list.AddExpect("c521_maxpool_global", "C-521: global, kernelSize []: the maximum of each channel", Pool(s),
                   {Expect("y", f32, s.y, Values(f32, {5, 7}))});
  }
  {
    PoolSpec s;
    s.x = {1, 1, 6, 1};
    s.y = {1, 1, 3, 1};
    s.x_data = Values(f32, {kNaN, -1, -0.0, 0.0, -kInf, -kInf});
    s.kernel = {1, 2};
    s.strides = {1, 2};
    list.AddExpect("c528_maxpool_nan_signed_zero_inf", "C-528: NaN propagates; of equal zeros the first; -inf stays",
                   Pool(s), {Expect("y", f32, s.y, Values(f32, {kNaN, -0.0, -kInf}))});
  }
  {
    PoolSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 1, 4, 1};
    s.y = {1, 1, 2, 1};
    s.x_data = Ints(DT::kInt8, {-100, -7, 90, 120});
    s.qx = s.qy = {QP(0.1, -5)};
    s.kernel = {1, 2};
    s.strides = {1, 2};
    s.activation = 3;  // RELU6: clamp to [zp, Q(6.0)] = [-5, 55]
    list.AddExpect("c528_maxpool_int8_codes_relu6", "C-528: the largest code, clamped to RELU6's [-5, 55]", Pool(s),
                   {Expect("y", DT::kInt8, s.y, Ints(DT::kInt8, {-5, 55}))});
    s.activation = 0;
    s.qy = {QP(0.2, -5)};
    list.AddError("c528_maxpool_requantizing_output_unsupported",
                  "C-528: output params differ from the input's: a requantization, not implemented", Pool(s),
                  NNRT_UNSUPPORTED_OP);
  }
  {
    PoolSpec s;
    s.dt = DT::kFloat16;
    s.x = {1, 2, 2, 2};
    s.y = {1, 1, 1, 2};
    s.x_data = Values(DT::kFloat16, {1.5, -3, 65504, -2, -0.5, -1, 2, -65504});
    s.activation = 1;  // RELU
    list.AddExpect("maxpool_float16_relu", "float16, 2x2 window per channel, RELU: [65504, 0]", Pool(s),
                   {Expect("y", DT::kFloat16, s.y, Values(DT::kFloat16, {65504, 0}))});
  }
  {
    PoolSpec s;
    s.x = {1, 1, 2, 2};
    s.y = {1, 1, 2, 2};
    s.x_data = Values(f32, Iota(4));
    s.kernel = {1, 1};
    s.format = Format::kNchw;
    list.AddError("c520_maxpool_nchw_input_unsupported", "C-520: an input declared NCHW is not computed", Pool(s),
                  NNRT_UNSUPPORTED_OP);
  }
}

void AvgPoolCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  {
    PoolSpec s;
    s.type = NodeType::AVGPOOL_FUSION;
    s.x = {1, 3, 3, 1};
    s.y = {1, 2, 2, 1};
    s.x_data = Values(f32, Iota(9));
    s.pad_mode = 2;  // VALID (OH_NN padMode 1)
    list.AddExpect("avgpool_catalog_dynamic_model",
                   "ops_catalog #2 [XTS] AvgPoolDynamicModel: 0..8, 2x2, stride 1, valid -> [2,3,5,6]", Pool(s),
                   {Expect("y", f32, s.y, Values(f32, {2, 3, 5, 6}))});
  }
  {
    PoolSpec s;
    s.type = NodeType::AVGPOOL_FUSION;
    s.x = {1, 3, 3, 1};
    s.y = {1, 2, 2, 1};
    s.x_data = Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    s.strides = {2, 2};
    s.pad_mode = 1;  // SAME
    list.AddExpect("c526_avgpool_same_excludes_padding",
                   "C-526: SAME windows at the bottom/right divide by their input elements: [3, 4.5, 7.5, 9]",
                   Pool(s), {Expect("y", f32, s.y, Values(f32, {3, 4.5, 7.5, 9}))});
  }
  {
    PoolSpec s;
    s.type = NodeType::AVGPOOL_FUSION;
    s.x = {1, 2, 2, 1};
    s.y = {1, 2, 2, 1};
    s.x_data = Values(f32, {1, 2, 3, 4});
    s.kernel = {3, 3};
    s.pad = {1, 1, 1, 1};
    list.AddExpect("c526_avgpool_pad_list_excludes_padding",
                   "C-526: 3x3 windows over a 2x2 input padded by 1: 10 / 4 = 2.5 (not 10 / 9)", Pool(s),
                   {Expect("y", f32, s.y, Values(f32, {2.5, 2.5, 2.5, 2.5}))});
  }
  {
    PoolSpec s;
    s.type = NodeType::AVGPOOL_FUSION;
    s.dt = DT::kInt8;
    s.x = {1, 1, 4, 1};
    s.y = {1, 1, 2, 1};
    s.x_data = Ints(DT::kInt8, {1, 2, -1, -2});
    s.qx = {QP(1.0, 0)};
    s.qy = {QP(1.0, 3)};
    s.kernel = {1, 2};
    s.strides = {1, 2};
    list.AddExpect("c527_avgpool_int8_ties_away_with_zero_point",
                   "C-527: t = 1.5 and -1.5; RHA(t + 3) = 5 and 2", Pool(s),
                   {Expect("y", DT::kInt8, s.y, Ints(DT::kInt8, {5, 2}))});
  }
  {
    PoolSpec s;
    s.type = NodeType::AVGPOOL_FUSION;
    s.dt = DT::kUint8;
    s.x = {1, 2, 2, 1};
    s.y = {1, 1, 1, 1};
    s.x_data = Ints(DT::kUint8, {200, 255, 250, 245});
    s.qx = {QP(0.05, 100)};
    s.qy = {QP(0.02, 0)};
    s.activation = 3;  // RELU6: Q(6.0) = 255 saturates at qmax
    s.global = true;
    list.AddExpect("c527_avgpool_uint8_global_requantized",
                   "C-527: sum 550, t = 550 * 2.5 / 4 = 343.75 -> clamped to 255", Pool(s),
                   {Expect("y", DT::kUint8, s.y, Ints(DT::kUint8, {255}))});
  }
  {
    PoolSpec s;
    s.type = NodeType::AVGPOOL_FUSION;
    s.x = {1, 1, 3, 1};
    s.y = {1, 1, 1, 1};
    s.x_data = FloatBits({0x4B800000u, 0x3F800000u, 0x40000000u});  // 2^24, 1, 2
    s.kernel = {1, 3};
    list.AddExpect("c529_avgpool_float_sum_in_double",
                   "C-529: (2^24 + 1 + 2) / 3 in double = 5592406.33 -> 5592406.5 (float32 sums give 5592406)",
                   Pool(s), {Expect("y", f32, s.y, Values(f32, {5592406.5}))});
  }
  {
    PoolSpec s;
    s.type = NodeType::AVGPOOL_FUSION;
    s.dt = DT::kFloat16;
    s.x = {1, 1, 5, 1};
    s.y = {1, 1, 3, 1};
    s.x_data = Values(DT::kFloat16, {1, 3, 5, 7, 9});
    s.kernel = {1, 2};
    s.strides = {1, 2};
    s.round_mode = 1;
    list.AddExpect("c526_avgpool_float16_ceil_partial_window",
                   "C-522/C-526: CEIL adds the window holding x[4] alone: [2, 6, 9]", Pool(s),
                   {Expect("y", DT::kFloat16, s.y, Values(DT::kFloat16, {2, 6, 9}))});
  }
}

}  // namespace

std::vector<GoldenCase> PoolCases() {
  CaseList list("pool");
  MaxPoolCases(list);
  AvgPoolCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(PoolCases);

}  // namespace golden
}  // namespace nnrt
