// Network-shaped random graphs (graph_plan.h): the layer sequences real
// networks are made of, with every size, weight and attribute variant still
// drawn from the graph's choices and data seed.
#include <cmath>

#include "conformance/graph/plan.h"

namespace nnrt {
namespace cts {
namespace graph_plan {
namespace {

// The usable signature of `type` (for ACTIVATION: of `activation`), nullptr if
// the graph's data type has none.
const UsableSignature* Find(const std::vector<UsableSignature>& sigs, NodeType type,
                            ActivationType activation = ActivationType::kNone) {
  for (const UsableSignature& s : sigs) {
    if (s.spec->type == type && (type != NodeType::ACTIVATION || s.spec->activation == activation)) return &s;
  }
  return nullptr;
}

struct Layer {
  NodeType type;
  ActivationType activation;
};

std::vector<Layer> Layers(NetworkShape shape) {
  using T = NodeType;
  const ActivationType none = ActivationType::kNone;
  if (shape == NetworkShape::kConvNet) {
    return {{T::CONV2D_FUSION, none}, {T::MAX_POOL_FUSION, none}, {T::AVGPOOL_FUSION, none},
            {T::RESHAPE, none},       {T::FULL_CONNECTION, none}, {T::SOFTMAX, none}};
  }
  return {{T::MATMUL_FUSION, none},    {T::SOFTMAX, none}, {T::ADD_FUSION, none},
          {T::LAYER_NORM_FUSION, none}, {T::ACTIVATION, ActivationType::kGelu}};
}

// The record for step `i`: the choices cycle, so dropping records while
// shrinking simplifies the layers' variants (kernels, strides, pads,
// channels, activations) without breaking the network's shape.
const GraphNodeChoice& Record(const std::vector<GraphNodeChoice>& nodes, size_t i) { return nodes[i % nodes.size()]; }

class NetworkPlanner {
 public:
  NetworkPlanner(Plan* plan, Rng* rng, const std::vector<UsableSignature>& sigs,
                 const std::vector<GraphNodeChoice>& nodes)
      : plan_(plan), rng_(rng), sigs_(sigs), nodes_(nodes) {}

  // conv -> max pool -> conv -> global average pool -> [N, C] -> FULL_CONNECTION -> SOFTMAX.
  void ConvNet(uint32_t x) {
    x = Conv(x);
    GraphNodeChoice pool = Next();
    if (pool.channels == 11) pool.channels = 0;  // a windowed max pool (global is the later average pool)
    x = Append(NodeType::MAX_POOL_FUSION, pool, [&](const UsableSignature& u, PlanNode* n) {
      PlanPool(plan_, u, pool, x, n);
    });
    x = Conv(x);
    GraphNodeChoice global = Next();
    global.channels = 11;
    x = Append(NodeType::AVGPOOL_FUSION, global, [&](const UsableSignature& u, PlanNode* n) {
      PlanPool(plan_, u, global, x, n);
    });
    const Dims pooled = plan_->tensors[x].dims;
    x = Reshape(x, Dims{pooled[0], pooled[3]});
    GraphNodeChoice dense = Next();
    x = Append(NodeType::FULL_CONNECTION, dense, [&](const UsableSignature& u, PlanNode* n) {
      PlanDense(plan_, rng_, u, dense, x, n);
    });
    Softmax(x);
  }

  // A transformer encoder layer on x [B, S, D]: single-head self-attention
  // softmax(x Wq (x Wk)^T) x Wv (Wq's values scaled by 1/sqrt(D)), residual,
  // LAYER_NORM, then the feed-forward block MATMUL -> GELU -> MATMUL, residual,
  // LAYER_NORM.
  void EncoderLayer(uint32_t x) {
    const int32_t d = plan_->tensors[x].dims.back();
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    const uint32_t q = MatMulConst(x, d, scale);
    const uint32_t k = MatMulConst(x, d, 1.0);
    const uint32_t v = MatMulConst(x, d, 1.0);
    const uint32_t scores = MatMul(q, k, /*transpose_b=*/true);
    const uint32_t attention = MatMul(Softmax(scores), v, false);
    const uint32_t n1 = LayerNorm(Add(x, attention));
    const int32_t hidden = 2 * d;
    const uint32_t h = MatMulConst(n1, hidden, 1.0);
    const uint32_t g = Append(NodeType::ACTIVATION, Next(), [&](const UsableSignature& u, PlanNode* n) {
      n->inputs = {h};
      n->attrs = {Attr::Int8("activationType", static_cast<int8_t>(u.spec->activation))};
      n->output = AddIntermediate(plan_, plan_->tensors[h].dims, false);
    }, ActivationType::kGelu);
    LayerNorm(Add(n1, MatMulConst(g, d, 1.0 / std::sqrt(static_cast<double>(hidden)))));
  }

 private:
  GraphNodeChoice Next() { return Record(nodes_, step_++); }

  template <typename F>
  uint32_t Append(NodeType type, const GraphNodeChoice& c, F plan_node,
                  ActivationType activation = ActivationType::kNone) {
    const UsableSignature* use = Find(sigs_, type, activation);
    PlanNode node{use, type, {}, {}, 0};
    plan_node(*use, &node);
    AppendPlanNode(plan_, std::move(node), c);
    return plan_->nodes.back().output;
  }

  uint32_t Conv(uint32_t x) {
    const GraphNodeChoice c = Next();
    return Append(NodeType::CONV2D_FUSION, c, [&](const UsableSignature& u, PlanNode* n) {
      PlanConv(plan_, rng_, u, c, x, n);
    });
  }

  uint32_t Reshape(uint32_t x, const Dims& target) {
    return Append(NodeType::RESHAPE, Next(), [&](const UsableSignature&, PlanNode* n) {
      n->inputs = {x, AddInt64Tensor(plan_, "shape", Role::kConstant, Dims{static_cast<int32_t>(target.size())},
                                             std::vector<int64_t>(target.begin(), target.end()))};
      n->output = AddIntermediate(plan_, target, false);
    });
  }

  uint32_t Softmax(uint32_t x) {
    const GraphNodeChoice c = Next();
    return Append(NodeType::SOFTMAX, c, [&](const UsableSignature&, PlanNode* n) {
      const auto rank = static_cast<int64_t>(plan_->tensors[x].dims.size());
      n->inputs = {x};
      n->attrs = {Attr::Int64s("axis", {(c.kernel & 1) != 0 ? -1 : rank - 1})};  // the last axis (C-540)
      n->output = AddIntermediate(plan_, plan_->tensors[x].dims, false);
    });
  }

  // x [.., K] times a constant weight with values in about [-range, range]:
  // [K, N], or [N, K] with transposeB when the record's kernel is odd.
  uint32_t MatMulConst(uint32_t x, int32_t n_out, double range) {
    const GraphNodeChoice c = Next();
    return Append(NodeType::MATMUL_FUSION, c, [&](const UsableSignature&, PlanNode* n) {
      const Dims xd = plan_->tensors[x].dims;
      const bool transpose_b = (c.kernel & 1) != 0;
      const Dims wd = transpose_b ? Dims{n_out, xd.back()} : Dims{xd.back(), n_out};
      n->inputs = {x, AddSourceTensor(plan_, rng_, "w", Role::kConstant, wd, range)};
      n->attrs = {Attr::Bool("transposeA", false), Attr::Bool("transposeB", transpose_b),
                  Attr::Int8("activationType", 0)};
      Dims yd(xd.begin(), xd.end() - 1);
      yd.push_back(n_out);
      n->output = AddIntermediate(plan_, yd, false);
    });
  }

  // Two run-time operands [B, S, K] x [B, K, N] (or [B, N, K] with transposeB).
  uint32_t MatMul(uint32_t a, uint32_t b, bool transpose_b) {
    return Append(NodeType::MATMUL_FUSION, Next(), [&](const UsableSignature&, PlanNode* n) {
      const Dims ad = plan_->tensors[a].dims, bd = plan_->tensors[b].dims;
      n->inputs = {a, b};
      n->attrs = {Attr::Bool("transposeA", false), Attr::Bool("transposeB", transpose_b),
                  Attr::Int8("activationType", 0)};
      Dims yd = ad;
      yd.back() = transpose_b ? bd[bd.size() - 2] : bd.back();
      n->output = AddIntermediate(plan_, yd, false);
    });
  }

  uint32_t Add(uint32_t a, uint32_t b) {
    const GraphNodeChoice c = Next();
    return Append(NodeType::ADD_FUSION, c, [&](const UsableSignature&, PlanNode* n) {
      n->inputs = (c.broadcast & 0x40) != 0 ? std::vector<uint32_t>{b, a} : std::vector<uint32_t>{a, b};
      n->attrs = {Attr::Int8("activationType", 0)};
      n->output = AddIntermediate(plan_, plan_->tensors[a].dims, false);
    });
  }

  // LAYER_NORM_FUSION over the last axis with gamma / beta [D], the axes given
  // negative when the record's pad is odd.
  uint32_t LayerNorm(uint32_t x) {
    const GraphNodeChoice c = Next();
    return Append(NodeType::LAYER_NORM_FUSION, c, [&](const UsableSignature&, PlanNode* n) {
      const Dims xd = plan_->tensors[x].dims;
      const auto rank = static_cast<int64_t>(xd.size());
      const int64_t axis = (c.pad & 1) != 0 ? -1 : rank - 1;
      n->inputs = {x, AddSourceTensor(plan_, rng_, "gamma", Role::kConstant, Dims{xd.back()}, 1.0),
                   AddSourceTensor(plan_, rng_, "beta", Role::kConstant, Dims{xd.back()}, 1.0)};
      n->attrs = {Attr::Int64("beginNormAxis", axis), Attr::Float("epsilon", 1e-5f),
                  Attr::Bool("elementwiseAffine", true), Attr::Int64("beginParamsAxis", axis)};
      n->output = AddIntermediate(plan_, xd, false);
    });
  }

  Plan* plan_;
  Rng* rng_;
  const std::vector<UsableSignature>& sigs_;
  const std::vector<GraphNodeChoice>& nodes_;
  size_t step_ = 0;
};

}  // namespace

bool NetworkUsable(const std::vector<UsableSignature>& sigs, NetworkShape shape) {
  if (shape == NetworkShape::kChain) return false;
  for (const Layer& l : Layers(shape)) {
    if (Find(sigs, l.type, l.activation) == nullptr) return false;
  }
  return true;
}

Dims NetworkInputDims(NetworkShape shape, const Dims& base) {
  if (shape == NetworkShape::kEncoder) return {base[0], base[1], base[2] * base[3]};  // [B, S, D]
  return base;                                                                          // NHWC
}

void PlanNetwork(Plan* plan, Rng* rng, const std::vector<UsableSignature>& sigs, NetworkShape shape,
                 const std::vector<GraphNodeChoice>& nodes, uint32_t x) {
  NetworkPlanner planner(plan, rng, sigs, nodes);
  if (shape == NetworkShape::kConvNet) {
    planner.ConvNet(x);
  } else {
    planner.EncoderLayer(x);
  }
}

}  // namespace graph_plan
}  // namespace cts
}  // namespace nnrt
