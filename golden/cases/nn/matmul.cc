// Golden cases of MATMUL_FUSION (ops_catalog #19; quantization_semantics
// 4.5-4.6; clarifications C-500..C-504). a [..., M, K], b [..., K, N] after
// the optional transposes.
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct MatMulSpec {
  DT dt = DT::kFloat32;
  Dims a, b, y;
  Bytes a_data, b_data;
  std::vector<QuantParam> qa, qb, qy;
  bool ta = false, tb = false;
  int8_t activation = 0;
};

TestCase MatMul(const MatMulSpec& s) {
  SingleNodeCase c(NodeType::MATMUL_FUSION, "matmul");
  c.In("a", s.dt, s.a, s.a_data, s.qa).In("b", s.dt, s.b, s.b_data, s.qb).Out("y", s.dt, s.y, s.qy);
  c.WithAttr(Attr::Bool("transposeA", s.ta))
      .WithAttr(Attr::Bool("transposeB", s.tb))
      .WithAttr(Attr::Int8("activationType", s.activation));
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> MatMulCases() {
  CaseList list("matmul");
  const DT f32 = DT::kFloat32;
  {
    MatMulSpec s;
    s.a = {1, 1, 3, 2};
    s.b = {1, 1, 2, 3};
    s.y = {1, 1, 3, 3};
    s.a_data = Values(f32, {1, 2, 3, 4, 5, 6});
    s.b_data = Values(f32, {1, 2, 3, 4, 5, 6});
    list.AddExpect("matmul_catalog_model", "ops_catalog #19 [UT] shapes: [1,1,3,2] x [1,1,2,3] -> [1,1,3,3]",
                   MatMul(s), {Expect("y", f32, s.y, Values(f32, {9, 12, 15, 19, 26, 33, 29, 40, 51}))});
  }
  {
    MatMulSpec s;
    s.a = {2};
    s.b = {2, 1};
    s.y = {1};
    s.a_data = Values(f32, {1, 2});
    s.b_data = Values(f32, {1, 2});
    list.AddError("c500_matmul_rank1_operand_rejected", "C-500: operands have rank 2..6; a rank-1 a is invalid",
                  MatMul(s), NNRT_INVALID_MODEL);
  }
  {
    MatMulSpec s;
    s.a = {2, 1, 1, 2};
    s.b = {3, 2, 1};
    s.y = {2, 3, 1, 1};
    s.a_data = Values(f32, {1, 2, 3, 4});
    s.b_data = Values(f32, {1, 1, 2, 1, 3, 1});
    list.AddExpect("c501_matmul_batch_dims_broadcast", "C-501: batch [2,1] with [3] -> [2,3], numpy alignment",
                   MatMul(s), {Expect("y", f32, s.y, Values(f32, {3, 4, 5, 7, 10, 13}))});
  }
  {
    MatMulSpec s;
    s.a = {3, 2};
    s.b = {1, 3};
    s.y = {2, 1};
    s.ta = s.tb = true;
    s.a_data = Values(f32, {1, 2, 3, 4, 5, 6});
    s.b_data = Values(f32, {1, 2, 3});
    list.AddExpect("c502_matmul_transpose_a_and_b", "C-502: a [3,2]^T x b [1,3]^T = [[22],[28]]", MatMul(s),
                   {Expect("y", f32, s.y, Values(f32, {22, 28}))});
  }
  {
    MatMulSpec s;
    s.dt = DT::kInt8;
    s.a = {1, 2};
    s.b = {2, 1};
    s.y = {1, 1};
    s.a_data = Ints(DT::kInt8, {3, -3});
    s.b_data = Ints(DT::kInt8, {12, 4});
    s.qa = {QP(0.5, 1)};
    s.qb = {QP(0.25, 0)};
    s.qy = {QP(0.3, 5)};
    list.AddExpect("c503_matmul_int8_requantized_once",
                   "C-503: acc = 2*12 - 4*4 = 8, M = 0.125/0.3, t = 3.33 -> 3 + zp 5 = 8", MatMul(s),
                   {Expect("y", DT::kInt8, s.y, Ints(DT::kInt8, {8}))});
  }
  {
    MatMulSpec s;
    s.a = {1, 3};
    s.b = {3, 1};
    s.y = {1, 1};
    s.a_data = FloatBits({0x3F800000u, 0x30800000u, 0xBF800000u});  // 1, 2^-30, -1
    s.b_data = Values(f32, {1, 1, 1});
    list.AddExpect("c504_matmul_float_sum_in_double", "C-504: 1 + 2^-30 - 1 summed in double = 2^-30", MatMul(s),
                   {Expect("y", f32, s.y, FloatBits({0x30800000u}))});
  }
  {
    MatMulSpec s;
    s.dt = DT::kFloat16;
    s.a = {1, 2};
    s.b = {2, 2};
    s.y = {1, 2};
    s.activation = 1;  // RELU
    s.a_data = Values(DT::kFloat16, {1.5, -2});
    s.b_data = Values(DT::kFloat16, {2, 1, 1, 1});
    list.AddExpect("matmul_float16_relu", "float16: [1.5,-2] x [[2,1],[1,1]] = [1,-0.5], RELU -> [1,0]", MatMul(s),
                   {Expect("y", DT::kFloat16, s.y, Values(DT::kFloat16, {1, 0}))});
  }
  return list.Take();
}

NNRT_GOLDEN_FAMILY(MatMulCases);

}  // namespace golden
}  // namespace nnrt
