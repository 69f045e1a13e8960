#include "cts_driver/import_command.h"

#include <cstdlib>
#include <iostream>
#include <string>

#include "importers/onnx/imported_case.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

int ImportUsage(const std::string& message) {
  if (!message.empty()) std::cerr << "nnrt_cts import: " << message << "\n";
  std::cerr << "usage: nnrt_cts import MODEL.onnx --out CASE.nnrt [--inputs TEST_DATA_SET_DIR | --seed N]\n";
  return 2;
}

}  // namespace

int ImportCommand(int argc, char** argv) {
  std::string model, out;
  onnx_import::ImportOptions options;
  bool seed_given = false;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--out" || arg == "--inputs" || arg == "--seed") {
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
  const Status st = WriteCaseFile(out, c);
  if (!st.ok()) {
    std::cerr << "nnrt_cts import: " << st.ToString() << "\n";
    return 2;
  }
  std::cout << "imported " << model << " (opset " << r.import.opset << "): " << c.model.nodes.size() << " NNRt nodes, "
            << c.model.tensors.size() << " tensors, inputs from "
            << (options.inputs_dir.empty() ? "seed " + std::to_string(options.seed) : options.inputs_dir) << "\n"
            << "wrote " << out << " (expected = the reference's outputs)\n";
  if (!r.has_onnx_expected) return 0;
  std::cout << "reference vs ONNX's expected outputs (rtol 1e-3, atol 1e-7; C-791):\n" << r.agreement.report
            << (r.agreement.agrees ? "agrees with ONNX\n" : "DISAGREES with ONNX\n");
  return r.agreement.agrees ? 0 : 1;
}

}  // namespace cts
}  // namespace nnrt
