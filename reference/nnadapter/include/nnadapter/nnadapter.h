// NNAdapter public C API, as implemented by this kit's reference.
//
// Names, types, enum values and prototypes follow Paddle Lite's nnadapter.h at
// the revision whose standard operation list is the 65 operations of the
// NNAdapter design document (Paddle-Lite commit 2e4e435e30, 2021-10-28); the
// one later addition is NNAdapterModel_getSupportedOperations (same prototype
// as later upstream revisions). Which revision and why: docs/clarifications.md
// C-810. The text of this header is our own. What each operation computes and
// which operands it takes: docs/nnadapter.md.
//
// Plain C (C99 or later, with <stdbool.h>) and C++.
#ifndef NNADAPTER_NNADAPTER_H_
#define NNADAPTER_NNADAPTER_H_

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

enum { NNADAPTER_VERSION = 1 };
// Marks an unknown dimension (a dynamic one) in NNAdapterOperandType.
enum { NNADAPTER_UNKNOWN = -1 };

// What every int-returning function returns.
typedef enum {
  NNADAPTER_NO_ERROR = 0,
  NNADAPTER_OUT_OF_MEMORY = 1,
  NNADAPTER_INVALID_PARAMETER = 2,
  NNADAPTER_DEVICE_NOT_FOUND = 3,
  NNADAPTER_DEVICE_INTERNAL_ERROR = 4,
} NNAdapterResultCode;

enum { NNADAPTER_MAX_SIZE_OF_DIMENSIONS = 8 };
enum { NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS = 8 };

// Element type of an operand. The QUANT_* codes hold integers whose real value
// is scale * (q - zero_point); SYMM codes have zero_point 0, PER_CHANNEL codes
// carry one scale per slice along symm_per_channel_params.channel_dim.
typedef enum {
  NNADAPTER_BOOL8 = 0,
  NNADAPTER_INT8 = 1,
  NNADAPTER_UINT8 = 2,
  NNADAPTER_INT16 = 3,
  NNADAPTER_UINT16 = 4,
  NNADAPTER_INT32 = 5,
  NNADAPTER_UINT32 = 6,
  NNADAPTER_INT64 = 7,
  NNADAPTER_UINT64 = 8,
  NNADAPTER_FLOAT16 = 9,
  NNADAPTER_FLOAT32 = 10,
  NNADAPTER_FLOAT64 = 11,
  NNADAPTER_QUANT_INT8_SYMM_PER_LAYER = 24,
  NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL = 25,
  NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER = 26,
  NNADAPTER_QUANT_INT16_SYMM_PER_LAYER = 27,
  NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL = 28,
  NNADAPTER_QUANT_UINT16_ASYMM_PER_LAYER = 29,
  NNADAPTER_QUANT_INT32_SYMM_PER_LAYER = 30,
  NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL = 31,
  NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER = 32,
} NNAdapterOperandPrecisionCode;

// Memory layout of a 4-D operand. Standard operations are defined on NCHW.
typedef enum {
  NNADAPTER_NCHW = 0,
  NNADAPTER_NHWC = 1,
} NNAdapterOperandLayoutCode;

// Where an operand's data lives. addOperand accepts TEMPORARY_VARIABLE (the
// others are set by setOperandValue and identifyInputsAndOutputs).
typedef enum {
  NNADAPTER_TEMPORARY_VARIABLE = 0,
  NNADAPTER_TEMPORARY_SHAPE = 1,
  NNADAPTER_CONSTANT_COPY = 2,
  NNADAPTER_CONSTANT_REFERENCE = 3,
  NNADAPTER_MODEL_INPUT = 4,
  NNADAPTER_MODEL_OUTPUT = 5,
} NNAdapterOperandLifetimeCode;

// The 65 standard operations. Operand lists (in this exact order) and the
// NNRt lowering of each: docs/nnadapter.md.
typedef enum {
  NNADAPTER_ABS = 0,
  NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D = 1,
  NNADAPTER_ADAPTIVE_MAX_POOL_2D = 2,
  NNADAPTER_ADD = 3,
  NNADAPTER_ARG_MAX = 4,
  NNADAPTER_ARG_MIN = 5,
  NNADAPTER_ASSIGN = 6,
  NNADAPTER_EQUAL = 7,
  NNADAPTER_AVERAGE_POOL_2D = 8,
  NNADAPTER_BATCH_NORMALIZATION = 9,
  NNADAPTER_CAST = 10,
  NNADAPTER_CLIP = 11,
  NNADAPTER_CONCAT = 12,
  NNADAPTER_CONV_2D = 13,
  NNADAPTER_CONV_2D_TRANSPOSE = 14,
  NNADAPTER_CUM_SUM = 15,
  NNADAPTER_DEFORMABLE_CONV_2D = 16,
  NNADAPTER_DIV = 17,
  NNADAPTER_EXP = 18,
  NNADAPTER_EXPAND = 19,
  NNADAPTER_FILL = 20,
  NNADAPTER_FLATTEN = 21,
  NNADAPTER_FULLY_CONNECTED = 22,
  NNADAPTER_GATHER = 23,
  NNADAPTER_GELU = 24,
  NNADAPTER_GREATER = 25,
  NNADAPTER_GREATER_EQUAL = 26,
  NNADAPTER_HARD_SIGMOID = 27,
  NNADAPTER_HARD_SWISH = 28,
  NNADAPTER_INSTANCE_NORMALIZATION = 29,
  NNADAPTER_LAYER_NORMALIZATION = 30,
  NNADAPTER_LEAKY_RELU = 31,
  NNADAPTER_LESS = 32,
  NNADAPTER_LESS_EQUAL = 33,
  NNADAPTER_LOG = 34,
  NNADAPTER_LP_NORMALIZATION = 35,
  NNADAPTER_MAT_MUL = 36,
  NNADAPTER_MAX = 37,
  NNADAPTER_MAX_POOL_2D = 38,
  NNADAPTER_MIN = 39,
  NNADAPTER_MUL = 40,
  NNADAPTER_NOT_EQUAL = 41,
  NNADAPTER_PAD = 42,
  NNADAPTER_POW = 43,
  NNADAPTER_PRELU = 44,
  NNADAPTER_RANGE = 45,
  NNADAPTER_REDUCE_MEAN = 46,
  NNADAPTER_RELU = 47,
  NNADAPTER_RELU6 = 48,
  NNADAPTER_RESHAPE = 49,
  NNADAPTER_RESIZE_NEAREST = 50,
  NNADAPTER_RESIZE_LINEAR = 51,
  NNADAPTER_SHAPE = 52,
  NNADAPTER_SIGMOID = 53,
  NNADAPTER_SLICE = 54,
  NNADAPTER_SOFTMAX = 55,
  NNADAPTER_SPLIT = 56,
  NNADAPTER_SQUEEZE = 57,
  NNADAPTER_STACK = 58,
  NNADAPTER_SUB = 59,
  NNADAPTER_SWISH = 60,
  NNADAPTER_TANH = 61,
  NNADAPTER_TOP_K = 62,
  NNADAPTER_TRANSPOSE = 63,
  NNADAPTER_UNSQUEEZE = 64,
} NNAdapterOperationCode;

// Activation applied to an operation's result (the fuse_code operand).
typedef enum {
  NNADAPTER_FUSED_NONE = 0,
  NNADAPTER_FUSED_RELU = 1,
  NNADAPTER_FUSED_RELU1 = 2,
  NNADAPTER_FUSED_RELU6 = 3,
} NNAdapterFuseCode;

// Padding algorithm of the pooling and convolution operations.
typedef enum {
  NNADAPTER_AUTO_PAD_NONE = 0,
  NNADAPTER_AUTO_PAD_SAME = 1,
  NNADAPTER_AUTO_PAD_VALID = 2,
} NNAdapterAutoPadCode;

typedef enum {
  NNADAPTER_CPU = 0,
  NNADAPTER_GPU = 1,
  NNADAPTER_ACCELERATOR = 2,
} NNAdapterDeviceCode;

// Mode operand of NNADAPTER_PAD.
typedef enum {
  NNADAPTER_PAD_MODE_NONE = 0,
  NNADAPTER_PAD_MODE_CONSTANT = 1,
  NNADAPTER_PAD_MODE_REFLECT = 2,
  NNADAPTER_PAD_MODE_REPLICATE = 3,
  NNADAPTER_PAD_MODE_EDGE = 4,
} NNAdapterPadModeCode;

typedef int32_t NNAdapterDeviceType;

typedef struct NNAdapterSymmPerLayerQuantParams {
  float scale;
} NNAdapterSymmPerLayerQuantParams;

// scales points at scale_count floats, one per index of dimension channel_dim.
typedef struct NNAdapterSymmPerChannelQuantParams {
  uint32_t channel_dim;
  uint32_t scale_count;
  float* scales;
} NNAdapterSymmPerChannelQuantParams;

typedef struct NNAdapterAsymmPerLayerQuantParams {
  float scale;
  int32_t zero_point;
} NNAdapterAsymmPerLayerQuantParams;

// data[0..count) are the dimensions, NNADAPTER_UNKNOWN for a dynamic one;
// dynamic_data[0..dynamic_count) list concrete shapes the operand may take.
typedef struct NNAdapterOperandDimensionType {
  uint32_t count;
  int32_t data[NNADAPTER_MAX_SIZE_OF_DIMENSIONS];
  uint32_t dynamic_count;
  int32_t dynamic_data[NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS]
                      [NNADAPTER_MAX_SIZE_OF_DIMENSIONS];
} NNAdapterOperandDimensionType;

// The union member read is the one matching precision (SYMM_PER_LAYER,
// SYMM_PER_CHANNEL or ASYMM_PER_LAYER); it is ignored for other precisions.
typedef struct NNAdapterOperandType {
  NNAdapterOperandPrecisionCode precision;
  NNAdapterOperandLayoutCode layout;
  NNAdapterOperandLifetimeCode lifetime;
  NNAdapterOperandDimensionType dimensions;
  union {
    NNAdapterSymmPerLayerQuantParams symm_per_layer_params;
    NNAdapterSymmPerChannelQuantParams symm_per_channel_params;
    NNAdapterAsymmPerLayerQuantParams asymm_per_layer_params;
  };
} NNAdapterOperandType;

typedef int32_t NNAdapterOperationType;

typedef struct NNAdapterDevice NNAdapterDevice;
typedef struct NNAdapterContext NNAdapterContext;
typedef struct NNAdapterOperand NNAdapterOperand;
typedef struct NNAdapterOperation NNAdapterOperation;
typedef struct NNAdapterModel NNAdapterModel;
typedef struct NNAdapterCompilation NNAdapterCompilation;
typedef struct NNAdapterExecution NNAdapterExecution;

// Called by a driver to learn where a model input or output lives: returns the
// host buffer of memory and fills type->dimensions with its concrete shape (for
// an input) or reads the final shape from it (for an output, which the callee
// may grow its buffer to fit).
typedef void* (*NNAdapterMemoryAccess)(void* memory, NNAdapterOperandType* type);

#ifdef __cplusplus
extern "C" {
#endif

// Version of this API (NNADAPTER_VERSION).
int NNAdapter_getVersion(uint32_t* version);
// Number of devices NNAdapterDevice_acquire can open without a HAL library.
int NNAdapter_getDeviceCount(uint32_t* numDevices);

// name "reference" is this kit's built-in NNRt reference; any other name is
// looked up as lib<name>.so exporting the HAL device __nnadapter_device__<name>.
int NNAdapterDevice_acquire(const char* name, NNAdapterDevice** device);
void NNAdapterDevice_release(NNAdapterDevice* device);
int NNAdapterDevice_getName(const NNAdapterDevice* device, const char** name);
int NNAdapterDevice_getVendor(const NNAdapterDevice* device,
                              const char** vendor);
int NNAdapterDevice_getType(const NNAdapterDevice* device,
                            NNAdapterDeviceType* type);
int NNAdapterDevice_getVersion(const NNAdapterDevice* device, int32_t* version);

// properties: "KEY=VALUE;KEY=VALUE" passed to every device. The devices must
// outlive the context.
int NNAdapterContext_create(NNAdapterDevice** devices,
                            uint32_t num_devices,
                            const char* properties,
                            NNAdapterContext** context);
void NNAdapterContext_destroy(NNAdapterContext* context);

int NNAdapterModel_create(NNAdapterModel** model);
void NNAdapterModel_destroy(NNAdapterModel* model);
// After finish the model is read-only.
int NNAdapterModel_finish(NNAdapterModel* model);
int NNAdapterModel_addOperand(NNAdapterModel* model,
                              const NNAdapterOperandType* type,
                              NNAdapterOperand** operand);
// copy=true: the bytes are copied now (lifetime CONSTANT_COPY); false: the
// buffer is referenced and must stay unchanged until compilation is finished
// (lifetime CONSTANT_REFERENCE).
int NNAdapterModel_setOperandValue(NNAdapterOperand* operand,
                                   void* buffer,
                                   uint32_t length,
                                   bool copy);
// *type points into the operand and lives as long as the model.
int NNAdapterModel_getOperandType(NNAdapterOperand* operand,
                                  NNAdapterOperandType** type);
int NNAdapterModel_addOperation(NNAdapterModel* model,
                                NNAdapterOperationType type,
                                uint32_t input_count,
                                NNAdapterOperand** input_operands,
                                uint32_t output_count,
                                NNAdapterOperand** output_operands,
                                NNAdapterOperation** operation);
int NNAdapterModel_identifyInputsAndOutputs(NNAdapterModel* model,
                                            uint32_t input_count,
                                            NNAdapterOperand** input_operands,
                                            uint32_t output_count,
                                            NNAdapterOperand** output_operands);
// supported_operations[i] answers for the i-th operation added to the model
// (the caller provides one bool per operation).
int NNAdapterModel_getSupportedOperations(const NNAdapterModel* model,
                                          NNAdapterContext* context,
                                          bool* supported_operations);

// Cache use (all optional): cache_token with cache_buffer/cache_length loads
// the compiled program from memory and ignores model; cache_token with
// cache_dir loads <cache_dir>/<cache_token>.nnc if it exists, else compiles
// model at finish and writes that file.
int NNAdapterCompilation_create(NNAdapterModel* model,
                                const char* cache_token,
                                void* cache_buffer,
                                uint32_t cache_length,
                                const char* cache_dir,
                                NNAdapterContext* context,
                                NNAdapterCompilation** compilation);
void NNAdapterCompilation_destroy(NNAdapterCompilation* compilation);
int NNAdapterCompilation_finish(NNAdapterCompilation* compilation);
// With input_types/output_types NULL: only the counts. Otherwise the caller
// passes arrays of *input_count / *output_count pointers, which receive
// pointers to types owned by the compilation.
int NNAdapterCompilation_queryInputsAndOutputs(
    NNAdapterCompilation* compilation,
    uint32_t* input_count,
    NNAdapterOperandType** input_types,
    uint32_t* output_count,
    NNAdapterOperandType** output_types);

int NNAdapterExecution_create(NNAdapterCompilation* compilation,
                              NNAdapterExecution** execution);
void NNAdapterExecution_destroy(NNAdapterExecution* execution);
int NNAdapterExecution_setInput(NNAdapterExecution* execution,
                                int32_t index,
                                void* memory,
                                void* (*access)(void* memory,
                                                NNAdapterOperandType* type));
int NNAdapterExecution_setOutput(NNAdapterExecution* execution,
                                 int32_t index,
                                 void* memory,
                                 void* (*access)(void* memory,
                                                 NNAdapterOperandType* type));
// Synchronous. Every input and output must have been set.
int NNAdapterExecution_compute(NNAdapterExecution* execution);

#ifdef __cplusplus
}
#endif

#endif  // NNADAPTER_NNADAPTER_H_
