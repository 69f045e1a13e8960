// Invalid models and wrong run inputs (docs/conformance.md
// "Invalid models"). Candidate: $NNRT_CTS_DRIVER (absolute .so path), default
// the reference driver in the runfiles. The self-checks run the same families
// on the in-process reference, so a mutation that stops being invalid fails here.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/mutations/invalid_model.h"
#include "conformance/mutations/mutations.h"
#include "conformance/node_spec.h"
#include "conformance/runner.h"
#include "reference/device/reference_device.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

// ---- Candidates (the one under test: SharedDefaultCandidate, conformance/runner.h) ----------

// A lenient driver: the reference, except that GetSupportedOperation says
// "all supported" to anything and PrepareModel ignores the config's mode and
// priority. It must fail the structure and config families (the suite has teeth).
const NNRT_HalDriver* g_base = nullptr;

int32_t LenientSupported(NNRT_HalDevice*, const NNRT_HalModel* model, bool* supported) {
  if (model == nullptr || supported == nullptr) return NNRT_NULL_PTR;
  for (uint32_t i = 0; i < model->nodeCount; ++i) supported[i] = true;
  return NNRT_SUCCESS;
}

int32_t LenientPrepare(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                       NNRT_HalPreparedModel** prepared) {
  if (config == nullptr) return NNRT_NULL_PTR;
  NNRT_HalModelConfig relaxed = *config;
  relaxed.mode = NNRT_PERFORMANCE_NONE;
  relaxed.priority = NNRT_PRIORITY_NONE;
  return g_base->PrepareModel(device, model, &relaxed, prepared);
}

const NNRT_HalDriver* LenientDriver() {
  static NNRT_HalDriver driver = [] {
    g_base = ReferenceDriver();
    NNRT_HalDriver d = *g_base;
    d.GetSupportedOperation = LenientSupported;
    d.PrepareModel = LenientPrepare;
    return d;
  }();
  return &driver;
}

std::string TempDir() {
  const char* t = std::getenv("TEST_TMPDIR");
  return t != nullptr ? t : "/tmp";
}

InvalidSuiteOptions FixedOptions(int cases) {
  InvalidSuiteOptions o;
  o.cases = cases;
  o.seed = 20261122;
  o.isolate = false;
  o.out_dir = TempDir();
  return o;
}

// ---- The family list itself -----------------------------------------------------------------

TEST(MutationFamilies, AtLeastTwentyWithUniqueNamesAndRules) {
  std::set<std::string> names;
  for (const MutationFamily& f : AllMutationFamilies()) {
    EXPECT_TRUE(names.insert(f.name).second) << "duplicate family " << f.name;
    EXPECT_NE(std::string(f.rule), "") << f.name;
    EXPECT_NE(f.mutate, nullptr) << f.name;
    EXPECT_EQ(FindMutationFamily(f.name), &f);
  }
  EXPECT_GE(names.size(), 20u);
}

// Pins the report order of the families (their NNRT_MUTATION_FAMILY order
// keys): the families listed here keep exactly this relative order; a new
// family goes where its key puts it and needs no line here.
const char* const kFamilyOrder[] = {
    "operand_type_not_allowed",
    "data_type_not_in_hdi",
    "rank_above_max",
    "rank_wrong_for_operator",
    "reduction_dim_mismatch",
    "lstm_weight_shape_mismatch",
    "norm_param_shape_mismatch",
    "broadcast_incompatible",
    "reduce_axis_out_of_range",
    "paddings_wrong_shape",
    "pad_reflect_amount_too_large",
    "slice_size_past_end",
    "crop_window_past_end",
    "detection_anchor_count_mismatch",
    "detection_num_classes_mismatch",
    "resize_new_size_zero",
    "attr_resize_enum_invalid",
    "strided_slice_two_ellipsis_bits",
    "strided_slice_entry_lengths_differ",
    "strided_slice_stride_zero",
    "sparse_to_dense_index_out_of_range",
    "shape_operand_not_1d",
    "constant_value_two_elements",
    "range_delta_zero",
    "all_keep_dims_two",
    "assert_condition_two_elements",
    "dim_zero",
    "dim_below_minus_one",
    "quant_scale_zero",
    "quant_scale_negative",
    "quant_scale_nan",
    "quant_scale_inf",
    "quant_num_bits_not_8",
    "quant_zero_point_out_of_range",
    "quant_output_float",
    "too_few_inputs",
    "too_many_inputs",
    "no_outputs",
    "too_many_outputs",
    "node_input_index_out_of_range",
    "node_output_index_out_of_range",
    "model_input_index_out_of_range",
    "model_output_index_out_of_range",
    "cycle",
    "tensor_written_twice",
    "node_removed",
    "tensor_removed",
    "model_input_listed_twice",
    "model_input_with_data",
    "model_output_is_model_input",
    "constant_data_length",
    "node_type_not_in_hdi",
    "subgraph_node_out_of_range",
    "attr_activation_type_invalid",
    "attr_pad_mode_invalid",
    "attr_stride_zero",
    "attr_pad_list_length",
    "pool_kernel_larger_than_padded_input",
    "attr_one_hot_axis_out_of_range",
    "attr_fc_axis_out_of_range",
    "attr_lstm_directions_inconsistent",
    "attr_norm_axis_out_of_range",
    "attr_eltwise_mode_invalid",
    "attr_scale_not_finite",
    "attr_axis_out_of_range",
    "concat_dims_mismatch",
    "split_sizes_not_adding_up",
    "transpose_perm_not_a_permutation",
    "stack_input_dims_differ",
    "unstack_output_count_wrong",
    "squeeze_axis_not_unit",
    "expand_dims_axis_out_of_range",
    "broadcast_to_shape_incompatible",
    "tile_multiples_zero",
    "attr_softmax_axis_out_of_range",
    "attr_argmax_axis_out_of_range",
    "attr_topk_axis_out_of_range",
    "topk_k_above_extent",
    "attr_lrn_depth_radius_negative",
    "attr_lrn_norm_region_unknown",
    "attr_dilation_negative",
    "attr_group_not_dividing_channels",
    "block_size_below_two",
    "depth_space_dim_not_divisible",
    "depth_to_space_mode_unknown",
    "block_shape_zero",
    "batch_space_dim_not_divisible",
    "batch_to_space_crops_too_large",
    "attr_wrong_type",
    "attr_required_missing",
    "attr_unknown_name",
    "attr_wrong_count",
    "config_performance_mode_invalid",
    "config_priority_invalid",
};

TEST(MutationFamilies, RegisteredInThePinnedReportOrder) {
  std::vector<std::string> registered;
  for (const MutationFamily& f : AllMutationFamilies()) registered.push_back(f.name);
  std::vector<std::string> pinned_seen;
  for (const std::string& name : registered) {
    for (const char* pinned : kFamilyOrder) {
      if (name == pinned) pinned_seen.push_back(name);
    }
  }
  EXPECT_EQ(pinned_seen, std::vector<std::string>(std::begin(kFamilyOrder), std::end(kFamilyOrder)));
}

// ---- C-211 acceptance rule --------------------------------------------------------------------

DeviceAnswers Answers(NNRT_ReturnCode support, std::vector<bool> supported, NNRT_ReturnCode prepare,
                      bool prepared_returned) {
  DeviceAnswers a;
  a.support_asked = true;
  a.support_code = support;
  a.supported = std::move(supported);
  a.prepare_code = prepare;
  a.prepared_model_returned = prepared_returned;
  return a;
}

TEST(JudgeRejection, StructureNeedsAnErrorFromGetSupportedOperation) {
  MutatedCase m;
  EXPECT_TRUE(JudgeRejection(MutationLevel::kStructure, m,
                             Answers(NNRT_INVALID_MODEL, {}, NNRT_INVALID_MODEL, false)).rejected);
  EXPECT_FALSE(JudgeRejection(MutationLevel::kStructure, m,
                              Answers(NNRT_SUCCESS, {false}, NNRT_INVALID_MODEL, false)).rejected);
}

TEST(JudgeRejection, NodeLevelAcceptsTheNodeReportedUnsupported) {
  MutatedCase m;
  m.mutated_node = 0;
  EXPECT_TRUE(JudgeRejection(MutationLevel::kNode, m, Answers(NNRT_SUCCESS, {false}, NNRT_INVALID_MODEL, false)).rejected);
  EXPECT_TRUE(JudgeRejection(MutationLevel::kNode, m,
                             Answers(NNRT_INVALID_MODEL, {}, NNRT_UNSUPPORTED_OP, false)).rejected);
  EXPECT_FALSE(JudgeRejection(MutationLevel::kNode, m, Answers(NNRT_SUCCESS, {true}, NNRT_INVALID_MODEL, false)).rejected);
  EXPECT_FALSE(JudgeRejection(MutationLevel::kNode, m, Answers(NNRT_SUCCESS, {}, NNRT_INVALID_MODEL, false)).rejected);
}

TEST(JudgeRejection, PrepareMustFailWithoutAPreparedModelAndWithoutCrashing) {
  MutatedCase m;
  EXPECT_FALSE(JudgeRejection(MutationLevel::kStructure, m,
                              Answers(NNRT_INVALID_MODEL, {}, NNRT_SUCCESS, true)).rejected);
  EXPECT_FALSE(JudgeRejection(MutationLevel::kStructure, m,
                              Answers(NNRT_INVALID_MODEL, {}, NNRT_INVALID_MODEL, true)).rejected);
  DeviceAnswers crashed = Answers(NNRT_INVALID_MODEL, {}, NNRT_INVALID_MODEL, false);
  crashed.crash = "signal 11";
  EXPECT_FALSE(JudgeRejection(MutationLevel::kStructure, m, crashed).rejected);
  DeviceAnswers config;
  config.prepare_code = NNRT_INVALID_PERFORMANCE_MODE;
  EXPECT_TRUE(JudgeRejection(MutationLevel::kConfig, m, config).rejected);
}

// ---- Self-check: every family is invalid for the reference, and alive ---------------------------

TEST(MutationSelfCheck, ReferenceRejectsEveryMutationAndEveryFamilyApplies) {
  std::unique_ptr<Candidate> reference;
  ASSERT_TRUE(OpenCandidateFromTable(ReferenceDriver(), "in-process reference", &reference).ok());
  InvalidSuiteResult total;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    InvalidSuiteOptions o = FixedOptions(3);
    o.run_probes = false;
    MergeInvalidResult(RunInvalidModelProperty(spec, *reference, o), &total);
  }
  std::cout << FormatInvalidCounts(total);
  EXPECT_TRUE(total.passed) << total.message;
  for (const MutationFamily& f : AllMutationFamilies()) {
    const FamilyCounts& c = total.families[f.name];
    EXPECT_EQ(c.reference_accepted, 0) << f.name;
    EXPECT_GT(c.rejected, 0) << f.name << " never applied to any spec: a dead family";
  }
}

// ---- Teeth: a lenient driver fails, with replayable case files ----------------------------------

TEST(InvalidModelTeeth, LenientDriverFailsStructureAndConfigFamiliesWithReplayableFiles) {
  std::unique_ptr<Candidate> lenient;
  ASSERT_TRUE(OpenCandidateFromTable(LenientDriver(), "lenient", &lenient).ok());
  std::unique_ptr<Candidate> reference;
  ASSERT_TRUE(OpenCandidateFromTable(ReferenceDriver(), "in-process reference", &reference).ok());
  const NodeSpec* spec = FindNodeSpec("ADD_FUSION");
  ASSERT_NE(spec, nullptr);
  InvalidSuiteOptions o = FixedOptions(2);
  o.isolate = true;  // the isolated path, as for any non-reference driver
  const InvalidSuiteResult r = RunInvalidModelProperty(*spec, *lenient, o);
  EXPECT_FALSE(r.passed);
  for (const char* family : {"config_performance_mode_invalid", "config_priority_invalid", "cycle",
                             "node_input_index_out_of_range", "quant_scale_nan"}) {
    auto it = r.families.find(family);
    ASSERT_NE(it, r.families.end()) << family;
    EXPECT_EQ(it->second.rejected, 0) << family;
  }
  EXPECT_GT(r.families.at("config_performance_mode_invalid").not_rejected, 0);
  EXPECT_GT(r.families.at("cycle").not_rejected, 0);
  // Node-level families still pass: PrepareModel rejects, and an "all supported" answer fails them.
  EXPECT_GT(r.families.at("attr_activation_type_invalid").not_rejected, 0);

  // Every failure wrote a case file that replays as "not rejected" on the lenient
  // driver and "rejected" on the reference.
  ASSERT_FALSE(r.case_files.empty());
  for (const std::string& path : r.case_files) {
    TestCase c;
    ASSERT_TRUE(ReadCaseFile(path, &c).ok()) << path;
    EXPECT_EQ(CaseExpectation(c), "rejection") << path;
    std::string report;
    EXPECT_FALSE(ReplayExpectedRejection(*lenient, c, true, 60, &report)) << path << "\n" << report;
    EXPECT_TRUE(ReplayExpectedRejection(*reference, c, false, 60, &report)) << path << "\n" << report;
  }
}

// A driver that crashes in PrepareModel is reported, and the suite survives (isolation).
int32_t CrashingPrepare(NNRT_HalDevice*, const NNRT_HalModel*, const NNRT_HalModelConfig*, NNRT_HalPreparedModel**) {
  std::abort();
}

TEST(InvalidModelTeeth, CrashInPrepareIsAFailureNotTheEndOfTheSuite) {
  static NNRT_HalDriver crashing = [] {
    NNRT_HalDriver d = *ReferenceDriver();
    d.PrepareModel = CrashingPrepare;
    return d;
  }();
  std::unique_ptr<Candidate> candidate;
  ASSERT_TRUE(OpenCandidateFromTable(&crashing, "crashing", &candidate).ok());
  MutatedCase m;
  m.test_case.model.name = "empty";
  m.config.priority = -1;
  const DeviceAnswers a = AskCandidate(*candidate, MutationLevel::kConfig, m, true, 30);
  EXPECT_NE(a.crash.find("signal"), std::string::npos) << a.crash;
  EXPECT_FALSE(JudgeRejection(MutationLevel::kConfig, m, a).rejected);
}

// ---- Wrong run inputs (C-213) --------------------------------------------------------------------

// The lenient Run: any input it gets is "fine" (the reference with a checking-free Run is
// not available, so this driver answers success without running).
int32_t LenientRun(NNRT_HalPreparedModel*, const NNRT_HalIOTensor*, uint32_t, const NNRT_HalIOTensor* outputs,
                   uint32_t output_count, NNRT_HalShape* shapes) {
  for (uint32_t i = 0; i < output_count; ++i) {
    shapes[i].rank = outputs[i].dimCount;
    for (uint32_t d = 0; d < outputs[i].dimCount && d < NNRT_HAL_MAX_RANK; ++d) shapes[i].dims[d] = outputs[i].dims[d];
  }
  return NNRT_SUCCESS;
}

TEST(WrongRunInputs, ReferenceRejectsEveryProbeAndALenientRunFailsThem) {
  std::unique_ptr<Candidate> reference;
  ASSERT_TRUE(OpenCandidateFromTable(ReferenceDriver(), "in-process reference", &reference).ok());
  static NNRT_HalDriver lenient_run = [] {
    NNRT_HalDriver d = *ReferenceDriver();
    d.Run = LenientRun;
    return d;
  }();
  std::unique_ptr<Candidate> lenient;
  ASSERT_TRUE(OpenCandidateFromTable(&lenient_run, "lenient run", &lenient).ok());
  InvalidSuiteOptions o = FixedOptions(2);
  o.check_reference = false;
  for (const char* name : {"ADD_FUSION", "CONV2D_FUSION", "RESHAPE", "CAST"}) {
    const NodeSpec* spec = FindNodeSpec(name);
    ASSERT_NE(spec, nullptr) << name;
    const InvalidSuiteResult good = RunInvalidModelProperty(*spec, *reference, o);
    EXPECT_TRUE(good.passed) << good.message;
    int64_t probed = 0;
    for (const auto& kv : good.run_probes) probed += kv.second.rejected;
    EXPECT_GT(probed, 0) << name;
    const InvalidSuiteResult bad = RunInvalidModelProperty(*spec, *lenient, o);
    EXPECT_FALSE(bad.passed) << name;
    for (const auto& kv : bad.run_probes) EXPECT_EQ(kv.second.rejected, 0) << name << " " << kv.first;
  }
}

// ---- The suite on the candidate: one test per spec ----------------------------------------------

class InvalidModels : public ::testing::TestWithParam<std::string> {};

TEST_P(InvalidModels, CandidateRejectsEveryMutationAndWrongRunInput) {
  const NodeSpec* spec = FindNodeSpec(GetParam());
  ASSERT_NE(spec, nullptr);
  std::string error;
  const Candidate* candidate = SharedDefaultCandidate(&error);
  ASSERT_NE(candidate, nullptr) << error;
  const InvalidSuiteOptions options = InvalidSuiteOptionsFromEnv();
  std::cout << "[cts-invalid] " << spec->name << ": driver " << candidate->path << ", seed " << options.seed << ", "
            << options.cases << " valid case(s) x " << AllMutationFamilies().size() << " families" << std::endl;
  const InvalidSuiteResult r = RunInvalidModelProperty(*spec, *candidate, options);
  std::cout << FormatInvalidCounts(r);
  EXPECT_TRUE(r.passed) << r.message;
}

INSTANTIATE_TEST_SUITE_P(Cts, InvalidModels, ::testing::ValuesIn(AllNodeSpecNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace cts
}  // namespace nnrt
