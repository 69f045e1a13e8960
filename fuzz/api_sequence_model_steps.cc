// The model-building steps of the API sequence target (api_sequence_state.h):
// OH_NNModel_*, OH_NNTensorDesc_*, OH_NNQuantParam_*, and the argument readers.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz/api_sequence_state.h"

namespace nnrt {
namespace fuzz {

void ApiViolation(const char* what) {
  std::fprintf(stderr, "API sequence oracle violated: %s\n", what);
  std::abort();
}

// ---- Arguments ---------------------------------------------------------------------------

int32_t ReadDim(ByteReader* in) {
  static const int32_t kSpecial[] = {-1, 0, INT32_MAX, INT32_MIN, 65536, -2, 1 << 20, 3};
  const uint8_t b = in->U8();
  return (b & 0x80) ? kSpecial[b & 7] : b % 6;
}

std::vector<int32_t> ReadDims(ByteReader* in) {
  std::vector<int32_t> dims(in->U8() % 7);
  for (int32_t& d : dims) d = ReadDim(in);
  return dims;
}

size_t ReadDeviceId(ByteReader* in) {
  const size_t* ids = nullptr;
  uint32_t count = 0;
  const uint8_t b = in->U8() % 4;
  if (b == 0) return 0;
  if (b == 3) return in->U64();
  return OH_NNDevice_GetAllDevicesID(&ids, &count) == OH_NN_SUCCESS && count > 0 ? ids[0] : 0;
}

void IndexArray::Read(ByteReader* in) {
  const uint8_t head = in->U8();
  null = (head & 0xF0) == 0xF0;
  values.resize(head % (kMaxFuzzIo + 1));
  for (uint32_t& v : values) v = in->U8() % 20;
  array.data = values.empty() ? nullptr : values.data();
  array.size = static_cast<uint32_t>(values.size());
}

void LegacyTensor::Read(ByteReader* in) {
  tensor.dataType = static_cast<OH_NN_DataType>(in->U8() % 14);
  dims = ReadDims(in);
  tensor.dimensionCount = static_cast<uint32_t>(dims.size());
  tensor.dimensions = dims.empty() ? nullptr : dims.data();
  const uint32_t quant_count = in->U8() % 3;
  if (quant_count > 0) {
    scales.assign(quant_count, in->F64());
    zero_points.assign(quant_count, static_cast<int8_t>(in->U8()));
    num_bits.assign(quant_count, in->U8() % 10);
    quant = OH_NN_QuantParam{quant_count, num_bits.data(), scales.data(), zero_points.data()};
    tensor.quantParam = &quant;
  }
  tensor.type = static_cast<OH_NN_TensorType>(in->U8());
}

namespace {

// A descriptor reports the shape SetShape was given and a byte size that fits it.
void CheckDescription(NN_TensorDesc* desc, const std::vector<int32_t>& dims) {
  int32_t* shape = nullptr;
  size_t rank = 0;
  if (OH_NNTensorDesc_GetShape(desc, &shape, &rank) != OH_NN_SUCCESS) ApiViolation("GetShape after SetShape failed");
  if (rank != dims.size() || (rank > 0 && std::memcmp(shape, dims.data(), rank * sizeof(int32_t)) != 0)) {
    ApiViolation("GetShape does not return the shape SetShape was given");
  }
  OH_NN_DataType type = OH_NN_UNKNOWN;
  size_t bytes = 0;
  if (OH_NNTensorDesc_GetDataType(desc, &type) != OH_NN_SUCCESS || type == OH_NN_UNKNOWN) return;
  if (OH_NNTensorDesc_GetByteSize(desc, &bytes) != OH_NN_SUCCESS) return;
  // A dim <= 0 makes the size 0 whatever the other dims (tensor_desc.h DescByteSize).
  bool dynamic = false;
  for (int32_t d : dims) dynamic = dynamic || d <= 0;
  size_t elements = 1;
  for (int32_t d : dims) {
    if (!dynamic && __builtin_mul_overflow(elements, static_cast<size_t>(d), &elements)) {
      ApiViolation("GetByteSize succeeded on an overflowing shape");
    }
  }
  if (dynamic ? bytes != 0 : bytes % elements != 0 || bytes / elements == 0 || bytes / elements > 8) {
    ApiViolation("GetByteSize disagrees with the shape");
  }
}

}  // namespace

void ModelStep(ApiState* s, uint8_t op, ByteReader* in) {
  const size_t slot = ApiState::Slot(in);
  OH_NNModel* m = slot < kSlots ? s->models[slot] : nullptr;
  const uint32_t index = in->U8() % 20;
  switch (op) {
    case 0: if (slot < kSlots) { s->DestroyModel(slot); s->models[slot] = OH_NNModel_Construct(); } break;
    case 1: if (slot < kSlots) s->DestroyModel(slot); else OH_NNModel_Destroy(nullptr); break;
    case 2: OH_NNModel_AddTensorToModel(m, s->descs[in->U8() % kSlots]); break;
    case 3: {
      LegacyTensor t;
      t.Read(in);
      OH_NNModel_AddTensor(m, &t.tensor);
      break;
    }
    case 4: {
      std::vector<uint8_t> data = in->Bytes(in->U8());
      if (in->U8() % 8 == 0) data.push_back(0);  // one byte more than the tensor may need
      OH_NNModel_SetTensorData(m, index, data.empty() ? nullptr : data.data(), data.size());
      break;
    }
    case 5: OH_NNModel_SetTensorType(m, index, static_cast<OH_NN_TensorType>(in->U8())); break;
    case 6: OH_NNModel_SetTensorQuantParams(m, index, s->quant_params[in->U8() % kSlots]); break;
    case 7: {
      const auto type = static_cast<OH_NN_OperationType>(in->U8() % 112);
      IndexArray params, inputs, outputs;
      params.Read(in);
      inputs.Read(in);
      outputs.Read(in);
      OH_NNModel_AddOperation(m, type, params.Get(), inputs.Get(), outputs.Get());
      break;
    }
    case 8: {
      IndexArray inputs, outputs;
      inputs.Read(in);
      outputs.Read(in);
      OH_NNModel_SpecifyInputsAndOutputs(m, inputs.Get(), outputs.Get());
      break;
    }
    case 9: OH_NNModel_Finish(m); break;
    default: {
      const bool* supported = nullptr;
      uint32_t count = 0;
      OH_NNModel_GetAvailableOperations(m, ReadDeviceId(in), &supported, &count);
      break;
    }
  }
}

void DescStep(ApiState* s, uint8_t op, ByteReader* in) {
  const size_t slot = ApiState::Slot(in);
  NN_TensorDesc* d = slot < kSlots ? s->descs[slot] : nullptr;
  switch (op) {
    case 0: if (slot < kSlots) { OH_NNTensorDesc_Destroy(&s->descs[slot]); s->descs[slot] = OH_NNTensorDesc_Create(); } break;
    case 1: if (slot < kSlots) OH_NNTensorDesc_Destroy(&s->descs[slot]); else OH_NNTensorDesc_Destroy(nullptr); break;
    case 2: { const std::string name = in->ShortString(); OH_NNTensorDesc_SetName(d, in->U8() % 8 ? name.c_str() : nullptr); break; }
    case 3: OH_NNTensorDesc_SetDataType(d, static_cast<OH_NN_DataType>(in->U8() % 14)); break;
    case 4: OH_NNTensorDesc_SetFormat(d, static_cast<OH_NN_Format>(in->U8() % 4)); break;
    case 5: {
      const std::vector<int32_t> dims = ReadDims(in);
      const bool ok = OH_NNTensorDesc_SetShape(d, dims.empty() ? nullptr : dims.data(), dims.size()) == OH_NN_SUCCESS;
      if (ok) CheckDescription(d, dims);
      break;
    }
    default: {
      const char* name = nullptr; OH_NN_DataType t; OH_NN_Format f; size_t n;
      OH_NNTensorDesc_GetName(d, &name); OH_NNTensorDesc_GetDataType(d, &t); OH_NNTensorDesc_GetFormat(d, &f);
      OH_NNTensorDesc_GetElementCount(d, &n); OH_NNTensorDesc_GetByteSize(d, &n);
      break;
    }
  }
}

void QuantStep(ApiState* s, uint8_t op, ByteReader* in) {
  const size_t slot = ApiState::Slot(in);
  NN_QuantParam* q = slot < kSlots ? s->quant_params[slot] : nullptr;
  const size_t count = in->U8() % 4;
  const std::vector<double> scales(count, in->F64());
  const std::vector<int32_t> zero_points(count, in->I32());
  const std::vector<uint32_t> bits(count, in->U8() % 10);
  switch (op) {
    case 0: if (slot < kSlots) { OH_NNQuantParam_Destroy(&s->quant_params[slot]); s->quant_params[slot] = OH_NNQuantParam_Create(); } break;
    case 1: if (slot < kSlots) OH_NNQuantParam_Destroy(&s->quant_params[slot]); break;
    case 2: OH_NNQuantParam_SetScales(q, count ? scales.data() : nullptr, count); break;
    case 3: OH_NNQuantParam_SetZeroPoints(q, count ? zero_points.data() : nullptr, count); break;
    default: OH_NNQuantParam_SetNumBits(q, count ? bits.data() : nullptr, count); break;
  }
}

}  // namespace fuzz
}  // namespace nnrt
