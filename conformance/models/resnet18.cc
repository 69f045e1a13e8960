// A ResNet-18-style network (He et al. 2016) at 32x32x3 (docs/models.md): a
// stem conv, four stages of two basic blocks (conv 3x3 ReLU -> conv 3x3, ADD
// with the shortcut, ReLU fused in the ADD), stride-2 downsampling at the first
// block of stages 2-4 with a 1x1 stride-2 shortcut conv; 18 weighted layers.
#include "conformance/models/layers.h"
#include "conformance/models/zoo.h"

namespace nnrt {
namespace zoo {
namespace {

uint32_t BasicBlock(Layers* l, const std::string& name, uint32_t x, int32_t cout, int32_t stride) {
  const int32_t cin = l->builder().dims(x)[3];
  uint32_t h = l->Conv(name + ".conv1", x, cout, 3, stride, Act::kRelu);
  h = l->Conv(name + ".conv2", h, cout, 3, 1, Act::kNone);
  const uint32_t shortcut = (stride != 1 || cin != cout) ? l->Conv(name + ".shortcut", x, cout, 1, stride, Act::kNone) : x;
  return l->Add(name + ".add", h, shortcut, Act::kRelu);
}

}  // namespace

void DefineResNet18(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs) {
  Layers l(b, 2000);
  const uint32_t image = b->Activation("image", {1, 32, 32, 3});
  uint32_t x = l.Conv("stem", image, 8, 3, 1, Act::kRelu);
  const int32_t widths[] = {8, 16, 32, 64};
  for (int stage = 0; stage < 4; ++stage) {
    for (int block = 0; block < 2; ++block) {
      const int32_t stride = (stage > 0 && block == 0) ? 2 : 1;
      x = BasicBlock(&l, "stage" + std::to_string(stage + 1) + ".block" + std::to_string(block + 1), x, widths[stage],
                     stride);
    }
  }
  x = l.GlobalAvgPoolFlat("pool", x);  // [1, 64]
  x = l.Dense("logits", x, 10, Act::kNone);
  const uint32_t probs = l.Softmax("probs", x, -1);
  *inputs = {image};
  *outputs = {probs};
}

}  // namespace zoo
}  // namespace nnrt
