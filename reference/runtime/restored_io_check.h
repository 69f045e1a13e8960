// The I/O descriptors a model cache restores are data from a file: before a
// restored compilation is used they are checked against everything the
// runtime knows about the device's model (C-304), so that an inconsistent
// cache fails at import (Build, OH_NN_INVALID_FILE) instead of at every run.
#ifndef NNRT_REFERENCE_RUNTIME_RESTORED_IO_CHECK_H_
#define NNRT_REFERENCE_RUNTIME_RESTORED_IO_CHECK_H_

#include "reference/ir/ir.h"
#include "reference/ir/status.h"
#include "reference/runtime/hal_bridge.h"
#include "reference/runtime/compilation_cache.h"

namespace nnrt {
namespace rt {

// Checks, in this order:
//  1. every descriptor's dims are >= 1 or -1 (no 0, no other negative);
//  2. with `model` (a compilation built from a model plus a cache directory):
//     the descriptors equal the model's own (DescribeModelIo: name, data
//     type, format, shape, tensor type), inputs and outputs;
//  3. when the prepared model reports input dim ranges: as many input
//     descriptors as the device has inputs, each with the device's rank, and
//     every fixed dim inside its [min, max] (a -1 dim is left to the run).
// The HAL has no query for a prepared model's outputs, so without a model
// the output descriptors get only check 1. NNRT_INVALID_MODEL_CACHE naming
// the first disagreement.
Status CheckRestoredIo(const CacheContent& content, const Model* model, const PreparedModel& prepared);

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_RESTORED_IO_CHECK_H_
