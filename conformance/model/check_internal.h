// Parts of the model-level check shared by model_check.cc and
// model_end_to_end.cc: the whole model and its prefixes on the candidate,
// compared with the composed bound (C-781), and the classifier agreement.
#ifndef NNRT_CONFORMANCE_MODEL_CHECK_INTERNAL_H_
#define NNRT_CONFORMANCE_MODEL_CHECK_INTERNAL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/model/bounds.h"
#include "conformance/model/check.h"

namespace nnrt {
namespace cts {

struct EndToEnd {
  bool ok = true;
  std::string message;
  size_t derived_outputs = 0;
  std::vector<ClassifierAgreement> classifiers;
};

// The whole model on the candidate; every output compared with its composed
// bound, or the whole-graph row (LookupGraphTolerance) where none is derived.
EndToEnd RunEndToEnd(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                     const std::vector<HostTensor>& values, const std::vector<TensorBound>& bounds,
                     const ModelCheckOptions& options);

// The first k (in `order`) such that the prefix ending at node order[k],
// run on the candidate, gives an output of that node outside its bound;
// returns the node index order[k], or -1 when every prefix holds.
int64_t FirstFailingPrefix(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                           const std::vector<uint32_t>& order, const std::vector<HostTensor>& values,
                           const std::vector<TensorBound>& bounds, const ModelCheckOptions& options);

// Top-1 / top-5 agreement of a classifier output [N, C] (C >= 2).
ClassifierAgreement Agreement(const std::string& name, const HostTensor& ref, const HostTensor& act);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODEL_CHECK_INTERNAL_H_
