// OH_NNQuantParam_* (api_state_machine 1.3.2): each setter replaces one array
// with a copy; the checks are only NULL pointers and a zero count.
#include "reference/runtime/quant_param.h"

#include <new>

#include "neural_network_runtime/neural_network_runtime.h"

using nnrt::rt::AsHandle;
using nnrt::rt::AsQuantParam;
using nnrt::rt::QuantParamSet;

namespace {

template <typename T>
OH_NN_ReturnCode ReplaceArray(NN_QuantParam* quant_param, const T* values, size_t count,
                              std::vector<T> QuantParamSet::*field) {
  if (quant_param == nullptr || values == nullptr || count == 0) return OH_NN_INVALID_PARAMETER;
  (AsQuantParam(quant_param)->*field).assign(values, values + count);
  return OH_NN_SUCCESS;
}

}  // namespace

extern "C" {

NN_QuantParam* OH_NNQuantParam_Create(void) { return AsHandle(new (std::nothrow) QuantParamSet()); }

OH_NN_ReturnCode OH_NNQuantParam_SetScales(NN_QuantParam* quantParams, const double* scales, size_t quantCount) {
  return ReplaceArray(quantParams, scales, quantCount, &QuantParamSet::scales);
}

OH_NN_ReturnCode OH_NNQuantParam_SetZeroPoints(NN_QuantParam* quantParams, const int32_t* zeroPoints,
                                               size_t quantCount) {
  return ReplaceArray(quantParams, zeroPoints, quantCount, &QuantParamSet::zero_points);
}

OH_NN_ReturnCode OH_NNQuantParam_SetNumBits(NN_QuantParam* quantParams, const uint32_t* numBits, size_t quantCount) {
  return ReplaceArray(quantParams, numBits, quantCount, &QuantParamSet::num_bits);
}

OH_NN_ReturnCode OH_NNQuantParam_Destroy(NN_QuantParam** quantParams) {
  if (quantParams == nullptr || *quantParams == nullptr) return OH_NN_INVALID_PARAMETER;
  delete AsQuantParam(*quantParams);
  *quantParams = nullptr;
  return OH_NN_SUCCESS;
}

}  // extern "C"
