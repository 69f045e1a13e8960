/*
 * Neural Network Runtime (NNRt) core C API: compilation, tensor descriptors,
 * tensors, executors and devices. Model building lives in
 * neural_network_runtime.h, which includes this header.
 *
 * Conventions used by every function below:
 *  - A NULL handle or NULL required pointer gives OH_NN_INVALID_PARAMETER.
 *  - "Get pointer" outputs (const char **name, int32_t **shape, ...) must point
 *    to a NULL pointer on entry; the returned memory belongs to the object it
 *    came from and stays valid until that object changes or is destroyed.
 *  - Objects from *_Create / *_Construct are released by the matching
 *    *_Destroy, which also sets the caller's pointer to NULL.
 *  - Calls on one object must not run concurrently.
 * Exact checks and return codes: docs/api.md (api_state_machine 1.3 in
 * docs/spec_sources.md).
 */
#ifndef NEURAL_NETWORK_CORE_H
#define NEURAL_NETWORK_CORE_H

#include "neural_network_runtime_type.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Compilation ------------------------------------------------------------- */

/**
 * Starts a compilation of a model. The model must stay alive until the
 * compilation is built. Returns NULL when model is NULL or memory runs out.
 * @since 9
 */
OH_NNCompilation *OH_NNCompilation_Construct(const OH_NNModel *model);

/**
 * Starts a compilation of an offline (device-specific) model stored in a
 * file. The path is read at Build time. Returns NULL when modelPath is NULL.
 * @since 11
 */
OH_NNCompilation *OH_NNCompilation_ConstructWithOfflineModelFile(const char *modelPath);

/**
 * Starts a compilation of an offline model held in memory. The buffer must
 * stay valid until Build. Returns NULL when modelBuffer is NULL or modelSize 0.
 * @since 11
 */
OH_NNCompilation *OH_NNCompilation_ConstructWithOfflineModelBuffer(const void *modelBuffer, size_t modelSize);

/**
 * Starts an empty compilation that will be restored from a model cache
 * (OH_NNCompilation_SetCache or OH_NNCompilation_ImportCacheFromBuffer).
 * @since 11
 */
OH_NNCompilation *OH_NNCompilation_ConstructForCache(void);

/**
 * Writes the model cache of a built compilation into buffer (length bytes
 * available) and stores the number of bytes written in *modelSize.
 * @since 11
 */
OH_NN_ReturnCode OH_NNCompilation_ExportCacheToBuffer(OH_NNCompilation *compilation, const void *buffer,
                                                      size_t length, size_t *modelSize);

/**
 * Gives a compilation a model cache held in memory; Build then restores the
 * model from it instead of compiling. The buffer must stay valid until Build.
 * @since 11
 */
OH_NN_ReturnCode OH_NNCompilation_ImportCacheFromBuffer(OH_NNCompilation *compilation, const void *buffer,
                                                        size_t modelSize);

/**
 * Attaches a named, device-specific configuration blob that is passed to the
 * driver at Build time. The value is copied.
 * @since 11
 */
OH_NN_ReturnCode OH_NNCompilation_AddExtensionConfig(OH_NNCompilation *compilation, const char *configName,
                                                     const void *configValue, const size_t configValueSize);

/**
 * Selects the device (an ID from OH_NNDevice_GetAllDevicesID) the model is
 * compiled for. 0 means the first device. Not allowed after Build.
 * @since 9
 */
OH_NN_ReturnCode OH_NNCompilation_SetDevice(OH_NNCompilation *compilation, size_t deviceID);

/**
 * Sets a directory for the model cache and the cache version. At Build, a
 * cache of the same version is loaded; a missing or older one is (re)written.
 * Not allowed after Build.
 * @since 9
 */
OH_NN_ReturnCode OH_NNCompilation_SetCache(OH_NNCompilation *compilation, const char *cachePath, uint32_t version);

/**
 * Requests a performance mode from the device. Not allowed after Build.
 * @since 9
 */
OH_NN_ReturnCode OH_NNCompilation_SetPerformanceMode(OH_NNCompilation *compilation,
                                                     OH_NN_PerformanceMode performanceMode);

/**
 * Requests a scheduling priority from the device. Not allowed after Build.
 * @since 9
 */
OH_NN_ReturnCode OH_NNCompilation_SetPriority(OH_NNCompilation *compilation, OH_NN_Priority priority);

/**
 * Allows the device to compute float32 models in float16. Not allowed after
 * Build.
 * @since 9
 */
OH_NN_ReturnCode OH_NNCompilation_EnableFloat16(OH_NNCompilation *compilation, bool enableFloat16);

/**
 * Compiles: validates the options, prepares the model on the selected
 * device (or restores it from a cache / offline model). A compilation is
 * built at most once; building it again returns an error code.
 * @since 9
 */
OH_NN_ReturnCode OH_NNCompilation_Build(OH_NNCompilation *compilation);

/**
 * Destroys a compilation and sets *compilation to NULL. Does nothing for NULL.
 * @since 9
 */
void OH_NNCompilation_Destroy(OH_NNCompilation **compilation);

/* ---- Tensor descriptor ------------------------------------------------------------- */

/** Creates an empty descriptor (no name, OH_NN_UNKNOWN, no shape, OH_NN_FORMAT_NONE). @since 11 */
NN_TensorDesc *OH_NNTensorDesc_Create(void);

/** Destroys a descriptor and sets *tensorDesc to NULL. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_Destroy(NN_TensorDesc **tensorDesc);

/** Sets the descriptor's name (copied). @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_SetName(NN_TensorDesc *tensorDesc, const char *name);

/** Returns the name; *name must be NULL on entry and points into the descriptor. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_GetName(const NN_TensorDesc *tensorDesc, const char **name);

/** Sets the element type. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_SetDataType(NN_TensorDesc *tensorDesc, OH_NN_DataType dataType);

/** Reads the element type. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_GetDataType(const NN_TensorDesc *tensorDesc, OH_NN_DataType *dataType);

/** Sets the shape (copied); -1 marks a dynamic dimension. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_SetShape(NN_TensorDesc *tensorDesc, const int32_t *shape, size_t shapeLength);

/** Returns the shape; *shape must be NULL on entry and points into the descriptor. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_GetShape(const NN_TensorDesc *tensorDesc, int32_t **shape, size_t *shapeLength);

/** Sets the memory layout. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_SetFormat(NN_TensorDesc *tensorDesc, OH_NN_Format format);

/** Reads the memory layout. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_GetFormat(const NN_TensorDesc *tensorDesc, OH_NN_Format *format);

/** Number of elements of the shape; OH_NN_DYNAMIC_SHAPE when a dimension is not known. @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_GetElementCount(const NN_TensorDesc *tensorDesc, size_t *elementCount);

/** Bytes needed for the tensor (element count x element size). @since 11 */
OH_NN_ReturnCode OH_NNTensorDesc_GetByteSize(const NN_TensorDesc *tensorDesc, size_t *byteSize);

/* ---- Tensor ------------------------------------------------------------------------ */

/**
 * Creates a tensor on a device with memory of the descriptor's byte size.
 * The descriptor is copied. Returns NULL on an invalid descriptor or device.
 * @since 11
 */
NN_Tensor *OH_NNTensor_Create(size_t deviceID, NN_TensorDesc *tensorDesc);

/** As OH_NNTensor_Create with an explicit memory size (at least the byte size). @since 11 */
NN_Tensor *OH_NNTensor_CreateWithSize(size_t deviceID, NN_TensorDesc *tensorDesc, size_t size);

/**
 * Creates a tensor over existing shared memory: size bytes of the file
 * descriptor fd, of which the tensor uses the part from offset on.
 * @since 11
 */
NN_Tensor *OH_NNTensor_CreateWithFd(size_t deviceID, NN_TensorDesc *tensorDesc, int fd, size_t size,
                                    size_t offset);

/** Destroys a tensor (releasing memory it allocated) and sets *tensor to NULL. @since 11 */
OH_NN_ReturnCode OH_NNTensor_Destroy(NN_Tensor **tensor);

/** The tensor's own descriptor (owned by the tensor); NULL for a NULL tensor. @since 11 */
NN_TensorDesc *OH_NNTensor_GetTensorDesc(const NN_Tensor *tensor);

/** Address of the tensor's data buffer; NULL for a NULL tensor. @since 11 */
void *OH_NNTensor_GetDataBuffer(const NN_Tensor *tensor);

/** File descriptor of the shared memory behind the tensor. @since 11 */
OH_NN_ReturnCode OH_NNTensor_GetFd(const NN_Tensor *tensor, int *fd);

/** Size in bytes of the shared memory behind the tensor. @since 11 */
OH_NN_ReturnCode OH_NNTensor_GetSize(const NN_Tensor *tensor, size_t *size);

/** Offset of the tensor's data inside its shared memory. @since 11 */
OH_NN_ReturnCode OH_NNTensor_GetOffset(const NN_Tensor *tensor, size_t *offset);

/* ---- Executor ---------------------------------------------------------------------- */

/** Creates an executor from a built compilation. Returns NULL otherwise. @since 9 */
OH_NNExecutor *OH_NNExecutor_Construct(OH_NNCompilation *compilation);

/**
 * Shape of output outputIndex after the last run; *shape must be NULL on entry
 * and points into the executor.
 * @since 9
 */
OH_NN_ReturnCode OH_NNExecutor_GetOutputShape(OH_NNExecutor *executor, uint32_t outputIndex, int32_t **shape,
                                              uint32_t *shapeLength);

/** Destroys an executor and sets *executor to NULL. Does nothing for NULL. @since 9 */
void OH_NNExecutor_Destroy(OH_NNExecutor **executor);

/** Number of model inputs. @since 11 */
OH_NN_ReturnCode OH_NNExecutor_GetInputCount(const OH_NNExecutor *executor, size_t *inputCount);

/** Number of model outputs. @since 11 */
OH_NN_ReturnCode OH_NNExecutor_GetOutputCount(const OH_NNExecutor *executor, size_t *outputCount);

/** A new descriptor (caller destroys it) of model input index. @since 11 */
NN_TensorDesc *OH_NNExecutor_CreateInputTensorDesc(const OH_NNExecutor *executor, size_t index);

/** A new descriptor (caller destroys it) of model output index. @since 11 */
NN_TensorDesc *OH_NNExecutor_CreateOutputTensorDesc(const OH_NNExecutor *executor, size_t index);

/**
 * Smallest and largest accepted size of every dimension of input index, as
 * two arrays of *shapeLength entries owned by the executor.
 * @since 11
 */
OH_NN_ReturnCode OH_NNExecutor_GetInputDimRange(const OH_NNExecutor *executor, size_t index,
                                                size_t **minInputDims, size_t **maxInputDims,
                                                size_t *shapeLength);

/** Sets the callback invoked when an asynchronous run ends. @since 11 */
OH_NN_ReturnCode OH_NNExecutor_SetOnRunDone(OH_NNExecutor *executor, NN_OnRunDone onRunDone);

/** Sets the callback invoked when the device service dies during an asynchronous run. @since 11 */
OH_NN_ReturnCode OH_NNExecutor_SetOnServiceDied(OH_NNExecutor *executor, NN_OnServiceDied onServiceDied);

/**
 * Runs the model once, blocking: one tensor per model input and output, in
 * model order. Output descriptors receive the actual output shapes.
 * @since 11
 */
OH_NN_ReturnCode OH_NNExecutor_RunSync(OH_NNExecutor *executor, NN_Tensor *inputTensor[], size_t inputCount,
                                       NN_Tensor *outputTensor[], size_t outputCount);

/**
 * Starts a run and returns at once; the NN_OnRunDone callback reports the
 * result (OH_NN_TIMEOUT when timeout milliseconds pass first) with userData.
 * @since 11
 */
OH_NN_ReturnCode OH_NNExecutor_RunAsync(OH_NNExecutor *executor, NN_Tensor *inputTensor[], size_t inputCount,
                                        NN_Tensor *outputTensor[], size_t outputCount, int32_t timeout,
                                        void *userData);

/* ---- Devices ----------------------------------------------------------------------- */

/**
 * IDs of every available device (the built-in reference device first).
 * *allDevicesID must be NULL on entry; the array belongs to the runtime.
 * @since 9
 */
OH_NN_ReturnCode OH_NNDevice_GetAllDevicesID(const size_t **allDevicesID, uint32_t *deviceCount);

/** Name of a device (0 = first device); *name must be NULL on entry. @since 9 */
OH_NN_ReturnCode OH_NNDevice_GetName(size_t deviceID, const char **name);

/** Kind of a device (0 = first device). @since 9 */
OH_NN_ReturnCode OH_NNDevice_GetType(size_t deviceID, OH_NN_DeviceType *deviceType);

#ifdef __cplusplus
}
#endif

#endif /* NEURAL_NETWORK_CORE_H */
