// Tests of reference/text_format: exact hand-written round trips, decoded
// values checked bit by bit, printer output checked against hand-written text,
// properties over random models and random/mutated text, and error messages.
#include "reference/text_format/text_format.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace nnrt {
namespace {

// ---- Helpers ----------------------------------------------------------------------

template <typename T>
std::vector<T> Elements(const std::vector<uint8_t>& data) {
  std::vector<T> out(data.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), data.data(), out.size() * sizeof(T));
  return out;
}

std::vector<uint32_t> FloatBits(const std::vector<float>& v) {
  std::vector<uint32_t> out(v.size());
  if (!v.empty()) std::memcpy(out.data(), v.data(), v.size() * 4);
  return out;
}

uint64_t DoubleBits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

// "<line>:<col>: <message>" with 1-based decimal line and column.
bool IsLineColError(const Status& s) {
  if (s.code() != NNRT_INVALID_FILE) return false;
  const std::string& m = s.message();
  size_t i = 0;
  for (int field = 0; field < 2; ++field) {
    const size_t start = i;
    while (i < m.size() && m[i] >= '0' && m[i] <= '9') ++i;
    if (i == start || m[start] == '0' || i >= m.size() || m[i] != ':') return false;
    ++i;
  }
  return m.size() > i + 1 && m[i] == ' ';
}

std::string ParseError(const std::string& text) {
  TestCase c;
  const Status s = ParseCase(text, &c);
  EXPECT_FALSE(s.ok()) << "parsed: " << text;
  EXPECT_TRUE(IsLineColError(s)) << s.ToString();
  return s.message();
}

// Wraps one top-level statement after a minimal model.
std::string CaseWith(const std::string& tail) {
  return "nnrt-case 1\nmodel \"m\" {\n  inputs []\n  outputs []\n}\n" + tail;
}

// ---- Hand-written canonical case: parse then print gives the same bytes -------------

const char kCanonicalCase[] =
    R"(nnrt-case 1
meta seed "1234"
meta "odd key" "line1\nline2 \"q\" \\ \t\x01\xff"
model "add_relu" {
  tensor 0 "x" float32 [1,2,2,1] nhwc
  tensor 1 "w" int8 [2,1,1,1] nchw quant [(8, 0, 0x1p-7), (8, -1, 0x1.8p-6)] data [-128, 127]
  tensor 2 "h" float16 [8] none data [0x0p+0, -0x0p+0, 0x1p-24, -0x1.ff8p-15, 0x1.ffcp+15, inf, -nan, nan:0x7c01]
  tensor 3 "d" float64 [4] nhwc data [0x0.0000000000001p-1022, -0x1.fffffffffffffp+1023, nan:0x7ff0000000000001, -0x0p+0]
  tensor 4 "i" int64 [3] nhwc data [-9223372036854775808, 9223372036854775807, 0]
  tensor 5 "u" uint64 [] nhwc data [18446744073709551615]
  tensor 6 "b" bool [3] nhwc data [true, false, 2]
  tensor 7 "y" float32 [1,2,2,1] nhwc quant [(4, 300, nan:0x7ff0000000000002), (8, 0, -inf)]
  tensor 8 "raw" 99 [3,-1,0] 7 bytes "00ff7f"
  tensor 9 "partial" int32 [1] nhwc bytes "010203"
  node 0 "add" ADD_FUSION inputs [0,1] outputs [7] quant all {
    activationType: int8 [1]
    padList: int64 [0, 0, -9223372036854775808, 9223372036854775807]
    approximate: bool [true, false, -3]
    alpha: float32 [0x1.99999ap-4, -0x0p+0, inf, nan, nan:0xffc00001, 0x1p-149]
    mode: string "DCR"
    "odd name": int64 []
    unknownType: 42 [5, -5]
  }
  node 1 "" 1234 inputs [] outputs [4294967295] quant 7 {}
  inputs [0]
  outputs [7]
  subgraph "main" inputs [] outputs [] nodes [0,1]
  subgraph "" inputs [0] outputs [1] nodes []
}
input "x" float32 [1,2,2,1] data [0x1p+0, -0x0p+0, 0x1p-149, nan:0x7f800001]
expected "y" float32 [1,2,2,1] data [0x1p+1, 0x0p+0, -inf, -nan]
)";

TEST(TextFormatTest, CanonicalCaseRoundTripsByteForByte) {
  TestCase c;
  const Status s = ParseCase(kCanonicalCase, &c);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(PrintCase(c), kCanonicalCase);
}

TEST(TextFormatTest, CanonicalCaseDecodesToTheWrittenBits) {
  TestCase c;
  ASSERT_TRUE(ParseCase(kCanonicalCase, &c).ok());
  ASSERT_EQ(c.meta.size(), 2u);
  EXPECT_EQ(c.meta[0], (std::pair<std::string, std::string>{"seed", "1234"}));
  EXPECT_EQ(c.meta[1].first, "odd key");
  EXPECT_EQ(c.meta[1].second, std::string("line1\nline2 \"q\" \\ \t\x01\xff"));

  const Model& m = c.model;
  EXPECT_EQ(m.name, "add_relu");
  ASSERT_EQ(m.tensors.size(), 10u);
  EXPECT_EQ(m.tensors[0].dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(m.tensors[0].format, Format::kNhwc);
  EXPECT_FALSE(m.tensors[0].HasData());

  const Tensor& w = m.tensors[1];
  EXPECT_EQ(w.data_type, DataType::kInt8);
  EXPECT_EQ(w.format, Format::kNchw);
  EXPECT_EQ(Elements<int8_t>(w.data), (std::vector<int8_t>{-128, 127}));
  ASSERT_EQ(w.quant_params.size(), 2u);
  EXPECT_EQ(w.quant_params[0].scale, 1.0 / 128);
  EXPECT_EQ(w.quant_params[1].zero_point, -1);
  EXPECT_EQ(w.quant_params[1].scale, 0.0234375);

  EXPECT_EQ(m.tensors[2].format, Format::kNone);
  EXPECT_EQ(Elements<uint16_t>(m.tensors[2].data),
            (std::vector<uint16_t>{0x0000, 0x8000, 0x0001, 0x83ff, 0x7bff, 0x7c00, 0xfe00, 0x7c01}));
  EXPECT_EQ(Elements<uint64_t>(m.tensors[3].data),
            (std::vector<uint64_t>{1, 0xffefffffffffffffull, 0x7ff0000000000001ull, 0x8000000000000000ull}));
  EXPECT_EQ(Elements<int64_t>(m.tensors[4].data),
            (std::vector<int64_t>{std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), 0}));
  EXPECT_TRUE(m.tensors[5].dims.empty());
  EXPECT_EQ(Elements<uint64_t>(m.tensors[5].data), (std::vector<uint64_t>{std::numeric_limits<uint64_t>::max()}));
  EXPECT_EQ(m.tensors[6].data, (std::vector<uint8_t>{1, 0, 2}));
  ASSERT_EQ(m.tensors[7].quant_params.size(), 2u);
  EXPECT_EQ(m.tensors[7].quant_params[0].num_bits, 4);
  EXPECT_EQ(m.tensors[7].quant_params[0].zero_point, 300);
  EXPECT_EQ(DoubleBits(m.tensors[7].quant_params[0].scale), 0x7ff0000000000002ull);
  EXPECT_EQ(m.tensors[7].quant_params[1].scale, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(static_cast<int32_t>(m.tensors[8].data_type), 99);
  EXPECT_EQ(static_cast<int32_t>(m.tensors[8].format), 7);
  EXPECT_EQ(m.tensors[8].dims, (Dims{3, -1, 0}));
  EXPECT_EQ(m.tensors[8].data, (std::vector<uint8_t>{0x00, 0xff, 0x7f}));
  EXPECT_EQ(m.tensors[9].data, (std::vector<uint8_t>{1, 2, 3}));

  ASSERT_EQ(m.nodes.size(), 2u);
  const Node& add = m.nodes[0];
  EXPECT_EQ(add.type, NodeType::ADD_FUSION);
  EXPECT_EQ(add.quant_type, QuantType::kAll);
  EXPECT_EQ(add.inputs, (std::vector<uint32_t>{0, 1}));
  ASSERT_EQ(add.attrs.size(), 7u);
  EXPECT_EQ(add.attrs[0], Attr::Int8("activationType", 1));
  EXPECT_EQ(add.attrs[1],
            Attr::Int64s("padList", {0, 0, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()}));
  EXPECT_EQ(add.attrs[2].type, AttrType::kBool);
  EXPECT_EQ(add.attrs[2].ints, (std::vector<int64_t>{1, 0, -3}));
  EXPECT_EQ(add.attrs[3].type, AttrType::kFloat32);
  EXPECT_EQ(FloatBits(add.attrs[3].floats),
            (std::vector<uint32_t>{0x3dcccccd, 0x80000000, 0x7f800000, 0x7fc00000, 0xffc00001, 0x00000001}));
  EXPECT_EQ(add.attrs[4], Attr::String("mode", "DCR"));
  EXPECT_EQ(add.attrs[5].name, "odd name");
  EXPECT_TRUE(add.attrs[5].ints.empty());
  EXPECT_EQ(static_cast<int32_t>(add.attrs[6].type), 42);
  EXPECT_EQ(add.attrs[6].ints, (std::vector<int64_t>{5, -5}));
  EXPECT_EQ(static_cast<uint32_t>(m.nodes[1].type), 1234u);
  EXPECT_EQ(static_cast<int32_t>(m.nodes[1].quant_type), 7);
  EXPECT_EQ(m.nodes[1].outputs, (std::vector<uint32_t>{4294967295u}));
  EXPECT_TRUE(m.nodes[1].attrs.empty());
  EXPECT_EQ(m.inputs, (std::vector<uint32_t>{0}));
  EXPECT_EQ(m.outputs, (std::vector<uint32_t>{7}));
  ASSERT_EQ(m.subgraphs.size(), 2u);
  EXPECT_EQ(m.subgraphs[0].nodes, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(m.subgraphs[1].inputs, (std::vector<uint32_t>{0}));
  EXPECT_EQ(m.subgraphs[1].outputs, (std::vector<uint32_t>{1}));

  ASSERT_EQ(c.inputs.size(), 1u);
  EXPECT_EQ(c.inputs[0].name, "x");
  EXPECT_EQ(Elements<uint32_t>(c.inputs[0].data), (std::vector<uint32_t>{0x3f800000, 0x80000000, 1, 0x7f800001}));
  ASSERT_EQ(c.expected.size(), 1u);
  EXPECT_EQ(Elements<uint32_t>(c.expected[0].data), (std::vector<uint32_t>{0x40000000, 0, 0xff800000, 0xffc00000}));
}

// The example of docs/text_format.md, verbatim (keep the two in sync).
const char kDocExample[] = R"(nnrt-case 1
# Comments run from '#' to the end of the line.
meta seed "1234"
meta note "add then relu, int8 weight with per-channel quant"
model "add_relu" {
  tensor 0 "x" float32 [1,2,2,1] nhwc
  tensor 1 "w" int8 [2,1,1,1] nchw quant [(8, 0, 0x1p-7), (8, -1, 0x1.8p-6)] data [-128, 127]
  tensor 2 "h" float16 [4] none data [0x1p-24, -0x0p+0, inf, nan]
  tensor 3 "y" float32 [1,2,2,1] nhwc
  node 0 "add" ADD_FUSION inputs [0,2] outputs [3] quant none {
    activationType: int8 [1]
    padList: int64 [0, 0, 1, 1]
    approximate: bool [true]
    alpha: float32 [0x1.99999ap-4]
    mode: string "DCR"
  }
  inputs [0]
  outputs [3]
  subgraph "main" inputs [] outputs [] nodes [0]
}
input "x" float32 [1,2,2,1] data [0x1p+0, -0x0p+0, 0x1p-149, nan:0x7fc00001]
expected "y" float32 [1,2,2,1] data [0x1p+1, 0x0p+0, inf, nan]
)";

TEST(TextFormatTest, DocumentationExampleParsesAndPrintsWithoutItsComment) {
  TestCase c;
  const Status s = ParseCase(kDocExample, &c);
  ASSERT_TRUE(s.ok()) << s.ToString();
  std::string without_comment = kDocExample;
  const size_t comment = without_comment.find("# Comments");
  without_comment.erase(comment, without_comment.find('\n', comment) + 1 - comment);
  EXPECT_EQ(PrintCase(c), without_comment);
  EXPECT_EQ(Elements<uint32_t>(c.inputs[0].data), (std::vector<uint32_t>{0x3f800000, 0x80000000, 1, 0x7fc00001}));
}

// ---- Printer against hand-written text ---------------------------------------------------

TEST(TextFormatTest, PrintModelWritesTheDocumentedLayout) {
  Model m;
  m.name = "tiny";
  Tensor x;
  x.name = "x";
  x.data_type = DataType::kFloat32;
  x.dims = {2};
  Tensor c;
  c.name = "c";
  c.data_type = DataType::kInt32;
  c.dims = {20};
  for (int32_t i = 0; i < 20; ++i) {
    const int32_t v = i - 3;
    c.data.insert(c.data.end(), reinterpret_cast<const uint8_t*>(&v), reinterpret_cast<const uint8_t*>(&v) + 4);
  }
  Tensor y = x;
  y.name = "y";
  m.tensors = {x, c, y};
  Node n;
  n.name = "n";
  n.type = NodeType::MUL_FUSION;
  n.inputs = {0, 1};
  n.outputs = {2};
  n.attrs = {Attr::Float("s", 0.1f), Attr::Bool("b", true), Attr::String("t", "a\"b\\c\nd")};
  m.nodes = {n};
  m.inputs = {0};
  m.outputs = {2};
  EXPECT_EQ(PrintModel(m),
            "model \"tiny\" {\n"
            "  tensor 0 \"x\" float32 [2] nhwc\n"
            "  tensor 1 \"c\" int32 [20] nhwc data [\n"
            "    -3, -2, -1, 0, 1, 2, 3, 4,\n"
            "    5, 6, 7, 8, 9, 10, 11, 12,\n"
            "    13, 14, 15, 16\n"
            "  ]\n"
            "  tensor 2 \"y\" float32 [2] nhwc\n"
            "  node 0 \"n\" MUL_FUSION inputs [0,1] outputs [2] quant none {\n"
            "    s: float32 [0x1.99999ap-4]\n"
            "    b: bool [true]\n"
            "    t: string \"a\\\"b\\\\c\\nd\"\n"
            "  }\n"
            "  inputs [0]\n"
            "  outputs [2]\n"
            "}\n");
  Model parsed;
  const Status s = ParseModel(PrintModel(m), &parsed);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(parsed.tensors[1].data, c.data);
  EXPECT_EQ(parsed.nodes[0].attrs, n.attrs);
}

TEST(TextFormatTest, FormatFloatSpellings) {
  EXPECT_EQ(FormatFloat32(-0.0f), "-0x0p+0");
  EXPECT_EQ(FormatFloat32(1.5f), "0x1.8p+0");
  EXPECT_EQ(FormatFloat32(std::numeric_limits<float>::denorm_min()), "0x1p-149");
  EXPECT_EQ(FormatFloat32(std::numeric_limits<float>::infinity()), "inf");
  EXPECT_EQ(FormatFloat64(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(FormatFloat64(std::numeric_limits<double>::denorm_min()), "0x0.0000000000001p-1022");
  EXPECT_EQ(FormatFloat16Bits(0x0001), "0x1p-24");
  EXPECT_EQ(FormatFloat16Bits(0x3c00), "0x1p+0");
  EXPECT_EQ(FormatFloat16Bits(0xfc00), "-inf");
  EXPECT_EQ(FormatFloat16Bits(0x7e00), "nan");
  EXPECT_EQ(FormatFloat16Bits(0xfe00), "-nan");
  EXPECT_EQ(FormatFloat16Bits(0x7d00), "nan:0x7d00");
  EXPECT_EQ(QuoteString(std::string("a\0b\x7f", 4)), "\"a\\x00b\\x7f\"");
}

// Float16 spellings go through reference/numerics: every bit pattern (zeros,
// subnormals, normals, infinities, NaN payloads) prints and parses back to itself.
TEST(TextFormatTest, EveryFloat16BitPatternRoundTrips) {
  TestCase c;
  HostTensor t;
  t.name = "all_halves";
  t.data_type = DataType::kFloat16;
  t.dims = {65536};
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    t.data.push_back(static_cast<uint8_t>(bits & 0xff));
    t.data.push_back(static_cast<uint8_t>(bits >> 8));
  }
  c.inputs.push_back(t);
  TestCase parsed;
  const Status s = ParseCase(PrintCase(c), &parsed);
  ASSERT_TRUE(s.ok()) << s.ToString();
  ASSERT_EQ(parsed.inputs.size(), 1u);
  EXPECT_EQ(parsed.inputs[0].data, t.data);
}

// ---- Accepted spellings --------------------------------------------------------------------

TEST(TextFormatTest, AcceptsDecimalValuesThatAreExact) {
  TestCase c;
  const Status s = ParseCase(CaseWith("input \"a\" float32 [3] data [1, -0.5, 3e2]\n"
                                      "input \"b\" float64 [1] data [0.1]\n"
                                      "input \"c\" float16 [2] data [+inf, 0x1.8]\n"
                                      "input \"d\" int8 [2] data [+5, -0]\n"),
                             &c);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(Elements<float>(c.inputs[0].data), (std::vector<float>{1.0f, -0.5f, 300.0f}));
  EXPECT_EQ(Elements<uint64_t>(c.inputs[1].data), (std::vector<uint64_t>{0x3fb999999999999aull}));  // RNE once
  EXPECT_EQ(Elements<uint16_t>(c.inputs[2].data), (std::vector<uint16_t>{0x7c00, 0x3e00}));
  EXPECT_EQ(Elements<int8_t>(c.inputs[3].data), (std::vector<int8_t>{5, 0}));
}

TEST(TextFormatTest, CommentsAndWhitespaceAreIgnored) {
  TestCase c;
  const Status s = ParseCase(
      "# leading comment\nnnrt-case 1 # trailing\r\n"
      "model \"m\"{inputs[]outputs[ ]# c\n}\tinput \"x\" int32 [ 2 ] data [1,#two\n2]",
      &c);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(Elements<int32_t>(c.inputs[0].data), (std::vector<int32_t>{1, 2}));
}

TEST(TextFormatTest, EmptyAndZeroSizedTensors) {
  TestCase c;
  ASSERT_TRUE(ParseCase(CaseWith("input \"e\" float32 [0,3] data []\ninput \"s\" bool [] data [false]\n"), &c).ok());
  EXPECT_TRUE(c.inputs[0].data.empty());
  EXPECT_EQ(c.inputs[1].data, (std::vector<uint8_t>{0}));
  EXPECT_EQ(PrintCase(c), CaseWith("input \"e\" float32 [0,3] data []\ninput \"s\" bool [] data [false]\n"));
}

// ---- Errors --------------------------------------------------------------------------------

TEST(TextFormatErrorTest, HeaderAndVersion) {
  EXPECT_EQ(ParseError(""), "1:1: expected the header 'nnrt-case 1'");
  EXPECT_EQ(ParseError("\n  nnrt-case 2\n"), "2:3: unsupported format version 2 (this reader knows 1)");
  EXPECT_EQ(ParseError("nnrt-case 1\n"), "2:1: the case has no 'model'");
}

TEST(TextFormatErrorTest, PointsAtTheOffendingToken) {
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\" {\n  tensor 0 \"x\" float33 [1] nhwc\n}\n"),
            "3:16: unknown data type 'float33'");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\" {\n  tensor 1 \"x\" float32 [1] nhwc\n}\n"),
            "3:10: tensor index 1 out of order: expected 0");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\" {\n  tensor 0 \"x\" float32 [1 2] nhwc\n}\n"),
            "3:27: expected ',' or ']' in the dims (found '2]')");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\" {\n  node 0 \"n\" ADD inputs [] outputs [] quant none {}\n}\n"),
            "3:14: unknown node type 'ADD' (HDI NodeType name without NODE_TYPE_)");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\" {\n  inputs [0]\n  inputs [1]\n}\n"),
            "4:3: the model's 'inputs' are given twice");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\" {\n  inputs [-1]\n}\n"),
            "3:11: an index -1 is out of range [0, 4294967295]");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\" {\n  inputs [0]\n"), "4:1: unterminated model block (missing '}')");
  EXPECT_EQ(ParseError(CaseWith("bogus")), "6:1: expected 'meta', 'model', 'input' or 'expected' (found 'bogus')");
  EXPECT_EQ(ParseError(CaseWith("model \"n\" {}")), "6:1: a case holds exactly one model; found a second 'model'");
}

TEST(TextFormatErrorTest, Strings) {
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"m\n\" {}"), "2:7: unterminated string");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"a\\qb\" {}"),
            "2:9: unknown escape '\\q' (use \\\" \\\\ \\n \\t \\r \\xNN)");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel \"a\\x4\" {}"), "2:9: \\x must be followed by two hex digits");
  EXPECT_EQ(ParseError("nnrt-case 1\nmodel m {}"), "2:7: expected the model name (a \"string\") (found 'm')");
}

TEST(TextFormatErrorTest, ValuesMustBeExactAndInRange) {
  const std::string prefix = "6:29: ";
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float32 [1] data [0.1]")),
            prefix + "'0.1' is not exactly representable as float32 (C-12)");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float16 [1] data [0x1p-25]")),
            prefix + "'0x1p-25' is not exactly representable as float16 (C-12)");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float16 [1] data [65520]")),
            prefix + "'65520' is not exactly representable as float16 (C-12)");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float64 [1] data [1e999]")),
            prefix + "'1e999' is out of range for float64 (write inf or -inf)");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float64 [1] data [-1e-400]")),
            prefix + "'-1e-400' underflows to zero in float64");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float32 [1] data [0x0.8p-1074]")),
            prefix + "'0x0.8p-1074' underflows to zero in float32");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float32 [1] data [nan:0x3f800000]")),
            prefix + "'nan:0x3f800000' is not a float32 NaN bit pattern");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float32 [1] data [infinity]")).substr(0, 6), prefix);
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float32 [1] data [0x]")).substr(0, 6), prefix);
  EXPECT_EQ(ParseError(CaseWith("input \"x\" int8 [1] data [128]")),
            "6:26: int8 value 128 is out of range [-128, 127]");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" uint64 [1] data [18446744073709551616]")),
            "6:28: expected a uint64 value (a decimal integer) (found '18446744073709551616')");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" uint8 [1] data [-1]")), "6:27: uint8 value -1 is out of range [0, 255]");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" bool [1] data [yes]")).substr(0, 6), "6:26: ");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" int32 [1] data [1.0]")).substr(0, 6), "6:27: ");
}

TEST(TextFormatErrorTest, NamedTensorShapeAndCount) {
  EXPECT_EQ(ParseError(CaseWith("input \"x\" float32 [2,2] data [0x1p+0]")),
            "6:25: 'x' [2,2] needs 4 float32 values, found 1");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" int16 [1] bytes \"010203\"")),
            "6:21: 'x' [1] needs 1 int16 values, found 1 (and a partial one)");
  EXPECT_EQ(ParseError(CaseWith("expected \"x\" float32 [-1] data []")),
            "6:22: dims of an input or expected tensor must be >= 0 (got [-1])");
  // Huge dims are refused by arithmetic, never by trying to allocate them.
  EXPECT_EQ(ParseError(CaseWith("input \"x\" int8 [2147483647,2147483647,2147483647] data []")),
            "6:16: the element count of [2147483647,2147483647,2147483647] overflows");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" int8 [2147483647,2147483647] data [1]")),
            "6:40: 'x' [2147483647,2147483647] needs 4611686014132420609 int8 values, found 1");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" unknown [1] data [1]")),
            "6:11: an input or expected tensor needs a known data type");
  EXPECT_EQ(ParseError(CaseWith("input \"x\" int8 [1] bytes \"0g\"")),
            "6:26: bytes holds a character that is not a hex digit");
}

TEST(TextFormatErrorTest, DataBeyondTheLimitIsRefused) {  // C-15
  const std::string text = CaseWith("input \"a\" int32 [2] data [1, 2]\ninput \"b\" int8 [1] bytes \"07\"\n");
  TestCase c;
  EXPECT_TRUE(ParseCase(text, &c, 9).ok());
  Status s = ParseCase(text, &c, 8);
  EXPECT_EQ(s.message(), "7:26: element data exceeds the limit of 8 bytes per text (C-15)");
  s = ParseCase(text, &c, 7);
  EXPECT_EQ(s.message(), "6:30: element data exceeds the limit of 7 bytes per text (C-15)");
}

TEST(TextFormatErrorTest, ModelValuesNeedAKnownTypeForDataButAcceptBytes) {
  Model m;
  EXPECT_EQ(ParseModel("model \"m\" {\n  tensor 0 \"t\" 99 [1] nhwc data [1]\n}", &m).message(),
            "2:33: element values need a known data type (use bytes \"...\")");
  const Status s = ParseModel("model \"m\" {\n  tensor 0 \"t\" 99 [1] nhwc bytes \"01\"\n}", &m);
  EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(ParseModel("# only a model\nmodel \"m\" {} extra", &m).message(),
            "2:14: unexpected text after the model (found 'extra')");
}

TEST(TextFormatErrorTest, FailedParseLeavesTheOutputUntouched) {
  TestCase c;
  c.meta = {{"k", "v"}};
  EXPECT_FALSE(ParseCase("nnrt-case 1\nmeta k \"w\"\nmodel", &c).ok());
  EXPECT_EQ(c.meta, (std::vector<std::pair<std::string, std::string>>{{"k", "v"}}));
}

// ---- Files ---------------------------------------------------------------------------------

std::string TempPath(const std::string& leaf) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + leaf;
}

TEST(TextFormatFileTest, WriteThenReadRoundTrips) {
  TestCase c;
  ASSERT_TRUE(ParseCase(kCanonicalCase, &c).ok());
  const std::string path = TempPath("case.nnrt");
  ASSERT_TRUE(WriteCaseFile(path, c).ok());
  TestCase back;
  const Status s = ReadCaseFile(path, &back);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(PrintCase(back), kCanonicalCase);
}

TEST(TextFormatFileTest, ErrorsNameThePath) {
  TestCase c;
  EXPECT_EQ(ReadCaseFile(TempPath("does_not_exist.nnrt"), &c).code(), NNRT_INVALID_PATH);
  EXPECT_EQ(WriteCaseFile("/nonexistent_dir_nnrt/x.nnrt", c).code(), NNRT_INVALID_PATH);
  const std::string path = TempPath("bad.nnrt");
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs("nnrt-case 1\nmodel", f);
  std::fclose(f);
  const Status s = ReadCaseFile(path, &c);
  EXPECT_EQ(s.code(), NNRT_INVALID_FILE);
  EXPECT_EQ(s.message(), path + ":2:6: expected the model name (a \"string\") (found end of text)");
}

// ---- Properties over random models ----------------------------------------------------------

template <typename T>
T Pick(const std::vector<T>& values) {
  return *rc::gen::elementOf(values);
}

// Strings with every byte, biased towards the ones the printer must escape.
std::string GenString() {
  const auto special = rc::gen::elementOf(
      std::vector<char>{'"', '\\', '\n', '\t', '\r', '\0', '#', '\x7f', static_cast<char>(0xff), ' ', 'a', 'Z', '_'});
  return *rc::gen::container<std::string>(
      *rc::gen::inRange<size_t>(0, 8), rc::gen::weightedOneOf<char>({{3, special}, {2, rc::gen::arbitrary<char>()}}));
}

double GenDouble() {
  const double special[] = {0.0,
                            -0.0,
                            1.0,
                            std::numeric_limits<double>::infinity(),
                            -std::numeric_limits<double>::infinity(),
                            std::numeric_limits<double>::quiet_NaN(),
                            std::numeric_limits<double>::denorm_min(),
                            std::numeric_limits<double>::max()};
  if (*rc::gen::inRange(0, 3) == 0) return special[*rc::gen::inRange(0, 8)];
  const uint64_t bits = *rc::gen::arbitrary<uint64_t>();
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

float GenFloat() {
  const uint32_t bits = *rc::gen::arbitrary<uint32_t>();
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

DataType GenDataType() {
  std::vector<DataType> types = {DataType::kUnknown, static_cast<DataType>(99), static_cast<DataType>(-7)};
  types.insert(types.end(), {DataType::kBool, DataType::kInt8, DataType::kInt16, DataType::kInt32, DataType::kInt64,
                             DataType::kUint8, DataType::kUint16, DataType::kUint32, DataType::kUint64,
                             DataType::kFloat16, DataType::kFloat32, DataType::kFloat64});
  return Pick(types);
}

Dims GenDims() {
  const auto dim = rc::gen::weightedOneOf<int32_t>(
      {{6, rc::gen::inRange<int32_t>(1, 4)},
       {1, rc::gen::elementOf(std::vector<int32_t>{0, -1, std::numeric_limits<int32_t>::min(),
                                                   std::numeric_limits<int32_t>::max()})}});
  return *rc::gen::container<Dims>(*rc::gen::inRange<size_t>(0, 5), dim);
}

std::vector<uint8_t> GenBytes(size_t n) {
  return *rc::gen::container<std::vector<uint8_t>>(n, rc::gen::arbitrary<uint8_t>());
}

Tensor GenTensor() {
  Tensor t;
  t.name = GenString();
  t.data_type = GenDataType();
  t.dims = GenDims();
  t.format = Pick(std::vector<Format>{Format::kNone, Format::kNchw, Format::kNhwc, static_cast<Format>(9)});
  const size_t size = DataTypeSize(t.data_type);
  switch (*rc::gen::inRange(0, 4)) {
    case 0: break;                                                       // no data
    case 1: t.data = GenBytes(*rc::gen::inRange<size_t>(1, 12)); break;  // any length (maybe partial)
    default: t.data = GenBytes((size ? size : 1) * *rc::gen::inRange<size_t>(1, 20)); break;  // whole elements
  }
  const size_t quant_count = *rc::gen::inRange<size_t>(0, 3);
  for (size_t i = 0; i < quant_count; ++i) {
    t.quant_params.push_back(QuantParam{*rc::gen::arbitrary<int32_t>(), *rc::gen::arbitrary<int32_t>(), GenDouble()});
  }
  return t;
}

Attr GenAttr() {
  Attr a;
  a.name = Pick(std::vector<std::string>{"alpha", "padList", "mode", "with space", "", "x-y"});
  if (*rc::gen::inRange(0, 4) == 0) a.name = GenString();
  a.type = Pick(std::vector<AttrType>{AttrType::kBool, AttrType::kInt8, AttrType::kInt64, AttrType::kFloat32,
                                      AttrType::kString, static_cast<AttrType>(17)});
  const size_t n = *rc::gen::inRange<size_t>(0, 5);
  for (size_t i = 0; i < n; ++i) {
    switch (a.type) {
      case AttrType::kBool:
        a.ints.push_back(*rc::gen::inRange(0, 6) == 0 ? *rc::gen::arbitrary<int64_t>() : *rc::gen::inRange(0, 2));
        break;
      case AttrType::kInt8: a.ints.push_back(*rc::gen::arbitrary<int8_t>()); break;
      case AttrType::kFloat32: a.floats.push_back(GenFloat()); break;
      case AttrType::kString: break;
      default: a.ints.push_back(*rc::gen::arbitrary<int64_t>()); break;
    }
  }
  if (a.type == AttrType::kString) a.str = GenString();
  return a;
}

std::vector<uint32_t> GenIndices() {
  const auto index =
      rc::gen::weightedOneOf<uint32_t>({{5, rc::gen::inRange<uint32_t>(0, 8)}, {1, rc::gen::arbitrary<uint32_t>()}});
  return *rc::gen::container<std::vector<uint32_t>>(*rc::gen::inRange<size_t>(0, 4), index);
}

Node GenNode() {
  Node n;
  n.name = GenString();
  n.type = *rc::gen::inRange(0, 8) == 0 ? static_cast<NodeType>(*rc::gen::arbitrary<uint32_t>()) : Pick(AllNodeTypes());
  n.inputs = GenIndices();
  n.outputs = GenIndices();
  n.quant_type = Pick(std::vector<QuantType>{QuantType::kNone, QuantType::kAll, static_cast<QuantType>(-3)});
  const size_t attrs = *rc::gen::inRange<size_t>(0, 5);
  for (size_t i = 0; i < attrs; ++i) n.attrs.push_back(GenAttr());
  return n;
}

Model GenModel() {
  Model m;
  m.name = GenString();
  const size_t tensors = *rc::gen::inRange<size_t>(0, 6);
  for (size_t i = 0; i < tensors; ++i) m.tensors.push_back(GenTensor());
  const size_t nodes = *rc::gen::inRange<size_t>(0, 4);
  for (size_t i = 0; i < nodes; ++i) m.nodes.push_back(GenNode());
  m.inputs = GenIndices();
  m.outputs = GenIndices();
  const size_t subgraphs = *rc::gen::inRange<size_t>(0, 3);
  for (size_t i = 0; i < subgraphs; ++i)
    m.subgraphs.push_back(SubGraph{GenString(), GenIndices(), GenIndices(), GenIndices()});
  return m;
}

HostTensor GenNamedTensor() {
  HostTensor t;
  t.name = GenString();
  DataType type = GenDataType();
  while (DataTypeSize(type) == 0) type = GenDataType();
  t.data_type = type;
  t.dims = *rc::gen::container<Dims>(*rc::gen::inRange<size_t>(0, 4), rc::gen::inRange<int32_t>(0, 4));
  t.data = GenBytes(static_cast<size_t>(*ElementCount(t.dims)) * DataTypeSize(type));
  return t;
}

TestCase GenCase() {
  TestCase c;
  c.model = GenModel();
  const size_t inputs = *rc::gen::inRange<size_t>(0, 3);
  for (size_t i = 0; i < inputs; ++i) c.inputs.push_back(GenNamedTensor());
  const size_t expected = *rc::gen::inRange<size_t>(0, 3);
  for (size_t i = 0; i < expected; ++i) c.expected.push_back(GenNamedTensor());
  const size_t meta = *rc::gen::inRange<size_t>(0, 3);
  for (size_t i = 0; i < meta; ++i) c.meta.emplace_back(GenString(), GenString());
  return c;
}

// Field-by-field equality with floats and scales compared by bits.
bool SameQuant(const std::vector<QuantParam>& a, const std::vector<QuantParam>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].num_bits != b[i].num_bits || a[i].zero_point != b[i].zero_point ||
        DoubleBits(a[i].scale) != DoubleBits(b[i].scale)) {
      return false;
    }
  }
  return true;
}

bool SameModel(const Model& a, const Model& b) {
  if (a.name != b.name || a.inputs != b.inputs || a.outputs != b.outputs || a.tensors.size() != b.tensors.size() ||
      a.nodes.size() != b.nodes.size() || a.subgraphs.size() != b.subgraphs.size()) {
    return false;
  }
  for (size_t i = 0; i < a.tensors.size(); ++i) {
    const Tensor& x = a.tensors[i];
    const Tensor& y = b.tensors[i];
    if (x.name != y.name || x.data_type != y.data_type || x.dims != y.dims || x.format != y.format ||
        x.data != y.data || !SameQuant(x.quant_params, y.quant_params)) {
      return false;
    }
  }
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    const Node& x = a.nodes[i];
    const Node& y = b.nodes[i];
    if (x.name != y.name || x.type != y.type || x.inputs != y.inputs || x.outputs != y.outputs ||
        x.quant_type != y.quant_type || !(x.attrs == y.attrs)) {
      return false;
    }
  }
  for (size_t i = 0; i < a.subgraphs.size(); ++i) {
    const SubGraph& x = a.subgraphs[i];
    const SubGraph& y = b.subgraphs[i];
    if (x.name != y.name || x.inputs != y.inputs || x.outputs != y.outputs || x.nodes != y.nodes) return false;
  }
  return true;
}

bool SameNamed(const std::vector<HostTensor>& a, const std::vector<HostTensor>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || a[i].data_type != b[i].data_type || a[i].dims != b[i].dims ||
        a[i].data != b[i].data) {
      return false;
    }
  }
  return true;
}

RC_GTEST_PROP(TextFormatPropertyTest, PrintParsePrintIsIdentityAndParseRecoversTheModel, ()) {
  const Model m = GenModel();
  const std::string text = PrintModel(m);
  Model parsed;
  const Status s = ParseModel(text, &parsed);
  RC_ASSERT(s.ok());
  RC_ASSERT(PrintModel(parsed) == text);
  RC_ASSERT(SameModel(parsed, m));
}

RC_GTEST_PROP(TextFormatPropertyTest, CasePrintParseRecoversEverything, ()) {
  const TestCase c = GenCase();
  const std::string text = PrintCase(c);
  TestCase parsed;
  const Status s = ParseCase(text, &parsed);
  RC_ASSERT(s.ok());
  RC_ASSERT(PrintCase(parsed) == text);
  RC_ASSERT(SameModel(parsed.model, c.model));
  RC_ASSERT(SameNamed(parsed.inputs, c.inputs));
  RC_ASSERT(SameNamed(parsed.expected, c.expected));
  RC_ASSERT(parsed.meta == c.meta);
}

// Characters that matter to the grammar, so that mutations reach deep into the parser.
const char kSyntaxChars[] = "[](){},:\"#\\-+.0123456789abcdefxpnaiEtrue \n\t\x01\xff";

std::string Mutate(std::string text) {
  const int edits = *rc::gen::inRange(1, 6);
  for (int e = 0; e < edits; ++e) {
    const size_t at = text.empty() ? 0 : *rc::gen::inRange<size_t>(0, text.size() + 1);
    switch (*rc::gen::inRange(0, 5)) {
      case 0: text.insert(at, 1, kSyntaxChars[*rc::gen::inRange<size_t>(0, sizeof kSyntaxChars - 1)]); break;
      case 1:
        if (at < text.size()) text.erase(at, *rc::gen::inRange<size_t>(1, 16));
        break;
      case 2:
        if (at < text.size()) text[at] = kSyntaxChars[*rc::gen::inRange<size_t>(0, sizeof kSyntaxChars - 1)];
        break;
      case 3: text.resize(at); break;
      default:
        if (at < text.size()) text.insert(at, text.substr(at, *rc::gen::inRange<size_t>(1, 40)));
        break;
    }
  }
  return text;
}

void CheckParseIsTotal(const std::string& text) {
  TestCase c;
  const Status s = ParseCase(text, &c);
  RC_TAG(s.ok() ? "parses" : "rejected");
  if (s.ok()) {
    // Whatever parsed must print to text that parses to the same print.
    TestCase again;
    RC_ASSERT(ParseCase(PrintCase(c), &again).ok());
    RC_ASSERT(PrintCase(again) == PrintCase(c));
  } else {
    RC_ASSERT(IsLineColError(s));
  }
  Model m;
  const Status ms = ParseModel(text, &m);
  RC_ASSERT(ms.ok() || IsLineColError(ms));
}

RC_GTEST_PROP(TextFormatPropertyTest, MutatedTextNeverCrashesAndErrorsHaveLineCol, ()) {
  const bool canonical = *rc::gen::inRange(0, 3) == 0;
  const std::string base = canonical ? std::string(kCanonicalCase) : PrintCase(GenCase());
  CheckParseIsTotal(Mutate(base));
}

RC_GTEST_PROP(TextFormatPropertyTest, RandomTextNeverCrashesAndErrorsHaveLineCol, ()) {
  const auto ch = rc::gen::weightedOneOf<char>(
      {{3, rc::gen::elementOf(std::vector<char>(kSyntaxChars, kSyntaxChars + sizeof kSyntaxChars - 1))},
       {1, rc::gen::arbitrary<char>()}});
  const std::string body = *rc::gen::container<std::string>(ch);
  CheckParseIsTotal(body);
  CheckParseIsTotal("nnrt-case 1\n" + body);
}

}  // namespace
}  // namespace nnrt
