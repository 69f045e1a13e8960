// A deliberately wrong driver: its operator set lacks FLOOR (PrepareModel
// answers NNRT_UNSUPPORTED_OP), but GetSupportedOperation answers from a
// stale capability table that says every node is supported. HDI
// INnrtDevice::GetSupportedOperation must agree with PrepareModel (C-258).
// Caught by the "support-agreement" execution mode on FLOOR.
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t SupportEverything(NNRT_HalDevice* device, const NNRT_HalModel* model, bool* supported) {
  const int32_t rc = g_base->GetSupportedOperation(device, model, supported);
  if (rc != NNRT_SUCCESS || model == nullptr || supported == nullptr) return rc;
  for (uint32_t i = 0; i < model->nodeCount; ++i) supported[i] = true;
  return rc;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-support-claims-unsupported-floor";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.unsupported = {nnrt::NodeType::FLOOR};
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.GetSupportedOperation = SupportEverything;
    return &table;
  }();
  return driver;
}
