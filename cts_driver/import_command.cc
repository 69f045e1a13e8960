#include "cts_driver/import_command.h"

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "importers/onnx/imported_case.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

int ImportUsage(const std::string& message) {
  if (!message.empty()) std::cerr << "nnrt_cts import: " << message << "\n";
  std::cerr << "usage: nnrt_cts import MODEL.onnx --out CASE.nnrt [--inputs TEST_DATA_SET_DIR | --seed N]\n"
               "                       [--shape NAME=D0,D1,...]... [--pin NAME=V0,V1,...]... [--inline-data]\n";
  return 2;
}

// "NAME=V0,V1,..." -> name and the comma-separated numbers; false when malformed.
bool ParseNamedList(const std::string& arg, std::string* name, std::vector<double>* values) {
  const size_t eq = arg.find('=');
  if (eq == 0 || eq == std::string::npos || eq + 1 == arg.size()) return false;
  *name = arg.substr(0, eq);
  values->clear();
  size_t start = eq + 1;
  while (start <= arg.size()) {
    const size_t comma = std::min(arg.find(',', start), arg.size());
    const std::string item = arg.substr(start, comma - start);
    char* end = nullptr;
    const double v = std::strtod(item.c_str(), &end);
    if (item.empty() || *end != '\0') return false;
    values->push_back(v);
    start = comma + 1;
  }
  return true;
}

bool ParseShape(const std::string& arg, onnx_import::ImportOptions* options) {
  std::string name;
  std::vector<double> values;
  if (!ParseNamedList(arg, &name, &values)) return false;
  Dims dims;
  for (double v : values) {
    if (!(v >= 1 && v <= 2147483647.0) || v != static_cast<double>(static_cast<int64_t>(v))) return false;
    dims.push_back(static_cast<int32_t>(v));
  }
  options->shapes[name] = dims;
  return true;
}

}  // namespace

int ImportCommand(int argc, char** argv) {
  // Weights, converted weights and kernel temporaries are large buffers freed
  // at different times; from the heap their pages would stay resident after
  // free (glibc raises its mmap threshold as large blocks are freed). Mapped
  // one by one, each leaves the process when freed, so that the import's peak
  // memory is what is alive at once (docs/onnx_import.md, "Real models").
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  std::string model, out;
  onnx_import::ImportOptions options;
  bool seed_given = false;
  bool inline_data = false;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--inline-data") {
      inline_data = true;
    } else if (arg == "--shape" || arg == "--pin") {
      if (!has_value) return ImportUsage(arg + " needs NAME=V0,V1,...");
      const std::string v = argv[++i];
      std::string name;
      std::vector<double> values;
      if (arg == "--shape" && !ParseShape(v, &options)) return ImportUsage("--shape " + v + ": needs NAME=D0,D1,... with dims >= 1");
      if (arg == "--pin") {
        if (!ParseNamedList(v, &name, &values)) return ImportUsage("--pin " + v + ": needs NAME=V0,V1,... (numbers)");
        options.pins[name] = values;
      }
    } else if (arg == "--out" || arg == "--inputs" || arg == "--seed") {
      if (!has_value) return ImportUsage(arg + " needs a value");
      const std::string v = argv[++i];
      if (arg == "--out") out = v;
      if (arg == "--inputs") options.inputs_dir = v;
      if (arg == "--seed") {
        char* end = nullptr;
        options.seed = std::strtoull(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0') return ImportUsage("--seed needs a number");
        seed_given = true;
      }
    } else if (model.empty() && arg.rfind("--", 0) != 0) {
      model = arg;
    } else {
      return ImportUsage("unknown argument '" + arg + "'");
    }
  }
  if (model.empty() || out.empty()) return ImportUsage("needs MODEL.onnx and --out CASE.nnrt");
  if (seed_given && !options.inputs_dir.empty()) return ImportUsage("--inputs and --seed exclude each other");
  const onnx_import::ImportedCase r = onnx_import::ImportAndRunReference(model, options);
  if (r.stage == onnx_import::ImportStage::kImport) {
    std::cerr << "nnrt_cts import: " << r.status.ToString() << "\n";
    return r.status.code() == NNRT_UNSUPPORTED_OP ? 1 : 2;
  }
  if (r.stage == onnx_import::ImportStage::kReferenceRun) {
    std::cerr << "nnrt_cts import: the reference rejects the imported model: " << r.status.ToString() << "\n";
    return 1;
  }
  const TestCase& c = r.import.test_case;
  // Constants of 4 KiB or more go to the binary side file OUT.bin (C-897),
  // unless --inline-data asks for one self-contained text.
  constexpr size_t kSideDataMinBytes = 4096;
  const Status st = inline_data ? WriteCaseFile(out, c) : WriteCaseFileWithSideData(out, c, kSideDataMinBytes);
  if (!st.ok()) {
    std::cerr << "nnrt_cts import: " << st.ToString() << "\n";
    return 2;
  }
  std::cout << "imported " << model << " (opset " << r.import.opset << "): " << c.model.nodes.size() << " NNRt nodes, "
            << c.model.tensors.size() << " tensors, inputs from "
            << (options.inputs_dir.empty() ? "seed " + std::to_string(options.seed) : options.inputs_dir) << "\n"
            << "wrote " << out << (inline_data ? "" : " and " + out + ".bin") << " (expected = the reference's outputs)\n";
  if (!r.has_onnx_expected) return 0;
  std::cout << "reference vs ONNX's expected outputs (rtol 1e-3, atol 1e-7; C-791):\n" << r.agreement.report
            << (r.agreement.agrees ? "agrees with ONNX\n" : "DISAGREES with ONNX\n");
  return r.agreement.agrees ? 0 : 1;
}

}  // namespace cts
}  // namespace nnrt
