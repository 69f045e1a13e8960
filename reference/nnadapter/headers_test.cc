// The public header's enum values and the HAL structures' layout, pinned
// against the values of the Paddle Lite revision they follow (C-810) for
// x86-64 / aarch64 LP64 with libstdc++.
#include <cstddef>

#include <gtest/gtest.h>

#include "nnadapter/hal/types.h"
#include "nnadapter/nnadapter.h"

extern "C" size_t NNAdapterHeaderCOperandTypeSize(void);
extern "C" size_t NNAdapterHeaderCQuantParamsOffset(void);
extern "C" size_t NNAdapterHeaderCDimensionsOffset(void);

namespace {

TEST(NNAdapterHeaders, OperationCodesInUpstreamOrder) {
  EXPECT_EQ(NNADAPTER_ABS, 0);
  EXPECT_EQ(NNADAPTER_ADD, 3);
  EXPECT_EQ(NNADAPTER_EQUAL, 7);  // between ASSIGN and AVERAGE_POOL_2D upstream
  EXPECT_EQ(NNADAPTER_AVERAGE_POOL_2D, 8);
  EXPECT_EQ(NNADAPTER_CONV_2D, 13);
  EXPECT_EQ(NNADAPTER_FULLY_CONNECTED, 22);
  EXPECT_EQ(NNADAPTER_MAX_POOL_2D, 38);
  EXPECT_EQ(NNADAPTER_SOFTMAX, 55);
  EXPECT_EQ(NNADAPTER_UNSQUEEZE, 64);
}

TEST(NNAdapterHeaders, ResultLifetimeFuseAndDeviceCodes) {
  EXPECT_EQ(NNADAPTER_INVALID_PARAMETER, 2);
  EXPECT_EQ(NNADAPTER_DEVICE_NOT_FOUND, 3);
  EXPECT_EQ(NNADAPTER_DEVICE_INTERNAL_ERROR, 4);
  EXPECT_EQ(NNADAPTER_TEMPORARY_SHAPE, 1);
  EXPECT_EQ(NNADAPTER_MODEL_OUTPUT, 5);
  EXPECT_EQ(NNADAPTER_FUSED_RELU6, 3);
  EXPECT_EQ(NNADAPTER_ACCELERATOR, 2);
  EXPECT_EQ(NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER, 32);
}

TEST(NNAdapterHeaders, OperandTypeLayoutSameInCAndCpp) {
  EXPECT_EQ(offsetof(NNAdapterOperandType, dimensions), 12u);
  EXPECT_EQ(sizeof(NNAdapterOperandDimensionType), 296u);
  EXPECT_EQ(offsetof(NNAdapterOperandType, symm_per_channel_params), 312u);
  EXPECT_EQ(sizeof(NNAdapterOperandType), 328u);
  EXPECT_EQ(NNAdapterHeaderCOperandTypeSize(), sizeof(NNAdapterOperandType));
  EXPECT_EQ(NNAdapterHeaderCQuantParamsOffset(), offsetof(NNAdapterOperandType, symm_per_channel_params));
  EXPECT_EQ(NNAdapterHeaderCDimensionsOffset(), offsetof(NNAdapterOperandType, dimensions));
}

TEST(NNAdapterHeaders, HalStructLayout) {
  using nnadapter::hal::Device;
  using nnadapter::hal::Operand;
  EXPECT_EQ(offsetof(Operand, buffer), 328u);
  EXPECT_EQ(sizeof(Operand), 344u);
  EXPECT_EQ(sizeof(nnadapter::hal::Argument), 24u);
  EXPECT_EQ(sizeof(nnadapter::hal::Operation), 56u);
  EXPECT_EQ(sizeof(nnadapter::hal::Cache), 88u);
  EXPECT_EQ(sizeof(nnadapter::hal::Model), 96u);
  EXPECT_EQ(offsetof(Device, open_device), 24u);
  EXPECT_EQ(offsetof(Device, execute_program), 72u);
  EXPECT_EQ(sizeof(Device), 80u);
}

}  // namespace
