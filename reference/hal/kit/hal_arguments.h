// The model-side arguments every driver reads the same way: the model config
// of PrepareModel and the model of GetSupportedOperation, with the HAL's
// codes for a NULL pointer or a bad value (docs/hal.md section 3).
#ifndef NNRT_REFERENCE_HAL_KIT_HAL_ARGUMENTS_H_
#define NNRT_REFERENCE_HAL_KIT_HAL_ARGUMENTS_H_

#include "reference/hal/hal_model_view.h"
#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace driver_kit {

// The config: NULL is NNRT_NULL_PTR ("config is NULL"), then read and its
// values checked (ModelConfigFromHal, ValidateModelConfigValues).
Status ReadModelConfig(const NNRT_HalModelConfig* config, ModelConfig* out);

// GetSupportedOperation's arguments, in the HAL's order: the device, the
// model (read into *out), then `supported`, which may be NULL only for a
// model without nodes.
Status ReadSupportQuery(const NNRT_HalDevice* device, const NNRT_HalModel* model, const bool* supported, Model* out);

}  // namespace driver_kit
}  // namespace nnrt

#endif  // NNRT_REFERENCE_HAL_KIT_HAL_ARGUMENTS_H_
