/* Compiled with -std=c11 -pedantic-errors: the public headers are valid C11.
 * At run time it checks a few values and struct layouts that C callers
 * depend on (api_state_machine 2). */
#include <neural_network_runtime/neural_network_runtime.h>
#include <stddef.h>
#include <stdio.h>

#define CHECK(cond)                                  \
  do {                                               \
    if (!(cond)) {                                   \
      fprintf(stderr, "check failed: %s\n", #cond); \
      return 1;                                      \
    }                                                \
  } while (0)

int main(void) {
  /* Every function is declared: taking its address must compile. */
  void (*destroy)(OH_NNModel **) = OH_NNModel_Destroy;
  OH_NN_ReturnCode (*run)(OH_NNExecutor *, NN_Tensor *[], size_t, NN_Tensor *[], size_t) = OH_NNExecutor_RunSync;
  (void)destroy;
  (void)run;
  CHECK(OH_NN_OPS_GATHER_ND == 108);
  CHECK(OH_NN_REDUCE_L2_COEFF == 162);
  CHECK(OH_NN_UNAVAILABLE_DEVICE == 14);
  CHECK(OH_NN_FORMAT_ND == 3);
  CHECK(OH_NN_FUSED_RELU6 == 2);
  CHECK(sizeof(OH_NN_FuseType) == sizeof(int));
  CHECK(offsetof(OH_NN_UInt32Array, size) == sizeof(uint32_t *));
  CHECK(offsetof(OH_NN_Tensor, dimensionCount) == sizeof(int));
  CHECK(offsetof(OH_NN_QuantParam, numBits) == sizeof(void *));
  CHECK(sizeof(OH_NN_Memory) == sizeof(void *) + sizeof(size_t));
  return 0;
}
