// The ONNX importer (docs/onnx_import.md): reads an ONNX model with Debian's
// libonnx protobuf classes and maps it onto NNRt node types as a text-format
// case (model + inputs; the reference's outputs become its expected section
// in the `nnrt_cts import` command). Layout rule (C-790): the case keeps
// ONNX's shapes at its inputs and outputs and inside; the channel-last NNRt
// operators are wrapped in TRANSPOSE nodes and their weights converted.
#ifndef NNRT_IMPORTERS_ONNX_ONNX_IMPORT_H_
#define NNRT_IMPORTERS_ONNX_ONNX_IMPORT_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "reference/text_format/text_format.h"

namespace nnrt {
namespace onnx_import {

struct ImportOptions {
  // A test_data_set_N directory: input_K.pb feed the graph inputs (in the
  // order of the graph's non-initializer inputs), output_K.pb are ONNX's
  // expected outputs. Empty: inputs from `seed`.
  std::string inputs_dir;
  uint64_t seed = 1;
  // --shape NAME=D0,D1,...: the dims of an input whose dims are symbolic.
  std::map<std::string, Dims> shapes;
  // --pin NAME=V0,V1,...: the input becomes a constant holding these values
  // (one value fills it), so that what depends only on it folds at import
  // (an If on a sample rate, C-893).
  std::map<std::string, std::vector<double>> pins;
};

struct ImportResult {
  // Model and inputs; `expected` is left empty (the reference computes it).
  TestCase test_case;
  // Every ONNX operator, attribute, input or output that could not be mapped,
  // "Op: what: why", each listed once, in graph order.
  std::vector<std::string> problems;
  // ONNX's expected outputs (output_K.pb of inputs_dir), named like the model outputs.
  std::vector<HostTensor> onnx_expected;
  int64_t opset = 0;
};

// Imports `model_path`. Fails with NNRT_UNSUPPORTED_OP when something cannot
// be mapped (result->problems lists all of it), NNRT_INVALID_PATH /
// NNRT_INVALID_FILE when a file cannot be read or parsed.
Status ImportOnnxModel(const std::string& model_path, const ImportOptions& options, ImportResult* result);

// The inputs a seed gives (C-799): splitmix64 per tensor in input order;
// floats uniform in [-1, 1) rounded once to the type, integers in [0, 4),
// bool from the low bit.
HostTensor SeededInput(const std::string& name, DataType dtype, const Dims& dims, uint64_t seed);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_ONNX_IMPORT_H_
