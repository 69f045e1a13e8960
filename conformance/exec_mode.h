// The execution modes' names (docs/conformance.md "Execution modes"), which the
// report cells and the waiver file use; running a mode is conformance/modes/.
#ifndef NNRT_CONFORMANCE_EXEC_MODE_H_
#define NNRT_CONFORMANCE_EXEC_MODE_H_

#include <optional>
#include <string>
#include <vector>

namespace nnrt {
namespace cts {

enum class ExecMode {
  kFp16,              // "fp16": ModelConfig.enableFloat16 on float32 cases, fp16 tolerance rows
  kCache,             // "cache": ExportModelCache -> PrepareModelFromModelCache -> bitwise identical outputs
  kCacheCorruption,   // "cache-corruption": truncated / bit-flipped / missing caches must be rejected
  kDynamicShape,      // "dynamic-shape": inputs declared -1, run inside GetInputDimRanges; outside -> error
  kDeviceBuffers,     // "device-buffers": inputs and outputs in AllocateBuffer buffers
  kConcurrent,        // "concurrent": one prepared model run from several threads, identical outputs
  kSupportAgreement,  // "support-agreement": GetSupportedOperation agrees with PrepareModel
};

const std::vector<ExecMode>& AllExecModes();
const char* ExecModeName(ExecMode mode);
std::optional<ExecMode> ParseExecMode(const std::string& name);
// Mode labels of the report and of waivers: "default", "fp16" and every ExecModeName.
bool IsKnownModeLabel(const std::string& label);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_EXEC_MODE_H_
