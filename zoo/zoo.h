// The model zoo (docs/models.md): five small networks with real block
// structure, built through the OH_NN C API as an app would, each as a float32
// case, a float32 case compiled with enableFloat16 and, where every operator
// has an int8 path, an int8 per-channel quantized case calibrated on the float
// model (C-771). Weights are seeded constants (C-770), so nothing large is
// checked in.
#ifndef NNRT_ZOO_ZOO_H_
#define NNRT_ZOO_ZOO_H_

#include <cstdint>
#include <string>
#include <vector>

#include "zoo/network_builder.h"
#include "reference/cases/test_case.h"

namespace nnrt {
namespace zoo {

// Adds the network's tensors and operations; returns its inputs and outputs.
using DefineNetworkFn = void (*)(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs);

struct ZooModel {
  std::string name;         // file stem: <name>_<variant>.nnrt
  std::string description;  // architecture in one line
  DefineNetworkFn define;
  uint64_t input_seed;
  // Empty when the model has an int8 variant; else why it is float-only.
  std::string float_only_reason;
};

enum class ZooVariant { kFloat32, kFloat16, kInt8 };
const char* ZooVariantName(ZooVariant v);  // "float32", "fp16", "int8"

const std::vector<ZooModel>& ZooModels();

// Meta key and value that make a case compile with enableFloat16 (read by
// conformance/runner_counterexample.cc ConfigFromMeta).
constexpr const char* kMetaEnableFloat16 = "cts.enable_float16";

// Number of seeded inputs the int8 calibration runs on, and their first seed.
constexpr int kCalibrationRuns = 4;
constexpr uint64_t kCalibrationSeed = 9000;

// The case of one model and variant: the lowered model, its inputs (seeded:
// float uniform(-1, 1), int8 codes integers(-128, 127)) and meta lines; no
// expected outputs. kInt8 on a float-only model is NNRT_UNSUPPORTED_OP.
Status BuildZooCase(const ZooModel& model, ZooVariant variant, TestCase* out);

// The float32 model's calibration table (kCalibrationRuns runs).
Status CalibrateZooModel(const ZooModel& model, CalibrationTable* table);

// The networks (one file each).
void DefineMobileNetV2(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs);
void DefineResNet18(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs);
void DefineTransformerEncoder(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs);
void DefineLstmClassifier(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs);
void DefineSsdLiteHead(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs);

}  // namespace zoo
}  // namespace nnrt

#endif  // NNRT_ZOO_ZOO_H_
