// The mutant table (docs/conformance.md "Mutant drivers") and the runner of
// one entry's suite part. The suite parts are the ones the default run uses:
// RunSpecProperty (valid models), ConfigurePropertyForMode (execution modes),
// RunInvalidModelProperty (invalid models); nothing here compares or
// generates on its own.
#include "cts_driver/mutant_catalog.h"

#include <algorithm>

#include "conformance/mutations/invalid_model.h"
#include "conformance/modes/modes.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"

namespace nnrt {
namespace cts {

const char* SuitePartName(SuitePart part) {
  switch (part) {
    case SuitePart::kValid: return "valid";
    case SuitePart::kStrict: return "strict";
    case SuitePart::kMode: return "mode";
    case SuitePart::kInvalid: return "invalid";
  }
  return "?";
}

const char* FailureKindName(FailureKind kind) {
  switch (kind) {
    case FailureKind::kWrongValues: return "wrong values";
    case FailureKind::kWrongDims: return "wrong output dims";
    case FailureKind::kCrash: return "crash";
    case FailureKind::kHang: return "hang";
    case FailureKind::kContract: return "HAL contract";
  }
  return "?";
}

namespace {

using P = SuitePart;
using K = FailureKind;

// Crash and hang mutants need the forked child (C-89); a hang is detected by
// the per-case timeout, kept short so the catalog test stays fast (C-271).
constexpr int kDefaultTimeout = 60;
constexpr int kHangTimeout = 1;

}  // namespace

const std::vector<MutantInfo>& MutantCatalog() {
  static const std::vector<MutantInfo>* const catalog = new std::vector<MutantInfo>{
      // ---- Existing sample drivers (suite_teeth_test, unary_teeth_test) ----
      {"libnnrt_mutant_conv_same_pad_topleft.so", "CONV2D SAME padding puts the odd extra row/column top/left",
       P::kValid, "CONV2D_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_add_clamp_before_zero_point.so",
       "quantized ADD saturates before adding the output zero point", P::kValid, "ADD_FUSION", "", K::kWrongValues,
       kDefaultTimeout, true, true, ""},
      {"libnnrt_sample_add_ties_to_even.so", "quantized ADD requantizes ties to even instead of away from zero",
       P::kStrict, "ADD_FUSION", "", K::kWrongValues, kDefaultTimeout, false, true,
       "conforming by design under the default +-1 LSB tolerance (C-84); only strict mode catches it"},
      {"libnnrt_mutant_conv_grouped_asserts.so", "CONV2D aborts on grouped convolutions (1 < group < inC)",
       P::kValid, "CONV2D_FUSION", "", K::kCrash, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_round_half_away.so", "float ROUND rounds ties away from zero", P::kValid, "ROUND", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_gelu_doc_formula.so", "GELU as 0.5*x*(1+tanh(x/2)) (the doc table formula)", P::kValid,
       "ACTIVATION_GELU", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_cast_nan_to_int_min.so", "float->int CAST maps NaN to the type minimum", P::kValid, "CAST",
       "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      // ---- Mutants of the operator, model-cache and HAL-contract suite parts ----
      {"libnnrt_mutant_neg_zero_minus_x.so", "float NEG as 0 - x: -(+0) gives +0", P::kValid, "NEG", "",
       K::kWrongValues, kDefaultTimeout, true, true, "caught by the signed-zero rule of NEG (C-430)"},
      {"libnnrt_mutant_add_cycled_broadcast.so", "float ADD broadcasts by cycling the smaller operand", P::kValid,
       "ADD_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_div_reciprocal_multiply.so", "float32 DIV as a * (1 / b)", P::kValid, "DIV_FUSION", "",
       K::kWrongValues, kDefaultTimeout, true, true, "caught at the directed edge cases (C-432)"},
      {"libnnrt_mutant_mul_denormals_are_zero.so", "float32 MUL treats subnormal inputs as zero (DAZ)", P::kValid,
       "MUL_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, "caught at the directed edge cases (C-432)"},
      {"libnnrt_mutant_softplus_naive.so", "float SOFTPLUS as log(1 + exp(x)), overflowing for large x",
       P::kValid, "ACTIVATION_SOFTPLUS", "", K::kWrongValues, kDefaultTimeout, true, true,
       "caught at the directed edge cases (C-432)"},
      {"libnnrt_mutant_mul_floor_requantize.so", "quantized MUL requantizes with floor instead of rounding",
       P::kValid, "MUL_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true,
       "within +-1 LSB everywhere; caught by the rounding-bias sign test (C-431)"},
      {"libnnrt_mutant_conv_pad_off_by_one.so", "CONV2D PAD mode: window origin one pixel early (top/left +1)",
       P::kValid, "CONV2D_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_conv_dilation_ignored.so", "CONV2D taps adjacent pixels, dilation only used for the shape",
       P::kValid, "CONV2D_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_conv_activation_not_fused.so", "CONV2D drops the fused activation", P::kValid,
       "CONV2D_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_conv_per_channel_as_per_tensor.so",
       "quantized CONV2D uses channel 0's weight scale/zero point for every output channel", P::kValid,
       "CONV2D_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_sigmoid_fast_exp.so", "float32 sigmoid with a bit-trick exp (a few % error)", P::kValid,
       "ACTIVATION_SIGMOID", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_div_by_zero_traps.so", "DIV unmasks FE_DIVBYZERO: SIGFPE on x / 0", P::kValid,
       "DIV_FUSION", "", K::kCrash, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_sqrt_newton_hangs_on_nan.so", "float32 SQRT Newton loop never ends on NaN", P::kValid,
       "SQRT", "", K::kHang, kHangTimeout, true, true,
       "the default per-case timeout is 60 s (NNRT_CTS_TIMEOUT); the catalog test uses 1 s"},
      {"libnnrt_mutant_slow_run.so", "every Run sleeps 3 s before computing the right answer", P::kValid,
       "ADD_FUSION", "", K::kHang, kHangTimeout, true, true,
       "per-case timeouts with the catalog's 1 s; a default run (60 s per case) ends INCOMPLETE when its time budget "
       "(--time-budget, default 1800 s) runs out, with a report (C-264)"},
      {"libnnrt_mutant_clip_min_max_swapped.so", "CLIP reads HDI Clip {max, min} positionally: clamps to [max, min]",
       P::kValid, "CLIP", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_gather_int64_indices_as_int32.so",
       "GATHER reads int64 indices through an int32 pointer (the j-th 32-bit word)", P::kValid, "GATHER", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_where_condition_read_flat.so",
       "WHERE reads the condition at flat index i % count instead of broadcasting it by dims", P::kValid, "WHERE",
       "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_greater_equal_as_greater.so",
       "GREATER_EQUAL computed with > (false where the operands are equal, -0 vs +0 included)", P::kValid,
       "GREATER_EQUAL", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_int_comparison_through_float32.so",
       "int32 / int64 comparisons decode the operands through float32 (adjacent integers above 2^24 compare equal)",
       P::kValid, "LESS_EQUAL", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_logical_and_bitwise.so",
       "LOGICAL_AND computes (a & b) != 0 on integer operands instead of (a != 0) && (b != 0)", P::kValid,
       "LOGICAL_AND", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_maximum_drops_nan.so",
       "float MAXIMUM is C fmax: a NaN operand is dropped and the other returned", P::kValid, "MAXIMUM", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_pow_scale_shift_ignored.so", "POW_FUSION computes x^e, ignoring scale and shift", P::kValid,
       "POW_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_eltwise_sum_as_difference.so", "ELTWISE SUM subtracts (the IDL comment's \"difference\")",
       P::kValid, "ELTWISE", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_leaky_relu_node_slope_ignored.so", "the LEAKY_RELU node type runs as RELU, ignoring negativeSlope",
       P::kValid, "LEAKY_RELU", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_transpose_inverse_perm.so", "TRANSPOSE reads x through the inverse permutation", P::kValid,
       "TRANSPOSE", "", K::kWrongValues, kDefaultTimeout, true, true, "only perms with a 3-cycle or longer show it"},
      {"libnnrt_mutant_concat_negative_axis_off_by_one.so", "CONCAT resolves a negative axis as axis + rank - 1",
       P::kValid, "CONCAT", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_split_ignores_size_splits.so",
       "SPLIT starts piece i at i * (length / N), ignoring sizeSplits", P::kValid, "SPLIT", "", K::kWrongValues,
       kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_stack_negative_axis_on_input_rank.so",
       "STACK resolves a negative axis against the input rank, not the output rank", P::kValid, "STACK", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_tile_repeats_elements.so",
       "TILE_FUSION repeats each element in place (numpy repeat) instead of tiling copies", P::kValid,
       "TILE_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_squeeze_removes_every_unit_dim.so",
       "SQUEEZE removes every size-1 dim even when an axis list is given", P::kValid, "SQUEEZE", "", K::kWrongDims,
       kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_matmul_transpose_b_ignored.so",
       "MATMUL_FUSION ignores transposeB and reads b as [K, N] row-major", P::kValid, "MATMUL_FUSION", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_deconv_kernel_flipped.so",
       "CONV2D_TRANSPOSE_FUSION applies the kernel rotated by 180 degrees", P::kValid, "CONV2D_TRANSPOSE_FUSION", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_maxpool_ceil_as_floor.so",
       "MAX_POOL_FUSION ignores roundMode CEIL and writes the floor-mode result into the ceil-sized output",
       P::kValid, "MAX_POOL_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_avgpool_counts_padding.so",
       "AVGPOOL_FUSION divides by the full kernel area, counting padding and missing ceil-window elements (C-526)",
       P::kValid, "AVGPOOL_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_fc_bias_gated_by_has_bias.so",
       "FULL_CONNECTION adds the bias input only when hasBias is true (C-507)", P::kValid, "FULL_CONNECTION", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_layer_norm_sample_variance.so",
       "LAYER_NORM_FUSION divides the squared deviations by n - 1 instead of n (C-572)", P::kValid,
       "LAYER_NORM_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_batch_norm_epsilon_ignored.so",
       "FUSED_BATCH_NORM divides by sqrt(variance) without epsilon (C-577)", P::kValid, "FUSED_BATCH_NORM", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_bias_add_first_axis.so",
       "BIAS_ADD indexes the bias by the first input dim instead of the last (C-581)", P::kValid, "BIAS_ADD", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_l2_normalize_epsilon_added.so",
       "L2_NORMALIZE_FUSION divides by sqrt(S + epsilon) instead of sqrt(max(S, epsilon)) (C-586)", P::kValid,
       "L2_NORMALIZE_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_softmax_no_max_subtraction.so",
       "SOFTMAX / LOG_SOFTMAX exponentiate the raw inputs in float32 without subtracting the row max (C-542)",
       P::kValid, "SOFTMAX", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_reduce_mean_first_axis_count.so",
       "REDUCE_FUSION MEAN divides by the extent of the first reduced axis, not the reduced element count",
       P::kValid, "REDUCE_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_argmax_last_index_on_ties.so",
       "ARGMAX_FUSION with topK 1 returns the last of equal maxima instead of the first (C-554)", P::kValid,
       "ARGMAX_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_topk_ties_to_higher_index.so",
       "TOPK_FUSION ranks equal values by descending index (the higher index first) instead of ascending (C-589)",
       P::kValid, "TOPK_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_lrn_window_short_at_edges.so",
       "LRN windows clipped at a channel edge lose the edge channel (off-by-one clipping, C-592)", P::kValid, "LRN",
       "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_pad_reflect_as_symmetric.so",
       "PAD_FUSION's REFLECT mode repeats the edge element (SYMMETRIC's rule)", P::kValid, "PAD_FUSION", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_resize_align_corners_as_asymmetric.so",
       "RESIZE computes ALIGN_CORNERS source coordinates as ASYMMETRIC i * in / out", P::kValid, "RESIZE", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_resize_nearest_half_down_as_half_up.so",
       "RESIZE NEAREST swaps ROUND_HALF_DOWN and ROUND_HALF_UP at ties (C-704)", P::kValid, "RESIZE", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_slice_size_minus_one_as_one.so",
       "SLICE_FUSION reads size -1 as a one-element window instead of \"to the end\"", P::kValid, "SLICE_FUSION", "",
       K::kWrongDims, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_strided_slice_shrink_keeps_dim.so",
       "STRIDED_SLICE keeps a shrunk dim as a dim of 1 instead of removing it (C-618)", P::kValid, "STRIDED_SLICE",
       "", K::kWrongDims, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_sparse_to_dense_first_duplicate_wins.so",
       "SPARSE_TO_DENSE keeps the first of duplicate indices instead of the last (C-622)", P::kValid,
       "SPARSE_TO_DENSE", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_crop_first_offset_everywhere.so",
       "CROP applies offset[0] to every cropped dim although one offset per dim is given", P::kValid, "CROP", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_depth_to_space_dcr_as_crd.so", "DEPTH_TO_SPACE reads DCR as CRD and CRD as DCR", P::kValid,
       "DEPTH_TO_SPACE", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_space_to_depth_crd_order.so",
       "SPACE_TO_DEPTH writes its output channels in CRD order instead of DCR", P::kValid, "SPACE_TO_DEPTH", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_batch_to_space_crops_at_the_end.so",
       "BATCH_TO_SPACE_ND applies each dim's crops at the wrong end (before <-> after)", P::kValid,
       "BATCH_TO_SPACE_ND", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_space_to_batch_pads_at_the_end.so",
       "SPACE_TO_BATCH_ND puts each dim's paddings at the wrong end (before <-> after)", P::kValid,
       "SPACE_TO_BATCH_ND", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_detection_fast_nms_when_regular.so",
       "DETECTION_POST_PROCESS runs the fast class-agnostic NMS although useRegularNms is true (C-747)", P::kValid,
       "DETECTION_POST_PROCESS", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_detection_background_not_skipped.so",
       "DETECTION_POST_PROCESS reads class k from score column k despite a background column 0 (C-742)", P::kValid,
       "DETECTION_POST_PROCESS", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_detection_ties_higher_index_first.so",
       "DETECTION_POST_PROCESS orders equal scores by the higher box index first (C-743)", P::kValid,
       "DETECTION_POST_PROCESS", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_lstm_input_forget_gates_swapped.so",
       "LSTM reads the gate rows as f, i, g, o instead of i, f, g, o (C-720)", P::kValid, "LSTM", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_lstm_cell_state_not_carried.so",
       "LSTM starts every time step from a zero cell state instead of the previous one", P::kValid, "LSTM", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_fill_ignores_last_dim.so",
       "FILL ignores the last shape value and makes the last dim 1", P::kValid, "FILL", "", K::kWrongDims,
       kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_range_count_truncated.so",
       "RANGE counts (limit - start) / delta truncated instead of rounded up", P::kValid, "RANGE", "", K::kWrongDims,
       kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_all_as_any.so", "ALL returns true when any reduced element is true (ANY)", P::kValid, "ALL", "",
       K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_assert_output_not_written.so", "ASSERT with a true condition leaves its output zeroed",
       P::kValid, "ASSERT", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_leaky_relu_alpha_hardcoded.so", "LEAKY_RELU ignores alpha and uses 0.2", P::kValid,
       "ACTIVATION_LEAKY_RELU", "", K::kWrongValues, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_run_reports_reversed_dims.so", "Run reports output dims in reverse order", P::kValid,
       "RESHAPE", "", K::kWrongDims, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_support_claims_unsupported_floor.so",
       "GetSupportedOperation says FLOOR supported, PrepareModel rejects it", P::kMode, "FLOOR",
       "support-agreement", K::kContract, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_neg_shared_accumulator.so",
       "float32 NEG accumulates in one unsynchronised static scratch buffer", P::kMode, "NEG", "concurrent",
       K::kContract, kDefaultTimeout, true, true, "sequential runs are right; only concurrent Runs differ"},
      {"libnnrt_mutant_buffer_offset_ignored.so", "Run reads and writes fd buffers from their start, ignoring offset",
       P::kMode, "ADD_FUSION", "device-buffers", K::kContract, kDefaultTimeout, true, true,
       "caught by the buffer pool with per-tensor offsets (C-260)"},
      {"libnnrt_mutant_static_staging_buffer.so",
       "Run stages every input in one unsynchronised static buffer and computes from it", P::kMode, "ADD_FUSION",
       "concurrent", K::kContract, kDefaultTimeout, true, true,
       "sequential runs are right; caught because each thread runs its own inputs (C-262)"},
      {"libnnrt_mutant_cache_skips_checksum.so", "cache import does not verify the payload checksum", P::kMode,
       "ADD_FUSION", "cache-corruption", K::kContract, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_cache_ignores_version.so", "cache import accepts a cache with a newer format version",
       P::kMode, "ADD_FUSION", "cache-corruption", K::kContract, kDefaultTimeout, true, true,
       "caught by the newer-format-version variant applied to reference-format caches (C-272)"},
      {"libnnrt_mutant_dim_ranges_first_input_only.so", "GetInputDimRanges describes only the first input",
       P::kMode, "ADD_FUSION", "dynamic-shape", K::kContract, kDefaultTimeout, true, true, ""},
      {"libnnrt_mutant_dim_ranges_not_honoured.so",
       "GetInputDimRanges advertises [1, 65536] but Run refuses any dim above 64", P::kMode, "ADD_FUSION",
       "dynamic-shape", K::kContract, kDefaultTimeout, true, true,
       "caught by running every advertised range at its min, max and midpoint (C-263)"},
      {"libnnrt_mutant_conv_invalid_pad_mode_as_valid.so",
       "CONV2D accepts a padMode outside the HDI enum and treats it as VALID", P::kInvalid, "CONV2D_FUSION", "",
       K::kContract, kDefaultTimeout, true, true, "family attr_pad_mode_invalid"},
      // One per directed edge class (docs/conformance.md "Directed edge cases", C-910..C-914).
      {"libnnrt_mutant_logical_bool_bytes_bitwise.so",
       "LOGICAL_AND / OR / NOT on bool operands combine the stored bytes bitwise (a & b, a | b, a ^ 1): 2 AND 1 "
       "is false (C-293: any non-zero byte is true)",
       P::kValid, "LOGICAL_AND", "", K::kWrongValues, kDefaultTimeout, true, true,
       "caught by the directed bool-byte sweep {0, 1, 2, 127, 255} (C-910)"},
      {"libnnrt_mutant_reduce_max_skips_nan.so",
       "float REDUCE_FUSION MAX / MIN fold with fmax / fmin, dropping NaN (C-550: NaN propagates)", P::kValid,
       "REDUCE_FUSION", "", K::kWrongValues, kDefaultTimeout, true, true,
       "caught by the directed NaN placements in MAX / MIN windows (C-911)"},
      {"libnnrt_mutant_softmax_tail_not_summed.so",
       "SOFTMAX / LOG_SOFTMAX leave the last n mod 8 elements of a row longer than 8 out of the sum (a broken "
       "SIMD remainder loop)",
       P::kValid, "SOFTMAX", "", K::kWrongValues, kDefaultTimeout, true, true,
       "caught by the directed rows of 67, 9, 17, 33 and 65 elements (C-912)"},
      {"libnnrt_mutant_gather_negative_index_wraps.so",
       "GATHER counts a negative run-time index from the end instead of failing Run with NNRT_INVALID_INPUT "
       "(C-351)",
       P::kInvalid, "GATHER", "", K::kContract, kDefaultTimeout, true, true,
       "caught by the run probe index_negative on the directed run-time-index cases (C-913)"},
      {"libnnrt_mutant_detection_iou_equal_suppresses.so",
       "DETECTION_POST_PROCESS suppresses at IoU >= nmsIoUThreshold instead of IoU > it (C-744: equal keeps the "
       "box)",
       P::kValid, "DETECTION_POST_PROCESS", "", K::kWrongValues, kDefaultTimeout, true, true,
       "caught by the directed box pairs whose IoU equals the threshold exactly (C-914)"},
  };
  return *catalog;
}

const MutantInfo* FindMutant(const std::string& target) {
  for (const MutantInfo& m : MutantCatalog()) {
    if (target == m.target) return &m;
  }
  return nullptr;
}

namespace {

PartResult RunPropertyPart(const MutantInfo& info, const NodeSpec& spec, const Candidate& candidate,
                           const PartOptions& options) {
  PropertyOptions p;
  p.seed = options.seed;
  p.cases = options.cases;
  p.mode = info.part == SuitePart::kStrict ? CompareMode::kStrict : CompareMode::kConformance;
  p.out_dir = options.out_dir;
  p.replay_binary = options.replay_binary;
  p.isolate = true;
  p.timeout_seconds = info.timeout_seconds;
  if (info.part == SuitePart::kMode) {
    const auto mode = ParseExecMode(info.mode);
    if (!mode) return PartResult{false, std::string("unknown execution mode ") + info.mode, ""};
    if (!ModeAppliesTo(*mode, spec)) return PartResult{false, std::string("mode does not apply to ") + info.spec, ""};
    ConfigurePropertyForMode(*mode, &p);
  }
  const PropertyResult r = RunSpecProperty(spec, candidate, p);
  return PartResult{r.passed, r.message, r.case_file};
}

PartResult RunInvalidPart(const MutantInfo& info, const NodeSpec& spec, const Candidate& candidate,
                          const PartOptions& options) {
  InvalidSuiteOptions o;
  // InvalidSuiteOptionsFromEnv gives max(1, NNRT_CTS_CASES / 20) = 5 valid cases
  // by default; 2 (each mutated by every family) keeps the catalog test fast.
  o.cases = 2;
  o.seed = options.seed;
  o.isolate = true;
  o.timeout_seconds = info.timeout_seconds;
  o.check_reference = true;
  o.run_probes = true;
  o.out_dir = options.out_dir;
  o.replay_binary = options.replay_binary;
  const InvalidSuiteResult r = RunInvalidModelProperty(spec, candidate, o);
  return PartResult{r.passed, r.message, r.case_files.empty() ? std::string() : r.case_files.front()};
}

}  // namespace

PartResult RunSuitePart(const MutantInfo& info, const Candidate& candidate, const PartOptions& options) {
  const NodeSpec* spec = FindNodeSpec(info.spec);
  if (spec == nullptr) return PartResult{false, std::string("no node spec ") + info.spec, ""};
  if (info.part == SuitePart::kInvalid) return RunInvalidPart(info, *spec, candidate, options);
  return RunPropertyPart(info, *spec, candidate, options);
}

}  // namespace cts
}  // namespace nnrt
