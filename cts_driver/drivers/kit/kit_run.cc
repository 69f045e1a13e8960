// The kit's Run and GetInputDimRanges (driver_kit.h): I/O checks against the
// prepared dims, inputs copied into kit buffers, the backend's Execute, the
// outputs copied out.
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "cts_driver/drivers/kit/kit_internal.h"
#include "reference/hal/hal_model_view.h"
#include "reference/hal/kit/hal_plumbing.h"

namespace nnrt {
namespace driver_kit {
namespace {

// Checks one IOTensor against the prepared dims; returns the byte size.
Status CheckIo(const NNRT_HalPreparedModel* p, uint32_t tensor, const NNRT_HalIOTensor& io, bool is_input,
               const std::string& what, size_t* bytes) {
  const NNRT_ReturnCode code = is_input ? NNRT_INVALID_INPUT : NNRT_INVALID_OUTPUT;
  const Tensor& decl = p->model.tensors[tensor];
  if (io.dataType != static_cast<int32_t>(decl.data_type)) {
    return Status(code, what + ": data type " + std::to_string(io.dataType) + ", the model declares " +
                            DataTypeName(decl.data_type));
  }
  const Dims& want = p->dims[tensor];
  const auto count = ElementCount(want);
  *bytes = static_cast<size_t>(count ? *count : 0) * DataTypeSize(decl.data_type);
  if (is_input) {
    if (io.dimCount > NNRT_HAL_MAX_RANK || (io.dimCount > 0 && io.dims == nullptr)) {
      return InvalidInput(what + ": dims NULL or rank above " + std::to_string(NNRT_HAL_MAX_RANK));
    }
    const Dims got(io.dims, io.dims + io.dimCount);
    if (got.size() != want.size()) return InvalidInput(what + ": rank differs from the model's " + DimsToString(want));
    if (got != want) {
      return Status(NNRT_OUT_OF_DIMENTION_RANGES, what + ": dims " + DimsToString(got) + ", this device runs only " +
                                                      DimsToString(want));
    }
    if (io.data.dataSize != *bytes) {
      return InvalidInput(what + ": dataSize " + std::to_string(io.data.dataSize) + ", needs " + std::to_string(*bytes));
    }
  } else if (static_cast<uint64_t>(io.data.offset) + io.data.dataSize > io.data.bufferSize) {
    return Status(NNRT_INVALID_OUTPUT, what + ": offset + dataSize exceeds bufferSize");
  }
  return Status::Ok();
}

// Count, data type, dims and size of every input and output; the output dims
// are reported; NNRT_INSUFFICIENT_BUFFER for the first output too small.
Status CheckRunIo(const NNRT_HalPreparedModel* p, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                  const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims,
                  std::vector<size_t>* in_bytes, std::vector<size_t>* out_bytes) {
  const Model& m = p->model;
  if (input_count != m.inputs.size()) return InvalidInput("the model has " + std::to_string(m.inputs.size()) + " inputs");
  if (output_count != m.outputs.size()) {
    return Status(NNRT_INVALID_OUTPUT, "the model has " + std::to_string(m.outputs.size()) + " outputs");
  }
  in_bytes->assign(input_count, 0);
  out_bytes->assign(output_count, 0);
  for (uint32_t k = 0; k < input_count; ++k) {
    NNRT_RETURN_IF_ERROR(CheckIo(p, m.inputs[k], inputs[k], true, "input " + std::to_string(k), &(*in_bytes)[k]));
  }
  for (uint32_t k = 0; k < output_count; ++k) {
    NNRT_RETURN_IF_ERROR(CheckIo(p, m.outputs[k], outputs[k], false, "output " + std::to_string(k), &(*out_bytes)[k]));
  }
  Status capacity;
  for (uint32_t k = 0; k < output_count; ++k) {
    const Dims& d = p->dims[m.outputs[k]];
    output_dims[k].rank = static_cast<uint32_t>(d.size());
    for (size_t j = 0; j < d.size(); ++j) output_dims[k].dims[j] = d[j];
    if ((*out_bytes)[k] > outputs[k].data.dataSize && capacity.ok()) {
      capacity = Status(NNRT_INSUFFICIENT_BUFFER, "output " + std::to_string(k) + " needs " +
                                                      std::to_string((*out_bytes)[k]) + " bytes, the buffer holds " +
                                                      std::to_string(outputs[k].data.dataSize));
    }
  }
  return capacity;
}

// One zeroed, padded kit buffer per tensor the backend writes or reads from
// the caller (every non-constant tensor, or the model's inputs and outputs
// only); constants point at the model's data.
void TensorBuffers(const NNRT_HalPreparedModel* p, std::vector<std::vector<uint8_t>>* buffers,
                   std::vector<uint8_t*>* data) {
  const Model& m = p->model;
  buffers->assign(m.tensors.size(), {});
  data->assign(m.tensors.size(), nullptr);
  std::vector<bool> wanted(m.tensors.size(), p->backend->buffers_for_every_tensor);
  for (uint32_t t : m.inputs) wanted[t] = true;
  for (uint32_t t : m.outputs) wanted[t] = true;
  for (size_t t = 0; t < m.tensors.size(); ++t) {
    if (m.tensors[t].HasData()) {
      (*data)[t] = const_cast<uint8_t*>(m.tensors[t].data.data());
    } else if (wanted[t]) {
      const auto count = ElementCount(p->dims[t]);
      (*buffers)[t].assign(static_cast<size_t>(count ? *count : 0) * DataTypeSize(m.tensors[t].data_type) +
                               p->backend->tensor_padding,
                           0);
      (*data)[t] = (*buffers)[t].data();
    }
  }
}

}  // namespace

// Fixed dims only: min = max = the prepared dims.
int32_t GetInputDimRanges(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                          const uint32_t** dim_counts, uint32_t* input_count) {
  return Guard("GetInputDimRanges", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckDimRangePointers(prepared, min_dims, max_dims, dim_counts, input_count));
    *min_dims = prepared->min_dims.data();
    *max_dims = prepared->min_dims.data();
    *dim_counts = prepared->dim_counts.data();
    *input_count = static_cast<uint32_t>(prepared->dim_counts.size());
    return Status::Ok();
  });
}

int32_t Run(NNRT_HalPreparedModel* p, const NNRT_HalIOTensor* inputs, uint32_t input_count,
            const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  return Guard("Run", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckRunPointers(p, inputs, input_count, outputs, output_count, output_dims));
    std::vector<size_t> in_bytes, out_bytes;
    NNRT_RETURN_IF_ERROR(CheckRunIo(p, inputs, input_count, outputs, output_count, output_dims, &in_bytes, &out_bytes));
    const Model& m = p->model;
    std::vector<std::vector<uint8_t>> buffers;
    std::vector<uint8_t*> data;
    TensorBuffers(p, &buffers, &data);
    for (uint32_t k = 0; k < input_count; ++k) {
      HalBufferAccess access;
      NNRT_RETURN_IF_ERROR(access.Open(inputs[k].data, false, NNRT_INVALID_INPUT, "input " + std::to_string(k)));
      if (in_bytes[k] > 0) std::memcpy(buffers[m.inputs[k]].data(), access.data(), in_bytes[k]);
    }
    {
      std::lock_guard<std::mutex> lock(p->run_mu);
      NNRT_RETURN_IF_ERROR(p->compiled->Execute(m, p->dims, data));
    }
    for (uint32_t k = 0; k < output_count; ++k) {
      HalBufferAccess access;
      NNRT_RETURN_IF_ERROR(access.Open(outputs[k].data, true, NNRT_INVALID_OUTPUT, "output " + std::to_string(k)));
      if (out_bytes[k] > 0) std::memcpy(access.data(), data[m.outputs[k]], out_bytes[k]);
    }
    return Status::Ok();
  });
}

}  // namespace driver_kit
}  // namespace nnrt
