// The directed edge classes (docs/conformance.md "Directed edge cases",
// C-910..C-914) walked over the spec list: every spec with a bool input sees
// non-canonical bool bytes, every windowed spec sees NaN, ±inf and −0 and the
// long rows, every index spec's directed cases get applicable index probes.
#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/directed_edges.h"
#include "conformance/generators.h"
#include "conformance/mutations/index_probes.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

// The directed cases of `spec` for `dtype`, generated as RunSpecProperty does.
std::vector<TestCase> DirectedCases(const NodeSpec& spec, DataType dtype) {
  std::vector<TestCase> cases;
  PropertyOptions o;
  o.seed = kDirectedEdgeSeed;
  o.cases = static_cast<int>(EdgeValueCount(dtype));
  o.shrink = false;
  std::string report;
  const bool held = CheckSeededProperty(
      [&]() {
        ScopedEdgeSweep sweep(cases.size());
        cases.push_back(spec.generate(spec, dtype).test_case);
      },
      spec.name, spec.name, o, &report);
  EXPECT_TRUE(held) << report;
  return cases;
}

// The data of every input of the case's node of type `t` (constant or run-time).
std::vector<std::vector<uint8_t>> InputData(const TestCase& c, DataType t, std::vector<Dims>* dims = nullptr) {
  std::vector<std::vector<uint8_t>> out;
  for (uint32_t index : c.model.nodes.at(0).inputs) {
    const Tensor& tensor = c.model.tensors.at(index);
    if (tensor.data_type != t) continue;
    std::vector<uint8_t> data = tensor.data;
    for (const HostTensor& n : c.inputs) {
      if (n.name == tensor.name) data = n.data;
    }
    out.push_back(data);
    if (dims != nullptr) dims->push_back(tensor.dims);
  }
  return out;
}

TEST(DirectedEdges, BoolSweepCoversTheFiveBytesPairwise) {
  ScopedEdgeSweep sweep(1);
  EXPECT_EQ(GenBoolBytes(5), (std::vector<uint8_t>{1, 2, 127, 255, 0}));
  EXPECT_EQ(GenBoolBytes(3), (std::vector<uint8_t>{2, 127, 255}));  // the second tensor starts at 2k
  EXPECT_EQ(EdgeValueCount(DataType::kBool), 5u);
}

TEST(DirectedEdges, EveryBoolInputHoldsNonCanonicalBytes) {
  int specs_with_bool_inputs = 0;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    for (DataType d : spec.dtypes) {
      bool has_bool = false;
      std::set<uint8_t> seen;
      for (const TestCase& c : DirectedCases(spec, d)) {
        for (const std::vector<uint8_t>& data : InputData(c, DataType::kBool)) {
          has_bool = true;
          seen.insert(data.begin(), data.end());
        }
      }
      if (!has_bool) continue;
      ++specs_with_bool_inputs;
      // ASSERT's condition must stay true, so it holds one non-zero byte.
      const bool any_other = std::any_of(seen.begin(), seen.end(), [](uint8_t b) { return b > 1; });
      EXPECT_TRUE(any_other) << spec.name << " " << DataTypeName(d) << ": bool inputs hold only 0 and 1";
    }
  }
  EXPECT_GE(specs_with_bool_inputs, 20);
}

const char* const kRowWiseSpecs[] = {"REDUCE_FUSION",     "ARGMAX_FUSION", "TOPK_FUSION",
                                     "SOFTMAX",           "LOG_SOFTMAX",   "LAYER_NORM_FUSION",
                                     "INSTANCE_NORM",     "L2_NORMALIZE_FUSION"};

TEST(DirectedEdges, EveryWindowedSpecMeetsTheSpecials) {
  std::vector<std::string> names(std::begin(kRowWiseSpecs), std::end(kRowWiseSpecs));
  names.push_back("MAX_POOL_FUSION");
  names.push_back("AVGPOOL_FUSION");
  for (const std::string& name : names) {
    const NodeSpec* spec = FindNodeSpec(name);
    ASSERT_NE(spec, nullptr) << name;
    for (DataType d : {DataType::kFloat32, DataType::kFloat16}) {
      bool nan = false, pinf = false, ninf = false, nzero = false;
      for (const TestCase& c : DirectedCases(*spec, d)) {
        const std::vector<std::vector<uint8_t>> x = InputData(c, d);
        ASSERT_FALSE(x.empty()) << name;
        for (size_t i = 0; i < x[0].size() / DataTypeSize(d); ++i) {
          const double v = LoadAsDouble(d, x[0].data(), i);
          nan = nan || std::isnan(v);
          pinf = pinf || v == HUGE_VAL;
          ninf = ninf || v == -HUGE_VAL;
          nzero = nzero || (v == 0 && std::signbit(v));
        }
      }
      EXPECT_TRUE(nan && pinf && ninf && nzero) << name << " " << DataTypeName(d);
    }
  }
}

TEST(DirectedEdges, EveryRowWiseSpecMeetsLongRows) {
  for (const char* name : kRowWiseSpecs) {
    const NodeSpec* spec = FindNodeSpec(name);
    ASSERT_NE(spec, nullptr) << name;
    std::set<int32_t> dims_seen;
    for (const TestCase& c : DirectedCases(*spec, DataType::kFloat32)) {
      std::vector<Dims> dims;
      InputData(c, DataType::kFloat32, &dims);
      ASSERT_FALSE(dims.empty()) << name;
      dims_seen.insert(dims[0].begin(), dims[0].end());
    }
    for (int32_t length : {9, 17, 33, 65, 67}) EXPECT_EQ(dims_seen.count(length), 1u) << name << " row " << length;
  }
}

TEST(DirectedEdges, EveryIndexSpecProbesNegativeAndPastEnd) {
  int index_specs = 0;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    if (spec.index_inputs.empty()) continue;
    ++index_specs;
    const TestCase c = DirectedCases(spec, spec.dtypes[0]).at(0);
    for (const std::string& probe : IndexProbeNames()) {
      std::vector<HostTensor> inputs;
      ASSERT_TRUE(CaseInputs(c, &inputs).ok());
      NNRT_ReturnCode expected = NNRT_SUCCESS;
      std::string detail;
      EXPECT_TRUE(ApplyIndexProbe(c, probe, &inputs, &expected, &detail)) << spec.name << " " << probe;
      EXPECT_EQ(expected, NNRT_INVALID_INPUT) << spec.name << " " << probe << ": " << detail;
    }
  }
  EXPECT_EQ(index_specs, 4);  // GATHER, GATHER_ND, SCATTER_ND, SPARSE_TO_DENSE
}

TEST(DirectedEdges, RowLengthsCrossTheVectorWidths) {
  std::set<int32_t> lengths;
  for (size_t k = 0; k < 17; ++k) lengths.insert(DirectedRowLength(k));
  EXPECT_EQ(lengths, (std::set<int32_t>{1, 5, 9, 17, 33, 64, 65, 67}));
  EXPECT_TRUE(DirectedSpecialsCase(0));
  EXPECT_FALSE(DirectedSpecialsCase(1));
}

TEST(DirectedEdges, WindowSpecialsGoIntoEveryClassOfWindow) {
  // Six windows of four: classes 0..5 in order at k = 0.
  const Dims dims{6, 4};
  std::vector<uint8_t> x = DirectedRowData(DataType::kFloat32, 24, 0, 0);
  PlantWindowSpecials(DataType::kFloat32, dims, {false, true}, 0, &x);
  auto at = [&](size_t w, size_t p) { return LoadAsDouble(DataType::kFloat32, x.data(), w * 4 + p); };
  EXPECT_TRUE(std::isnan(at(0, 0)));
  EXPECT_EQ(at(1, 7 % 4), HUGE_VAL);
  EXPECT_EQ(at(2, 14 % 4), -HUGE_VAL);
  EXPECT_TRUE(at(3, 21 % 4) == 0 && std::signbit(at(3, 21 % 4)));
  for (size_t p = 0; p < 4; ++p) EXPECT_LE(at(3, p), 0.0);
  EXPECT_EQ(at(4, 28 % 4), HUGE_VAL);
  EXPECT_EQ(at(4, (28 + 1) % 4), -HUGE_VAL);
  for (size_t p = 0; p < 4; ++p) EXPECT_TRUE(std::isfinite(at(5, p)));
}

// Random and directed cases of `spec` for float32 (seed 1, `random` random cases).
std::vector<TestCase> RandomAndDirectedCases(const NodeSpec& spec, int random) {
  std::vector<TestCase> cases = DirectedCases(spec, DataType::kFloat32);
  PropertyOptions o;
  o.seed = 1;
  o.cases = random;
  o.shrink = false;
  std::string report;
  EXPECT_TRUE(CheckSeededProperty([&]() { cases.push_back(spec.generate(spec, DataType::kFloat32).test_case); },
                                  spec.name, spec.name, o, &report))
      << report;
  return cases;
}

bool AllFinite(const std::vector<uint8_t>& floats) {
  for (size_t i = 0; i < floats.size() / 4; ++i) {
    if (!std::isfinite(LoadAsDouble(DataType::kFloat32, floats.data(), i))) return false;
  }
  return true;
}

// C-963: where a tap can fall in the padding (CONV2D SAME, PAD with a non-zero
// padList; every CONV2D_TRANSPOSE) the generated weights are finite, so the
// reference's skipped tap and a zero-padding implementation's 0 * w agree; a
// VALID convolution still gets non-finite weights.
TEST(DirectedEdges, ConvWeightsFiniteWhereTapsReachPaddingC963) {
  int valid_with_non_finite_w = 0, padded = 0, transposed = 0;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    const bool conv = spec.type == NodeType::CONV2D_FUSION;
    const bool deconv = spec.type == NodeType::CONV2D_TRANSPOSE_FUSION;
    if (!conv && !deconv) continue;
    for (const TestCase& c : RandomAndDirectedCases(spec, 300)) {
      const Node& node = c.model.nodes.at(0);
      const std::vector<uint8_t>& w = c.model.tensors.at(node.inputs.at(1)).data;
      const Attr* mode = node.FindAttr("padMode");
      const Attr* list = node.FindAttr("padList");
      bool reaches_padding = deconv || (mode != nullptr && mode->ints.at(0) == 1);
      if (conv && mode != nullptr && mode->ints.at(0) == 0 && list != nullptr) {
        for (int64_t p : list->ints) reaches_padding = reaches_padding || p != 0;
      }
      if (reaches_padding) {
        EXPECT_TRUE(AllFinite(w)) << spec.name << ": a non-finite weight where a tap reaches the padding";
        ++(deconv ? transposed : padded);
      } else if (!AllFinite(w)) {
        ++valid_with_non_finite_w;
      }
    }
  }
  EXPECT_GT(padded, 50);
  EXPECT_GT(transposed, 50);
  EXPECT_GT(valid_with_non_finite_w, 0) << "VALID convolutions should still see non-finite weights";
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
