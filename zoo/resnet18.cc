// A ResNet-18-style network (He et al. 2016) as PyTorch / timm define and
// export it, at 28x28x3 (docs/models.md): a stem conv, four stages of two
// basic blocks (conv 3x3 ReLU -> conv 3x3, ADD with the shortcut, ReLU fused
// in the ADD), stride-2 downsampling at the first block of stages 2-4; 18
// weighted layers. Every conv carries its padding written out (padding = 1
// for 3x3: padMode PAD, C-773). The downsampling shortcut is ResNet-D's (He et
// al. 2019, "Bag of Tricks"; timm's downsample_avg): average pool 2x2/2 with
// ceil_mode and count_include_pad = False, then a 1x1 conv. The 28x28 input
// makes the last downsampling meet an odd 7x7 map, as a backbone does on
// arbitrary image sizes, so the pool's last window is partial (C-773). The
// image comes in PyTorch's NCHW layout, [1,3,28,28], and a TRANSPOSE
// [0,2,3,1] turns it into NHWC first, as a converter from an NCHW export to an
// NHWC runtime (onnx2tf and the like) writes it (C-776).
#include "zoo/layers.h"
#include "zoo/zoo.h"

namespace nnrt {
namespace zoo {
namespace {

uint32_t Shortcut(Layers* l, const std::string& name, uint32_t x, int32_t cout, int32_t stride) {
  const int32_t cin = l->builder().dims(x)[3];
  if (stride == 1 && cin == cout) return x;
  const uint32_t pooled = stride == 1 ? x : l->AvgPoolCeil(name + ".pool", x, stride, stride);
  return l->Conv(name + ".conv", pooled, cout, 1, 1, Act::kNone);
}

uint32_t BasicBlock(Layers* l, const std::string& name, uint32_t x, int32_t cout, int32_t stride) {
  uint32_t h = l->Conv(name + ".conv1", x, cout, 3, stride, Act::kRelu);
  h = l->Conv(name + ".conv2", h, cout, 3, 1, Act::kNone);
  return l->Add(name + ".add", h, Shortcut(l, name + ".shortcut", x, cout, stride), Act::kRelu);
}

}  // namespace

void DefineResNet18(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs) {
  Layers l(b, 2000, ConvPadding::kSymmetric);
  const uint32_t image = b->Activation("image", {1, 3, 28, 28});
  const uint32_t nhwc = l.Transpose("image.nhwc", image, {0, 2, 3, 1});
  uint32_t x = l.Conv("stem", nhwc, 8, 3, 1, Act::kRelu);
  const int32_t widths[] = {8, 16, 32, 64};
  for (int stage = 0; stage < 4; ++stage) {  // 28x28, 14x14, 7x7, 4x4
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
