// Tests of seeded constants (seeded_data.h, docs/text_format.md "Seeded data",
// C-770): the generator pinned to values computed independently (SplitMix64
// test vectors, Python's IEEE conversions), the round trip of seeded specs
// through PrintCase / ParseCase, the printer falling back to explicit values
// when the data no longer matches, and every error the parser reports.
#include "reference/cases/seeded_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "reference/text_format/text_format.h"

namespace nnrt {
namespace {

template <typename T>
std::vector<T> Expand(const SeededData& spec, DataType t, size_t n) {
  std::vector<uint8_t> bytes;
  const Status s = ExpandSeededData(spec, t, n, &bytes);
  EXPECT_TRUE(s.ok()) << s.ToString();
  std::vector<T> out(bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

std::string ParseMessage(const std::string& text) {
  TestCase c;
  const Status s = ParseCase(text, &c);
  EXPECT_FALSE(s.ok()) << text;
  return s.message();
}

// SplitMix64 seed 1234567 gives 6457827717110365317, 3203168211198807973,
// 9817491932198370423 (the published test vector); integers over the full
// int64 range adds each raw output to lo = -2^63 modulo 2^64.
TEST(SeededDataTest, GeneratorIsSplitMix64) {
  const auto v = Expand<int64_t>(SeededData::Integers(1234567, INT64_MIN, INT64_MAX), DataType::kInt64, 3);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(static_cast<uint64_t>(v[0]), 6457827717110365317ull + (1ull << 63));
  EXPECT_EQ(static_cast<uint64_t>(v[1]), 3203168211198807973ull + (1ull << 63));
  EXPECT_EQ(static_cast<uint64_t>(v[2]), 9817491932198370423ull + (1ull << 63));
}

// Uniform: lo + (hi - lo) * ((x >> 11) * 2^-53) in binary64, then one RNE
// rounding to the type (float32 and float16 directly from the double).
TEST(SeededDataTest, UniformRoundsOnceToEachFloatType) {
  const SeededData spec = SeededData::Uniform(0, -0.5, 0.5);
  const auto f64 = Expand<double>(spec, DataType::kFloat64, 3);
  EXPECT_EQ(f64[0], 0x1.8882a0e5ec772p-2);
  EXPECT_EQ(f64[1], -0x1.18761955e46a0p-4);
  EXPECT_EQ(f64[2], -0x1.e4ee8b9dffdb0p-2);
  const auto f32 = Expand<uint32_t>(spec, DataType::kFloat32, 3);
  EXPECT_EQ(f32, (std::vector<uint32_t>{1053049168u, 3180083981u, 3203561286u}));
  const auto f16 = Expand<uint16_t>(spec, DataType::kFloat16, 3);
  EXPECT_EQ(f16, (std::vector<uint16_t>{0x3622, 0xac62, 0xb794}));
}

TEST(SeededDataTest, NormalIrwinHallIsTwelveUniformsMinusSix) {
  const auto v = Expand<double>(SeededData::NormalIrwinHall(3, 0.25, 0.5), DataType::kFloat64, 1);
  EXPECT_EQ(v[0], 0x1.5501431ef8328p-2);  // z = 0x1.54050c7be0ca0p-3
  const auto f32 = Expand<uint32_t>(SeededData::NormalIrwinHall(3, 0.25, 0.5), DataType::kFloat32, 1);
  EXPECT_EQ(f32[0], 0x3eaa80a2u);
}

TEST(SeededDataTest, NormalIrwinHallMomentsAndBound) {
  const auto v = Expand<double>(SeededData::NormalIrwinHall(11, 1.0, 2.0), DataType::kFloat64, 20000);
  double sum = 0, sq = 0;
  for (double x : v) {
    EXPECT_LE(std::fabs(x - 1.0), 12.0);
    sum += x;
    sq += (x - 1.0) * (x - 1.0);
  }
  EXPECT_NEAR(sum / v.size(), 1.0, 0.05);  // standard error 2/sqrt(20000) = 0.014
  EXPECT_NEAR(std::sqrt(sq / v.size()), 2.0, 0.05);
}

TEST(SeededDataTest, IntegersCoverTheInclusiveRange) {
  const auto v = Expand<int8_t>(SeededData::Integers(7, -127, 127), DataType::kInt8, 4);
  EXPECT_EQ(v, (std::vector<int8_t>{-25, -103, 89, 71}));  // -127 + x mod 255
  const auto b = Expand<uint8_t>(SeededData::Integers(5, 0, 1), DataType::kBool, 64);
  bool seen[2] = {false, false};
  for (uint8_t x : b) {
    ASSERT_LE(x, 1);
    seen[x] = true;
  }
  EXPECT_TRUE(seen[0] && seen[1]);
  const auto u = Expand<uint8_t>(SeededData::Integers(9, 255, 255), DataType::kUint8, 3);
  EXPECT_EQ(u, (std::vector<uint8_t>{255, 255, 255}));
}

TEST(SeededDataTest, ChecksFitTheType) {
  EXPECT_FALSE(CheckSeededData(SeededData::Uniform(1, 0, 1), DataType::kInt8).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Integers(1, 0, 1), DataType::kFloat32).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Integers(1, -129, 0), DataType::kInt8).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Integers(1, 0, 2), DataType::kBool).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Integers(1, 3, 2), DataType::kInt32).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Uniform(1, 1, 0), DataType::kFloat32).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Uniform(1, 0, 70000), DataType::kFloat16).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Uniform(1, -1e308, 1e308), DataType::kFloat64).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::Uniform(1, 0, INFINITY), DataType::kFloat64).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::NormalIrwinHall(1, 0, -1), DataType::kFloat32).ok());
  EXPECT_FALSE(CheckSeededData(SeededData::NormalIrwinHall(1, 65000, 100), DataType::kFloat16).ok());
  EXPECT_TRUE(CheckSeededData(SeededData::Uniform(1, -65504, 65504), DataType::kFloat16).ok());
  EXPECT_TRUE(CheckSeededData(SeededData::Integers(1, INT64_MIN, INT64_MAX), DataType::kInt64).ok());
}

// On an integer tensor with quant params a uniform draw v is stored as
// clamp(round_half_away(v / s + z)) with its channel's params (axis 0).
TEST(SeededDataTest, QuantizedIntegerTensorsQuantizeTheDraws) {
  const SeededData spec = SeededData::Uniform(0, -0.5, 0.5);  // 0x1.8882a0e5ec772p-2, -0x1.18761955e46a0p-4, ...
  std::vector<uint8_t> bytes;
  QuantParam a, b;
  a.scale = 0x1p-8;
  b.scale = 0x1p-6;
  b.zero_point = 10;
  ASSERT_TRUE(ExpandSeededData(spec, DataType::kInt8, 4, &bytes, {a, b}).ok());
  EXPECT_EQ(bytes, (std::vector<uint8_t>{98, static_cast<uint8_t>(-18), static_cast<uint8_t>(-20), 40}));
  QuantParam tiny;
  tiny.scale = 0x1p-9;  // 0.383 / 2^-9 = 196: clamped to 127
  ASSERT_TRUE(ExpandSeededData(spec, DataType::kInt8, 1, &bytes, {tiny}).ok());
  EXPECT_EQ(bytes, (std::vector<uint8_t>{127}));
  QuantParam bias;
  bias.scale = 0x1p-20;
  ASSERT_TRUE(ExpandSeededData(spec, DataType::kInt32, 2, &bytes, {bias}).ok());
  int32_t q[2];
  std::memcpy(q, bytes.data(), 8);
  EXPECT_EQ(q[0], 401931);
  EXPECT_EQ(q[1], -71798);
  EXPECT_FALSE(ExpandSeededData(spec, DataType::kInt8, 3, &bytes, {a, b}).ok());  // 3 elements, 2 channels
  QuantParam zero;
  zero.scale = 0;
  EXPECT_FALSE(ExpandSeededData(spec, DataType::kInt8, 1, &bytes, {zero}).ok());
  EXPECT_FALSE(ExpandSeededData(spec, DataType::kInt8, 1, &bytes).ok());  // no quant params: integers only
  // Through the text: the spec is kept while it matches the quantized bytes.
  const std::string text =
      "nnrt-case 1\nmodel \"m\" {\n  tensor 0 \"w\" int8 [2,2] nchw quant [(8, 0, 0x1p-8), (8, 10, 0x1p-6)] data "
      "seeded(0, uniform, -0x1p-1, 0x1p-1)\n  inputs []\n  outputs []\n}\n";
  TestCase c;
  ASSERT_TRUE(ParseCase(text, &c).ok()) << ParseCase(text, &c).ToString();
  EXPECT_EQ(c.model.tensors[0].data, (std::vector<uint8_t>{98, static_cast<uint8_t>(-18), static_cast<uint8_t>(-20), 40}));
  EXPECT_EQ(PrintCase(c), text);
  c.model.tensors[0].quant_params[1].zero_point = 11;  // the bytes no longer match the spec: written out
  EXPECT_NE(PrintCase(c).find("data [98, -18, -20, 40]"), std::string::npos);
}

const char kSeededCase[] =
    R"(nnrt-case 1
model "fc" {
  tensor 0 "x" float32 [2,3] nhwc
  tensor 1 "w" float32 [4,3] nhwc data seeded(42, uniform, -0x1p-1, 0x1p-1)
  tensor 2 "b" float16 [4] nhwc data seeded(43, normal_irwin_hall, 0x0p+0, 0x1.999999999999ap-4)
  tensor 3 "q" int8 [4,3] nchw quant [(8, 0, 0x1p-7)] data seeded(18446744073709551615, integers, -127, 127)
  tensor 4 "y" float32 [2,4] nhwc
  node 0 "fc" FULL_CONNECTION inputs [0,1,2] outputs [4] quant none {}
  inputs [0]
  outputs [4]
}
input "x" float32 [2,3] data seeded(1, uniform, -0x1p+0, 0x1p+0)
expected "y" float32 [1] data [0x1p+0]
)";

TEST(SeededDataTest, CaseRoundTripsWithItsSpecsAndExpandedData) {
  TestCase c;
  ASSERT_TRUE(ParseCase(kSeededCase, &c).ok()) << ParseCase(kSeededCase, &c).ToString();
  EXPECT_EQ(PrintCase(c), kSeededCase);
  ASSERT_EQ(c.seeded_tensors.size(), 3u);
  EXPECT_EQ(c.seeded_tensors.at(1), SeededData::Uniform(42, -0.5, 0.5));
  EXPECT_EQ(c.seeded_tensors.at(3), SeededData::Integers(UINT64_MAX, -127, 127));
  ASSERT_EQ(c.seeded_inputs.size(), 1u);
  EXPECT_EQ(c.seeded_inputs.at(0), SeededData::Uniform(1, -1.0, 1.0));
  // Consumers read the expanded values.
  std::vector<uint8_t> w;
  ASSERT_TRUE(ExpandSeededData(SeededData::Uniform(42, -0.5, 0.5), DataType::kFloat32, 12, &w).ok());
  EXPECT_EQ(c.model.tensors[1].data, w);
  EXPECT_EQ(c.model.tensors[2].data.size(), 8u);
  EXPECT_EQ(c.inputs[0].data.size(), 24u);
}

TEST(SeededDataTest, ChangedDataPrintsExplicitValues) {
  TestCase c;
  ASSERT_TRUE(ParseCase(kSeededCase, &c).ok());
  c.model.tensors[3].data[0] ^= 1;  // a mutation keeps the spec in the map but no longer matches it
  c.inputs[0].dims = {3, 2};        // same bytes, other dims: still the same expansion
  const std::string printed = PrintCase(c);
  EXPECT_EQ(printed.find("seeded(18446744073709551615"), std::string::npos);
  EXPECT_NE(printed.find("tensor 3 \"q\" int8 [4,3] nchw quant [(8, 0, 0x1p-7)] data ["), std::string::npos);
  EXPECT_NE(printed.find("input \"x\" float32 [3,2] data seeded(1, uniform"), std::string::npos);
  TestCase reparsed;
  ASSERT_TRUE(ParseCase(printed, &reparsed).ok());
  EXPECT_EQ(reparsed.model.tensors[3].data, c.model.tensors[3].data);
  EXPECT_EQ(PrintCase(reparsed), printed);
}

TEST(SeededDataTest, ExpectedValuesAndLoneModelsRefuseSeededData) {
  EXPECT_NE(ParseMessage("nnrt-case 1\nmodel \"m\" {}\nexpected \"y\" float32 [2] data seeded(1, uniform, 0, 1)\n")
                .find("3:31: seeded data is allowed only in the model tensors and inputs"),
            std::string::npos);
  Model m;
  EXPECT_FALSE(ParseModel("model \"m\" { tensor 0 \"w\" float32 [2] nhwc data seeded(1, uniform, 0, 1) }", &m).ok());
}

TEST(SeededDataTest, ParseErrorsPointAtTheSpec) {
  auto with_tensor = [](const std::string& decl) { return "nnrt-case 1\nmodel \"m\" {\n  tensor 0 \"w\" " + decl + "\n}\n"; };
  EXPECT_NE(ParseMessage(with_tensor("float32 [2] nhwc data seeded(-1, uniform, 0, 1)")).find("the seed must be"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("float32 [2] nhwc data seeded(1, gauss, 0, 1)")).find("unknown distribution"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("int8 [2] nhwc data seeded(1, uniform, 0, 1)")).find("fills float tensors"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("int8 [2] nhwc data seeded(1, integers, 0, 128)")).find("outside the range"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("int8 [2] nhwc data seeded(1, integers, 0.5, 1)")).find("lo"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("float32 [2,-1] nhwc data seeded(1, uniform, 0, 1)")).find("needs dims > 0"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("float32 [0] nhwc data seeded(1, uniform, 0, 1)")).find("needs dims > 0"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("float32 [2] nhwc data seeded(1, uniform, 0, 1")).find("to close seeded"),
            std::string::npos);
  EXPECT_NE(ParseMessage(with_tensor("float32 [2] nhwc data seeded(1, uniform, nan, 1)")).find("finite"),
            std::string::npos);
  EXPECT_EQ(ParseMessage(with_tensor("float32 [2] nhwc data seeded(1, uniform, 1, 0)")),
            "3:48: seeded data: uniform needs lo <= hi");
}

// C-15: the expanded bytes count against the limit before anything is allocated.
TEST(SeededDataTest, ExpansionBeyondTheDataLimitIsRefused) {
  const std::string text =
      "nnrt-case 1\nmodel \"m\" {\n  tensor 0 \"w\" float32 [65536,65536] nhwc data seeded(1, uniform, 0, 1)\n}\n";
  TestCase c;
  const Status s = ParseCase(text, &c, 1 << 20);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("exceeds the limit"), std::string::npos) << s.message();
  EXPECT_FALSE(ParseCase(text, &c).ok());  // 16 GiB > 1 GiB default
  const std::string small =
      "nnrt-case 1\nmodel \"m\" {\n  tensor 0 \"w\" float32 [256] nhwc data seeded(1, uniform, 0, 1)\n}\n";
  EXPECT_TRUE(ParseCase(small, &c, 1024).ok());
  EXPECT_FALSE(ParseCase(small, &c, 1023).ok());
}

}  // namespace
}  // namespace nnrt
