// The binary64 real functions behind the HDI ActivationType values beyond
// RELU, RELU6, SIGMOID and TANH (ops_catalog 2.4 formulas; #17 HSWISH, #56 GELU, #58 ABS, #74
// LEAKY_RELU, #105 SWISH, #107 HARD_SIGMOID, plus the HDI-only types ELU,
// RELU1, SOFTSIGN, SOFTPLUS, SELU, THRESHOLDRELU, LINEAR, HARD_TANH, SIGN).
// They are rows of kActivationImpls in activation.cc; semantics and the
// decisions taken are in docs/semantics.md "ACTIVATION" and C-160..C-171.
#ifndef NNRT_REFERENCE_OPS_ACTIVATION_FUNCTIONS_H_
#define NNRT_REFERENCE_OPS_ACTIVATION_FUNCTIONS_H_

#include <cstdint>

#include "reference/ops/elementwise/activation.h"

namespace nnrt {

double AbsActivation(double x, const ActivationAttrs& p);
double LeakyReluActivation(double x, const ActivationAttrs& p);
double EluActivation(double x, const ActivationAttrs& p);
double Relu1Activation(double x, const ActivationAttrs& p);
double SoftsignActivation(double x, const ActivationAttrs& p);
double SoftplusActivation(double x, const ActivationAttrs& p);
double SeluActivation(double x, const ActivationAttrs& p);
double HswishActivation(double x, const ActivationAttrs& p);
double HsigmoidActivation(double x, const ActivationAttrs& p);
double ThresholdReluActivation(double x, const ActivationAttrs& p);
double LinearActivation(double x, const ActivationAttrs& p);
double HardTanhActivation(double x, const ActivationAttrs& p);
double SignActivation(double x, const ActivationAttrs& p);
double SwishActivation(double x, const ActivationAttrs& p);
double GeluActivation(double x, const ActivationAttrs& p);

// Real clamp bounds of the clamp-type activations (QuantActivationMethod::kClamp).
void Relu1Bounds(const ActivationAttrs& p, double* lo, double* hi);
void ThresholdReluBounds(const ActivationAttrs& p, double* lo, double* hi);
void LinearBounds(const ActivationAttrs& p, double* lo, double* hi);
void HardTanhBounds(const ActivationAttrs& p, double* lo, double* hi);

// Integer ABS (C-163): two's-complement wrap, so |INT_MIN| = INT_MIN.
int64_t AbsActivationInt(int64_t x);

// Attribute checks (C-164): alpha / minVal / maxVal must be finite where the
// type reads them.
Status CheckAlphaFinite(const ActivationAttrs& p);
Status CheckHardTanhBounds(const ActivationAttrs& p);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_ACTIVATION_FUNCTIONS_H_
