// Tests of the model zoo (docs/models.md): every model builds through the
// OH_NN C API in every variant, runs on the reference, has the documented
// output shapes and sane outputs (probabilities sum to 1, detection boxes near
// the unit square, layer-norm rows normalised), its int8 calibration covers
// the float ranges, and its seeded weights survive the text format.
#include "zoo/zoo.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "zoo/calibration.h"
#include "reference/cases/run_on_reference.h"
#include "reference/text_format/text_format.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace zoo {
namespace {

std::vector<double> Values(const HostTensor& t) {
  std::vector<double> v;
  if (t.data_type == DataType::kFloat32) {
    for (size_t i = 0; i + 4 <= t.data.size(); i += 4) {
      float f;
      std::memcpy(&f, t.data.data() + i, 4);
      v.push_back(f);
    }
  }
  return v;
}

const ZooModel& Model(const std::string& name) {
  for (const ZooModel& m : ZooModels()) {
    if (m.name == name) return m;
  }
  ADD_FAILURE() << "no zoo model " << name;
  return ZooModels().front();
}

// Builds and runs one variant; fails the test on any error.
std::vector<HostTensor> RunZoo(const std::string& name, ZooVariant variant, TestCase* c = nullptr) {
  TestCase local;
  TestCase* tc = c ? c : &local;
  const Status built = BuildZooCase(Model(name), variant, tc);
  EXPECT_TRUE(built.ok()) << built.ToString();
  std::vector<HostTensor> out;
  std::string stage;
  const auto start = std::chrono::steady_clock::now();
  const Status run = RunCaseOnReference(*tc, &out, &stage);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(run.ok()) << name << " " << ZooVariantName(variant) << " " << stage << ": " << run.ToString();
  std::printf("[zoo] %s %s: reference run %.3f s\n", name.c_str(), ZooVariantName(variant), seconds);
  return out;
}

void ExpectProbabilities(const HostTensor& t, const Dims& dims) {
  EXPECT_EQ(t.dims, dims);
  const std::vector<double> p = Values(t);
  ASSERT_FALSE(p.empty());
  double sum = 0;
  for (double x : p) {
    EXPECT_GE(x, 0.0);
    EXPECT_LE(x, 1.0);
    sum += x;
  }
  EXPECT_NEAR(sum, 1.0, 1e-5);  // float32 softmax of 10 values: a few ulps of 1
}

TEST(ZooTest, EveryModelHasItsVariants) {
  ASSERT_EQ(ZooModels().size(), 5u);
  for (const ZooModel& m : ZooModels()) {
    SCOPED_TRACE(m.name);
    for (ZooVariant v : {ZooVariant::kFloat32, ZooVariant::kFloat16}) {
      TestCase c;
      ASSERT_TRUE(BuildZooCase(m, v, &c).ok());
      EXPECT_EQ(c.inputs.size(), c.model.inputs.size());
      EXPECT_FALSE(c.seeded_tensors.empty());
      const bool fp16 = !c.meta.empty() && c.meta.back() == std::make_pair(std::string(kMetaEnableFloat16), std::string("true"));
      EXPECT_EQ(fp16, v == ZooVariant::kFloat16);
    }
    TestCase c;
    const Status int8 = BuildZooCase(m, ZooVariant::kInt8, &c);
    EXPECT_EQ(int8.ok(), m.float_only_reason.empty()) << int8.ToString();
    if (!int8.ok()) {
      EXPECT_EQ(int8.code(), NNRT_UNSUPPORTED_OP);
    }
  }
}

TEST(ZooTest, ClassifiersGiveProbabilities) {
  for (const char* name : {"mobilenet_v2", "resnet18"}) {
    SCOPED_TRACE(name);
    const auto out = RunZoo(name, ZooVariant::kFloat32);
    ASSERT_EQ(out.size(), 1u);
    ExpectProbabilities(out[0], {1, 10});
  }
  const auto lstm = RunZoo("lstm_classifier", ZooVariant::kFloat32);
  ASSERT_EQ(lstm.size(), 1u);
  ExpectProbabilities(lstm[0], {1, 5});
}

TEST(ZooTest, TransformerRowsAreLayerNormalised) {
  const auto out = RunZoo("transformer_encoder", ZooVariant::kFloat32);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dims, (Dims{16, 32}));
  const std::vector<double> y = Values(out[0]);
  ASSERT_EQ(y.size(), 16u * 32u);
  for (int r = 0; r < 16; ++r) {
    double mean = 0, var = 0;
    for (int c = 0; c < 32; ++c) mean += y[r * 32 + c] / 32;
    for (int c = 0; c < 32; ++c) var += (y[r * 32 + c] - mean) * (y[r * 32 + c] - mean) / 32;
    // gamma in [7/8, 9/8] and beta in [-1/16, 1/16]: the row's spread stays near 1, its mean near 0.
    EXPECT_LT(std::fabs(mean), 0.25) << "row " << r;
    EXPECT_GT(std::sqrt(var), 0.6) << "row " << r;
    EXPECT_LT(std::sqrt(var), 1.4) << "row " << r;
  }
}

void ExpectDetections(const std::vector<HostTensor>& out) {
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].dims, (Dims{1, 8, 4}));
  EXPECT_EQ(out[1].dims, (Dims{1, 8}));
  EXPECT_EQ(out[2].dims, (Dims{1, 8}));
  EXPECT_EQ(out[3].dims, (Dims{1}));
  const std::vector<double> count = Values(out[3]);
  ASSERT_EQ(count.size(), 1u);
  EXPECT_GE(count[0], 1.0);  // the seeded input gives detections: the case checks decoding and NMS
  EXPECT_LE(count[0], 8.0);
  const std::vector<double> boxes = Values(out[0]), classes = Values(out[1]), scores = Values(out[2]);
  for (int i = 0; i < static_cast<int>(count[0]); ++i) {
    // Anchors lie in [0, 1]; encodings scaled by 1/10 and 1/5 move them by a fraction of their size.
    for (int k = 0; k < 4; ++k) {
      EXPECT_GT(boxes[i * 4 + k], -0.5);
      EXPECT_LT(boxes[i * 4 + k], 1.5);
    }
    EXPECT_LT(boxes[i * 4], boxes[i * 4 + 2]);
    EXPECT_LT(boxes[i * 4 + 1], boxes[i * 4 + 3]);
    EXPECT_GE(scores[i], 0.25);  // the score threshold
    EXPECT_LE(scores[i], 1.0);
    if (i > 0) {
      EXPECT_LE(scores[i], scores[i - 1]);
    }
    EXPECT_TRUE(classes[i] == 0 || classes[i] == 1 || classes[i] == 2);
  }
}

TEST(ZooTest, SsdHeadDetectsBoxesNearTheUnitSquare) { ExpectDetections(RunZoo("ssd_lite_head", ZooVariant::kFloat32)); }

TEST(ZooTest, Int8VariantsRunWithSaneOutputs) {
  for (const char* name : {"mobilenet_v2", "resnet18"}) {
    SCOPED_TRACE(name);
    const auto out = RunZoo(name, ZooVariant::kInt8);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].data_type, DataType::kInt8);
    EXPECT_EQ(out[0].dims, (Dims{1, 10}));
  }
  ExpectDetections(RunZoo("ssd_lite_head", ZooVariant::kInt8));
  const auto encoder = RunZoo("transformer_encoder", ZooVariant::kInt8);
  ASSERT_EQ(encoder.size(), 1u);
  EXPECT_EQ(encoder[0].dims, (Dims{16, 32}));
}

// The int8 classifiers compute nearly the float function: on the same seeded
// image (the int8 input is the float input quantized with the calibrated
// params), the dequantized probabilities stay within 0.05 of the float ones.
// A sanity bound, not a conformance tolerance: it catches a calibration or
// bias-scale mistake (which moves probabilities by far more), and the
// measured differences are printed.
TEST(ZooTest, Int8ClassifiersTrackTheFloatClassifiers) {
  for (const char* name : {"mobilenet_v2", "resnet18"}) {
    SCOPED_TRACE(name);
    TestCase f, q;
    ASSERT_TRUE(BuildZooCase(Model(name), ZooVariant::kFloat32, &f).ok());
    ASSERT_TRUE(BuildZooCase(Model(name), ZooVariant::kInt8, &q).ok());
    const Tensor& qin = q.model.tensors[q.model.inputs[0]];
    const std::vector<double> x = Values(f.inputs[0]);
    for (size_t i = 0; i < x.size(); ++i) {
      const QuantParam& p = qin.quant_params[0];
      q.inputs[0].data[i] = static_cast<uint8_t>(QuantizeHalfAwayFromZero(x[i], p.scale, p.zero_point, -128, 127));
    }
    q.seeded_inputs.clear();
    std::vector<HostTensor> fo, qo;
    std::string stage;
    ASSERT_TRUE(RunCaseOnReference(f, &fo, &stage).ok());
    ASSERT_TRUE(RunCaseOnReference(q, &qo, &stage).ok());
    const Tensor& qout = q.model.tensors[q.model.outputs[0]];
    const std::vector<double> pf = Values(fo[0]);
    double worst = 0;
    for (size_t i = 0; i < pf.size(); ++i) {
      const double pq = Dequantize(static_cast<int8_t>(qo[0].data[i]), qout.quant_params[0].scale,
                                   qout.quant_params[0].zero_point);
      worst = std::max(worst, std::fabs(pq - pf[i]));
    }
    const auto [lo, hi] = std::minmax_element(pf.begin(), pf.end());
    std::printf("[zoo] %s int8 vs float32 probabilities: max difference %.4f (float probabilities %.4f..%.4f)\n",
                name, worst, *lo, *hi);
    EXPECT_LT(worst, 0.05);
  }
}

const Tensor* FindTensor(const TestCase& c, const std::string& name) {
  for (const Tensor& t : c.model.tensors) {
    if (t.name == name) return &t;
  }
  ADD_FAILURE() << "no tensor " << name;
  return nullptr;
}

// C-772: some attention logits of the encoder exceed log(FLT_MAX) = 88.72,
// where float32 exp overflows unless the row maximum is subtracted first.
TEST(ZooTest, EncoderAttentionLogitsPassFloatExpOverflow) {
  CalibrationTable table;
  ASSERT_TRUE(CalibrateZooModel(Model("transformer_encoder"), &table).ok());
  ASSERT_EQ(table.count("scores.scaled"), 1u);
  EXPECT_GT(table.at("scores.scaled").hi, std::log(static_cast<double>(FLT_MAX)));
}

// C-774, C-775: the SSD head's scores carry a background column (3 classes +
// 1); the encoder's row embedding broadcasts over an inner axis.
TEST(ZooTest, BackgroundColumnAndInnerAxisBroadcastAreInTheGraphs) {
  TestCase ssd, encoder;
  ASSERT_TRUE(BuildZooCase(Model("ssd_lite_head"), ZooVariant::kFloat32, &ssd).ok());
  ASSERT_TRUE(BuildZooCase(Model("transformer_encoder"), ZooVariant::kFloat32, &encoder).ok());
  const Tensor* scores = FindTensor(ssd, "class.scores");
  const Tensor* rows = FindTensor(encoder, "positions.rows");
  ASSERT_TRUE(scores != nullptr && rows != nullptr);
  EXPECT_EQ(scores->dims, (Dims{1, 32, 4}));
  EXPECT_EQ(rows->dims, (Dims{4, 1, 32}));
  // On the golden input the background wins some anchors above the score threshold.
  ssd.model.outputs = {static_cast<uint32_t>(scores - ssd.model.tensors.data())};
  std::vector<HostTensor> out;
  std::string stage;
  ASSERT_TRUE(RunCaseOnReference(ssd, &out, &stage).ok()) << stage;
  ASSERT_EQ(out.size(), 1u);
  const std::vector<double> s = Values(out[0]);
  ASSERT_EQ(s.size(), 32u * 4u);
  int background_wins = 0;
  for (size_t a = 0; a < 32; ++a) {
    const double* row = &s[a * 4];
    if (row[0] >= 0.25 && row[0] > std::max({row[1], row[2], row[3]})) ++background_wins;
  }
  std::printf("[zoo] ssd_lite_head: background wins %d of 32 anchors\n", background_wins);
  EXPECT_GT(background_wins, 0);
  EXPECT_LT(background_wins, 32);
}

// Every float activation seen in calibration lies inside the representable
// range of its int8 params (within half a step at the ends).
TEST(ZooTest, Int8CalibrationCoversTheFloatRange) {
  for (const ZooModel& m : ZooModels()) {
    if (!m.float_only_reason.empty()) continue;
    SCOPED_TRACE(m.name);
    CalibrationTable table;
    ASSERT_TRUE(CalibrateZooModel(m, &table).ok());
    EXPECT_GT(table.size(), 10u);
    for (const auto& [name, range] : table) {
      const QuantParam q = ActivationQuantFromRange(range);
      const double lo = (-128 - q.zero_point) * q.scale, hi = (127 - q.zero_point) * q.scale;
      EXPECT_LE(lo, range.lo + q.scale / 2) << name;
      EXPECT_GE(hi, range.hi - q.scale / 2) << name;
      EXPECT_LE(lo, 0.0) << name;  // zero is always representable
      EXPECT_GE(hi, 0.0) << name;
    }
  }
}

TEST(ZooTest, CalibrationRuleByHand) {
  const QuantParam a = ActivationQuantFromRange({-1.0, 3.0});  // [-1, 3]: scale 4/255, zp = round(-128 + 63.75) = -64
  EXPECT_EQ(a.scale, 4.0 / 255.0);
  EXPECT_EQ(a.zero_point, -64);
  const QuantParam relu = ActivationQuantFromRange({0.5, 6.0});  // widened to [0, 6]: zp -128
  EXPECT_EQ(relu.zero_point, -128);
  const std::vector<QuantParam> w = SymmetricWeightParams({0.5, -0.25, 0.0, 0.0, -1.0, 2.0}, 3);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_EQ(w[0].scale, 0.5 / 127);
  EXPECT_EQ(w[1].scale, 1.0);  // all-zero channel
  EXPECT_EQ(w[2].scale, 2.0 / 127);
  EXPECT_EQ(w[2].zero_point, 0);
  const std::vector<QuantParam> b = BiasParams(0.5, w);
  EXPECT_EQ(b[0].scale, 0.5 * (0.5 / 127));
  EXPECT_EQ(b[2].zero_point, 0);
}

// The int8 weights are the float model's draws quantized per channel, and
// the text keeps them seeded: int8 files stay as small as the float ones.
TEST(ZooTest, Int8WeightsAreTheFloatDrawsQuantizedAndStaySeeded) {
  TestCase f, q;
  ASSERT_TRUE(BuildZooCase(Model("resnet18"), ZooVariant::kFloat32, &f).ok());
  ASSERT_TRUE(BuildZooCase(Model("resnet18"), ZooVariant::kInt8, &q).ok());
  ASSERT_EQ(f.model.tensors.size(), q.model.tensors.size());
  int weights = 0;
  for (const auto& [index, spec] : f.seeded_tensors) {
    const Tensor& tf = f.model.tensors[index];
    const Tensor& tq = q.model.tensors[index];
    if (tq.data_type != DataType::kInt8) continue;
    ASSERT_EQ(q.seeded_tensors.at(index), spec);
    ASSERT_EQ(tq.quant_params.size(), static_cast<size_t>(tq.dims[0]));
    const size_t per_channel = tq.data.size() / tq.quant_params.size();
    for (size_t i = 0; i < tq.data.size(); ++i) {
      float w;
      std::memcpy(&w, tf.data.data() + 4 * i, 4);
      const double s = tq.quant_params[i / per_channel].scale;
      // |w - q s| <= s/2 up to the float32 rounding of w
      EXPECT_LE(std::fabs(double{w} - static_cast<int8_t>(tq.data[i]) * s), s / 2 + std::fabs(w) * 0x1p-23) << tf.name;
      EXPECT_NE(static_cast<int8_t>(tq.data[i]), -128);
    }
    ++weights;
  }
  EXPECT_EQ(weights, 21);  // stem, 16 block convs, 3 shortcuts, the classifier
  TestCase explicit_values = q;
  explicit_values.seeded_tensors.clear();
  EXPECT_LT(10 * PrintCase(q).size(), PrintCase(explicit_values).size());  // about 54 kB instead of 950 kB
}

TEST(ZooTest, CasesKeepTheirWeightsSeededThroughTheTextFormat) {
  TestCase c;
  ASSERT_TRUE(BuildZooCase(Model("resnet18"), ZooVariant::kFloat32, &c).ok());
  const std::string text = PrintCase(c);
  EXPECT_NE(text.find("data seeded("), std::string::npos);
  EXPECT_LT(text.size(), 20000u) << "weights written out instead of seeded";
  TestCase parsed;
  ASSERT_TRUE(ParseCase(text, &parsed).ok());
  ASSERT_EQ(parsed.model.tensors.size(), c.model.tensors.size());
  for (size_t i = 0; i < c.model.tensors.size(); ++i) EXPECT_EQ(parsed.model.tensors[i].data, c.model.tensors[i].data);
  EXPECT_EQ(PrintCase(parsed), text);
}

}  // namespace
}  // namespace zoo
}  // namespace nnrt
