/*
 * Neural Network Runtime (NNRt) public C API: enumerations, structures and
 * handle types shared by neural_network_core.h and neural_network_runtime.h.
 *
 * Values and layouts follow the latest OpenHarmony NNRt NDK (api_state_machine
 * section 2 in docs/spec_sources.md). Unlike OpenHarmony's header,
 * this one is valid C11 as well as C++17: every enum is a plain enum with
 * explicit values (OH_NN_FuseType has no fixed underlying type; parameter
 * tensors carrying it still use one int8_t per value).
 */
#ifndef NEURAL_NETWORK_RUNTIME_TYPE_H
#define NEURAL_NETWORK_RUNTIME_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Opaque handles ------------------------------------------------------ */

/** A model under construction or finished (since 9). */
typedef struct OH_NNModel OH_NNModel;
/** A compilation: a model (or cache / offline model) plus build options (since 9). */
typedef struct OH_NNCompilation OH_NNCompilation;
/** An executor created from a built compilation; runs inference (since 9). */
typedef struct OH_NNExecutor OH_NNExecutor;
/** Quantization parameters (scales, zero points, bit widths) for one tensor (since 11). */
typedef struct NN_QuantParam NN_QuantParam;
/** Tensor description: name, data type, shape and format (since 11). */
typedef struct NN_TensorDesc NN_TensorDesc;
/** A tensor: a description plus device-side memory (since 11). */
typedef struct NN_Tensor NN_Tensor;

/* ---- Enumerations ---------------------------------------------------------- */

/** Hardware performance mode requested for a compilation. */
typedef enum {
  OH_NN_PERFORMANCE_NONE = 0,    /**< no preference (default) */
  OH_NN_PERFORMANCE_LOW = 1,     /**< lowest power */
  OH_NN_PERFORMANCE_MEDIUM = 2,
  OH_NN_PERFORMANCE_HIGH = 3,
  OH_NN_PERFORMANCE_EXTREME = 4  /**< highest speed */
} OH_NN_PerformanceMode;

/** Scheduling priority requested for a compilation. */
typedef enum {
  OH_NN_PRIORITY_NONE = 0,  /**< no preference (default) */
  OH_NN_PRIORITY_LOW = 1,
  OH_NN_PRIORITY_MEDIUM = 2,
  OH_NN_PRIORITY_HIGH = 3
} OH_NN_Priority;

/** Result of every API call that reports one. */
typedef enum {
  OH_NN_SUCCESS = 0,
  OH_NN_FAILED = 1,
  OH_NN_INVALID_PARAMETER = 2,
  OH_NN_MEMORY_ERROR = 3,
  OH_NN_OPERATION_FORBIDDEN = 4, /**< the call is not allowed in the object's current state */
  OH_NN_NULL_PTR = 5,
  OH_NN_INVALID_FILE = 6,
  /** Misspelled API 9 name; deprecated since 11, use OH_NN_UNAVAILABLE_DEVICE. Never returned. */
  OH_NN_UNAVALIDABLE_DEVICE = 7,
  OH_NN_INVALID_PATH = 8,
  OH_NN_TIMEOUT = 9,                 /* since 11 */
  OH_NN_UNSUPPORTED = 10,            /* since 11 */
  OH_NN_CONNECTION_EXCEPTION = 11,   /* since 11 */
  OH_NN_SAVE_CACHE_EXCEPTION = 12,   /* since 11 */
  OH_NN_DYNAMIC_SHAPE = 13,          /* since 11 */
  OH_NN_UNAVAILABLE_DEVICE = 14      /* since 11 */
} OH_NN_ReturnCode;

/**
 * Activation fused into an operator's output. Parameter tensors of this kind
 * hold one OH_NN_INT8 value.
 */
typedef enum {
  OH_NN_FUSED_NONE = 0,
  OH_NN_FUSED_RELU = 1,
  OH_NN_FUSED_RELU6 = 2
} OH_NN_FuseType;

/** Memory layout of a tensor. */
typedef enum {
  OH_NN_FORMAT_NONE = 0,
  OH_NN_FORMAT_NCHW = 1,
  OH_NN_FORMAT_NHWC = 2,
  OH_NN_FORMAT_ND = 3  /* since 11 */
} OH_NN_Format;

/** Kind of device behind a device ID. */
typedef enum {
  OH_NN_OTHERS = 0,
  OH_NN_CPU = 1,
  OH_NN_GPU = 2,
  OH_NN_ACCELERATOR = 3
} OH_NN_DeviceType;

/** Element type of a tensor. */
typedef enum {
  OH_NN_UNKNOWN = 0,
  OH_NN_BOOL = 1,
  OH_NN_INT8 = 2,
  OH_NN_INT16 = 3,
  OH_NN_INT32 = 4,
  OH_NN_INT64 = 5,
  OH_NN_UINT8 = 6,
  OH_NN_UINT16 = 7,
  OH_NN_UINT32 = 8,
  OH_NN_UINT64 = 9,
  OH_NN_FLOAT16 = 10,
  OH_NN_FLOAT32 = 11,
  OH_NN_FLOAT64 = 12
} OH_NN_DataType;

/**
 * Operator kinds accepted by OH_NNModel_AddOperation. The inputs, outputs and
 * parameter tensors each one takes are listed in docs/api.md and
 * docs/spec_sources.md (ops_catalog section 4, entries #1..#108).
 */
typedef enum {
  OH_NN_OPS_ADD = 1,
  OH_NN_OPS_AVG_POOL = 2,
  OH_NN_OPS_BATCH_NORM = 3,
  OH_NN_OPS_BATCH_TO_SPACE_ND = 4,
  OH_NN_OPS_BIAS_ADD = 5,
  OH_NN_OPS_CAST = 6,
  OH_NN_OPS_CONCAT = 7,
  OH_NN_OPS_CONV2D = 8,
  OH_NN_OPS_CONV2D_TRANSPOSE = 9,
  OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE = 10,
  OH_NN_OPS_DIV = 11,
  OH_NN_OPS_ELTWISE = 12,
  OH_NN_OPS_EXPAND_DIMS = 13,
  OH_NN_OPS_FILL = 14,
  OH_NN_OPS_FULL_CONNECTION = 15,
  OH_NN_OPS_GATHER = 16,
  OH_NN_OPS_HSWISH = 17,
  OH_NN_OPS_LESS_EQUAL = 18,
  OH_NN_OPS_MATMUL = 19,
  OH_NN_OPS_MAXIMUM = 20,
  OH_NN_OPS_MAX_POOL = 21,
  OH_NN_OPS_MUL = 22,
  OH_NN_OPS_ONE_HOT = 23,
  OH_NN_OPS_PAD = 24,
  OH_NN_OPS_POW = 25,
  OH_NN_OPS_SCALE = 26,
  OH_NN_OPS_SHAPE = 27,
  OH_NN_OPS_SIGMOID = 28,
  OH_NN_OPS_SLICE = 29,
  OH_NN_OPS_SOFTMAX = 30,
  OH_NN_OPS_SPACE_TO_BATCH_ND = 31,
  OH_NN_OPS_SPLIT = 32,
  OH_NN_OPS_SQRT = 33,
  OH_NN_OPS_SQUARED_DIFFERENCE = 34,
  OH_NN_OPS_SQUEEZE = 35,
  OH_NN_OPS_STACK = 36,
  OH_NN_OPS_STRIDED_SLICE = 37,
  OH_NN_OPS_SUB = 38,
  OH_NN_OPS_TANH = 39,
  OH_NN_OPS_TILE = 40,
  OH_NN_OPS_TRANSPOSE = 41,
  OH_NN_OPS_REDUCE_MEAN = 42,
  OH_NN_OPS_RESIZE_BILINEAR = 43,
  OH_NN_OPS_RSQRT = 44,
  OH_NN_OPS_RESHAPE = 45,
  OH_NN_OPS_PRELU = 46,
  OH_NN_OPS_RELU = 47,
  OH_NN_OPS_RELU6 = 48,
  OH_NN_OPS_LAYER_NORM = 49,
  OH_NN_OPS_REDUCE_PROD = 50,
  OH_NN_OPS_REDUCE_ALL = 51,
  OH_NN_OPS_QUANT_DTYPE_CAST = 52,
  OH_NN_OPS_TOP_K = 53,
  OH_NN_OPS_ARG_MAX = 54,
  OH_NN_OPS_UNSQUEEZE = 55,
  OH_NN_OPS_GELU = 56,
  OH_NN_OPS_UNSTACK = 57,  /* since 12 */
  OH_NN_OPS_ABS = 58,  /* since 12 */
  OH_NN_OPS_ERF = 59,  /* since 12 */
  OH_NN_OPS_EXP = 60,  /* since 12 */
  OH_NN_OPS_LESS = 61,  /* since 12 */
  OH_NN_OPS_SELECT = 62,  /* since 12 */
  OH_NN_OPS_SQUARE = 63,  /* since 12 */
  OH_NN_OPS_FLATTEN = 64,  /* since 12 */
  OH_NN_OPS_DEPTH_TO_SPACE = 65,  /* since 12 */
  OH_NN_OPS_RANGE = 66,  /* since 12 */
  OH_NN_OPS_INSTANCE_NORM = 67,  /* since 12 */
  OH_NN_OPS_CONSTANT_OF_SHAPE = 68,  /* since 12 */
  OH_NN_OPS_BROADCAST_TO = 69,  /* since 12 */
  OH_NN_OPS_EQUAL = 70,  /* since 12 */
  OH_NN_OPS_GREATER = 71,  /* since 12 */
  OH_NN_OPS_NOT_EQUAL = 72,  /* since 12 */
  OH_NN_OPS_GREATER_EQUAL = 73,  /* since 12 */
  OH_NN_OPS_LEAKY_RELU = 74,  /* since 12 */
  OH_NN_OPS_LSTM = 75,  /* since 12 */
  OH_NN_OPS_CLIP = 76,  /* since 12 */
  OH_NN_OPS_ALL = 77,  /* since 12 */
  OH_NN_OPS_ASSERT = 78,  /* since 12 */
  OH_NN_OPS_COS = 79,  /* since 12 */
  OH_NN_OPS_LOG = 80,  /* since 12 */
  OH_NN_OPS_LOGICAL_AND = 81,  /* since 12 */
  OH_NN_OPS_LOGICAL_NOT = 82,  /* since 12 */
  OH_NN_OPS_MOD = 83,  /* since 12 */
  OH_NN_OPS_NEG = 84,  /* since 12 */
  OH_NN_OPS_RECIPROCAL = 85,  /* since 12 */
  OH_NN_OPS_SIN = 86,  /* since 12 */
  OH_NN_OPS_WHERE = 87,  /* since 12 */
  OH_NN_OPS_SPARSE_TO_DENSE = 88,  /* since 12 */
  OH_NN_OPS_LOGICAL_OR = 89,  /* since 12 */
  OH_NN_OPS_CEIL = 90,  /* since 12 */
  OH_NN_OPS_CROP = 91,  /* since 12 */
  OH_NN_OPS_DETECTION_POST_PROCESS = 92,  /* since 12 */
  OH_NN_OPS_FLOOR = 93,  /* since 12 */
  OH_NN_OPS_L2_NORMALIZE = 94,  /* since 12 */
  OH_NN_OPS_LOG_SOFTMAX = 95,  /* since 12 */
  OH_NN_OPS_LRN = 96,  /* since 12 */
  OH_NN_OPS_MINIMUM = 97,  /* since 12 */
  OH_NN_OPS_RANK = 98,  /* since 12 */
  OH_NN_OPS_REDUCE_MAX = 99,  /* since 12 */
  OH_NN_OPS_REDUCE_MIN = 100,  /* since 12 */
  OH_NN_OPS_REDUCE_SUM = 101,  /* since 12 */
  OH_NN_OPS_ROUND = 102,  /* since 12 */
  OH_NN_OPS_SCATTER_ND = 103,  /* since 12 */
  OH_NN_OPS_SPACE_TO_DEPTH = 104,  /* since 12 */
  OH_NN_OPS_SWISH = 105,  /* since 12 */
  OH_NN_OPS_REDUCE_L2 = 106,  /* since 12 */
  OH_NN_OPS_HARD_SIGMOID = 107,  /* since 12 */
  OH_NN_OPS_GATHER_ND = 108,  /* since 12 */
} OH_NN_OperationType;

/**
 * Role of a tensor in a model: OH_NN_TENSOR for operator inputs and outputs,
 * any other value marks an operator parameter (passed through paramIndices of
 * OH_NNModel_AddOperation and consumed by that operator only).
 */
typedef enum {
  OH_NN_TENSOR = 0,
  OH_NN_ADD_ACTIVATIONTYPE = 1,
  OH_NN_AVG_POOL_KERNEL_SIZE = 2,
  OH_NN_AVG_POOL_STRIDE = 3,
  OH_NN_AVG_POOL_PAD_MODE = 4,
  OH_NN_AVG_POOL_PAD = 5,
  OH_NN_AVG_POOL_ACTIVATION_TYPE = 6,
  OH_NN_BATCH_NORM_EPSILON = 7,
  OH_NN_BATCH_TO_SPACE_ND_BLOCKSIZE = 8,
  OH_NN_BATCH_TO_SPACE_ND_CROPS = 9,
  OH_NN_CONCAT_AXIS = 10,
  OH_NN_CONV2D_STRIDES = 11,
  OH_NN_CONV2D_PAD = 12,
  OH_NN_CONV2D_DILATION = 13,
  OH_NN_CONV2D_PAD_MODE = 14,
  OH_NN_CONV2D_ACTIVATION_TYPE = 15,
  OH_NN_CONV2D_GROUP = 16,
  OH_NN_CONV2D_TRANSPOSE_STRIDES = 17,
  OH_NN_CONV2D_TRANSPOSE_PAD = 18,
  OH_NN_CONV2D_TRANSPOSE_DILATION = 19,
  OH_NN_CONV2D_TRANSPOSE_OUTPUT_PADDINGS = 20,
  OH_NN_CONV2D_TRANSPOSE_PAD_MODE = 21,
  OH_NN_CONV2D_TRANSPOSE_ACTIVATION_TYPE = 22,
  OH_NN_CONV2D_TRANSPOSE_GROUP = 23,
  OH_NN_DEPTHWISE_CONV2D_NATIVE_STRIDES = 24,
  OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD = 25,
  OH_NN_DEPTHWISE_CONV2D_NATIVE_DILATION = 26,
  OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD_MODE = 27,
  OH_NN_DEPTHWISE_CONV2D_NATIVE_ACTIVATION_TYPE = 28,
  OH_NN_DIV_ACTIVATIONTYPE = 29,
  OH_NN_ELTWISE_MODE = 30,
  OH_NN_FULL_CONNECTION_AXIS = 31,
  OH_NN_FULL_CONNECTION_ACTIVATIONTYPE = 32,
  OH_NN_MATMUL_TRANSPOSE_A = 33,
  OH_NN_MATMUL_TRANSPOSE_B = 34,
  OH_NN_MATMUL_ACTIVATION_TYPE = 35,
  OH_NN_MAX_POOL_KERNEL_SIZE = 36,
  OH_NN_MAX_POOL_STRIDE = 37,
  OH_NN_MAX_POOL_PAD_MODE = 38,
  OH_NN_MAX_POOL_PAD = 39,
  OH_NN_MAX_POOL_ACTIVATION_TYPE = 40,
  OH_NN_MUL_ACTIVATION_TYPE = 41,
  OH_NN_ONE_HOT_AXIS = 42,
  OH_NN_PAD_CONSTANT_VALUE = 43,
  OH_NN_SCALE_ACTIVATIONTYPE = 44,
  OH_NN_SCALE_AXIS = 45,
  OH_NN_SOFTMAX_AXIS = 46,
  OH_NN_SPACE_TO_BATCH_ND_BLOCK_SHAPE = 47,
  OH_NN_SPACE_TO_BATCH_ND_PADDINGS = 48,
  OH_NN_SPLIT_AXIS = 49,
  OH_NN_SPLIT_OUTPUT_NUM = 50,
  OH_NN_SPLIT_SIZE_SPLITS = 51,
  OH_NN_SQUEEZE_AXIS = 52,
  OH_NN_STACK_AXIS = 53,
  OH_NN_STRIDED_SLICE_BEGIN_MASK = 54,
  OH_NN_STRIDED_SLICE_END_MASK = 55,
  OH_NN_STRIDED_SLICE_ELLIPSIS_MASK = 56,
  OH_NN_STRIDED_SLICE_NEW_AXIS_MASK = 57,
  OH_NN_STRIDED_SLICE_SHRINK_AXIS_MASK = 58,
  OH_NN_SUB_ACTIVATIONTYPE = 59,
  OH_NN_REDUCE_MEAN_KEEP_DIMS = 60,
  OH_NN_RESIZE_BILINEAR_NEW_HEIGHT = 61,
  OH_NN_RESIZE_BILINEAR_NEW_WIDTH = 62,
  OH_NN_RESIZE_BILINEAR_PRESERVE_ASPECT_RATIO = 63,
  OH_NN_RESIZE_BILINEAR_COORDINATE_TRANSFORM_MODE = 64,
  OH_NN_RESIZE_BILINEAR_EXCLUDE_OUTSIDE = 65,
  OH_NN_LAYER_NORM_BEGIN_NORM_AXIS = 66,
  OH_NN_LAYER_NORM_EPSILON = 67,
  OH_NN_LAYER_NORM_BEGIN_PARAM_AXIS = 68,
  OH_NN_LAYER_NORM_ELEMENTWISE_AFFINE = 69,
  OH_NN_REDUCE_PROD_KEEP_DIMS = 70,
  OH_NN_REDUCE_ALL_KEEP_DIMS = 71,
  OH_NN_QUANT_DTYPE_CAST_SRC_T = 72,
  OH_NN_QUANT_DTYPE_CAST_DST_T = 73,
  OH_NN_TOP_K_SORTED = 74,
  OH_NN_ARG_MAX_AXIS = 75,
  OH_NN_ARG_MAX_KEEPDIMS = 76,
  OH_NN_UNSQUEEZE_AXIS = 77,
  OH_NN_UNSTACK_AXIS = 78,  /* since 12 */
  OH_NN_FLATTEN_AXIS = 79,  /* since 12 */
  OH_NN_DEPTH_TO_SPACE_BLOCK_SIZE = 80,  /* since 12 */
  OH_NN_DEPTH_TO_SPACE_MODE = 81,  /* since 12 */
  OH_NN_RANGE_START = 82,  /* since 12 */
  OH_NN_RANGE_LIMIT = 83,  /* since 12 */
  OH_NN_RANGE_DELTA = 84,  /* since 12 */
  OH_NN_CONSTANT_OF_SHAPE_DATA_TYPE = 85,  /* since 12 */
  OH_NN_CONSTANT_OF_SHAPE_VALUE = 86,  /* since 12 */
  OH_NN_BROADCAST_TO_SHAPE = 87,  /* since 12 */
  OH_NN_INSTANCE_NORM_EPSILON = 88,  /* since 12 */
  OH_NN_EXP_BASE = 89,  /* since 12 */
  OH_NN_EXP_SCALE = 90,  /* since 12 */
  OH_NN_EXP_SHIFT = 91,  /* since 12 */
  OH_NN_LEAKY_RELU_NEGATIVE_SLOPE = 92,  /* since 12 */
  OH_NN_LSTM_BIDIRECTIONAL = 93,  /* since 12 */
  OH_NN_LSTM_HAS_BIAS = 94,  /* since 12 */
  OH_NN_LSTM_INPUT_SIZE = 95,  /* since 12 */
  OH_NN_LSTM_HIDDEN_SIZE = 96,  /* since 12 */
  OH_NN_LSTM_NUM_LAYERS = 97,  /* since 12 */
  OH_NN_LSTM_NUM_DIRECTIONS = 98,  /* since 12 */
  OH_NN_LSTM_DROPOUT = 99,  /* since 12 */
  OH_NN_LSTM_ZONEOUT_CELL = 100,  /* since 12 */
  OH_NN_LSTM_ZONEOUT_HIDDEN = 101,  /* since 12 */
  OH_NN_LSTM_PROJ_SIZE = 102,  /* since 12 */
  OH_NN_CLIP_MAX = 103,  /* since 12 */
  OH_NN_CLIP_MIN = 104,  /* since 12 */
  OH_NN_ALL_KEEP_DIMS = 105,  /* since 12 */
  OH_NN_ASSERT_SUMMARIZE = 106,  /* since 12 */
  OH_NN_POW_SCALE = 107,  /* since 12 */
  OH_NN_POW_SHIFT = 108,  /* since 12 */
  OH_NN_AVG_POOL_ROUND_MODE = 109,  /* since 12 */
  OH_NN_AVG_POOL_GLOBAL = 110,  /* since 12 */
  OH_NN_FULL_CONNECTION_HAS_BIAS = 111,  /* since 12 */
  OH_NN_FULL_CONNECTION_USE_AXIS = 112,  /* since 12 */
  OH_NN_GELU_APPROXIMATE = 113,  /* since 12 */
  OH_NN_MAX_POOL_ROUND_MODE = 114,  /* since 12 */
  OH_NN_MAX_POOL_GLOBAL = 115,  /* since 12 */
  OH_NN_PAD_PADDING_MODE = 116,  /* since 12 */
  OH_NN_REDUCE_MEAN_REDUCE_TO_END = 117,  /* since 12 */
  OH_NN_REDUCE_MEAN_COEFF = 118,  /* since 12 */
  OH_NN_REDUCE_PROD_REDUCE_TO_END = 119,  /* since 12 */
  OH_NN_REDUCE_PROD_COEFF = 120,  /* since 12 */
  OH_NN_REDUCE_ALL_REDUCE_TO_END = 121,  /* since 12 */
  OH_NN_REDUCE_ALL_COEFF = 122,  /* since 12 */
  OH_NN_TOP_K_AXIS = 123,  /* since 12 */
  OH_NN_ARG_MAX_TOP_K = 124,  /* since 12 */
  OH_NN_ARG_MAX_OUT_MAX_VALUE = 125,  /* since 12 */
  OH_NN_QUANT_DTYPE_CAST_AXIS = 126,  /* since 12 */
  OH_NN_SLICE_AXES = 127,  /* since 12 */
  OH_NN_TILE_DIMS = 128,  /* since 12 */
  OH_NN_CROP_AXIS = 129,  /* since 12 */
  OH_NN_CROP_OFFSET = 130,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_INPUT_SIZE = 131,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_SCALE = 132,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_NMS_IOU_THRESHOLD = 133,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_NMS_SCORE_THRESHOLD = 134,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_MAX_DETECTIONS = 135,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_DETECTIONS_PER_CLASS = 136,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_MAX_CLASSES_PER_DETECTION = 137,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_NUM_CLASSES = 138,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_USE_REGULAR_NMS = 139,  /* since 12 */
  OH_NN_DETECTION_POST_PROCESS_OUT_QUANTIZED = 140,  /* since 12 */
  OH_NN_L2_NORMALIZE_AXIS = 141,  /* since 12 */
  OH_NN_L2_NORMALIZE_EPSILON = 142,  /* since 12 */
  OH_NN_L2_NORMALIZE_ACTIVATION_TYPE = 143,  /* since 12 */
  OH_NN_LOG_SOFTMAX_AXIS = 144,  /* since 12 */
  OH_NN_LRN_DEPTH_RADIUS = 145,  /* since 12 */
  OH_NN_LRN_BIAS = 146,  /* since 12 */
  OH_NN_LRN_ALPHA = 147,  /* since 12 */
  OH_NN_LRN_BETA = 148,  /* since 12 */
  OH_NN_LRN_NORM_REGION = 149,  /* since 12 */
  OH_NN_SPACE_TO_DEPTH_BLOCK_SIZE = 150,  /* since 12 */
  OH_NN_REDUCE_MAX_KEEP_DIMS = 151,  /* since 12 */
  OH_NN_REDUCE_MAX_REDUCE_TO_END = 152,  /* since 12 */
  OH_NN_REDUCE_MAX_COEFF = 153,  /* since 12 */
  OH_NN_REDUCE_MIN_KEEP_DIMS = 154,  /* since 12 */
  OH_NN_REDUCE_MIN_REDUCE_TO_END = 155,  /* since 12 */
  OH_NN_REDUCE_MIN_COEFF = 156,  /* since 12 */
  OH_NN_REDUCE_SUM_KEEP_DIMS = 157,  /* since 12 */
  OH_NN_REDUCE_SUM_REDUCE_TO_END = 158,  /* since 12 */
  OH_NN_REDUCE_SUM_COEFF = 159,  /* since 12 */
  OH_NN_REDUCE_L2_KEEP_DIMS = 160,  /* since 12 */
  OH_NN_REDUCE_L2_REDUCE_TO_END = 161,  /* since 12 */
  OH_NN_REDUCE_L2_COEFF = 162,  /* since 12 */
} OH_NN_TensorType;

/* ---- Structures -------------------------------------------------------------- */

/** An array of uint32 indices. Valid when (data != NULL) == (size > 0). */
typedef struct OH_NN_UInt32Array {
  uint32_t *data;
  uint32_t size;
} OH_NN_UInt32Array;

/**
 * Quantization parameters of a tensor (API 9; deprecated since 11, use
 * NN_QuantParam). quantCount entries each: bit width (must be 8), scale and
 * zero point. One entry = per-tensor; more = one per channel. A real value r
 * maps to q = clamp(round(r / scale + zeroPoint)).
 */
typedef struct OH_NN_QuantParam {
  uint32_t quantCount;
  const uint32_t *numBits;
  const double *scale;
  const int32_t *zeroPoint;
} OH_NN_QuantParam;

/**
 * A tensor as described to API 9 functions (deprecated since 11, use
 * NN_TensorDesc). dimensions may be NULL only when dimensionCount is 0
 * (a scalar); -1 marks a dynamic dimension. quantParam may be NULL.
 */
typedef struct OH_NN_Tensor {
  OH_NN_DataType dataType;
  uint32_t dimensionCount;
  const int32_t *dimensions;
  const OH_NN_QuantParam *quantParam;
  OH_NN_TensorType type;
} OH_NN_Tensor;

/**
 * Shared memory handed out by OH_NNExecutor_Allocate{Input,Output}Memory
 * (deprecated since 11, use NN_Tensor). Only the runtime fills it.
 */
typedef struct OH_NN_Memory {
  void * const data;
  const size_t length;
} OH_NN_Memory;

/* ---- Callbacks (since 11) ------------------------------------------------------ */

/**
 * Called when an OH_NNExecutor_RunAsync run ends, with the userData given to
 * RunAsync, the run's result, and the output tensors (NN_Tensor pointers).
 */
typedef void (*NN_OnRunDone)(void *userData, OH_NN_ReturnCode errCode, void *outputTensor[], int32_t outputCount);

/** Called when the device service behind an asynchronous run goes away. */
typedef void (*NN_OnServiceDied)(void *userData);

#ifdef __cplusplus
}
#endif

#endif /* NEURAL_NETWORK_RUNTIME_TYPE_H */
