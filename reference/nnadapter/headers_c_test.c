/* nnadapter.h compiled as C: the C view of the structures, compared with the
 * C++ view by headers_test.cc. */
#include <stddef.h>

#include "nnadapter/nnadapter.h"

_Static_assert(NNADAPTER_UNSQUEEZE == 64, "65 operations, numbered from 0");
_Static_assert(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL == 25, "precision codes");

size_t NNAdapterHeaderCOperandTypeSize(void) { return sizeof(NNAdapterOperandType); }
size_t NNAdapterHeaderCQuantParamsOffset(void) {
  return offsetof(NNAdapterOperandType, symm_per_channel_params);
}
size_t NNAdapterHeaderCDimensionsOffset(void) { return offsetof(NNAdapterOperandType, dimensions); }
