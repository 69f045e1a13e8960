#include "bench/output_agreement.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace nnrt {
namespace bench {

std::string CompareOutputs(const std::vector<uint8_t>& reference, const std::vector<uint8_t>& onednn, bool int8) {
  if (reference.size() != onednn.size() || reference.empty()) {
    return "DIFFER (" + std::to_string(reference.size()) + " vs " + std::to_string(onednn.size()) + " bytes)";
  }
  char buf[64];
  if (int8) {
    int max_lsb = 0;
    for (size_t i = 0; i < reference.size(); ++i) {
      const int d = std::abs(static_cast<int>(static_cast<int8_t>(reference[i])) -
                             static_cast<int>(static_cast<int8_t>(onednn[i])));
      max_lsb = std::max(max_lsb, d);
    }
    std::snprintf(buf, sizeof(buf), "%s (max %d LSB)", max_lsb <= 1 ? "agree" : "DIFFER", max_lsb);
    return buf;
  }
  const size_t n = reference.size() / 4;
  double max_diff = 0, max_abs = 0;
  for (size_t i = 0; i < n; ++i) {
    float a, b;
    std::memcpy(&a, &reference[i * 4], 4);
    std::memcpy(&b, &onednn[i * 4], 4);
    const double d = std::fabs(static_cast<double>(a) - b);
    max_diff = std::isnan(d) ? INFINITY : std::max(max_diff, d);
    max_abs = std::max(max_abs, std::fabs(static_cast<double>(b)));
  }
  const double rel = max_abs > 0 ? max_diff / max_abs : max_diff;
  std::snprintf(buf, sizeof(buf), "%s (rel %.1e)", rel <= 1e-3 ? "agree" : "DIFFER", rel);
  return buf;
}

}  // namespace bench
}  // namespace nnrt
