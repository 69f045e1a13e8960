#include "reference/ops/nn/norm_common.h"

#include <cmath>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"

namespace nnrt {

Status ClassifyNormOperands(const OpContext& ctx, const char* op, const std::vector<std::string>& input_roles,
                            bool allow_quantized, bool* quantized) {
  const std::string name(op);
  std::vector<const TensorArg*> operands;
  std::vector<std::string> roles;
  for (size_t i = 0; i < ctx.inputs.size() && i < input_roles.size(); ++i) {
    operands.push_back(&ctx.inputs[i]);
    roles.push_back(name + " " + input_roles[i]);
  }
  operands.push_back(&ctx.outputs[0]);
  roles.push_back(name + " output 0");
  for (size_t i = 0; i < operands.size(); ++i) {
    const TensorArg& t = *operands[i];
    if (t.quantized() && !allow_quantized) {
      return Unsupported(roles[i] + " is quantized; " + name + " is float-only (float32 or float16) (C-583)");
    }
    NNRT_RETURN_IF_ERROR(CheckDataTypeIn(t, roles[i],
                                         {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}));
    if (IsQuant8Type(t.dtype()) && !t.quantized()) {
      return Unsupported(roles[i] + " is " + DataTypeName(t.dtype()) + " without quant params; " + name +
                         " computes on float or quantized tensors only (C-584)");
    }
  }
  NumericKind kind;
  NNRT_RETURN_IF_ERROR(ClassifyElementwise(operands, roles, &kind));
  *quantized = kind == NumericKind::kQuantized;
  return Status::Ok();
}

double LoadReal(const TensorArg& t, size_t i, bool quantized) {
  if (!quantized) return LoadAsDouble(t.dtype(), t.data, i);
  return Dequantize(LoadAsInt64(t.dtype(), t.data, i), t.quant().scale, t.quant().zero_point);
}

void StoreReal(TensorArg& y, size_t i, double r, bool quantized) {
  if (!quantized) {
    StoreDouble(y.dtype(), y.mutable_data, i, r);
    return;
  }
  StoreInt64(y.dtype(), y.mutable_data, i,
             QuantizeHalfAwayFromZero(r, y.quant().scale, y.quant().zero_point, QuantMin(y.dtype()),
                                      QuantMax(y.dtype())));
}

Status ReadEpsilon(const Node& node, const char* op, double* epsilon) {
  const double e = FloatAttr(node, "epsilon");
  if (!std::isfinite(e) || e < 0) {
    return InvalidModel(std::string(op) + " epsilon must be finite and >= 0, got " + std::to_string(e) + " (C-574)");
  }
  *epsilon = e;
  return Status::Ok();
}

RowMoments ComputeRowMoments(const std::vector<double>& row, double epsilon, double variance_divisor) {
  RowMoments m;
  const double n = static_cast<double>(row.size());
  double sum = 0.0;
  for (double v : row) sum += v;
  m.mean = sum / n;
  double squares = 0.0;
  for (double v : row) squares += (v - m.mean) * (v - m.mean);
  m.variance = squares / variance_divisor;
  m.inv_std = 1.0 / std::sqrt(m.variance + epsilon);
  return m;
}

double Normalized(double x, double mean, double inv_std) {
  const double d = x - mean;
  if (d == 0.0 && std::isinf(inv_std) && inv_std > 0) return 0.0;
  return d * inv_std;
}

Status NormalizeAxis(int64_t axis, size_t rank, const std::string& what, const char* clarification, int64_t* out) {
  const auto r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) {
    return InvalidModel(what + " " + std::to_string(axis) + " is outside [" + std::to_string(-r) + ", " +
                        std::to_string(r) + ") for rank " + std::to_string(r) + " (" + clarification + ")");
  }
  *out = axis < 0 ? axis + r : axis;
  return Status::Ok();
}

}  // namespace nnrt
