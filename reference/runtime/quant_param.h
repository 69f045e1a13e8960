// NN_QuantParam: three independent arrays (scales, zero points, bit widths)
// behind the opaque handle (api_state_machine 1.2.7, 1.3.2). Nothing is
// cross-checked until OH_NNModel_SetTensorQuantParams copies them.
#ifndef NNRT_REFERENCE_RUNTIME_QUANT_PARAM_H_
#define NNRT_REFERENCE_RUNTIME_QUANT_PARAM_H_

#include <cstdint>
#include <vector>

#include "neural_network_runtime/neural_network_runtime_type.h"

namespace nnrt {
namespace rt {

struct QuantParamSet {
  std::vector<double> scales;
  std::vector<int32_t> zero_points;
  std::vector<uint32_t> num_bits;
};

inline QuantParamSet* AsQuantParam(NN_QuantParam* q) { return reinterpret_cast<QuantParamSet*>(q); }
inline const QuantParamSet* AsQuantParam(const NN_QuantParam* q) { return reinterpret_cast<const QuantParamSet*>(q); }
inline NN_QuantParam* AsHandle(QuantParamSet* q) { return reinterpret_cast<NN_QuantParam*>(q); }

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_QUANT_PARAM_H_
