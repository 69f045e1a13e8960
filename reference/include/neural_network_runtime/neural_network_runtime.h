/*
 * Neural Network Runtime (NNRt) C API: quantization parameters, model
 * building, and the API 9 style executor functions. Includes the core API.
 *
 * Typical use: OH_NNModel_Construct, OH_NNModel_AddTensorToModel for every
 * tensor (inputs, outputs, constants, operator parameters), SetTensorData for
 * constants and parameters, SetTensorType for parameters, AddOperation per
 * operator, SpecifyInputsAndOutputs, Finish; then compile and execute with
 * the functions of neural_network_core.h.
 */
#ifndef NEURAL_NETWORK_RUNTIME_H
#define NEURAL_NETWORK_RUNTIME_H

#include "neural_network_core.h"
#include "neural_network_runtime_type.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Quantization parameters ---------------------------------------------------------- */

/** Creates empty quantization parameters. @since 11 */
NN_QuantParam *OH_NNQuantParam_Create(void);

/** Replaces the scales with a copy of quantCount values (quantCount > 0). @since 11 */
OH_NN_ReturnCode OH_NNQuantParam_SetScales(NN_QuantParam *quantParams, const double *scales, size_t quantCount);

/** Replaces the zero points with a copy of quantCount values (quantCount > 0). @since 11 */
OH_NN_ReturnCode OH_NNQuantParam_SetZeroPoints(NN_QuantParam *quantParams, const int32_t *zeroPoints,
                                               size_t quantCount);

/**
 * Replaces the bit widths with a copy of quantCount values (quantCount > 0).
 * Only 8 is accepted when the parameters are attached to a tensor.
 * @since 11
 */
OH_NN_ReturnCode OH_NNQuantParam_SetNumBits(NN_QuantParam *quantParams, const uint32_t *numBits,
                                            size_t quantCount);

/** Destroys quantization parameters and sets *quantParams to NULL. @since 11 */
OH_NN_ReturnCode OH_NNQuantParam_Destroy(NN_QuantParam **quantParams);

/* ---- Model --------------------------------------------------------------------------- */

/** Creates an empty model in the building state. Returns NULL only when memory runs out. @since 9 */
OH_NNModel *OH_NNModel_Construct(void);

/**
 * Appends a tensor described by tensorDesc (data type and shape; -1 marks a
 * dynamic dimension). Tensors are numbered 0, 1, ... in the order added; the
 * new tensor is an OH_NN_TENSOR without data or quantization.
 * @since 11
 */
OH_NN_ReturnCode OH_NNModel_AddTensorToModel(OH_NNModel *model, const NN_TensorDesc *tensorDesc);

/**
 * Copies constant data into tensor index. length must equal the tensor's
 * byte size; data can be set once per tensor and not on a dynamic-shaped
 * tensor. Operator parameter tensors need their value set this way.
 * @since 9
 */
OH_NN_ReturnCode OH_NNModel_SetTensorData(OH_NNModel *model, uint32_t index, const void *dataBuffer,
                                          size_t length);

/**
 * Copies quantization parameters onto tensor index. Scales, zero points and
 * bit widths must have the same count and every bit width must be 8.
 * @since 11
 */
OH_NN_ReturnCode OH_NNModel_SetTensorQuantParams(OH_NNModel *model, uint32_t index, NN_QuantParam *quantParam);

/**
 * Sets the role of tensor index: OH_NN_TENSOR for operator inputs/outputs or
 * one of the parameter types for operator parameters.
 * @since 11
 */
OH_NN_ReturnCode OH_NNModel_SetTensorType(OH_NNModel *model, uint32_t index, OH_NN_TensorType tensorType);

/**
 * Appends an operator. paramIndices name its parameter tensors (may be empty
 * {NULL, 0}; missing parameters take their defaults, unknown ones are
 * rejected), inputIndices and outputIndices its data tensors (non-empty,
 * disjoint, all OH_NN_TENSOR). The operator's checks run here.
 * @since 9
 */
OH_NN_ReturnCode OH_NNModel_AddOperation(OH_NNModel *model, OH_NN_OperationType op,
                                         const OH_NN_UInt32Array *paramIndices,
                                         const OH_NN_UInt32Array *inputIndices,
                                         const OH_NN_UInt32Array *outputIndices);

/**
 * Declares the model's inputs and outputs; their order is the order used by
 * executors. Can be called once.
 * @since 9
 */
OH_NN_ReturnCode OH_NNModel_SpecifyInputsAndOutputs(OH_NNModel *model, const OH_NN_UInt32Array *inputIndices,
                                                    const OH_NN_UInt32Array *outputIndices);

/**
 * Ends building: the model needs tensors, operators, inputs and outputs.
 * Afterwards every mutating call returns OH_NN_OPERATION_FORBIDDEN.
 * @since 9
 */
OH_NN_ReturnCode OH_NNModel_Finish(OH_NNModel *model);

/** Destroys a model and sets *model to NULL. Does nothing for NULL. @since 9 */
void OH_NNModel_Destroy(OH_NNModel **model);

/**
 * Asks device deviceID (0 = first device) which operators of a finished
 * model it supports: one bool per operator, in the order added. The array
 * belongs to the model and stays valid until the next call or Destroy;
 * *isSupported must be NULL on entry.
 * @since 9
 */
OH_NN_ReturnCode OH_NNModel_GetAvailableOperations(OH_NNModel *model, size_t deviceID, const bool **isSupported,
                                                   uint32_t *opCount);

/**
 * Appends a tensor described by an OH_NN_Tensor (data type, shape, optional
 * quantization, tensor type). Deprecated since 11: use
 * OH_NNModel_AddTensorToModel.
 * @since 9
 */
OH_NN_ReturnCode OH_NNModel_AddTensor(OH_NNModel *model, const OH_NN_Tensor *tensor);

/* ---- API 9 style execution (deprecated since 11: use OH_NNExecutor_RunSync) -------------- */

/**
 * Binds input inputIndex to length bytes at dataBuffer (copied at this call);
 * tensor gives the actual shape for dynamic inputs.
 * @since 9
 */
OH_NN_ReturnCode OH_NNExecutor_SetInput(OH_NNExecutor *executor, uint32_t inputIndex, const OH_NN_Tensor *tensor,
                                        const void *dataBuffer, size_t length);

/** Binds output outputIndex to a caller buffer of length bytes, filled by Run. @since 9 */
OH_NN_ReturnCode OH_NNExecutor_SetOutput(OH_NNExecutor *executor, uint32_t outputIndex, void *dataBuffer,
                                         size_t length);

/** Runs the model with the bound inputs and outputs (every one must be bound). @since 9 */
OH_NN_ReturnCode OH_NNExecutor_Run(OH_NNExecutor *executor);

/** Allocates shared memory of length bytes for input inputIndex. @since 9 */
OH_NN_Memory *OH_NNExecutor_AllocateInputMemory(OH_NNExecutor *executor, uint32_t inputIndex, size_t length);

/** Allocates shared memory of length bytes for output outputIndex. @since 9 */
OH_NN_Memory *OH_NNExecutor_AllocateOutputMemory(OH_NNExecutor *executor, uint32_t outputIndex, size_t length);

/** Releases memory from AllocateInputMemory and sets *memory to NULL. @since 9 */
void OH_NNExecutor_DestroyInputMemory(OH_NNExecutor *executor, uint32_t inputIndex, OH_NN_Memory **memory);

/** Releases memory from AllocateOutputMemory and sets *memory to NULL. @since 9 */
void OH_NNExecutor_DestroyOutputMemory(OH_NNExecutor *executor, uint32_t outputIndex, OH_NN_Memory **memory);

/** Binds input inputIndex to executor-allocated memory (no copy). @since 9 */
OH_NN_ReturnCode OH_NNExecutor_SetInputWithMemory(OH_NNExecutor *executor, uint32_t inputIndex,
                                                  const OH_NN_Tensor *tensor, const OH_NN_Memory *memory);

/** Binds output outputIndex to executor-allocated memory (no copy). @since 9 */
OH_NN_ReturnCode OH_NNExecutor_SetOutputWithMemory(OH_NNExecutor *executor, uint32_t outputIndex,
                                                   const OH_NN_Memory *memory);

#ifdef __cplusplus
}
#endif

#endif /* NEURAL_NETWORK_RUNTIME_H */
