// Golden cases: checked-in test vectors produced by the reference
// (DESIGN.md "Golden files", docs/golden.md). A case is defined in C++
// (golden/cases/<family>.cc), written by `bazel run //golden:regenerate` to
// golden/data/<family>/<name>.nnrt in the text format (docs/text_format.md),
// checked bit for bit by //golden:golden_test and replayed on a driver by
// //conformance:golden_replay_test.
#ifndef NNRT_GOLDEN_GOLDEN_CASE_H_
#define NNRT_GOLDEN_GOLDEN_CASE_H_

#include <string>
#include <vector>

#include "reference/text_format/text_format.h"

namespace nnrt {
namespace golden {

struct GoldenCase {
  std::string family;  // directory under golden/data (one per operator family)
  std::string name;    // file stem; "c<n>_..." pins clarification C-<n> (C-201)
  std::string note;    // what the case shows and where its data comes from
  TestCase test_case;  // model and inputs; `expected` is filled by the reference
  // Hand-written from the spec, never from the code under test: the reference
  // run must fail with this code (C-200) ...
  NNRT_ReturnCode expect_error = NNRT_SUCCESS;
  // ... or produce exactly these outputs (doc examples, clarification values),
  // compared bit for bit with the reference when the file is written and tested.
  std::vector<HostTensor> hand_expected;
};

// Meta keys written into every golden file.
constexpr const char* kMetaFamily = "golden.family";
constexpr const char* kMetaCase = "golden.case";
constexpr const char* kMetaNote = "golden.note";
constexpr const char* kMetaSeed = "golden.seed";
// Present only on error cases: the NNRT_ReturnCode name and the stage
// ("prepare" or "run") at which the reference fails (C-200).
constexpr const char* kMetaExpectError = "expect_error";
constexpr const char* kMetaExpectErrorStage = "expect_error_stage";

// Every defined case, in a fixed order (families in golden/cases/all_cases.cc).
const std::vector<GoldenCase>& AllGoldenCases();

// "<family>/<name>.nnrt", relative to golden/data.
std::string RelativePath(const GoldenCase& c);

// Checks the definition (names, hand expectations), runs the reference
// interpreter and returns the file content: the case with meta lines and the
// expected outputs, or the expect_error meta lines for an error case. Fails
// when the reference disagrees with a hand-written expectation.
Status MaterializeCase(const GoldenCase& c, TestCase* out);

// Value of a meta key ("" when absent).
std::string MetaValue(const TestCase& c, const std::string& key);

// Bit-exact comparison of output tensors (name, dtype, dims, bytes); returns
// an empty string when equal, else what differs.
std::string DiffTensors(const std::vector<HostTensor>& expected, const std::vector<HostTensor>& actual);

// An NNRT_ReturnCode from its name ("NNRT_INVALID_INPUT"); false when unknown.
bool ParseReturnCode(const std::string& name, NNRT_ReturnCode* code);

}  // namespace golden
}  // namespace nnrt

#endif  // NNRT_GOLDEN_GOLDEN_CASE_H_
