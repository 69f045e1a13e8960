// Runs a test case on the reference interpreter: the one way golden,
// conformance, the importers and the benchmarks get the reference's outputs
// for a case.
#ifndef NNRT_REFERENCE_CASES_RUN_ON_REFERENCE_H_
#define NNRT_REFERENCE_CASES_RUN_ON_REFERENCE_H_

#include <string>
#include <vector>

#include "reference/cases/test_case.h"
#include "reference/ir/host_tensor.h"
#include "reference/ir/ir.h"

namespace nnrt {

// The case's values for the model inputs, in model input order (matched by
// name). NNRT_INVALID_INPUT when a model input has no value in the case.
Status CaseInputs(const TestCase& c, std::vector<HostTensor>* inputs);

// Prepares and runs the case's model on the reference interpreter. On success
// `outputs` hold the model outputs in order, each named as its model tensor.
// On failure `stage` (when given) says where: "prepare" or "run".
Status RunCaseOnReference(const TestCase& c, std::vector<HostTensor>* outputs, std::string* stage = nullptr);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_CASES_RUN_ON_REFERENCE_H_
