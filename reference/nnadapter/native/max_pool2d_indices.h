// MAX_POOL_2D with its indices output {output, indices}: no NNRt node returns
// pooling indices, so this kernel runs as a native step of the reference
// program (C-854, C-903). NCHW; float32, or 8-bit quantised codes with the
// output's params equal to the input's.
#ifndef NNRT_REFERENCE_NNADAPTER_NATIVE_MAX_POOL2D_INDICES_H_
#define NNRT_REFERENCE_NNADAPTER_NATIVE_MAX_POOL2D_INDICES_H_

#include <cstdint>
#include <vector>

#include "reference/ir/host_tensor.h"

namespace nnrt {
namespace nna {

struct MaxPool2DIndicesParams {
  int64_t kernel[2] = {1, 1};       // h, w
  int64_t strides[2] = {1, 1};      // h, w
  int64_t pads[4] = {0, 0, 0, 0};   // top, bottom, left, right (auto_pad resolved)
  bool ceil_mode = false;
  DataType index_dtype = DataType::kInt32;  // int32 or int64
};

// y's (and the indices') dims [N, C, OH, OW] for x's dims by NNAdapter's size
// formula; NNRT_UNSUPPORTED_OP when a window would hold no input element
// (ceil_mode keeping a last window in the padding, or a pad >= the kernel).
Status MaxPool2DIndicesOutputDims(const MaxPool2DIndicesParams& p, const Dims& x, Dims* y);

// Per window (its input elements only): the value is the first NaN if any,
// else the first largest element in row-major window order; the index is
// that element's h * W + w in its (n, c) plane (C-903).
Status RunMaxPool2DWithIndices(const MaxPool2DIndicesParams& p, const HostTensor& x, HostTensor* y,
                               HostTensor* indices);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_NATIVE_MAX_POOL2D_INDICES_H_
