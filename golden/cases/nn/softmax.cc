// Golden cases of SOFTMAX (ops_catalog #30) and LOG_SOFTMAX (#95);
// clarifications C-540..C-543.
#include <cmath>
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

// axis: SOFTMAX's list (may be empty) or LOG_SOFTMAX's one value.
TestCase Softmax(NodeType type, DT dt, Dims dims, Bytes x, std::vector<int64_t> axis,
                 std::vector<QuantParam> qx = {}, std::vector<QuantParam> qy = {}, DT out = DT::kUnknown) {
  SingleNodeCase c(type, type == NodeType::SOFTMAX ? "softmax" : "log_softmax");
  c.In("x", dt, dims, std::move(x), std::move(qx)).Out("y", out == DT::kUnknown ? dt : out, dims, std::move(qy));
  if (type == NodeType::SOFTMAX) {
    c.WithAttr(Attr::Int64s("axis", std::move(axis)));
  } else if (!axis.empty()) {
    c.WithAttr(Attr::Int64("axis", axis[0]));
  }
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> SoftmaxCases() {
  CaseList list("softmax");
  const DT f32 = DT::kFloat32;
  const NodeType S = NodeType::SOFTMAX, L = NodeType::LOG_SOFTMAX;
  list.Add("softmax_catalog_model", "ops_catalog #30 [UT]: [1,5,1,1] = 0..4, axis 1",
           Softmax(S, f32, {1, 5, 1, 1}, Values(f32, {0, 1, 2, 3, 4}), {1}));
  const Bytes xts = Values(f32, {1, 2, 3, 4, 5, 6, 7, 8});
  list.Add("log_softmax_catalog_model1", "ops_catalog #95 XTS model 1: axis 1, every row [-1.313262, -0.313262]",
           Softmax(L, f32, {4, 2}, xts, {1}));
  list.Add("log_softmax_catalog_model2", "ops_catalog #95 XTS model 2: axis 0, columns [-6.145078 .. -0.145078]",
           Softmax(L, f32, {4, 2}, xts, {0}));
  list.AddError("c540_log_softmax_axis_out_of_range", "C-540 / ops_catalog #95 XTS model 3: axis 2 on rank 2",
                Softmax(L, f32, {4, 2}, xts, {2}), NNRT_INVALID_MODEL);
  list.AddExpect("c540_softmax_empty_axis_is_last_axis", "C-540: an empty axis list is the last axis",
                 Softmax(S, f32, {2, 2}, Values(f32, {1, 1, -3, -3}), {}),
                 {Expect("y", f32, {2, 2}, Values(f32, {0.5, 0.5, 0.5, 0.5}))});
  list.AddError("c540_softmax_two_axes_rejected", "C-540: an axis list of two elements is invalid",
                Softmax(S, f32, {2, 2}, Values(f32, {1, 1, 1, 1}), {0, 1}), NNRT_INVALID_MODEL);
  list.Add("c540_softmax_negative_axis", "C-540: axis -3 of a [2,3,2] input is axis 0",
           Softmax(S, f32, {2, 3, 2}, Values(f32, {0, 1, 2, 3, 4, 5, -1, -2, 0.5, 7, 8, 9}), {-3}));
  list.Add("c541_softmax_special_rows",
           "C-541: rows with NaN, +inf, all -inf are NaN; a -inf entry is 0 (log: -inf)",
           Softmax(S, f32, {4, 3}, Values(f32, {1, kNaN, 0, 1, kInf, 0, -kInf, -kInf, -kInf, -kInf, 0, 0}), {1}));
  list.Add("c541_log_softmax_special_rows", "C-541: the same rows under LOG_SOFTMAX",
           Softmax(L, f32, {4, 3}, Values(f32, {1, kNaN, 0, 1, kInf, 0, -kInf, -kInf, -kInf, -kInf, 0, 0}), {1}));
  list.Add("c542_softmax_large_values_max_subtracted", "C-542: 1000, 1001, -1000 and float max: no overflow",
           Softmax(S, f32, {2, 3}, Values(f32, {1000, 1001, -1000, 3.4e38, 3.4e38, -3.4e38}), {-1}));
  list.Add("c542_log_softmax_large_values", "C-542: log-softmax of 1000, 1001, -1000: -2001 - log(S) kept",
           Softmax(L, f32, {3}, Values(f32, {1000, 1001, -1000}), {0}));
  list.Add("softmax_float16", "float16 rows with subnormal and large values, rounded once from binary64",
           Softmax(S, DT::kFloat16, {2, 3}, Values(DT::kFloat16, {1e-7, 0, 65504, 0.5, -0.25, 3}), {1}));
  list.AddExpect("c543_softmax_uint8_output_params_honoured",
                 "C-543: int8 [1, 0] (scale 0.5) into uint8 with scale 0.01, zp 10 (not 1/256): [83, 37]",
                 Softmax(S, DT::kInt8, {2}, Ints(DT::kInt8, {2, 0}), {0}, {QP(0.5, 0)}, {QP(0.01, 10)}, DT::kUint8),
                 {Expect("y", DT::kUint8, {2}, Ints(DT::kUint8, {83, 37}))});
  list.Add("c543_softmax_int8_tflite_params", "C-543: int8 in, output 1/256 zp -128 (TFLite's fixed params)",
           Softmax(S, DT::kInt8, {2, 4}, Ints(DT::kInt8, {-128, 0, 127, 5, 3, 3, 3, 3}), {1}, {QP(0.1, 0)},
                   {QP(1.0 / 256, -128)}));
  list.AddExpect("c543_log_softmax_uint8", "C-543: log-softmax [-0.3133, -1.3133] at scale 1/16, zp 255: [250, 234]",
                 Softmax(L, DT::kInt8, {2}, Ints(DT::kInt8, {2, 0}), {0}, {QP(0.5, 0)}, {QP(1.0 / 16, 255)},
                         DT::kUint8),
                 {Expect("y", DT::kUint8, {2}, Ints(DT::kUint8, {250, 234}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(SoftmaxCases);

}  // namespace golden
}  // namespace nnrt
