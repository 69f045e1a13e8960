// Binary side data (docs/text_format.md "Binary side data", C-897): large
// model tensors written to PATH.bin read back to the same case; bad names,
// short files and cases parsed from a string are refused.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "reference/text_format/text_format.h"

namespace nnrt {
namespace {

std::string TempPath(const std::string& leaf) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + leaf;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TestCase TwoConstants() {
  TestCase c;
  c.model.name = "m";
  Tensor big;
  big.name = "big";
  big.data_type = DataType::kFloat32;
  big.dims = {3, 5};
  for (int i = 0; i < 15; ++i) {
    const float v = -0.0f + static_cast<float>(i) * 0.1f;
    const uint8_t* b = reinterpret_cast<const uint8_t*>(&v);
    big.data.insert(big.data.end(), b, b + 4);
  }
  Tensor small = big;
  small.name = "small";
  small.dims = {1};
  small.data.resize(4);
  Tensor x;
  x.name = "x";
  x.dims = {3, 5};
  c.model.tensors = {big, small, x, big};
  c.model.tensors[3].name = "big2";
  c.model.inputs = {2};
  HostTensor in;
  in.name = "x";
  in.dims = {3, 5};
  in.data = big.data;
  c.inputs.push_back(in);
  return c;
}

TEST(TextFormatSideDataTest, RoundTripsThroughTheSideFile) {
  const TestCase c = TwoConstants();
  const std::string path = TempPath("side.nnrt");
  ASSERT_TRUE(WriteCaseFileWithSideData(path, c, 16).ok());
  const std::string text = ReadAll(path);
  EXPECT_NE(text.find("tensor 0 \"big\" float32 [3,5] nhwc data file(\"side.nnrt.bin\", 0, 60)"), std::string::npos) << text;
  EXPECT_NE(text.find("tensor 3 \"big2\" float32 [3,5] nhwc data file(\"side.nnrt.bin\", 64, 60)"), std::string::npos) << text;
  EXPECT_EQ(text.find("\"small\" float32 [1] nhwc data file"), std::string::npos) << text;  // below min_bytes: text
  EXPECT_EQ(ReadAll(path + ".bin").size(), 124u);
  TestCase back;
  const Status s = ReadCaseFile(path, &back);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(PrintCase(back), PrintCase(c));  // the same case; PrintCase writes values inline
  EXPECT_EQ(PrintCase(back).find("file("), std::string::npos);
}

TEST(TextFormatSideDataTest, RefusesPathsShortFilesAndStrings) {
  const std::string path = TempPath("side2.nnrt");
  ASSERT_TRUE(WriteCaseFileWithSideData(path, TwoConstants(), 16).ok());
  const std::string text = ReadAll(path);
  TestCase back;
  // From a string there is no directory.
  Status s = ParseCase(text, &back);
  EXPECT_EQ(s.code(), NNRT_INVALID_FILE);
  EXPECT_NE(s.message().find("needs the case's directory"), std::string::npos) << s.message();
  // A path outside the case's directory.
  std::string bad = text;
  bad.replace(bad.find("\"side2.nnrt.bin\""), 16, "\"../etc/passwd\"");
  std::ofstream(TempPath("bad_path.nnrt")) << bad;
  s = ReadCaseFile(TempPath("bad_path.nnrt"), &back);
  EXPECT_EQ(s.code(), NNRT_INVALID_FILE);
  EXPECT_NE(s.message().find("plain file name"), std::string::npos) << s.message();
  // A side file shorter than the reference.
  std::ofstream(path + ".bin", std::ios::trunc) << "short";
  s = ReadCaseFile(path, &back);
  EXPECT_EQ(s.code(), NNRT_INVALID_FILE);
  EXPECT_NE(s.message().find("has no 60 bytes at offset 0"), std::string::npos) << s.message();
  // A length that is not the element count times the type size.
  std::string wrong = text;
  wrong.replace(wrong.find(", 0, 60)"), 8, ", 0, 56)");
  std::ofstream(TempPath("wrong_len.nnrt")) << wrong;
  s = ReadCaseFile(TempPath("wrong_len.nnrt"), &back);
  EXPECT_EQ(s.code(), NNRT_INVALID_FILE);
  EXPECT_NE(s.message().find("side data of 56 bytes for 15 float32 elements"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace nnrt
