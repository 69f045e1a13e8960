#include "reference/nnadapter/lowering/lower_native.h"

#include <string>
#include <vector>

#include "reference/nnadapter/lowering/lowering_common.h"
#include "reference/nnadapter/lowering/pool_operands.h"

namespace nnrt {
namespace nna {
namespace {

// Known dims must agree; -1 (unknown) agrees with anything.
bool DimsAgree(const Dims& declared, const Dims& expected) {
  if (declared.size() != expected.size()) return false;
  for (size_t i = 0; i < declared.size(); ++i) {
    if (declared[i] >= 0 && expected[i] >= 0 && declared[i] != expected[i]) return false;
  }
  return true;
}

Status DimsOf(const Operand* operand, const std::string& what, Dims* dims) {
  DataType dtype = DataType::kUnknown;
  std::vector<QuantParam> quant;
  NNRT_RETURN_IF_ERROR(ConvertOperandType(operand->type, &dtype, &quant, dims).WithContext(what));
  if (dtype != DataType::kFloat32) {
    return Unsupported("DEFORMABLE_CONV_2D " + what +
                       " is not float32: the native kernel is float32 only (no quantised definition is given, C-855)");
  }
  return Status::Ok();
}

Status ReadPairOrDefault(const Operand* operand, const std::string& what, std::vector<int64_t>* pair) {
  NNRT_RETURN_IF_ERROR(ReadIntList(operand, what, pair));
  if (pair->size() != 2) return InvalidModel(what + " must hold 2 values, holds " + std::to_string(pair->size()));
  return Status::Ok();
}

Status ReadFloatConstant(const Operand* operand, const std::string& what, std::vector<float>* values) {
  if (operand == nullptr || !IsConstant(*operand)) {
    return Unsupported("DEFORMABLE_CONV_2D " + what + " must be a constant operand (C-855)");
  }
  return ReadFloatList(operand, "DEFORMABLE_CONV_2D " + what, values);
}

}  // namespace

bool IsNativeOperation(int32_t operation) { return operation == NNADAPTER_DEFORMABLE_CONV_2D; }

bool RunsNatively(const Operation& op) {
  if (IsNativeOperation(op.type)) return true;
  return op.type == NNADAPTER_MAX_POOL_2D && op.output_operands.size() == 2 && op.output_operands[1] != nullptr;
}

Status ReadMaxPool2DWithIndices(const Operation& op, MaxPool2DIndicesParams* params) {
  Pool2DOperands p;
  NNRT_RETURN_IF_ERROR(ReadPool2DOperands(op, &p));
  const Operand* x = op.input_operands[0];
  const Operand* y = op.output_operands[0];
  if (x == nullptr || y == nullptr) return InvalidModel("MAX_POOL_2D input or output is missing");
  if (p.fuse.code != NNADAPTER_FUSED_NONE) {
    return Unsupported("MAX_POOL_2D with indices and a fuse code: the index names an input element, a clamped "
                       "value may not be one (C-903)");
  }
  DataType xt = DataType::kUnknown, yt = DataType::kUnknown;
  std::vector<QuantParam> xq, yq;
  Dims xd, yd, expected;
  NNRT_RETURN_IF_ERROR(ConvertOperandType(x->type, &xt, &xq, &xd).WithContext("MAX_POOL_2D input"));
  NNRT_RETURN_IF_ERROR(ConvertOperandType(y->type, &yt, &yq, &yd).WithContext("MAX_POOL_2D output"));
  const bool float_ok = xt == DataType::kFloat32 && xq.empty();
  const bool codes_ok = (xt == DataType::kInt8 || xt == DataType::kUint8) && xq.size() == 1;
  if (!(float_ok || codes_ok) || xt != yt || xq != yq) {
    return Unsupported("MAX_POOL_2D with indices: float32, or 8-bit quantised with the output's params equal to the "
                       "input's (the codes are copied, C-528, C-903)");
  }
  if (RawValue(x->type.layout) != NNADAPTER_NCHW) {
    return Unsupported("MAX_POOL_2D input has layout NHWC; the standard operations are defined on NCHW (C-813)");
  }
  if (xd.size() != 4 || xd[2] < 0 || xd[3] < 0) {
    return Unsupported("MAX_POOL_2D with indices needs a 4-D input with known H and W, got " + DimsToString(xd) +
                       " (C-903)");
  }
  for (int axis = 0; axis < 2; ++axis) {
    params->kernel[axis] = p.kernel[axis];
    params->strides[axis] = p.strides[axis];
    ResolvePads(p, axis, xd[2 + axis], &params->pads[2 * axis], &params->pads[2 * axis + 1]);
  }
  params->ceil_mode = p.ceil_mode;
  params->index_dtype = p.index_dtype == NNADAPTER_INT64 ? DataType::kInt64 : DataType::kInt32;
  NNRT_RETURN_IF_ERROR(MaxPool2DIndicesOutputDims(*params, xd, &expected));
  Dims id;
  DataType it = DataType::kUnknown;
  std::vector<QuantParam> iq;
  NNRT_RETURN_IF_ERROR(ConvertOperandType(op.output_operands[1]->type, &it, &iq, &id).WithContext("MAX_POOL_2D indices"));
  if (!DimsAgree(yd, expected) || !DimsAgree(id, expected)) {
    return InvalidModel("MAX_POOL_2D output " + DimsToString(yd) + " and indices " + DimsToString(id) +
                        " must have dims " + DimsToString(expected));
  }
  return Status::Ok();
}

Status ConstantHostTensor(const Operand& operand, HostTensor* out) {
  std::vector<QuantParam> quant;
  NNRT_RETURN_IF_ERROR(ConvertOperandType(operand.type, &out->data_type, &quant, &out->dims));
  const auto* bytes = static_cast<const uint8_t*>(operand.buffer);
  out->data.assign(bytes, bytes + (bytes == nullptr ? 0 : operand.length));
  return Status::Ok();
}

Status ReadDeformableConv2D(const Operation& op, DeformableConv2DParams* p) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "DEFORMABLE_CONV_2D", 11, 1));
  const auto& in = op.input_operands;
  for (const Operand* o : in) {
    if (o == nullptr) return InvalidModel("DEFORMABLE_CONV_2D names a NULL operand");
  }
  Dims x, offset, mask, filter, y;
  NNRT_RETURN_IF_ERROR(DimsOf(in[0], "input", &x));
  NNRT_RETURN_IF_ERROR(DimsOf(in[1], "offset", &offset));
  NNRT_RETURN_IF_ERROR(DimsOf(in[2], "mask", &mask));
  NNRT_RETURN_IF_ERROR(DimsOf(in[3], "filter", &filter));
  NNRT_RETURN_IF_ERROR(DimsOf(op.output_operands[0], "output", &y));
  if (RawValue(in[0]->type.layout) != NNADAPTER_NCHW) {
    return Unsupported("DEFORMABLE_CONV_2D input has layout NHWC; the standard operations are defined on NCHW (C-813)");
  }
  p->filter_dims = filter;
  NNRT_RETURN_IF_ERROR(ReadFloatConstant(in[3], "filter", &p->filter));
  NNRT_RETURN_IF_ERROR(ReadFloatConstant(in[4], "bias", &p->bias));
  NNRT_RETURN_IF_ERROR(ReadIntList(in[5], "DEFORMABLE_CONV_2D pads", &p->pads));
  if (p->pads.empty()) p->pads = {0, 0, 0, 0};
  NNRT_RETURN_IF_ERROR(ReadPairOrDefault(in[6], "DEFORMABLE_CONV_2D strides", &p->strides));
  int32_t group = 0, deformable_group = 0;
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(in[7], "DEFORMABLE_CONV_2D group", &group));
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(in[8], "DEFORMABLE_CONV_2D deformable_group", &deformable_group));
  p->group = group;
  p->deformable_group = deformable_group;
  NNRT_RETURN_IF_ERROR(ReadPairOrDefault(in[9], "DEFORMABLE_CONV_2D dilations", &p->dilations));
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(in[10], "DEFORMABLE_CONV_2D fuse_code", &p->fuse_code));
  NNRT_RETURN_IF_ERROR(CheckDeformableConv2D(*p));
  Dims expected;
  NNRT_RETURN_IF_ERROR(DeformableConv2DOutputDims(*p, x, &expected));
  const int32_t taps = filter[2] * filter[3];
  const Dims offset_dims = {expected[0], static_cast<int32_t>(2 * deformable_group * taps), expected[2], expected[3]};
  const Dims mask_dims = {expected[0], static_cast<int32_t>(deformable_group * taps), expected[2], expected[3]};
  if (!DimsAgree(y, expected) || !DimsAgree(offset, offset_dims) || !DimsAgree(mask, mask_dims)) {
    return InvalidModel("DEFORMABLE_CONV_2D dims: output " + DimsToString(y) + ", offset " + DimsToString(offset) +
                        ", mask " + DimsToString(mask) + "; expected " + DimsToString(expected) + ", " +
                        DimsToString(offset_dims) + ", " + DimsToString(mask_dims) + " (C-855)");
  }
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
