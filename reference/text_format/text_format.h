// The text format of models and test cases (docs/text_format.md): readable,
// diffable and exact. Golden files, shrunk counterexamples and replays all use
// it, so every IR Model -- valid or not -- prints, and printing what was parsed
// gives the same text back.
//
// Exactness: float16/32/64 element values, float32 attributes and quant scales
// are written as C99 hex floats; inf/-inf/nan are spelled out and a NaN other
// than the canonical quiet one keeps its bits ("nan:0x7fc00001"); -0 stays -0.
// Integers are decimal, bool true/false.
//
// Parsing never runs ValidateModelStructure (invalid models must be replayable);
// it rejects only text it cannot represent. Errors are NNRT_INVALID_FILE with a
// message "<line>:<col>: <what>" (1-based, col counts bytes).
#ifndef NNRT_REFERENCE_TEXT_FORMAT_TEXT_FORMAT_H_
#define NNRT_REFERENCE_TEXT_FORMAT_TEXT_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "reference/cases/test_case.h"
#include "reference/ir/ir.h"

namespace nnrt {

// The parser refuses to hold more element data than this in one text (1 GiB).
constexpr size_t kMaxTextFormatDataBytes = size_t{1} << 30;

// "nnrt-case 1" document: header, meta lines, the model, inputs, expected.
std::string PrintCase(const TestCase& test_case);
// The same, with every model tensor holding at least `min_side_bytes` bytes of
// data (and no seeded spec) written as `data file("<base>.bin", offset,
// length)`: its bytes go to the binary side file <path>.bin next to the case
// (docs/text_format.md "Binary side data"), so that large constants are not
// hex text. PrintCase and WriteCaseFile always write values inline.
Status WriteCaseFileWithSideData(const std::string& path, const TestCase& test_case, size_t min_side_bytes);

// Only the `model "..." { ... }` block.
std::string PrintModel(const Model& model);

// `max_data_bytes` caps the element data of all tensors together (C-15).
Status ParseCase(const std::string& text, TestCase* out, size_t max_data_bytes = kMaxTextFormatDataBytes);
// ParseCase with `data file("NAME", offset, length)` read from dir/NAME
// (ReadCaseFile passes the case file's directory; ParseCase refuses such data).
Status ParseCaseInDirectory(const std::string& text, const std::string& dir, TestCase* out,
                            size_t max_data_bytes = kMaxTextFormatDataBytes);
// A text holding exactly one model block (comments allowed around it). Seeded
// data is refused there: a Model has no place to keep the spec.
Status ParseModel(const std::string& text, Model* out);

// Errors: NNRT_INVALID_PATH when the file cannot be opened / written,
// NNRT_INVALID_FILE ("<path>:<line>:<col>: ...") when its text does not parse.
Status ReadCaseFile(const std::string& path, TestCase* out);
Status WriteCaseFile(const std::string& path, const TestCase& test_case);

// Building blocks shared with tools that print single values (exact; see above).
std::string FormatFloat32(float value);
std::string FormatFloat64(double value);
std::string FormatFloat16Bits(uint16_t bits);
std::string QuoteString(const std::string& value);  // "..." with \" \\ \n \t \xNN escapes
// "seeded(1234, uniform, -0x1p-1, 0x1p-1)": the text after `data `.
std::string FormatSeededData(const SeededData& spec);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_TEXT_FORMAT_TEXT_FORMAT_H_
