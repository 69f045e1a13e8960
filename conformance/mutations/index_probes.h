// The run-time index probes (C-351 and its relatives C-354, C-355, C-622;
// docs/conformance.md "Directed edge cases", C-913): a valid prepared model
// whose run-time index input gets a negative value, or the first value past
// the documented range, must fail Run with the documented code
// (NNRT_INVALID_INPUT), never wrap or clamp. The node spec names its index
// inputs (NodeSpec::index_inputs).
#ifndef NNRT_CONFORMANCE_INDEX_PROBES_H_
#define NNRT_CONFORMANCE_INDEX_PROBES_H_

#include <string>
#include <vector>

#include "reference/ir/host_tensor.h"
#include "reference/hal/nnrt_hal.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// "index_negative", "index_past_end".
const std::vector<std::string>& IndexProbeNames();
bool IsIndexProbe(const std::string& probe);

// Rewrites element 0 of the first run-time index input of `valid` in
// `inputs`: to -1 (index_negative), or to the smallest value above its own
// that the reference rejects (index_past_end: the axis extent or shape value,
// found by running the reference on values own + 1, own + 2, ... up to own +
// 4096). *expected is the reference's Run code for the rewritten inputs and
// *detail says which input and value. False (not applicable) when the node
// spec has no index input, the case holds it as a constant, or the reference
// accepts every value tried.
bool ApplyIndexProbe(const TestCase& valid, const std::string& probe, std::vector<HostTensor>* inputs,
                     NNRT_ReturnCode* expected, std::string* detail);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_INDEX_PROBES_H_
