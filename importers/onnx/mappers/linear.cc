// MatMul and Gemm.
#include <cstring>

#include "importers/onnx/mappers/mapper_util.h"

namespace nnrt {
namespace onnx_import {
namespace {

Status MapMatMul(NodeContext& c) {
  if (c.InputDims(0).size() < 2 || c.InputDims(1).size() < 2) {
    return c.Unmappable("a 1-D operand (vector product) is not mapped: NNRt's MATMUL_FUSION takes rank 2..6");
  }
  return MapOneNode(c, NodeType::MATMUL_FUSION, {});
}

// Y = alpha * A' * B' + beta * C. With alpha = beta = 1, no transposed A, a
// transposed (or constant) B and a 1-D C of N values it is one
// FULL_CONNECTION (one rounding, like a dot product); otherwise
// MATMUL_FUSION, then MUL by alpha and ADD of beta * C, each rounded (C-798).
Status MapGemm(NodeContext& c) {
  const float alpha = c.Float("alpha", 1.0f), beta = c.Float("beta", 1.0f);
  const bool trans_a = c.Int("transA", 0) != 0, trans_b = c.Int("transB", 0) != 0;
  c.Int("broadcast", 0);  // opset < 7: C broadcasts or has Y's shape; numpy broadcasting covers both
  uint32_t a = 0, b = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &a));
  NNRT_RETURN_IF_ERROR(c.Input(1, &b));
  const DataType dt = c.InputType(0);
  const bool has_c = c.HasInput(2) && beta != 0.0f;
  const bool c_is_vector = has_c && c.InputDims(2).size() == 1 && c.InputDims(2)[0] == c.InputDims(1)[trans_b ? 0 : 1];
  if (alpha == 1.0f && beta == 1.0f && !trans_a && (!has_c || c_is_vector) && (trans_b || c.b().IsConstant(b))) {
    uint32_t w = b;
    if (!trans_b) NNRT_RETURN_IF_ERROR(c.b().Transpose(b, {1, 0}, c.Name("weight_nk"), &w));
    std::vector<uint32_t> in = {a, w};
    if (has_c) {
      in.push_back(0);
      NNRT_RETURN_IF_ERROR(c.Input(2, &in[2]));
    }
    return MapOneNodeOn(c, NodeType::FULL_CONNECTION, in, {});
  }
  uint32_t y = 0;
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::MATMUL_FUSION, c.Name("matmul"), {a, b},
                                      {Attr::Bool("transposeA", trans_a), Attr::Bool("transposeB", trans_b)}, dt, &y));
  auto scalar = [&](const std::string& name, float v) {
    std::vector<uint8_t> bytes(4);
    std::memcpy(bytes.data(), &v, 4);
    return c.b().AddConstant(c.Name(name), DataType::kFloat32, {1}, bytes);
  };
  if (alpha != 1.0f) {
    if (dt != DataType::kFloat32) return c.UnmappableAttr("alpha", std::to_string(alpha), "only on float32");
    NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::MUL_FUSION, c.Name("alpha"), {y, scalar("alpha_value", alpha)}, {}, dt, &y));
  }
  if (has_c) {
    uint32_t cc = 0;
    NNRT_RETURN_IF_ERROR(c.Input(2, &cc));
    if (beta != 1.0f) {
      if (dt != DataType::kFloat32) return c.UnmappableAttr("beta", std::to_string(beta), "only on float32");
      NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::MUL_FUSION, c.Name("beta"), {cc, scalar("beta_value", beta)}, {}, dt, &cc));
    }
    NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::ADD_FUSION, c.Name(), {y, cc}, {}, dt, &y));
  }
  c.SetOutput(0, y);
  return Status::Ok();
}

}  // namespace

std::vector<MapperEntry> LinearMappers() {
  return {
      {"Gemm", MapGemm, "FULL_CONNECTION, or MATMUL_FUSION + MUL_FUSION + ADD_FUSION"},
      {"MatMul", MapMatMul, "MATMUL_FUSION"},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
