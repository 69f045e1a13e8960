/*
 * The NNRt developer guide's example, unchanged in spirit: build an Add model
 * with the OH_NN C API, compile it, run it once and check the result.
 *   input0 [1,2,2,1] float32 + input1 [1,2,2,1] float32 -> output [1,2,2,1]
 *   [0,1,2,3] + [0,1,2,3] = [0,2,4,6]
 * Compiles as C11 and as C++17 and links against libneural_network_runtime.so alone.
 */
#include <neural_network_runtime/neural_network_runtime.h>

#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                        \
  do {                                                                     \
    OH_NN_ReturnCode rc_ = (call);                                         \
    if (rc_ != OH_NN_SUCCESS) {                                            \
      fprintf(stderr, "%s failed with %d (line %d)\n", #call, (int)rc_, __LINE__); \
      return 1;                                                            \
    }                                                                      \
  } while (0)

static const int32_t kShape[4] = {1, 2, 2, 1};

static NN_TensorDesc* MakeFloatDesc(const int32_t* shape, size_t rank) {
  NN_TensorDesc* desc = OH_NNTensorDesc_Create();
  if (desc == NULL) return NULL;
  if (OH_NNTensorDesc_SetDataType(desc, OH_NN_FLOAT32) != OH_NN_SUCCESS ||
      OH_NNTensorDesc_SetFormat(desc, OH_NN_FORMAT_NONE) != OH_NN_SUCCESS ||
      OH_NNTensorDesc_SetShape(desc, shape, rank) != OH_NN_SUCCESS) {
    OH_NNTensorDesc_Destroy(&desc);
    return NULL;
  }
  return desc;
}

/* Tensors 0, 1: inputs; 2: the activation parameter; 3: the output. */
static int BuildAddModel(OH_NNModel* model) {
  NN_TensorDesc* desc = MakeFloatDesc(kShape, 4);
  if (desc == NULL) return 1;
  CHECK(OH_NNModel_AddTensorToModel(model, desc));
  CHECK(OH_NNModel_AddTensorToModel(model, desc));
  CHECK(OH_NNTensorDesc_Destroy(&desc));

  NN_TensorDesc* activation = OH_NNTensorDesc_Create();
  int32_t scalar_shape[1] = {1};
  CHECK(OH_NNTensorDesc_SetDataType(activation, OH_NN_INT8));
  CHECK(OH_NNTensorDesc_SetShape(activation, scalar_shape, 1));
  CHECK(OH_NNModel_AddTensorToModel(model, activation));
  CHECK(OH_NNTensorDesc_Destroy(&activation));
  CHECK(OH_NNModel_SetTensorType(model, 2, OH_NN_ADD_ACTIVATIONTYPE));
  int8_t activation_value = OH_NN_FUSED_NONE;
  CHECK(OH_NNModel_SetTensorData(model, 2, &activation_value, sizeof(activation_value)));

  desc = MakeFloatDesc(kShape, 4);
  if (desc == NULL) return 1;
  CHECK(OH_NNModel_AddTensorToModel(model, desc));
  CHECK(OH_NNTensorDesc_Destroy(&desc));

  uint32_t param_indices[1] = {2};
  uint32_t input_indices[2] = {0, 1};
  uint32_t output_indices[1] = {3};
  OH_NN_UInt32Array params = {param_indices, 1};
  OH_NN_UInt32Array inputs = {input_indices, 2};
  OH_NN_UInt32Array outputs = {output_indices, 1};
  CHECK(OH_NNModel_AddOperation(model, OH_NN_OPS_ADD, &params, &inputs, &outputs));
  CHECK(OH_NNModel_SpecifyInputsAndOutputs(model, &inputs, &outputs));
  CHECK(OH_NNModel_Finish(model));
  return 0;
}

static int PickDevice(size_t* device_id) {
  const size_t* ids = NULL;
  uint32_t count = 0;
  CHECK(OH_NNDevice_GetAllDevicesID(&ids, &count));
  if (count == 0) {
    fprintf(stderr, "no NNRt device\n");
    return 1;
  }
  const char* name = NULL;
  CHECK(OH_NNDevice_GetName(ids[0], &name));
  printf("device 0: %s\n", name);
  *device_id = ids[0];
  return 0;
}

static int Run(OH_NNExecutor* executor, size_t device_id) {
  NN_Tensor* inputs[2] = {NULL, NULL};
  NN_Tensor* outputs[1] = {NULL};
  size_t i;
  int status = 1;
  for (i = 0; i < 2; ++i) {
    NN_TensorDesc* desc = OH_NNExecutor_CreateInputTensorDesc(executor, i);
    inputs[i] = OH_NNTensor_Create(device_id, desc);
    OH_NNTensorDesc_Destroy(&desc);
    if (inputs[i] == NULL) goto done;
    float* data = (float*)OH_NNTensor_GetDataBuffer(inputs[i]);
    int k;
    for (k = 0; k < 4; ++k) data[k] = (float)k;
  }
  {
    NN_TensorDesc* desc = OH_NNExecutor_CreateOutputTensorDesc(executor, 0);
    outputs[0] = OH_NNTensor_Create(device_id, desc);
    OH_NNTensorDesc_Destroy(&desc);
    if (outputs[0] == NULL) goto done;
  }
  if (OH_NNExecutor_RunSync(executor, inputs, 2, outputs, 1) != OH_NN_SUCCESS) {
    fprintf(stderr, "OH_NNExecutor_RunSync failed\n");
    goto done;
  }
  {
    const float* result = (const float*)OH_NNTensor_GetDataBuffer(outputs[0]);
    const float expected[4] = {0.0f, 2.0f, 4.0f, 6.0f};
    int k;
    status = 0;
    for (k = 0; k < 4; ++k) {
      printf("output[%d] = %g\n", k, (double)result[k]);
      if (result[k] != expected[k]) status = 1;
    }
  }
done:
  for (i = 0; i < 2; ++i) {
    if (inputs[i] != NULL) OH_NNTensor_Destroy(&inputs[i]);
  }
  if (outputs[0] != NULL) OH_NNTensor_Destroy(&outputs[0]);
  return status;
}

int main(void) {
  OH_NNModel* model = OH_NNModel_Construct();
  if (model == NULL || BuildAddModel(model) != 0) return 1;

  size_t device_id = 0;
  if (PickDevice(&device_id) != 0) return 1;

  OH_NNCompilation* compilation = OH_NNCompilation_Construct(model);
  if (compilation == NULL) return 1;
  OH_NNModel_Destroy(&model); /* allowed once the compilation exists */
  CHECK(OH_NNCompilation_SetDevice(compilation, device_id));
  CHECK(OH_NNCompilation_SetPerformanceMode(compilation, OH_NN_PERFORMANCE_EXTREME));
  CHECK(OH_NNCompilation_SetPriority(compilation, OH_NN_PRIORITY_HIGH));
  CHECK(OH_NNCompilation_EnableFloat16(compilation, false));
  CHECK(OH_NNCompilation_Build(compilation));

  OH_NNExecutor* executor = OH_NNExecutor_Construct(compilation);
  OH_NNCompilation_Destroy(&compilation);
  if (executor == NULL) return 1;

  int status = Run(executor, device_id);
  OH_NNExecutor_Destroy(&executor);
  printf(status == 0 ? "add_model: OK\n" : "add_model: WRONG RESULT\n");
  return status;
}
