// Golden cases of the block/space rearrangements: DEPTH_TO_SPACE (ops_catalog
// #65: the builder test and XTS models, the ONNX DCR/CRD examples),
// SPACE_TO_DEPTH (#104: the builder test and XTS models, the TF example),
// BATCH_TO_SPACE_ND (#4) and SPACE_TO_BATCH_ND (#31: the builder tests and the
// tf.batch_to_space / tf.space_to_batch examples); clarifications C-630..C-644.
#include <cstdint>
#include <numeric>
#include <string>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
const DT f32 = DT::kFloat32;

std::vector<double> Iota(size_t n, double first) {
  std::vector<double> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

// DEPTH_TO_SPACE / SPACE_TO_DEPTH; format -1 = attribute absent (NCHW), mode
// nullptr = absent.
TestCase DepthSpace(NodeType type, DT dt, Dims x_dims, Bytes x, int64_t block, int format, const char* mode,
                    Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(type, type == NodeType::DEPTH_TO_SPACE ? "depth_to_space" : "space_to_depth");
  c.In("x", dt, std::move(x_dims), std::move(x), q).Out("y", dt, std::move(out), q);
  c.WithAttr(Attr::Int64("blockSize", block));
  if (format >= 0) c.WithAttr(Attr::Int8("format", static_cast<int8_t>(format)));
  if (mode != nullptr) c.WithAttr(Attr::String("mode", mode));
  return c.Build();
}

TestCase D2S(DT dt, Dims x_dims, Bytes x, int64_t block, int format, const char* mode, Dims out,
             std::vector<QuantParam> q = {}) {
  return DepthSpace(NodeType::DEPTH_TO_SPACE, dt, std::move(x_dims), std::move(x), block, format, mode,
                    std::move(out), std::move(q));
}

TestCase S2D(DT dt, Dims x_dims, Bytes x, int64_t block, int format, Dims out) {
  return DepthSpace(NodeType::SPACE_TO_DEPTH, dt, std::move(x_dims), std::move(x), block, format, nullptr,
                    std::move(out));
}

const std::vector<double> kOnnxDcr = {0,  12, 1,  13, 2,  14, 24, 36, 25, 37, 26, 38, 3,  15, 4,  16,
                                      5,  17, 27, 39, 28, 40, 29, 41, 6,  18, 7,  19, 8,  20, 30, 42,
                                      31, 43, 32, 44, 9,  21, 10, 22, 11, 23, 33, 45, 34, 46, 35, 47};
const std::vector<double> kOnnxCrd = {0,  6,  1,  7,  2,  8,  12, 18, 13, 19, 14, 20, 3,  9,  4,  10,
                                      5,  11, 15, 21, 16, 22, 17, 23, 24, 30, 25, 31, 26, 32, 36, 42,
                                      37, 43, 38, 44, 27, 33, 28, 34, 29, 35, 39, 45, 40, 46, 41, 47};

void AddDepthToSpaceCases(CaseList& list) {
  list.AddExpect("depth_to_space_builder_test_nchw", "C-630: builder test [1,12,1,1], blockSize 2, DCR -> [1,3,2,2]",
                 D2S(f32, {1, 12, 1, 1}, Values(f32, Iota(12, 0)), 2, 0, "DCR", {1, 3, 2, 2}),
                 {Expect("y", f32, {1, 3, 2, 2}, Values(f32, {0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11}))});
  list.AddExpect("depth_to_space_catalog_model1", "XTS model 1: [1,4,4,4] = 1..64, blockSize 2 -> [1,1,8,8] (NCHW)",
                 D2S(f32, {1, 4, 4, 4}, Values(f32, Iota(64, 1)), 2, -1, nullptr, {1, 1, 8, 8}),
                 {Expect("y", f32, {1, 1, 8, 8},
                         Values(f32, {1,  17, 2,  18, 3,  19, 4,  20, 33, 49, 34, 50, 35, 51, 36, 52,
                                      5,  21, 6,  22, 7,  23, 8,  24, 37, 53, 38, 54, 39, 55, 40, 56,
                                      9,  25, 10, 26, 11, 27, 12, 28, 41, 57, 42, 58, 43, 59, 44, 60,
                                      13, 29, 14, 30, 15, 31, 16, 32, 45, 61, 46, 62, 47, 63, 48, 64}))});
  list.AddError("c631_depth_to_space_catalog_model2_block_size_zero_rejected",
                "C-631: XTS model 2, [1,12,1,1] with blockSize 0", 
                D2S(f32, {1, 12, 1, 1}, Values(f32, Iota(12, 1)), 0, -1, nullptr, {1, 12, 1, 1}),
                NNRT_INVALID_MODEL);
  list.AddExpect("c632_depth_to_space_onnx_dcr", "C-632: ONNX example x [1,8,2,3] = 0..47, DCR",
                 D2S(f32, {1, 8, 2, 3}, Values(f32, Iota(48, 0)), 2, 0, "DCR", {1, 2, 4, 6}),
                 {Expect("y", f32, {1, 2, 4, 6}, Values(f32, kOnnxDcr))});
  list.AddExpect("c632_depth_to_space_onnx_crd", "C-632: ONNX example x [1,8,2,3] = 0..47, CRD",
                 D2S(f32, {1, 8, 2, 3}, Values(f32, Iota(48, 0)), 2, 0, "CRD", {1, 2, 4, 6}),
                 {Expect("y", f32, {1, 2, 4, 6}, Values(f32, kOnnxCrd))});
  list.AddExpect("c632_depth_to_space_empty_mode_is_dcr", "C-632: mode \"\" (the builder default) is DCR",
                 D2S(f32, {1, 8, 2, 3}, Values(f32, Iota(48, 0)), 2, 0, "", {1, 2, 4, 6}),
                 {Expect("y", f32, {1, 2, 4, 6}, Values(f32, kOnnxDcr))});
  list.AddError("c632_depth_to_space_lowercase_mode_rejected", "C-632: mode \"crd\" is not a mode",
                D2S(f32, {1, 8, 2, 3}, Values(f32, Iota(48, 0)), 2, 0, "crd", {1, 2, 4, 6}), NNRT_INVALID_MODEL);
  list.AddExpect("c630_depth_to_space_nhwc_tf_example", "C-630: format NHWC, TF example [1,1,1,4] -> [1,2,2,1]",
                 D2S(f32, {1, 1, 1, 4}, Values(f32, {1, 2, 3, 4}), 2, 1, nullptr, {1, 2, 2, 1}),
                 {Expect("y", f32, {1, 2, 2, 1}, Values(f32, {1, 2, 3, 4}))});
  list.AddError("c631_depth_to_space_channels_not_divisible_rejected", "C-631: 6 channels, blockSize^2 = 4",
                D2S(f32, {1, 6, 1, 1}, Values(f32, Iota(6, 0)), 2, 0, "DCR", {1, 1, 2, 2}), NNRT_INVALID_MODEL);
  list.AddExpect("depth_to_space_int8_codes_copied", "int8 codes and params carried, NHWC CRD",
                 D2S(DT::kInt8, {1, 1, 1, 4}, Ints(DT::kInt8, {-128, 127, 0, -1}), 2, 1, "CRD", {1, 2, 2, 1},
                     {QP(0.25, -3)}),
                 {Expect("y", DT::kInt8, {1, 2, 2, 1}, Ints(DT::kInt8, {-128, 127, 0, -1}))});
  list.AddExpect("depth_to_space_float32_nan_payload_carried", "NaN payload 0x7FA00007 and -0 copied bit for bit",
                 D2S(f32, {1, 4, 1, 1}, FloatBits({0x7FA00007u, 0x80000000u, 0x7F800000u, 0x00000001u}), 2, 0,
                     nullptr, {1, 1, 2, 2}),
                 {Expect("y", f32, {1, 1, 2, 2}, FloatBits({0x7FA00007u, 0x80000000u, 0x7F800000u, 0x00000001u}))});
}

void AddSpaceToDepthCases(CaseList& list) {
  list.AddExpect("space_to_depth_builder_test_nchw", "C-633: builder test [1,3,2,2], blockSize 2 -> [1,12,1,1]",
                 S2D(f32, {1, 3, 2, 2}, Values(f32, Iota(12, 0)), 2, 0, {1, 12, 1, 1}),
                 {Expect("y", f32, {1, 12, 1, 1}, Values(f32, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}))});
  list.AddExpect("space_to_depth_catalog_model1", "XTS model 1: [1,1,4,4] = 1..16, blockSize 2 -> [1,4,2,2]",
                 S2D(f32, {1, 1, 4, 4}, Values(f32, Iota(16, 1)), 2, -1, {1, 4, 2, 2}),
                 {Expect("y", f32, {1, 4, 2, 2}, Values(f32, {1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16}))});
  list.Add("space_to_depth_catalog_model3", "XTS model 3: [1,2,6,6], blockSize 3 -> [1,18,2,2]",
           S2D(f32, {1, 2, 6, 6}, Values(f32, Iota(72, 1)), 3, -1, {1, 18, 2, 2}));
  list.AddExpect("c630_space_to_depth_nhwc_tf_example", "C-630: format NHWC, TF example [1,2,2,3] -> [1,1,1,12]",
                 S2D(f32, {1, 2, 2, 3}, Values(f32, Iota(12, 1)), 2, 1, {1, 1, 1, 12}),
                 {Expect("y", f32, {1, 1, 1, 12}, Values(f32, Iota(12, 1)))});
  list.AddError("c631_space_to_depth_block_size_one_rejected", "C-631: blockSize 1 ([H]: must be >= 2)",
                S2D(f32, {1, 1, 2, 2}, Values(f32, Iota(4, 0)), 1, 0, {1, 1, 2, 2}), NNRT_INVALID_MODEL);
  list.AddError("c631_space_to_depth_height_not_divisible_rejected", "C-631: height 3, blockSize 2",
                S2D(f32, {1, 1, 3, 2}, Values(f32, Iota(6, 0)), 2, 0, {1, 4, 1, 1}), NNRT_INVALID_MODEL);
  list.AddExpect("space_to_depth_float16_nhwc", "float16 NHWC, blockSize 2 on [1,2,2,1]",
                 S2D(DT::kFloat16, {1, 2, 2, 1}, Values(DT::kFloat16, {-0.0, 65504, -kInf, 0.5}), 2, 1, {1, 1, 1, 4}),
                 {Expect("y", DT::kFloat16, {1, 1, 1, 4}, Values(DT::kFloat16, {-0.0, 65504, -kInf, 0.5}))});
}

// BATCH_TO_SPACE_ND / SPACE_TO_BATCH_ND (`amounts` = crops / paddings).
TestCase BatchSpace(NodeType type, DT dt, Dims x_dims, Bytes x, std::vector<int64_t> block,
                    std::vector<int64_t> amounts, Dims out, std::vector<QuantParam> q = {}) {
  const bool to_space = type == NodeType::BATCH_TO_SPACE_ND;
  SingleNodeCase c(type, to_space ? "batch_to_space_nd" : "space_to_batch_nd");
  c.In("x", dt, std::move(x_dims), std::move(x), q).Out("y", dt, std::move(out), q);
  c.WithAttr(Attr::Int64s("blockShape", std::move(block)));
  c.WithAttr(Attr::Int64s(to_space ? "crops" : "paddings", std::move(amounts)));
  return c.Build();
}

const NodeType kB2S = NodeType::BATCH_TO_SPACE_ND;
const NodeType kS2B = NodeType::SPACE_TO_BATCH_ND;
// tf.batch_to_space's crop example: [8,1,3,1], the first column of every batch 0.
const std::vector<double> kCropX = {0, 1, 3, 0, 9, 11, 0, 2, 4, 0, 10, 12, 0, 5, 7, 0, 13, 15, 0, 6, 8, 0, 14, 16};

void AddBatchToSpaceCases(CaseList& list) {
  list.AddExpect("batch_to_space_builder_test", "C-640: builder test [4,1,1,1], blockShape [2,2] -> [1,2,2,1]",
                 BatchSpace(kB2S, f32, {4, 1, 1, 1}, Values(f32, {1, 2, 3, 4}), {2, 2}, {0, 0, 0, 0}, {1, 2, 2, 1}),
                 {Expect("y", f32, {1, 2, 2, 1}, Values(f32, {1, 2, 3, 4}))});
  list.AddExpect("batch_to_space_tf_example_interleaved", "tf.batch_to_space: [4,2,2,1] -> [1,4,4,1]",
                 BatchSpace(kB2S, f32, {4, 2, 2, 1}, Values(f32, {1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16}),
                            {2, 2}, {0, 0, 0, 0}, {1, 4, 4, 1}),
                 {Expect("y", f32, {1, 4, 4, 1}, Values(f32, Iota(16, 1)))});
  list.AddExpect("c642_batch_to_space_tf_example_crops", "C-642: tf.batch_to_space crops [[0,0],[2,0]] -> [2,2,4,1]",
                 BatchSpace(kB2S, f32, {8, 1, 3, 1}, Values(f32, kCropX), {2, 2}, {0, 0, 2, 0}, {2, 2, 4, 1}),
                 {Expect("y", f32, {2, 2, 4, 1}, Values(f32, Iota(16, 1)))});
  list.AddError("c642_batch_to_space_crops_remove_all_rejected", "C-642: crops 1 + 1 of a block-expanded height 2",
                BatchSpace(kB2S, f32, {4, 1, 1, 1}, Values(f32, {1, 2, 3, 4}), {2, 2}, {1, 1, 0, 0}, {1, 1, 2, 1}),
                NNRT_INVALID_MODEL);
  list.AddError("c641_batch_to_space_batch_not_divisible_rejected", "C-641: batch 6, blockShape [2,2]",
                BatchSpace(kB2S, f32, {6, 1, 1, 1}, Values(f32, Iota(6, 0)), {2, 2}, {0, 0, 0, 0}, {1, 2, 2, 1}),
                NNRT_INVALID_MODEL);
  list.AddExpect("c641_batch_to_space_block_of_one", "C-641: blockShape [1,2] keeps the height",
                 BatchSpace(kB2S, DT::kInt32, {2, 1, 2, 1}, Ints(DT::kInt32, {1, 2, 3, 4}), {1, 2}, {0, 0, 0, 0},
                            {1, 1, 4, 1}),
                 {Expect("y", DT::kInt32, {1, 1, 4, 1}, Ints(DT::kInt32, {1, 3, 2, 4}))});
  list.AddError("c640_batch_to_space_rank3_rejected", "C-640: x of rank 3",
                BatchSpace(kB2S, f32, {4, 1, 1}, Values(f32, {1, 2, 3, 4}), {2, 2}, {0, 0, 0, 0}, {1, 2, 2}),
                NNRT_INVALID_MODEL);
  list.AddExpect("batch_to_space_uint8_codes_copied", "uint8 codes and params carried, crops at the end",
                 BatchSpace(kB2S, DT::kUint8, {2, 1, 2, 1}, Ints(DT::kUint8, {0, 255, 7, 8}), {1, 2}, {0, 0, 0, 1},
                            {1, 1, 3, 1}, {QP(0.5, 8)}),
                 {Expect("y", DT::kUint8, {1, 1, 3, 1}, Ints(DT::kUint8, {0, 7, 255}))});
}

void AddSpaceToBatchCases(CaseList& list) {
  list.AddExpect("space_to_batch_builder_test", "C-640: builder test [1,2,2,1], blockShape [2,2] -> [4,1,1,1]",
                 BatchSpace(kS2B, f32, {1, 2, 2, 1}, Values(f32, {1, 2, 3, 4}), {2, 2}, {0, 0, 0, 0}, {4, 1, 1, 1}),
                 {Expect("y", f32, {4, 1, 1, 1}, Values(f32, {1, 2, 3, 4}))});
  list.AddExpect("c643_space_to_batch_tf_example_paddings",
                 "C-643, C-644: tf.space_to_batch [2,2,4,1], paddings [[0,0],[2,0]] -> [8,1,3,1] with zeros",
                 BatchSpace(kS2B, f32, {2, 2, 4, 1}, Values(f32, Iota(16, 1)), {2, 2}, {0, 0, 2, 0}, {8, 1, 3, 1}),
                 {Expect("y", f32, {8, 1, 3, 1}, Values(f32, kCropX))});
  list.AddExpect("c644_space_to_batch_int8_pads_zero_point", "C-644: int8 (0.5, -3): the padding is code -3",
                 BatchSpace(kS2B, DT::kInt8, {1, 1, 1, 1}, Ints(DT::kInt8, {127}), {1, 2}, {0, 0, 1, 0}, {2, 1, 1, 1},
                            {QP(0.5, -3)}),
                 {Expect("y", DT::kInt8, {2, 1, 1, 1}, Ints(DT::kInt8, {-3, 127}))});
  list.AddError("c643_space_to_batch_padded_not_divisible_rejected", "C-643: height 2 + 0 + 1 with block 2",
                BatchSpace(kS2B, f32, {1, 2, 2, 1}, Values(f32, {1, 2, 3, 4}), {2, 2}, {0, 1, 0, 0}, {4, 2, 1, 1}),
                NNRT_INVALID_MODEL);
  list.AddError("c641_space_to_batch_block_zero_rejected", "C-641: blockShape [0, 2]",
                BatchSpace(kS2B, f32, {1, 2, 2, 1}, Values(f32, {1, 2, 3, 4}), {0, 2}, {0, 0, 0, 0}, {4, 1, 1, 1}),
                NNRT_INVALID_MODEL);
  list.AddExpect("space_to_batch_float32_nan_payload_carried", "NaN payload 0x7FA00007 and -0 copied; padding +0",
                 BatchSpace(kS2B, f32, {1, 1, 2, 1}, FloatBits({0x7FA00007u, 0x80000000u}), {1, 3}, {0, 0, 0, 1},
                            {3, 1, 1, 1}),
                 {Expect("y", f32, {3, 1, 1, 1}, FloatBits({0x7FA00007u, 0x80000000u, 0x00000000u}))});
}

}  // namespace

std::vector<GoldenCase> BlockSpaceCases() {
  CaseList list("block_space");
  AddDepthToSpaceCases(list);
  AddSpaceToDepthCases(list);
  AddBatchToSpaceCases(list);
  AddSpaceToBatchCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(BlockSpaceCases);

}  // namespace golden
}  // namespace nnrt
