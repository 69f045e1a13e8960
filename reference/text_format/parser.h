// The text format's parser (grammar and rules: docs/text_format.md), internal
// to reference/text_format. A hand-written recursive descent over a fixed,
// non-recursive grammar (so its stack depth is bounded); every loop consumes
// input or fails, and element data grows only as values are read, capped at
// max_data_bytes -- except `data seeded(...)`, whose element count comes from
// the dims and is checked against the same cap before anything is allocated.
//
//   parser_tokens.cc  errors, trivia, identifiers, strings, atoms, scalar numbers
//   parser_data.cc    element values, index lists, dims, `data [...]` / `bytes "..."`
//   parser_seeded.cc  `data seeded(...)`
//   parser.cc         enums, the model and case constructs, the public Parse* API
#ifndef NNRT_REFERENCE_TEXT_FORMAT_PARSER_H_
#define NNRT_REFERENCE_TEXT_FORMAT_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "reference/text_format/text_format.h"

namespace nnrt {
namespace text_format_internal {

class Parser {
 public:
  Parser(const std::string& text, size_t max_data_bytes) : text_(text), max_data_bytes_(max_data_bytes) {}
  // The directory `data file(...)` names are relative to (a case read from a file).
  void set_side_data_dir(const std::string& dir) { side_data_dir_ = dir; }

  const Status& status() const { return error_; }

  bool ParseCaseDocument(TestCase* out);
  bool ParseModelDocument(Model* out);

 private:
  // ---- Errors and scanning (parser_tokens.cc) ----

  bool Fail(size_t offset, const std::string& message);
  // " (found 'xyz')" describing the text at `at`, or " (found end of text)".
  std::string Found(size_t at) const;
  bool FailDataLimit(size_t at);
  bool AtEnd() const { return pos_ >= text_.size(); }
  void SkipTrivia();
  bool TryConsume(char c);
  bool Expect(char c, const std::string& context);
  // [A-Za-z_][A-Za-z0-9_-]*; empty when the text there is not an identifier.
  std::string ReadIdent();
  bool ExpectKeyword(const char* keyword, const std::string& context);
  // A value word: numbers, enum names, true/false, inf/nan[:0x...]: [A-Za-z0-9_.+:-]+.
  bool ReadAtom(const std::string& what, std::string* atom, size_t* at);
  // "..." with escapes \" \\ \n \t \r \xNN; a raw line break inside is an error.
  bool ReadString(const std::string& what, std::string* out);
  // An identifier or a string (attribute names, meta keys).
  bool ReadName(const std::string& what, std::string* out);

  // ---- Numbers (parser_tokens.cc) ----

  bool AtomToSigned(const std::string& atom, size_t at, const std::string& what, int64_t min, int64_t max, int64_t* v);
  bool ReadSigned(const std::string& what, int64_t min, int64_t max, int64_t* v);
  bool ReadUint32(const std::string& what, uint32_t* v);
  bool ReadInt32(const std::string& what, int32_t* v);
  // Float bits of `atom` for a float type of `width` bits (16, 32, 64); see docs/text_format.md "Exactness".
  bool AtomToFloatBits(const std::string& atom, size_t at, int width, uint64_t* bits);
  bool ReadFloat64(const std::string& what, double* v);

  // ---- Element data and lists (parser_data.cc) ----

  // Appends one element of type t, little-endian as in memory.
  bool AppendElement(DataType t, const std::string& atom, size_t at, std::vector<uint8_t>* data);

  // '[' [item {',' item}] ']'; `item` must consume input or fail.
  template <typename ItemFn>
  bool ParseList(const std::string& what, ItemFn item) {
    if (!Expect('[', "to open " + what)) return false;
    if (TryConsume(']')) return true;
    for (;;) {
      if (!item()) return false;
      if (TryConsume(',')) continue;
      if (TryConsume(']')) return true;
      return Fail(pos_, "expected ',' or ']' in " + what + Found(pos_));
    }
  }

  bool ParseUint32List(const std::string& what, std::vector<uint32_t>* out);
  bool ParseDims(Dims* out);
  // `data [values]` or `bytes "hex"` of type t. Returns the element count in *count.
  // With `seeded` set, `data seeded(...)` is accepted too: expanded to the element
  // count of `dims` and the spec stored in *seeded (parser_seeded.cc).
  bool ParseData(DataType t, std::vector<uint8_t>* out, size_t* count, const Dims* dims = nullptr,
                 std::optional<SeededData>* seeded = nullptr, const std::vector<QuantParam>* quant = nullptr);
  // After `data`: file("NAME", offset, length), the element bytes read from a binary
  // side file in side_data_dir_ (parser_side_data.cc).
  bool ParseSideData(DataType t, const Dims& dims, std::vector<uint8_t>* out, size_t* count);
  // After `data`: seeded(seed, distribution, a, b), expanded for t, dims and the tensor's quant params.
  bool ParseSeededData(DataType t, const Dims& dims, const std::vector<QuantParam>& quant, std::vector<uint8_t>* out,
                       size_t* count, SeededData* spec);

  // ---- Enums (parser.cc) ----

  // An enum written by name, or as a plain integer when the value has no name (C-10).
  template <typename Enum, typename ParseNameFn>
  bool ReadEnum(const std::string& what, const std::string& hint, ParseNameFn parse_name, int64_t min, int64_t max,
                Enum* out);
  bool ReadDataType(DataType* t);
  bool ReadFormat(Format* f);
  bool ReadNodeType(NodeType* t);
  bool ReadQuantType(QuantType* q);
  bool ReadAttrType(AttrType* t);

  // ---- Constructs (parser.cc) ----

  bool ParseMeta(TestCase* out);
  bool ParseQuantParams(std::vector<QuantParam>* out);
  // Declarations are numbered in order so that indices in the text can be checked by eye.
  bool ReadOrdinal(const char* kind, size_t expected);
  bool ParseTensor(Model* m);
  bool ParseAttr(Node* n);
  bool ParseNode(Model* m);
  bool ParseSubGraph(Model* m);
  // After the keyword 'model': "name" { statements }.
  bool ParseModelBody(Model* m);
  // After 'input' / 'expected': "name" dtype [dims] data [...]; concrete dims, count checked.
  // `seeded` null: seeded data is refused (expected values stay explicit).
  bool ParseNamedTensor(HostTensor* t, std::optional<SeededData>* seeded);

  const std::string& text_;
  const size_t max_data_bytes_;
  size_t pos_ = 0;
  Status error_;
  size_t data_bytes_ = 0;
  std::string side_data_dir_;  // empty: `data file(...)` is refused
  // Where seeded specs of model tensors are kept (null: expanded and dropped).
  std::map<uint32_t, SeededData>* seeded_tensors_ = nullptr;
};

}  // namespace text_format_internal
}  // namespace nnrt

#endif  // NNRT_REFERENCE_TEXT_FORMAT_PARSER_H_
