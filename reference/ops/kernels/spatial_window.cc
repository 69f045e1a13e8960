#include "reference/ops/kernels/spatial_window.h"

#include <string>
#include <vector>


namespace nnrt {

void ComputeConvPadsAxis(PadMode mode, int64_t in, int64_t kernel, int64_t stride, int64_t dilation,
                         int64_t explicit_before, int64_t explicit_after, int64_t* before, int64_t* after) {
  *before = 0;
  *after = 0;
  if (mode == PadMode::kPad) {
    *before = explicit_before;
    *after = explicit_after;
    return;
  }
  if (mode != PadMode::kSame || in <= 0) return;
  const int64_t out = (in + stride - 1) / stride;
  const int64_t needed = (out - 1) * stride + (kernel - 1) * dilation + 1 - in;
  const int64_t total = needed > 0 ? needed : 0;
  *before = total / 2;
  *after = total - *before;
}

int64_t ConvOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t before, int64_t after) {
  if (in < 0) return -1;
  const int64_t span = in + before + after - ((kernel - 1) * dilation + 1);
  if (span < 0) return 0;
  return span / stride + 1;
}

Status ReadWindowPair(const Node& node, const char* name, int64_t* first, int64_t* second) {
  const Attr* a = node.FindAttr(name);
  if (a == nullptr) return Status::Ok();
  if (a->ints.size() != 2) {
    return InvalidModel(std::string(name) + " must have 2 elements [h, w], got " + std::to_string(a->ints.size()));
  }
  for (int64_t v : a->ints) {
    if (v < 1 || v > kMaxWindowGeometry) {
      return InvalidModel(std::string(name) + " elements must be in 1..2^31-1, got " + std::to_string(v));
    }
  }
  *first = a->ints[0];
  *second = a->ints[1];
  return Status::Ok();
}

Status ReadPadModeAndList(const Node& node, const char* list_name, PadMode* mode, ConvPads* pads) {
  const int64_t m = IntAttr(node, "padMode");
  if (m < 0 || m > 2) return InvalidModel("padMode must be PAD (0), SAME (1) or VALID (2), got " + std::to_string(m));
  *mode = static_cast<PadMode>(m);
  *pads = ConvPads();
  const std::vector<int64_t> list = IntsAttr(node, list_name);
  if (!list.empty() && list.size() != 4) {
    return InvalidModel(std::string(list_name) + " must have 4 elements [top, bottom, left, right], got " +
                        std::to_string(list.size()));
  }
  for (int64_t v : list) {
    if (v < 0 || v > kMaxWindowGeometry) {
      return InvalidModel(std::string(list_name) + " elements must be in 0..2^31-1, got " + std::to_string(v));
    }
    // HDI PadMode: with SAME/VALID the pads are computed, the list must be 0 (C-52).
    if (v != 0 && *mode != PadMode::kPad) {
      return InvalidModel(std::string(list_name) + " must be all 0 (or absent) when padMode is SAME or VALID");
    }
  }
  if (list.size() == 4 && *mode == PadMode::kPad) *pads = ConvPads{list[0], list[1], list[2], list[3]};
  return Status::Ok();
}

}  // namespace nnrt
