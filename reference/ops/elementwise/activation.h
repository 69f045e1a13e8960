// NODE_TYPE_ACTIVATION (HDI struct Activation; ops_catalog #17, #28, #39, #47,
// #48, #56, #58, #74, #105, #107): one element-wise function chosen by
// activationType. Semantics: docs/semantics.md "ACTIVATION".
//
// Adding an activation type = adding one row to the table in activation.cc
// (kActivationImpls): a binary64 real function, and how its quantized form is
// computed (clamp in the quantized domain, or a 256-entry table).
#ifndef NNRT_REFERENCE_OPS_ACTIVATION_H_
#define NNRT_REFERENCE_OPS_ACTIVATION_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// The fields of HDI struct Activation (absent fields take these defaults,
// which are what the OH_NN lowering writes for unused fields: ops_catalog 3).
struct ActivationAttrs {
  ActivationType type = ActivationType::kNone;
  float alpha = 0.0f;
  float min_val = 0.0f;
  float max_val = 0.0f;
  bool approximate = false;
};

// How the quantized form of an activation is computed.
enum class QuantActivationMethod {
  // The function is a clamp of x to [lo, hi] (RELU, RELU6, ...): requantize
  // (M = s_in / s_out, quantization_semantics 4.6) and clamp to [Q(lo), Q(hi)]
  // (4.8). real_bounds gives lo/hi (use +-infinity for an open side).
  kClamp,
  // Any other function: a table over every input code, entry
  // Q_out(f(DQ_in(q))) in binary64 (quantization_semantics 4.9).
  kTable,
};

struct ActivationImpl {
  ActivationType type;
  const char* name;
  // binary64 real function used by the float path and by the table.
  double (*fn)(double x, const ActivationAttrs& p);
  QuantActivationMethod quant_method;
  // kClamp only: the real clamp bounds.
  void (*real_bounds)(const ActivationAttrs& p, double* lo, double* hi);
  // Plain (non-quantized) signed / narrow unsigned integer path; nullptr = the
  // type is unsupported on integers (C-46). Result wraps to the type (C-163).
  int64_t (*int_fn)(int64_t x);
  // Attribute range check for this type; nullptr = nothing to check (C-164).
  Status (*check_params)(const ActivationAttrs& p);
};

// nullptr when the reference does not implement `type` (yet).
const ActivationImpl* FindActivationImpl(ActivationType type);

// Reads the Activation attributes of a node (no range checks).
ActivationAttrs ReadActivationAttrs(const Node& node);

Status InferActivation(OpContext& ctx);
Status ActivationKernel(OpContext& ctx);

// The quantized lookup table of an element-wise function: entry i is the
// output code for input code QuantMin(in_type) + i (256 entries for 8 bits).
std::vector<int64_t> BuildQuantTable(double (*fn)(double, const ActivationAttrs&), const ActivationAttrs& p,
                                     DataType in_type, const QuantParam& in_quant, DataType out_type,
                                     const QuantParam& out_quant);
// The same table for any binary64 function of one real (unary math ops).
std::vector<int64_t> BuildQuantTable(const std::function<double(double)>& fn, DataType in_type,
                                     const QuantParam& in_quant, DataType out_type, const QuantParam& out_quant);

// Quantized clamp of every element of x to the real interval [lo, hi]
// (+-infinity for an open side): requantize with M = s_in/s_out and clamp to
// [Q(lo), Q(hi)] (quantization_semantics 4.6, 4.8); lo > hi gives Q(hi)
// everywhere (C-168). Used by the clamp-type activations and by CLIP.
void QuantClampKernel(const TensorArg& x, TensorArg& y, double lo, double hi);

// The module's entry in the node-type list (registry.cc).
OpDef ActivationOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_ACTIVATION_H_
