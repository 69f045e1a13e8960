// The conformance suite's acceptance policy: ONE table, keyed by
// (node type [+ activation type], output data type, quantized?, enableFloat16,
// mode), defined in tolerance.cc and documented in docs/conformance.md.
// Sources (docs/spec_sources.md): quantization_semantics 5.1 (quantized) and
// 5.2 (float), conformance_anchors 1.1 and 1.2 (NNAPI / TOSA anchors).
#ifndef NNRT_CONFORMANCE_TOLERANCE_H_
#define NNRT_CONFORMANCE_TOLERANCE_H_

#include <cstdint>
#include <string>

#include "reference/ir/ir.h"

namespace nnrt {
namespace cts {

// kConformance is what a vendor driver must meet; kStrict is for drivers that
// claim the exact pipeline and for reference-vs-reference regression runs
// (quantization_semantics 5, first paragraph).
enum class CompareMode { kConformance, kStrict };

enum class ToleranceKind {
  kExact,       // bit-exact value (integers, bool, data movement, correctly rounded float ops)
  kUlp,         // float: within `ulps` ulps of the exact result (TOSA ULP mode)
  kAbsError,    // float: op-specific absolute bound from the input x (TOSA ABS_ERROR mode)
  kDotProduct,  // float: bound scales with the reference-supplied magnitude sum(|a*b|) (TOSA DOT_PRODUCT)
  kLsb,         // quantized: |q_impl - q_ref| <= lsb
  kAtolRtol,    // float: atol + rtol * |ref| (NNAPI CTS form, quantization_semantics 5.2 last row)
  kElementBound,  // float: the reference supplies the allowed |error| per element (ReferenceAux::magnitude;
                  // the composed model-level bound, C-781)
  kNoRow,       // the node type has no row: nothing is accepted (the case fails, naming the gap)
};

// The rows of the tolerance table (quantization_semantics 5.1 / 5.2): each
// node type's conformance spec names the class it is judged by
// (NodeSpec::tolerance); the class gives the bound per data-type class
// (float32, float16 / enableFloat16, quantized, strict). Integer and bool
// outputs are exact for every class.
enum class ToleranceClass {
  kDataMovement,        // exact for every type (RESHAPE)
  kAddSubMul,           // float correctly rounded (TOSA ADD/MUL 0.5 ulp); quantized requantizing +-1
  kDiv,                 // float 1 ulp (TOSA RECIPROCAL); quantized requantizing +-1
  kReluFamily,          // RELU/RELU6: float exact (max/min); quantized requantizing +-1
  kSigmoid,             // TOSA SIGMOID abs-error bound; quantized nonlinear +-1 (also strict)
  kTanh,                // TOSA TANH abs-error bound; quantized nonlinear +-1 (also strict)
  kDotProduct,          // conv, fully connected, matmul: TOSA dot product; quantized requantizing +-1
  kCorrectlyRounded,    // abs, neg, floor, ceil, round, square, prelu, leaky relu: 0.5 ulp; quantized +-1
  kClampExact,          // clip and clamp-type activations, sign, linear: exact; quantized requantizing +-1
  kReciprocal,          // RECIPROCAL: 1 ulp (TOSA RECIPROCAL)
  kSqrt,                // SQRT, RSQRT: 2 ulp (TOSA RSQRT)
  kExp,                 // EXPFUSION: TOSA EXP bound
  kLog,                 // LOG: TOSA LOG bound
  kSin,                 // SIN: TOSA SIN bound
  kCos,                 // COS: TOSA COS bound
  kErf,                 // ERF: 5 ulp (TOSA ERF)
  kNonlinearComposite,  // gelu, swish, hswish, hsigmoid, elu, selu, softplus, softsign: NNAPI form x4; quantized +-1
  kCastExact,           // CAST: exact for every pair (correctly rounded conversions)
  kQuantCast,           // QUANT_DTYPE_CAST: float out 0.5 ulp; quantize / requantize +-1
  kSquaredDifference,   // SQUARED_DIFFERENCE: float 3 ulp (sub, then square: two roundings); quantized +-1
  kPow,                 // POW_FUSION: the TOSA EXP bound on |ref| (pow = exp(e ln b)); quantized +-1
  kSoftmax,             // SOFTMAX, LOG_SOFTMAX: bound of the exp / sum / divide (log) decomposition,
                        // in the dot-product form over the row; quantized nonlinear +-1 (also strict)
};

// Bound for kAbsError: allowed |impl - exact| given the op input x, the
// reference value and the unit roundoff u of the output precision.
using AbsErrorBoundFn = double (*)(double x, double ref, double u);

struct Tolerance {
  ToleranceKind kind = ToleranceKind::kExact;
  double ulps = 0;              // kUlp
  int64_t lsb = 0;              // kLsb
  AbsErrorBoundFn abs_bound = nullptr;  // kAbsError
  double atol = 0, rtol = 0;    // kAtolRtol
  // Precision the bounds are expressed in: fraction bits of the type whose
  // rounding the candidate may apply (23 for float32, 10 for float16 tensors
  // and for float32 tensors under enableFloat16).
  int fraction_bits = 23;
  // enableFloat16 on a float32 model: the candidate may round inputs and
  // intermediates to float16, so the bound gets an input-rounding term that
  // scales with the reference-supplied magnitude (C-83).
  bool fp16_relaxed = false;
  double fp16_relaxed_factor = 0;  // multiples of 2^-11 * magnitude
  bool strict = false;             // strict mode: no FTZ, -0 != +0
  // The operator defines the sign of a zero result exactly (NEG, ABS, data
  // movement, MUL: NodeSpec::signed_zero_exact): a zero of the wrong sign fails
  // also outside strict mode. Other ops keep "+0 == -0" (C-81).
  bool signed_zero = false;
  // Quantized rows outside strict mode: the +-1 differences of a tensor must
  // not lean to one side (sign test, docs/conformance.md "Rounding bias").
  bool bias_check = false;
  // The op's decomposition rounds intermediates into the output precision
  // (SOFTMAX's exp(x - max)); one that lands in the subnormal range has an
  // absolute error of half the smallest subnormal, which no relative bound
  // covers, so that much is added to the allowed error (docs/conformance.md
  // "SOFTMAX").
  bool intermediate_underflow = false;
  const char* op_class = "";       // human-readable class ("elementwise add/sub/mul")
  const char* anchor = "";         // where the number comes from
};

struct ToleranceKey {
  NodeType node_type = NodeType::NONE;
  ActivationType activation = ActivationType::kNone;  // NODE_TYPE_ACTIVATION only
  DataType dtype = DataType::kUnknown;                // output tensor data type
  bool quantized = false;                             // output tensor has quant params
  bool enable_float16 = false;                        // ModelConfig.enableFloat16
  CompareMode mode = CompareMode::kConformance;
};

// THE table: the class named by the node type's spec, at the key's data-type
// class. A node type without a spec has no row: kNoRow, which fails every
// comparison with a message naming the node type (there is no fallback row).
Tolerance LookupTolerance(const ToleranceKey& key);
// The row of a class (what LookupTolerance returns once the class is known).
Tolerance ToleranceOfClass(ToleranceClass c, const ToleranceKey& key);

// Whole-graph rows (docs/clarifications.md C-230/C-231): the bound
// for an output of a multi-node model, keyed like LookupTolerance minus the
// node type. Quantized: +-3 LSB (quantization_semantics 5.1 "whole models");
// float: atol + rtol*|ref| (NNAPI RGG graph criteria); strict: exact.
Tolerance LookupGraphTolerance(DataType dtype, bool quantized, bool enable_float16, CompareMode mode);

// One line per table row, for docs and `nnrt_cts tolerances`.
std::string DescribeTolerance(const Tolerance& t);

// TOSA ABS_ERROR bounds (quantization_semantics 5.2).
double SigmoidAbsBound(double x, double ref, double u);
double TanhAbsBound(double x, double ref, double u);
double ExpAbsBound(double x, double ref, double u);
double PowAbsBound(double x, double ref, double u);
double LogAbsBound(double x, double ref, double u);
double SinAbsBound(double x, double ref, double u);
double CosAbsBound(double x, double ref, double u);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_TOLERANCE_H_
