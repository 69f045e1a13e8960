/*
 * NNRt HAL C ABI: the boundary between the NNRt runtime (or the conformance
 * suite) and a device driver built as a shared library.
 *
 * It mirrors OpenHarmony's HDI v2.1 one to one:
 *   INnrtDevice    -> the function pointers of NNRT_HalDriver taking NNRT_HalDevice*
 *   IPreparedModel -> the function pointers taking NNRT_HalPreparedModel*
 *   ModelTypes.idl -> NNRT_HalModel / NNRT_HalTensor / NNRT_HalNode / NNRT_HalSubGraph
 *   NnrtTypes.idl  -> the enums and structs below and in nnrt_hal_types.h
 *                     (same numeric values)
 * One difference is deliberate: HDI serialises node attributes with
 * MessageParcel; here they travel as a typed, named list (NNRT_HalAttr) so a
 * model can be printed, parsed and generated generically.
 *
 * Plain C (C11 and C++17 clean); no C++ types, no exceptions cross it.
 *
 * A driver exports exactly one symbol, NNRT_HAL_ENTRY_SYMBOL:
 *     const NNRT_HalDriver* NNRT_HalGetDriver(void);
 * The returned table is static (never freed). The loader refuses a driver
 * whose abiVersion differs from NNRT_HAL_ABI_VERSION or whose structSize is
 * smaller than sizeof(NNRT_HalDriver).
 *
 * Ownership, in one rule: whatever a caller passes in is owned by the caller
 * and only borrowed for the duration of the call (copy what you keep); whatever
 * a driver hands out is owned by the driver and stays valid for the lifetime
 * stated at that function. Nothing is freed across the boundary with free().
 *
 * Threading: a driver must accept concurrent calls on different prepared
 * models, and concurrent Run calls on the same prepared model.
 *
 * Every function returns an NNRT_ReturnCode (0 = success). After a failure a
 * caller may ask GetLastErrorMessage for a human-readable reason.
 */
#ifndef NNRT_HAL_H_
#define NNRT_HAL_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nnrt_hal_types.h" /* return codes, data types, formats, quant and attribute types */

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped on any incompatible change of a struct or function in this header
 * or of a value in nnrt_hal_types.h. */
#define NNRT_HAL_ABI_VERSION 1u
#define NNRT_HAL_ENTRY_SYMBOL "NNRT_HalGetDriver"

/* HDI DeviceType / DeviceStatus / PerformanceMode / Priority. */
typedef enum { NNRT_DEVICE_OTHER = 0, NNRT_DEVICE_CPU = 1, NNRT_DEVICE_GPU = 2, NNRT_DEVICE_ACCELERATOR = 3 } NNRT_HalDeviceType;
typedef enum { NNRT_DEVICE_AVAILABLE = 0, NNRT_DEVICE_BUSY_STATUS = 1, NNRT_DEVICE_OFFLINE = 2, NNRT_DEVICE_UNKNOWN = 3 } NNRT_HalDeviceStatus;
typedef enum {
  NNRT_PERFORMANCE_NONE = 0, NNRT_PERFORMANCE_LOW = 1, NNRT_PERFORMANCE_MEDIUM = 2,
  NNRT_PERFORMANCE_HIGH = 3, NNRT_PERFORMANCE_EXTREME = 4
} NNRT_HalPerformanceMode;
typedef enum { NNRT_PRIORITY_NONE = 0, NNRT_PRIORITY_LOW = 1, NNRT_PRIORITY_MEDIUM = 2, NNRT_PRIORITY_HIGH = 3 } NNRT_HalPriority;

/*
 * HDI SharedBuffer {fd, bufferSize, offset, dataSize}, plus the address at
 * which the caller's process has the buffer mapped (the whole buffer, i.e.
 * hostAddress points at byte 0, not at offset). A buffer from AllocateBuffer
 * has both; a buffer that is plain process memory has fd = -1. A driver may use
 * either the mapping or the fd; valid data is [offset, offset + dataSize).
 */
typedef struct {
  int32_t fd;
  uint32_t bufferSize;
  uint32_t offset;
  uint32_t dataSize;
  void* hostAddress;
} NNRT_HalBuffer;

/* HDI QuantParam. numBits must be 8 (see docs/quantization.md). */
typedef struct {
  int32_t numBits;
  int32_t zeroPoint;
  double scale;
} NNRT_HalQuantParam;

typedef struct {
  const char* name; /* HDI field name, e.g. "activationType", NUL-terminated */
  int32_t type;     /* NNRT_HalAttrType */
  uint32_t count;   /* number of elements (characters for a string) */
  const void* data; /* count elements of the type; may be NULL when count == 0 */
} NNRT_HalAttr;

/* HDI Tensor. dims may contain -1 (dynamic) on model inputs. Constant data,
 * if any, is data.hostAddress + data.offset, data.dataSize bytes; a tensor
 * without constant data has data.dataSize == 0. */
typedef struct {
  const char* name;
  int32_t dataType; /* NNRT_HalDataType */
  const int32_t* dims;
  uint32_t dimCount;
  int32_t format; /* NNRT_HalFormat */
  NNRT_HalBuffer data;
  const NNRT_HalQuantParam* quantParams; /* 0 = none, 1 = per tensor, >1 = per channel */
  uint32_t quantParamCount;
} NNRT_HalTensor;

/* HDI Node. nodeType is the HDI NodeType value (see docs/hal.md). */
typedef struct {
  const char* name;
  uint32_t nodeType;
  const NNRT_HalAttr* attrs;
  uint32_t attrCount;
  const uint32_t* inputIndex;
  uint32_t inputCount;
  const uint32_t* outputIndex;
  uint32_t outputCount;
  int32_t quantType; /* NNRT_HalQuantType */
} NNRT_HalNode;

/* HDI SubGraph. */
typedef struct {
  const char* name;
  const uint32_t* inputIndices;
  uint32_t inputCount;
  const uint32_t* outputIndices;
  uint32_t outputCount;
  const uint32_t* nodeIndices;
  uint32_t nodeCount;
} NNRT_HalSubGraph;

/* HDI Model. subGraphs[0] is the main graph. */
typedef struct {
  const char* name;
  const uint32_t* inputIndex;
  uint32_t inputCount;
  const uint32_t* outputIndex;
  uint32_t outputCount;
  const NNRT_HalNode* nodes;
  uint32_t nodeCount;
  const NNRT_HalTensor* allTensors;
  uint32_t tensorCount;
  const NNRT_HalSubGraph* subGraphs;
  uint32_t subGraphCount;
} NNRT_HalModel;

/* One entry of HDI ModelConfig.extensions (Map<String, byte[]>). */
typedef struct {
  const char* key;
  const uint8_t* value;
  uint32_t valueSize;
} NNRT_HalExtension;

/* HDI ModelConfig. */
typedef struct {
  bool enableFloat16;
  int32_t mode;     /* NNRT_HalPerformanceMode */
  int32_t priority; /* NNRT_HalPriority */
  const NNRT_HalExtension* extensions;
  uint32_t extensionCount;
} NNRT_HalModelConfig;

/* HDI IOTensor. For an input, data holds dataSize bytes of the tensor; for an
 * output, data is where the driver writes (dataSize = capacity in bytes). */
typedef struct {
  const char* name;
  int32_t dataType; /* NNRT_HalDataType */
  const int32_t* dims;
  uint32_t dimCount;
  int32_t format; /* NNRT_HalFormat */
  NNRT_HalBuffer data;
} NNRT_HalIOTensor;

/* Output dims written by Run (HDI int[][] outputDims), caller-allocated. */
typedef struct {
  uint32_t rank;
  int32_t dims[NNRT_HAL_MAX_RANK];
} NNRT_HalShape;

typedef struct NNRT_HalDevice NNRT_HalDevice;               /* driver-defined */
typedef struct NNRT_HalPreparedModel NNRT_HalPreparedModel; /* driver-defined */

typedef struct NNRT_HalDriver {
  uint32_t abiVersion; /* NNRT_HAL_ABI_VERSION the driver was built against */
  uint32_t structSize; /* sizeof(NNRT_HalDriver) the driver was built with */

  /* Device lifetime. A driver may hand out several independent devices. */
  int32_t (*CreateDevice)(NNRT_HalDevice** device);
  void (*DestroyDevice)(NNRT_HalDevice* device);

  /* Reason for the last failed call made on this thread (never NULL; ""
   * when none). Valid until the next call into the driver on this thread. */
  const char* (*GetLastErrorMessage)(void);

  /* ---- INnrtDevice ---- */
  /* Strings are owned by the device and valid until DestroyDevice. */
  int32_t (*GetDeviceName)(NNRT_HalDevice* device, const char** name);
  int32_t (*GetVendorName)(NNRT_HalDevice* device, const char** name);
  int32_t (*GetVersion)(NNRT_HalDevice* device, uint32_t* major, uint32_t* minor);
  int32_t (*GetDeviceType)(NNRT_HalDevice* device, int32_t* deviceType);
  int32_t (*GetDeviceStatus)(NNRT_HalDevice* device, int32_t* status);
  /* supported: caller-allocated array of model->nodeCount entries, filled in
   * node order. An invalid model is an error, not a row of false. */
  int32_t (*GetSupportedOperation)(NNRT_HalDevice* device, const NNRT_HalModel* model, bool* supported);
  int32_t (*IsFloat16PrecisionSupported)(NNRT_HalDevice* device, bool* supported);
  int32_t (*IsPerformanceModeSupported)(NNRT_HalDevice* device, bool* supported);
  int32_t (*IsPrioritySupported)(NNRT_HalDevice* device, bool* supported);
  int32_t (*IsDynamicInputSupported)(NNRT_HalDevice* device, bool* supported);
  int32_t (*IsModelCacheSupported)(NNRT_HalDevice* device, bool* supported);
  /* On success *prepared is a new object the caller releases with
   * ReleasePreparedModel; on failure *prepared is left NULL. */
  int32_t (*PrepareModel)(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                          NNRT_HalPreparedModel** prepared);
  /* caches: the buffers ExportModelCache produced, in the same order. */
  int32_t (*PrepareModelFromModelCache)(NNRT_HalDevice* device, const NNRT_HalBuffer* caches, uint32_t cacheCount,
                                        const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared);
  int32_t (*PrepareOfflineModel)(NNRT_HalDevice* device, const NNRT_HalBuffer* offlineModels, uint32_t modelCount,
                                 const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared);
  /* Shared memory: *buffer gets fd, bufferSize = dataSize = length, offset 0
   * and hostAddress mapped in this process. Released with ReleaseBuffer. */
  int32_t (*AllocateBuffer)(NNRT_HalDevice* device, uint32_t length, NNRT_HalBuffer* buffer);
  int32_t (*ReleaseBuffer)(NNRT_HalDevice* device, const NNRT_HalBuffer* buffer);

  /* ---- IPreparedModel ---- */
  void (*ReleasePreparedModel)(NNRT_HalPreparedModel* prepared);
  /* *caches: driver-owned array of *cacheCount buffers, valid until the
   * prepared model is released or ExportModelCache is called again on it. */
  int32_t (*ExportModelCache)(NNRT_HalPreparedModel* prepared, const NNRT_HalBuffer** caches, uint32_t* cacheCount);
  /* Per model input i: dimCounts[i] dims; the j-th dim of input i is at
   * minDims[offset_i + j] / maxDims[offset_i + j] with offset_i = sum of the
   * previous dimCounts (inclusive ranges). Arrays are driver-owned, valid
   * until the prepared model is released. */
  int32_t (*GetInputDimRanges)(NNRT_HalPreparedModel* prepared, const uint32_t** minDims, const uint32_t** maxDims,
                               const uint32_t** dimCounts, uint32_t* inputCount);
  /* outputDims: caller-allocated array of outputCount shapes the driver fills
   * with the actual output dims. */
  int32_t (*Run)(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t inputCount,
                 const NNRT_HalIOTensor* outputs, uint32_t outputCount, NNRT_HalShape* outputDims);
} NNRT_HalDriver;

typedef const NNRT_HalDriver* (*NNRT_HalGetDriverFn)(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* NNRT_HAL_H_ */
