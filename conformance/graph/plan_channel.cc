// Graph planners of the normalisation and reduction node kinds (graph_plan.h).
#include "conformance/graph/plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "conformance/generators.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace graph_plan {

// A constant of `dims` with non-negative values (a variance).
uint32_t NonNegativeConstant(Plan* plan, Rng* rng, const Dims& dims) {
  const uint32_t v = AddSourceTensor(plan, rng, "var", Role::kConstant, dims, 1.0);
  PlanTensor& t = plan->tensors[v];
  for (size_t i = 0; i < t.values.size(); ++i) {
    if (plan->quantized) {
      t.codes[i] = std::max<int64_t>(t.codes[i], t.quant.zero_point);
      t.values[i] = Dequantize(t.codes[i], t.quant.scale, t.quant.zero_point);
    } else {
      t.values[i] = std::fabs(t.values[i]);
    }
  }
  return v;
}

// The dim-keeping normalisations and SCALE / BIAS_ADD on the chain tensor with
// constant parameters: LAYER_NORM_FUSION (axes from the choice bits, negative
// half the time, gamma/beta over the dims from beginParamsAxis), FUSED_BATCH_NORM
// (channel last, variance >= 0), INSTANCE_NORM (rank >= 3, dim 1 as its
// channel, C-578), SCALE_FUSION (axis and scale rank from the choice bits),
// BIAS_ADD (last dim), L2_NORMALIZE_FUSION (last axis, no parameter tensors),
// LRN (rank 4, channels last, radius 0..2, no parameter tensors).
void PlanNormalize(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
                   PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const auto rank = static_cast<int64_t>(xd.size());
  auto constant = [&](const char* prefix, const Dims& d) {
    return AddSourceTensor(plan, rng, prefix, Role::kConstant, d, 1.0);
  };
  node->inputs = {x};
  switch (use.spec->type) {
    case NodeType::LAYER_NORM_FUSION: {
      const int64_t norm_axis = c.kernel % rank, params_axis = c.stride % rank;
      const Dims p(xd.begin() + params_axis, xd.end());
      node->inputs.push_back(constant("gamma", p));
      node->inputs.push_back(constant("beta", p));
      const int64_t shift = (c.pad & 1) != 0 ? rank : 0;
      node->attrs = {Attr::Int64("beginNormAxis", norm_axis - shift), Attr::Float("epsilon", 1e-5f),
                     Attr::Bool("elementwiseAffine", true), Attr::Int64("beginParamsAxis", params_axis - shift)};
      break;
    }
    case NodeType::FUSED_BATCH_NORM: {
      const Dims ch{xd.back()};
      node->inputs.push_back(constant("scale", ch));
      node->inputs.push_back(constant("offset", ch));
      node->inputs.push_back(constant("mean", ch));
      node->inputs.push_back(NonNegativeConstant(plan, rng, ch));
      node->attrs = {Attr::Float("epsilon", 1e-4f)};
      break;
    }
    case NodeType::SCALE_FUSION: {
      const int64_t axis = c.kernel % rank;
      const int64_t s = 1 + c.stride % (rank - axis);
      const Dims sd(xd.begin() + axis, xd.begin() + axis + s);
      node->inputs.push_back(constant("scale", sd));
      node->inputs.push_back(constant("bias", sd));
      node->attrs = {Attr::Int64("axis", (c.pad & 1) != 0 ? axis - rank : axis),
                     Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation)))};
      break;
    }
    case NodeType::INSTANCE_NORM: {
      const Dims ch{xd[1]};
      node->inputs.push_back(constant("scale", ch));
      node->inputs.push_back(constant("bias", ch));
      node->attrs = {Attr::Float("epsilon", 1e-5f)};
      break;
    }
    case NodeType::L2_NORMALIZE_FUSION:
      node->attrs = {Attr::Int64s("axis", {(c.pad & 1) != 0 ? -1 : rank - 1}), Attr::Float("epsilon", 1e-6f),
                     Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation)))};
      break;
    case NodeType::LRN:  // NHWC chain tensors: the channels are the last dim (C-591)
      node->attrs = {Attr::Int64("depthRadius", c.kernel % 3), Attr::Float("bias", 1.0f),
                     Attr::Float("alpha", (c.pad & 1) != 0 ? 0.5f : 1e-4f), Attr::Float("beta", 0.75f),
                     Attr::String("normRegion", "ACROSS_CHANNELS")};
      break;
    default:  // BIAS_ADD
      node->inputs.push_back(constant("bias", Dims{xd.back()}));
      break;
  }
  node->output = AddIntermediate(plan, xd, use.sig->hazard);
}

// REDUCE_FUSION with keepDims over one constant int64 axis (negative one time
// in two), mode MEAN / MAX / MIN / SUM: the rank is kept, the axis becomes 1.
void PlanReduce(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  Dims yd = plan->tensors[x].dims;
  const auto rank = static_cast<int64_t>(yd.size());
  const int64_t axis = c.channels % rank;
  static const int8_t kModes[] = {0, 1, 2, 4};  // MEAN, MAX, MIN, SUM
  const int64_t given = (c.kernel & 1) != 0 ? axis - rank : axis;
  node->inputs = {x, AddInt64Tensor(plan, "axis", Role::kConstant, Dims{1}, {given})};
  node->attrs = {Attr::Bool("keepDims", true), Attr::Int8("mode", kModes[c.kernel / 2 % 4]),
                 Attr::Bool("reduceToEnd", false), Attr::Float("coeff", 0.0f)};
  yd[static_cast<size_t>(axis)] = 1;
  node->output = AddIntermediate(plan, yd, false);
}

}  // namespace graph_plan
}  // namespace cts
}  // namespace nnrt
