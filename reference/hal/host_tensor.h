// A tensor value in host memory: what a caller feeds to / gets from a model run.
#ifndef NNRT_REFERENCE_HAL_HOST_TENSOR_H_
#define NNRT_REFERENCE_HAL_HOST_TENSOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {

struct HostTensor {
  std::string name;  // informational
  DataType dtype = DataType::kUnknown;
  Dims dims;
  std::vector<uint8_t> bytes;  // element count x DataTypeSize(dtype), row-major
};

}  // namespace nnrt

#endif  // NNRT_REFERENCE_HAL_HOST_TENSOR_H_
