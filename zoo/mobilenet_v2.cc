// MobileNetV2 (Sandler et al. 2018) scaled down for a fast reference run
// (docs/models.md): 32x32x3 input, about 0.35 of the channel widths and one or
// two blocks per stage, but the real block: expand 1x1 (ReLU6) -> depthwise
// 3x3 (ReLU6) -> project 1x1 (linear), with a residual ADD when the stride is
// 1 and the channel count is kept.
#include "zoo/layers.h"
#include "zoo/zoo.h"

namespace nnrt {
namespace zoo {
namespace {

uint32_t InvertedResidual(Layers* l, const std::string& name, uint32_t x, int32_t expansion, int32_t cout,
                          int32_t stride) {
  const int32_t cin = l->builder().dims(x)[3];
  uint32_t h = x;
  if (expansion != 1) h = l->Conv(name + ".expand", h, cin * expansion, 1, 1, Act::kRelu6);
  h = l->Depthwise(name + ".dw", h, 3, stride, Act::kRelu6);
  h = l->Conv(name + ".project", h, cout, 1, 1, Act::kNone);
  if (stride == 1 && cin == cout) h = l->Add(name + ".add", x, h, Act::kNone);
  return h;
}

}  // namespace

void DefineMobileNetV2(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs) {
  Layers l(b, 1000);
  const uint32_t image = b->Activation("image", {1, 32, 32, 3});
  uint32_t x = l.Conv("stem", image, 16, 3, 2, Act::kRelu6);  // 16x16x16
  struct Block {
    int32_t expansion, cout, stride;
  };
  const Block blocks[] = {{1, 8, 1}, {6, 16, 2}, {6, 16, 1}, {6, 24, 2}, {6, 24, 1}, {6, 32, 1}};
  int n = 0;
  for (const Block& blk : blocks) x = InvertedResidual(&l, "block" + std::to_string(n++), x, blk.expansion, blk.cout, blk.stride);
  x = l.Conv("head", x, 64, 1, 1, Act::kRelu6);  // 4x4x64
  x = l.GlobalAvgPoolFlat("pool", x);
  x = l.Dense("logits", x, 10, Act::kNone);
  const uint32_t probs = l.Softmax("probs", x, -1);
  *inputs = {image};
  *outputs = {probs};
}

}  // namespace zoo
}  // namespace nnrt
