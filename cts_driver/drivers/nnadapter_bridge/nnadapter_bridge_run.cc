// PrepareModel and Run of the bridge: the NNRt model is validated by the
// reference, converted, compiled with create_program; Run hands the IO
// buffers to execute_program through Argument access callbacks.
#include <algorithm>
#include <cstring>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_bridge_internal.h"
#include "cts_driver/drivers/nnadapter_bridge/nnadapter_int8_as_uint8.h"
#include "reference/device/interpreter.h"
#include "reference/hal/hal_model_view.h"
#include "reference/hal/kit/hal_arguments.h"

namespace nnrt {
namespace nnadapter_bridge {

BridgePrepared::~BridgePrepared() {
  if (program != nullptr) driver->device->destroy_program(program);
}

int32_t PrepareModel(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                     NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareModel", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckPreparePointers(device, model, prepared));
    const BridgeDevice& d = *FromHal(device);
    auto p = std::make_unique<BridgePrepared>();
    p->driver = d.driver;
    NNRT_RETURN_IF_ERROR(ModelFromHal(model, &p->model));
    ModelConfig c;
    NNRT_RETURN_IF_ERROR(driver_kit::ReadModelConfig(config, &c));
    std::unique_ptr<PreparedInterpreter> checked;  // the reference's validation of the model
    NNRT_RETURN_IF_ERROR(PrepareInterpreter(p->model, &checked));
    for (uint32_t t : p->model.inputs) {
      if (IsDynamic(p->model.tensors[t].dims)) {
        return Status(NNRT_NOT_SUPPORT, "the bridge converts static shapes only (C-842)");
      }
    }
    if (p->model.nodes.size() > 1) {  // one node: the compile below is the probe
      std::vector<bool> supported;
      NNRT_RETURN_IF_ERROR(SupportedNodes(d, p->model, &supported));
      for (size_t i = 0; i < supported.size(); ++i) {
        if (!supported[i]) return Unsupported("node " + std::to_string(i) + " is not supported through the bridge");
      }
    }
    NNRT_RETURN_IF_ERROR(ConvertModel(p->model, &p->converted));
    NNRT_RETURN_IF_ERROR(CompileOnDriver(d, &p->converted, &p->program));
    for (uint32_t t : p->model.inputs) {
      const Dims& dims = p->model.tensors[t].dims;
      for (int32_t v : dims) p->dims.push_back(static_cast<uint32_t>(v));
      p->dim_counts.push_back(static_cast<uint32_t>(dims.size()));
    }
    *prepared = reinterpret_cast<NNRT_HalPreparedModel*>(p.release());
    return Status::Ok();
  });
}

void ReleasePreparedModel(NNRT_HalPreparedModel* prepared) { delete FromHal(prepared); }

int32_t GetInputDimRanges(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                          const uint32_t** dim_counts, uint32_t* input_count) {
  return Guard("GetInputDimRanges", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckDimRangePointers(prepared, min_dims, max_dims, dim_counts, input_count));
    const BridgePrepared& p = *FromHal(prepared);
    *min_dims = *max_dims = p.dims.data();
    *dim_counts = p.dim_counts.data();
    *input_count = static_cast<uint32_t>(p.dim_counts.size());
    return Status::Ok();
  });
}

namespace {

// What an Argument's memory points at: one model input or output.
struct ArgumentMemory {
  uint8_t* data = nullptr;   // the caller's buffer
  size_t capacity = 0;       // bytes
  Dims dims;                 // input: the actual dims; output: what the driver reported
  bool accessed = false;
  std::vector<uint8_t> overflow;  // an output larger than the caller's buffer lands here
  std::vector<uint8_t> as_uint8;  // an int8 input that travels as uint8: its codes + 128 (C-832)
};

size_t PrecisionSize(NNAdapterOperandPrecisionCode p) {
  switch (p) {
    case NNADAPTER_BOOL8: case NNADAPTER_INT8: case NNADAPTER_UINT8:
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER: case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
      return 1;
    case NNADAPTER_INT16: case NNADAPTER_UINT16: case NNADAPTER_FLOAT16:
    case NNADAPTER_QUANT_INT16_SYMM_PER_LAYER: case NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_UINT16_ASYMM_PER_LAYER:
      return 2;
    case NNADAPTER_INT64: case NNADAPTER_UINT64: case NNADAPTER_FLOAT64:
      return 8;
    default:
      return 4;
  }
}

void* AccessInput(void* memory, NNAdapterOperandType* type) {
  auto* m = static_cast<ArgumentMemory*>(memory);
  m->accessed = true;
  type->dimensions.count = static_cast<uint32_t>(m->dims.size());
  for (size_t i = 0; i < m->dims.size(); ++i) type->dimensions.data[i] = m->dims[i];
  return m->data;
}

void* AccessOutput(void* memory, NNAdapterOperandType* type) {
  auto* m = static_cast<ArgumentMemory*>(memory);
  m->accessed = true;
  const uint32_t rank = std::min<uint32_t>(type->dimensions.count, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  m->dims.assign(type->dimensions.data, type->dimensions.data + rank);
  size_t bytes = PrecisionSize(type->precision);
  for (int32_t d : m->dims) bytes *= d > 0 ? static_cast<size_t>(d) : 0;
  if (bytes <= m->capacity) return m->data;
  m->overflow.assign(bytes, 0);  // reported as NNRT_INSUFFICIENT_BUFFER after the run
  return m->overflow.data();
}

// The input checks of the reference's Run (C-32) for static declared dims.
Status ReadInput(const Model& m, uint32_t k, const NNRT_HalIOTensor& io, HalBufferAccess* access,
                 ArgumentMemory* memory) {
  const Tensor& decl = m.tensors[m.inputs[k]];
  const std::string what = "input " + std::to_string(k);
  if (io.dataType != static_cast<int32_t>(decl.data_type)) {
    return InvalidInput(what + ": data type " + std::to_string(io.dataType) + ", the model declares " +
                        DataTypeName(decl.data_type));
  }
  if (io.dimCount > NNRT_HAL_MAX_RANK || (io.dimCount > 0 && io.dims == nullptr)) {
    return InvalidInput(what + ": dims NULL or rank above " + std::to_string(NNRT_HAL_MAX_RANK));
  }
  const Dims dims(io.dims, io.dims + io.dimCount);
  if (dims != decl.dims) {
    return Status(dims.size() != decl.dims.size() ? NNRT_INVALID_INPUT : NNRT_OUT_OF_DIMENTION_RANGES,
                  what + ": dims " + DimsToString(dims) + ", the model declares " + DimsToString(decl.dims));
  }
  const uint64_t expected = static_cast<uint64_t>(*ElementCount(dims)) * DataTypeSize(decl.data_type);
  if (io.data.dataSize != expected) {
    return InvalidInput(what + ": dataSize " + std::to_string(io.data.dataSize) + ", needs " + std::to_string(expected));
  }
  NNRT_RETURN_IF_ERROR(access->Open(io.data, false, NNRT_INVALID_INPUT, what + " data"));
  memory->dims = dims;
  memory->capacity = access->size();
  memory->data = access->data();
  if (TravelsAsUint8(decl)) {  // the caller's buffer stays as it is
    memory->capacity = std::min<size_t>(memory->capacity, static_cast<size_t>(expected));  // 1 byte per element
    memory->as_uint8.assign(memory->data, memory->data + memory->capacity);
    FlipInt8Uint8(memory->as_uint8.data(), memory->as_uint8.size());
    memory->data = memory->as_uint8.data();
  }
  return Status::Ok();
}

Status OpenOutput(const Model& m, uint32_t k, const NNRT_HalIOTensor& io, HalBufferAccess* access,
                  ArgumentMemory* memory) {
  const Tensor& decl = m.tensors[m.outputs[k]];
  const std::string what = "output " + std::to_string(k);
  if (io.dataType != static_cast<int32_t>(decl.data_type)) {
    return Status(NNRT_INVALID_OUTPUT, what + ": data type " + std::to_string(io.dataType) + ", the model declares " +
                                           DataTypeName(decl.data_type));
  }
  NNRT_RETURN_IF_ERROR(access->Open(io.data, true, NNRT_INVALID_OUTPUT, what));
  memory->data = access->data();
  memory->capacity = access->size();
  return Status::Ok();
}

// After execute_program: every output accessed, its dims, enough capacity.
Status FinishOutputs(std::vector<ArgumentMemory>& out, NNRT_HalShape* output_dims) {
  Status capacity;
  for (size_t k = 0; k < out.size(); ++k) {
    if (!out[k].accessed) {
      return Status(NNRT_DEVICE_ERROR, "execute_program returned without accessing output " + std::to_string(k));
    }
    output_dims[k].rank = static_cast<uint32_t>(out[k].dims.size());
    for (size_t d = 0; d < out[k].dims.size(); ++d) output_dims[k].dims[d] = out[k].dims[d];
    if (!out[k].overflow.empty() && capacity.ok()) {
      capacity = Status(NNRT_INSUFFICIENT_BUFFER, "output " + std::to_string(k) + " needs " +
                                                      std::to_string(out[k].overflow.size()) + " bytes, the buffer holds " +
                                                      std::to_string(out[k].capacity));
    }
  }
  return capacity;
}

}  // namespace

int32_t Run(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
            const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  return Guard("Run", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckRunPointers(prepared, inputs, input_count, outputs, output_count, output_dims));
    const BridgePrepared& p = *FromHal(prepared);
    const Model& m = p.model;
    if (input_count != m.inputs.size()) {
      return InvalidInput("the model has " + std::to_string(m.inputs.size()) + " inputs, got " + std::to_string(input_count));
    }
    if (output_count != m.outputs.size()) {
      return Status(NNRT_INVALID_OUTPUT, "the model has " + std::to_string(m.outputs.size()) + " outputs, got " +
                                             std::to_string(output_count));
    }
    std::vector<HalBufferAccess> in_access(input_count), out_access(output_count);
    std::vector<ArgumentMemory> in_memory(input_count), out_memory(output_count);
    std::vector<nnadapter::hal::Argument> in_args(input_count), out_args(output_count);
    for (uint32_t k = 0; k < input_count; ++k) {
      NNRT_RETURN_IF_ERROR(ReadInput(m, k, inputs[k], &in_access[k], &in_memory[k]));
      in_args[k] = nnadapter::hal::Argument{static_cast<int>(k), &in_memory[k], AccessInput};
    }
    for (uint32_t k = 0; k < output_count; ++k) {
      NNRT_RETURN_IF_ERROR(OpenOutput(m, k, outputs[k], &out_access[k], &out_memory[k]));
      out_args[k] = nnadapter::hal::Argument{static_cast<int>(k), &out_memory[k], AccessOutput};
    }
    const int code = p.driver->device->execute_program(p.program, input_count, in_args.data(), output_count,
                                                        out_args.data());
    if (code != NNADAPTER_NO_ERROR) {
      return Status(NNRT_DEVICE_ERROR, "execute_program of " + p.driver->symbol + " returned " + std::to_string(code));
    }
    NNRT_RETURN_IF_ERROR(FinishOutputs(out_memory, output_dims));
    for (uint32_t k = 0; k < output_count; ++k) {  // uint8 codes back to int8 (C-832)
      if (!TravelsAsUint8(m.tensors[m.outputs[k]])) continue;
      const int64_t elements = ElementCount(out_memory[k].dims).value_or(0);
      FlipInt8Uint8(out_memory[k].data, std::min(static_cast<size_t>(elements), out_memory[k].capacity));
    }
    return Status::Ok();
  });
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
