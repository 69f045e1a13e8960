// A shared library without NNRT_HalGetDriver: the loader must refuse it.
extern "C" __attribute__((visibility("default"))) int NotTheHalEntryPoint(void) { return 1; }
