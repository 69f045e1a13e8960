#include "bench/network_model.h"

#include "bench/op_cases.h"
#include "bench/reference_op_model.h"

namespace nnrt {
namespace bench {
namespace {

constexpr int32_t kChannels = 64;

// A tensor index with its int8 scale.
struct Value {
  uint32_t index;
  double scale;
};

OpCase BlockConv() { return ConvCase("conv3x3", OpKind::kConv, 56, kChannels, kChannels, 3, 1); }
OpCase Classifier() { return MatrixCase("classifier", OpKind::kFullyConnected, 1, kChannels, 1000); }
constexpr int kBlocks = 2;

Value Conv3x3(const Value& x, bool relu, bool int8, OhnnGraph* g) {
  const OpCase c = BlockConv();
  const double y = DotOutputScale(x.scale, ScalesOf(c).w, ReductionLength(c));
  return {AddLayer(c, int8, MakeData(c, int8), {x.index}, Quant{y, 0}, relu ? OH_NN_FUSED_RELU : OH_NN_FUSED_NONE, g),
          y};
}

// y = relu(conv(relu(conv(x))) + x).
Value BasicBlock(const Value& x, bool int8, OhnnGraph* g) {
  const Value a = Conv3x3(x, true, int8, g);
  const Value b = Conv3x3(a, false, int8, g);
  const double y = 1.5 * (x.scale > b.scale ? x.scale : b.scale);
  const OpCase add = AddCase("shortcut", 56, kChannels);
  return {AddLayer(add, int8, OpData{}, {b.index, x.index}, Quant{y, 0}, OH_NN_FUSED_RELU, g), y};
}

}  // namespace

void BuildResNetFront(bool int8, OhnnGraph* g) {
  const OH_NN_DataType type = int8 ? OH_NN_INT8 : OH_NN_FLOAT32;
  const OpCase stem = PoolCase("max_pool", OpKind::kMaxPool, 112, kChannels, 3, 2, 1);
  Value v{g->Input(type, InputShape(stem), int8 ? Quant{0.05, 0} : Quant{}), 0.05};
  v.index = AddLayer(stem, int8, OpData{}, {v.index}, Quant{v.scale, 0}, OH_NN_FUSED_NONE, g);
  for (int i = 0; i < kBlocks; ++i) v = BasicBlock(v, int8, g);
  const OpCase pool = PoolCase("global_avg_pool", OpKind::kAvgPool, 56, kChannels, 56, 1, 0);
  v.index = AddLayer(pool, int8, OpData{}, {v.index}, Quant{v.scale, 0}, OH_NN_FUSED_NONE, g);
  // [1, 1, 1, 64] read as one row of 64 (useAxis false).
  const OpCase fc = Classifier();
  const double logits = DotOutputScale(v.scale, ScalesOf(fc).w, kChannels);
  v = {AddLayer(fc, int8, MakeData(fc, int8), {v.index}, Quant{logits, 0}, OH_NN_FUSED_NONE, g), logits};
  const OpCase softmax = MatrixCase("softmax", OpKind::kSoftmax, 1, 0, 1000);
  g->Finish({AddLayer(softmax, int8, OpData{}, {v.index}, Quant{1.0 / 128.0, 0}, OH_NN_FUSED_NONE, g)});
}

int64_t ResNetFrontMacs() {
  const OpCase conv = BlockConv(), fc = Classifier();
  return 2 * kBlocks * Elements(OutputShape(conv)) * ReductionLength(conv) + Elements(OutputShape(fc)) * fc.kdim;
}

std::vector<uint8_t> ResNetFrontInput(bool int8) {
  return MakeData(PoolCase("input", OpKind::kMaxPool, 112, kChannels, 3, 2, 1), int8).x;
}

}  // namespace bench
}  // namespace nnrt
