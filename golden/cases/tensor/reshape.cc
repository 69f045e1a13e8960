// Golden cases of RESHAPE (ops_catalog #45; clarifications C-60, C-61).
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

TestCase Reshape(DT dt, Dims in, Bytes x, DT shape_dt, std::vector<int64_t> shape, Dims out,
                 std::vector<QuantParam> qx = {}, std::vector<QuantParam> qy = {}) {
  SingleNodeCase c(NodeType::RESHAPE, "reshape");
  const int32_t rank = static_cast<int32_t>(shape.size());
  c.In("x", dt, in, std::move(x), qx).Const("shape", shape_dt, {rank}, Ints(shape_dt, shape)).Out("y", dt, out, qy);
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> ReshapeCases() {
  CaseList list("reshape");
  const DT f32 = DT::kFloat32;
  {
    GoldenRng rng(6001);
    const std::vector<double> v = rng.Uniforms(24, -100, 100);
    list.AddExpect("reshape_float32_minus_one", "C-60: [2,3,4] to [4,-1] = [4,6]; bytes unchanged",
                   Reshape(f32, {2, 3, 4}, Values(f32, v), DT::kInt32, {4, -1}, {4, 6}),
                   {Expect("y", f32, {4, 6}, Values(f32, v))});
    list.AddExpect("c060_zero_copies_input_dim", "C-60: 0 copies the input dim: [2,3,4] to [0,-1] = [2,12]",
                   Reshape(f32, {2, 3, 4}, Values(f32, v), DT::kInt64, {0, -1}, {2, 12}),
                   {Expect("y", f32, {2, 12}, Values(f32, v))});
  }
  {
    GoldenRng rng(6002);
    const std::vector<double> v = rng.Uniforms(12, -4, 4);
    list.AddExpect("reshape_float16_int64_shape", "C-61: int64 shape, float16 data, [12] to [3,2,2]",
                   Reshape(DT::kFloat16, {12}, Values(DT::kFloat16, v), DT::kInt64, {3, 2, 2}, {3, 2, 2}),
                   {Expect("y", DT::kFloat16, {3, 2, 2}, Values(DT::kFloat16, v))});
  }
  {
    GoldenRng rng(6003);
    const std::vector<int64_t> v = rng.Ints(16, -128, 127);
    list.AddExpect("reshape_int8_quant_same_params", "C-61: quantized int8 with equal params is a byte copy",
                   Reshape(DT::kInt8, {1, 4, 4, 1}, Ints(DT::kInt8, v), DT::kInt32, {16}, {16}, {QP(0.1, 3)},
                           {QP(0.1, 3)}),
                   {Expect("y", DT::kInt8, {16}, Ints(DT::kInt8, v))});
    list.AddError("c061_requantizing_reshape_unsupported", "C-61: different input/output quant params",
                  Reshape(DT::kInt8, {1, 4, 4, 1}, Ints(DT::kInt8, v), DT::kInt32, {16}, {16}, {QP(0.1, 3)},
                          {QP(0.2, 3)}),
                  NNRT_UNSUPPORTED_OP);
  }
  {
    GoldenRng rng(6004);
    const std::vector<int64_t> v = rng.Ints(6, 0, 255);
    list.AddExpect("reshape_uint8_to_scalar_rows", "uint8 [6] to [6,1,1]",
                   Reshape(DT::kUint8, {6}, Ints(DT::kUint8, v), DT::kInt32, {6, 1, 1}, {6, 1, 1}),
                   {Expect("y", DT::kUint8, {6, 1, 1}, Ints(DT::kUint8, v))});
  }
  list.AddError("c060_two_minus_ones_rejected", "C-60: two -1 entries are NNRT_INVALID_MODEL",
                Reshape(f32, {2, 3}, Values(f32, {1, 2, 3, 4, 5, 6}), DT::kInt32, {-1, -1}, {2, 3}),
                NNRT_INVALID_MODEL);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ReshapeCases);

}  // namespace golden
}  // namespace nnrt
