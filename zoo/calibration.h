// The zoo's int8 calibration rule (docs/quantization.md "Zoo calibration",
// C-771): run the float32 model on seeded inputs, record every activation's
// range, and derive asymmetric int8 activation params, symmetric per-channel
// int8 weights and int32 biases from it.
#ifndef NNRT_ZOO_CALIBRATION_H_
#define NNRT_ZOO_CALIBRATION_H_

#include <cstdint>
#include <vector>

#include "zoo/network_builder.h"
#include "reference/ir/ir.h"
#include "reference/cases/test_case.h"

namespace nnrt {
namespace zoo {

// Asymmetric int8 over [min(0, lo), max(0, hi)]: scale = (hi' - lo') / 255
// (1 when the range is empty), zero point = clamp(round_half_away(-128 - lo' / scale), -128, 127).
QuantParam ActivationQuantFromRange(const TensorRange& range);

// Symmetric per output channel (axis 0) from the binary64 draws of the
// weight's seeded spec: s_c = max|w_c| / 127 (1 for an all-zero channel),
// zero point 0. The int8 codes are the spec expanded with these params
// (seeded_data.h: round_half_away(w / s_c), which stays in [-127, 127]).
std::vector<QuantParam> SymmetricWeightParams(const std::vector<double>& values, int32_t channels);

// Bias params of an operation with input scale s_in: scale s_in * s_w[c], zero point 0 (int32 codes).
std::vector<QuantParam> BiasParams(double input_scale, const std::vector<QuantParam>& weight);

// Runs the float32 case on `runs` inputs drawn by seeded uniform(-1, 1) from
// seeds first_seed, first_seed + 1, ... with every float32 tensor produced by
// a node made a model output, and records the min / max of each (NaN never
// occurs in a zoo model; it would fail the calibration).
Status CalibrateActivations(const TestCase& float_case, int runs, uint64_t first_seed, CalibrationTable* table);

}  // namespace zoo
}  // namespace nnrt

#endif  // NNRT_ZOO_CALIBRATION_H_
