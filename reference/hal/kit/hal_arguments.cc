#include "reference/hal/kit/hal_arguments.h"

#include "reference/hal/kit/hal_plumbing.h"

namespace nnrt {
namespace driver_kit {

Status ReadModelConfig(const NNRT_HalModelConfig* config, ModelConfig* out) {
  if (config == nullptr) return NullPtr("config");
  NNRT_RETURN_IF_ERROR(ModelConfigFromHal(config, out));
  return ValidateModelConfigValues(*out);
}

Status ReadSupportQuery(const NNRT_HalDevice* device, const NNRT_HalModel* model, const bool* supported, Model* out) {
  if (device == nullptr) return NullPtr("device");
  if (model == nullptr) return NullPtr("model");
  NNRT_RETURN_IF_ERROR(ModelFromHal(model, out));
  if (supported == nullptr && !out->nodes.empty()) return NullPtr("supported");
  return Status::Ok();
}

}  // namespace driver_kit
}  // namespace nnrt
