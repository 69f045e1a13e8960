// A test case as values: one model with the tensor values bound to its
// inputs and expected at its outputs. The case library (docs/architecture.md)
// sits below the text format, the importers, golden and conformance, which all
// build, read or run cases; the text format only spells them
// (docs/text_format.md).
#ifndef NNRT_REFERENCE_CASES_TEST_CASE_H_
#define NNRT_REFERENCE_CASES_TEST_CASE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "reference/cases/seeded_data.h"
#include "reference/ir/host_tensor.h"
#include "reference/ir/ir.h"

namespace nnrt {

// One model with the values of its inputs and expected outputs (matched to
// the model's tensors by name), plus free key/value metadata
// (seed, generator, note...) kept in order.
struct TestCase {
  Model model;
  std::vector<HostTensor> inputs;
  std::vector<HostTensor> expected;
  std::vector<std::pair<std::string, std::string>> meta;
  // Data written as `data seeded(...)` (docs/text_format.md "Seeded data"):
  // model tensor index -> spec, and index into `inputs` -> spec. The tensors'
  // data always hold the expanded values (what every consumer reads); the
  // printer writes a spec only while it still expands to exactly those bytes,
  // so a mutated or re-indexed tensor prints its explicit values.
  std::map<uint32_t, SeededData> seeded_tensors;
  std::map<size_t, SeededData> seeded_inputs;
};

}  // namespace nnrt

#endif  // NNRT_REFERENCE_CASES_TEST_CASE_H_
