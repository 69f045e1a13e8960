#include "reference/ops/tensor/reshape.h"

#include <cstring>
#include <limits>
#include <string>

#include "reference/ir/ir.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

constexpr int64_t kMaxDim = std::numeric_limits<int32_t>::max();

const char kShapeRole[] = "input 1 (shape)";

Status CheckReshapeTypes(const OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& shape = ctx.inputs[1];
  const TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(shape, kShapeRole, {DataType::kInt32, DataType::kInt64}));
  if (shape.dims.size() != 1) {
    return InvalidModel(std::string(kShapeRole) + " must be 1-D, got " + DimsToString(shape.dims));
  }
  NNRT_RETURN_IF_ERROR(CheckSameDataType(x, "input 0", y, "output 0"));
  // Pure data movement: the bytes are copied, so the real values are kept only
  // when the quantization is the same (C-61).
  if (x.decl->quant_params != y.decl->quant_params) {
    return Unsupported("RESHAPE with different input and output quant params (requantization) is not supported (C-61)");
  }
  return Status::Ok();
}

}  // namespace

Status ResolveReshape(const Dims& input, const std::vector<int64_t>& shape, NNRT_ReturnCode error_code, Dims* out) {
  auto fail = [error_code](const std::string& m) { return Status(error_code, "RESHAPE: " + m); };
  if (shape.size() > NNRT_HAL_MAX_RANK) return fail("target rank " + std::to_string(shape.size()) + " is too large");
  Dims result(shape.size(), 0);
  int64_t infer_at = -1;
  bool unknown = false;  // some output dim depends on an unknown input dim
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t v = shape[i];
    if (v == -1) {
      if (infer_at >= 0) return fail("the shape has more than one -1");
      infer_at = static_cast<int64_t>(i);
      continue;
    }
    if (v == 0) {
      if (i >= input.size()) {
        return fail("shape[" + std::to_string(i) + "] = 0 copies input dim " + std::to_string(i) + ", but the input has rank " +
                    std::to_string(input.size()));
      }
      result[i] = input[i];
      if (input[i] < 0) unknown = true;
      continue;
    }
    if (v < 0 || v > kMaxDim) return fail("shape[" + std::to_string(i) + "] = " + std::to_string(v) + " is not a valid dim");
    result[i] = static_cast<int32_t>(v);
  }
  const auto in_count = ElementCount(input);
  const bool input_known = !IsDynamic(input);
  if (input_known && !in_count) return fail("input element count overflows");
  // Product of the known target dims (overflow-checked; each <= 2^31-1).
  int64_t known_product = 1;
  for (size_t i = 0; i < result.size(); ++i) {
    if (static_cast<int64_t>(i) == infer_at || result[i] < 0) continue;
    if (known_product > std::numeric_limits<int64_t>::max() / result[i]) return fail("target element count overflows");
    known_product *= result[i];
  }
  if (!input_known || unknown) {
    if (infer_at >= 0) result[static_cast<size_t>(infer_at)] = -1;
    *out = result;
    return Status::Ok();
  }
  if (infer_at >= 0) {
    if (*in_count % known_product != 0) {
      return fail("cannot infer the -1 dim: " + std::to_string(*in_count) + " elements are not a multiple of " +
                  std::to_string(known_product));
    }
    const int64_t inferred = *in_count / known_product;
    if (inferred < 1 || inferred > kMaxDim) return fail("inferred dim " + std::to_string(inferred) + " is not valid");
    result[static_cast<size_t>(infer_at)] = static_cast<int32_t>(inferred);
    known_product *= inferred;
  }
  if (known_product != *in_count) {
    return fail("target shape " + DimsToString(result) + " has " + std::to_string(known_product) +
                " elements, the input " + DimsToString(input) + " has " + std::to_string(*in_count));
  }
  *out = result;
  return Status::Ok();
}

Status InferReshape(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckReshapeTypes(ctx));
  const TensorArg& shape = ctx.inputs[1];
  if (shape.data == nullptr) {
    // Shape known only at run time: the rank is known when the length is.
    const int32_t rank = shape.dims[0];
    ctx.outputs[0].dims = rank >= 0 ? Dims(static_cast<size_t>(rank), -1) : ctx.outputs[0].decl->dims;
    return Status::Ok();
  }
  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(shape, kShapeRole, &values));
  return ResolveReshape(ctx.inputs[0].dims, values, NNRT_INVALID_MODEL, &ctx.outputs[0].dims);
}

// InferReshape resolved the output dims from the shape values (at run time
// every shape is known), so the kernel is the copy.
Status ReshapeKernel(OpContext& ctx) {
  TensorArg& y = ctx.outputs[0];
  const size_t bytes = static_cast<size_t>(ctx.inputs[0].elements()) * DataTypeSize(ctx.inputs[0].dtype());
  if (bytes > 0) std::memcpy(y.mutable_data, ctx.inputs[0].data, bytes);
  return Status::Ok();
}

OpDef ReshapeOpDef() {
  return OpDef{NodeType::RESHAPE, {},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferReshape, &ReshapeKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "shape"};
}

}  // namespace nnrt
