// A tiny NNAdapter HAL driver for the loader tests: opens, creates contexts,
// and refuses to compile anything. It also exports two broken descriptors
// (a NULL function, version 0) under their own symbols.
#include "nnadapter/hal/types.h"

namespace {

int OpenDevice(void** device) {
  static int token = 0;
  *device = &token;
  return NNADAPTER_NO_ERROR;
}
void CloseDevice(void*) {}
int CreateContext(void* device, const char*, void** context) {
  *context = device;
  return NNADAPTER_NO_ERROR;
}
void DestroyContext(void*) {}
int CreateProgram(void*, nnadapter::hal::Model*, nnadapter::hal::Cache*, void** program) {
  *program = nullptr;
  return NNADAPTER_INVALID_PARAMETER;  // supports no operation
}
void DestroyProgram(void*) {}
int ExecuteProgram(void*, uint32_t, nnadapter::hal::Argument*, uint32_t, nnadapter::hal::Argument*) {
  return NNADAPTER_DEVICE_INTERNAL_ERROR;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) nnadapter::hal::Device __nnadapter_device__nnadapter_fake_device = {
    "nnadapter_fake_device", "NNRt kit tests", NNADAPTER_ACCELERATOR, 1,
    OpenDevice, CloseDevice, CreateContext, DestroyContext, CreateProgram, DestroyProgram, ExecuteProgram};

__attribute__((visibility("default"))) nnadapter::hal::Device fake_device_without_execute = {
    "fake_device_without_execute", "NNRt kit tests", NNADAPTER_CPU, 1,
    OpenDevice, CloseDevice, CreateContext, DestroyContext, CreateProgram, DestroyProgram, nullptr};

__attribute__((visibility("default"))) nnadapter::hal::Device fake_device_version_zero = {
    "fake_device_version_zero", "NNRt kit tests", NNADAPTER_CPU, 0,
    OpenDevice, CloseDevice, CreateContext, DestroyContext, CreateProgram, DestroyProgram, ExecuteProgram};

}  // extern "C"
