#include "conformance/exec_mode.h"

namespace nnrt {
namespace cts {

const std::vector<ExecMode>& AllExecModes() {
  static const std::vector<ExecMode> modes = {ExecMode::kFp16,         ExecMode::kCache,
                                              ExecMode::kCacheCorruption, ExecMode::kDynamicShape,
                                              ExecMode::kDeviceBuffers, ExecMode::kConcurrent,
                                              ExecMode::kSupportAgreement};
  return modes;
}

const char* ExecModeName(ExecMode mode) {
  switch (mode) {
    case ExecMode::kFp16: return "fp16";
    case ExecMode::kCache: return "cache";
    case ExecMode::kCacheCorruption: return "cache-corruption";
    case ExecMode::kDynamicShape: return "dynamic-shape";
    case ExecMode::kDeviceBuffers: return "device-buffers";
    case ExecMode::kConcurrent: return "concurrent";
    case ExecMode::kSupportAgreement: return "support-agreement";
  }
  return "?";
}

std::optional<ExecMode> ParseExecMode(const std::string& name) {
  for (ExecMode m : AllExecModes()) {
    if (name == ExecModeName(m)) return m;
  }
  return std::nullopt;
}

bool IsKnownModeLabel(const std::string& label) { return label == "default" || ParseExecMode(label).has_value(); }

}  // namespace cts
}  // namespace nnrt
