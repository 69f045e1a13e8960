// The one tensor value type: a named tensor's data in host memory. What a
// caller feeds to / gets from a model run (the interpreter, the HAL wrapper)
// and what a test case binds to a model input or expects at a model output
// (reference/cases/test_case.h), matched by name.
#ifndef NNRT_REFERENCE_IR_HOST_TENSOR_H_
#define NNRT_REFERENCE_IR_HOST_TENSOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {

struct HostTensor {
  std::string name;
  DataType data_type = DataType::kFloat32;
  Dims dims;
  // ElementCount(dims) elements of data_type, row-major, little-endian as in memory.
  std::vector<uint8_t> data;
};

}  // namespace nnrt

#endif  // NNRT_REFERENCE_IR_HOST_TENSOR_H_
