// Fuzz target: the text-format parser (docs/text_format.md).
//
// Input: any bytes, read as a case document ("nnrt-case 1 ...") and as a lone
// model block. Oracle: parsing never crashes; whatever parses prints, the
// printed text parses again, and printing that gives the same text back
// (print -> parse -> print is the identity, text_format.h). A mismatch aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "reference/text_format/text_format.h"

namespace {

// Element data one input may make the parser hold: enough for every golden
// case, small enough that a hostile size ends in an error instead of gigabytes.
constexpr size_t kFuzzMaxDataBytes = size_t{1} << 20;

[[noreturn]] void Violation(const char* what, const std::string& first, const std::string& second) {
  std::fprintf(stderr, "text format oracle violated: %s\n--- first ---\n%s\n--- second ---\n%s\n", what,
               first.c_str(), second.c_str());
  std::abort();
}

void CheckCaseRoundTrip(const std::string& text) {
  nnrt::TestCase parsed;
  if (!nnrt::ParseCase(text, &parsed, kFuzzMaxDataBytes).ok()) return;
  const std::string printed = nnrt::PrintCase(parsed);
  nnrt::TestCase reparsed;
  const nnrt::Status s = nnrt::ParseCase(printed, &reparsed, kFuzzMaxDataBytes);
  if (!s.ok()) Violation(("printed case does not parse: " + s.ToString()).c_str(), printed, "");
  const std::string reprinted = nnrt::PrintCase(reparsed);
  if (reprinted != printed) Violation("case print -> parse -> print differs", printed, reprinted);
}

void CheckModelRoundTrip(const std::string& text) {
  nnrt::Model parsed;
  if (!nnrt::ParseModel(text, &parsed).ok()) return;
  const std::string printed = nnrt::PrintModel(parsed);
  nnrt::Model reparsed;
  const nnrt::Status s = nnrt::ParseModel(printed, &reparsed);
  if (!s.ok()) Violation(("printed model does not parse: " + s.ToString()).c_str(), printed, "");
  const std::string reprinted = nnrt::PrintModel(reparsed);
  if (reprinted != printed) Violation("model print -> parse -> print differs", printed, reprinted);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  CheckCaseRoundTrip(text);
  CheckModelRoundTrip(text);
  return 0;
}
