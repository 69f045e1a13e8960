// `nnrt_cts import MODEL.onnx --out CASE.nnrt [--inputs DIR | --seed N]`:
// an ONNX model mapped onto NNRt node types (importers/onnx), its inputs from
// an ONNX test_data_set directory or a seed, the reference's outputs written as
// the case's expected section; with --inputs, the reference is also compared
// with ONNX's expected outputs (docs/onnx_import.md).
#ifndef NNRT_CTS_DRIVER_IMPORT_COMMAND_H_
#define NNRT_CTS_DRIVER_IMPORT_COMMAND_H_

namespace nnrt {
namespace cts {

// argv: the arguments after "import". Exit 0 when the case was written (and,
// with --inputs, the reference agrees with ONNX's expected outputs); 1 when
// the model cannot be mapped (every unmapped operator / attribute listed), the
// reference rejects it, or it disagrees with ONNX (the case is still
// written); 2 on a usage or file error.
int ImportCommand(int argc, char** argv);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_IMPORT_COMMAND_H_
