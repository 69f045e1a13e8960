/*
 * The values of HDI NnrtTypes.idl that the reference's IR shares with the HAL
 * C ABI: return codes, data types, formats, quant types, attribute value types
 * and the largest tensor rank. A leaf header (no includes): the IR
 * (reference/ir) includes it without depending on the HAL, and nnrt_hal.h
 * includes it so that a driver still sees everything through nnrt_hal.h.
 *
 * Plain C (C11 and C++17 clean). Part of the HAL ABI: the names and values
 * here are covered by NNRT_HAL_ABI_VERSION like the rest of nnrt_hal.h.
 */
#ifndef NNRT_HAL_TYPES_H_
#define NNRT_HAL_TYPES_H_

#ifdef __cplusplus
extern "C" {
#endif

/* Largest rank a tensor may have at the HAL (see docs/clarifications.md). */
#define NNRT_HAL_MAX_RANK 32u

/* HDI NNRT_ReturnCode (v2.0/v2.1), same values. */
typedef enum {
  NNRT_SUCCESS = 0,
  NNRT_FAILED = 1,
  NNRT_NULL_PTR = 2,
  NNRT_INVALID_PARAMETER = 3,
  NNRT_MEMORY_ERROR = 4,
  NNRT_OUT_OF_MEMORY = 5,
  NNRT_OPERATION_FORBIDDEN = 6,
  NNRT_INVALID_FILE = 7,
  NNRT_INVALID_PATH = 8,
  NNRT_INSUFFICIENT_BUFFER = 9,
  NNRT_NO_CHANGE = 10,
  NNRT_NOT_SUPPORT = 11,
  NNRT_SERVICE_ERROR = 12,
  NNRT_DEVICE_ERROR = 13,
  NNRT_DEVICE_BUSY = 14,
  NNRT_CANCELLED = 15,
  NNRT_PERMISSION_DENIED = 16,
  NNRT_TIME_OUT = 17,
  NNRT_INVALID_TENSOR = 18,
  NNRT_INVALID_NODE = 19,
  NNRT_INVALID_INPUT = 20,
  NNRT_INVALID_OUTPUT = 21,
  NNRT_INVALID_DATATYPE = 22,
  NNRT_INVALID_FORMAT = 23,
  NNRT_INVALID_TENSOR_NAME = 24,
  NNRT_INVALID_SHAPE = 25,
  NNRT_OUT_OF_DIMENTION_RANGES = 26, /* sic, as in HDI */
  NNRT_INVALID_BUFFER = 27,
  NNRT_INVALID_BUFFER_SIZE = 28,
  NNRT_INVALID_PERFORMANCE_MODE = 29,
  NNRT_INVALID_PRIORITY = 30,
  NNRT_INVALID_MODEL = 31,
  NNRT_INVALID_MODEL_CACHE = 32,
  NNRT_UNSUPPORTED_OP = 33
} NNRT_ReturnCode;

/* HDI DataType (byte). Stored as int32_t in structs for a stable layout. */
typedef enum {
  NNRT_DATA_TYPE_UNKNOWN = 0,
  NNRT_DATA_TYPE_BOOL = 30,
  NNRT_DATA_TYPE_INT8 = 32,
  NNRT_DATA_TYPE_INT16 = 33,
  NNRT_DATA_TYPE_INT32 = 34,
  NNRT_DATA_TYPE_INT64 = 35,
  NNRT_DATA_TYPE_UINT8 = 37,
  NNRT_DATA_TYPE_UINT16 = 38,
  NNRT_DATA_TYPE_UINT32 = 39,
  NNRT_DATA_TYPE_UINT64 = 40,
  NNRT_DATA_TYPE_FLOAT16 = 42,
  NNRT_DATA_TYPE_FLOAT32 = 43,
  NNRT_DATA_TYPE_FLOAT64 = 44
} NNRT_HalDataType;

/* HDI Format (byte). */
typedef enum { NNRT_FORMAT_NONE = -1, NNRT_FORMAT_NCHW = 0, NNRT_FORMAT_NHWC = 1 } NNRT_HalFormat;

/* HDI QuantType (byte). */
typedef enum { NNRT_QUANT_TYPE_NONE = 0, NNRT_QUANT_TYPE_ALL = 1 } NNRT_HalQuantType;

/* Attribute value types: HDI NodeAttrTypes field types. Enum-typed fields
 * (ActivationType, PadMode, ...) travel as INT8 with the HDI enum value. */
typedef enum {
  NNRT_ATTR_BOOL = 1,    /* data: bool[count] */
  NNRT_ATTR_INT8 = 2,    /* data: int8_t[count] (HDI byte enums) */
  NNRT_ATTR_INT64 = 3,   /* data: int64_t[count] (HDI long, long[], long[][] row-major) */
  NNRT_ATTR_FLOAT32 = 4, /* data: float[count] (HDI float, float[]) */
  NNRT_ATTR_STRING = 5   /* data: char[count], not NUL-terminated */
} NNRT_HalAttrType;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* NNRT_HAL_TYPES_H_ */
