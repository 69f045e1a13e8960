// Small built-in networks for the model-level check (C-785): the layer
// sequences of the random-graph generator's network shapes
// (conformance/graph/networks.cc) with fixed choices and seeds, so the model
// part, its tests and its teeth have whole networks to run before (and
// beside) the model zoo's golden files.
#ifndef NNRT_CONFORMANCE_MODEL_NETWORKS_H_
#define NNRT_CONFORMANCE_MODEL_NETWORKS_H_

#include <string>
#include <vector>

#include "reference/ir/status.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

struct NamedModelCase {
  std::string name;  // "<network>_<variant>", e.g. "convnet_float32", "convnet_float32_fp16"
  TestCase test_case;
};

// convnet in float32, float16, int8 (quantized) and float32 compiled with
// enableFloat16 (meta compile "enable_float16"); encoder in float32.
Status BuiltInNetworks(std::vector<NamedModelCase>* out);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODEL_NETWORKS_H_
