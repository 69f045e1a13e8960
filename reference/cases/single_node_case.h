// The one builder of single-node models: a model with one node, its inputs
// bound to case data, its constants and its declared outputs, in a few lines.
// Used by the golden cases, the conformance generators, the operator unit
// tests (through NodeRun, reference/cases/node_run.h) and the benchmarks.
#ifndef NNRT_REFERENCE_CASES_SINGLE_NODE_CASE_H_
#define NNRT_REFERENCE_CASES_SINGLE_NODE_CASE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/cases/test_case.h"

namespace nnrt {

// Tensors are numbered in the order they are added; the node's inputs are the
// In/Const tensors and its outputs the Out tensors, in that order.
class SingleNodeCase {
 public:
  // The node is named "<NODE_TYPE>_0"; the model `model_name`.
  explicit SingleNodeCase(NodeType type, std::string model_name = "single_node");

  // A model input with its case data (empty data: no data bound, as for an
  // input only known at run time).
  SingleNodeCase& In(const std::string& name, DataType dtype, Dims dims, std::vector<uint8_t> data,
                     std::vector<QuantParam> quant = {});
  // A constant (weight, bias, shape, slope...): data inside the model.
  SingleNodeCase& Const(const std::string& name, DataType dtype, Dims dims, std::vector<uint8_t> data,
                        std::vector<QuantParam> quant = {});
  // A declared output (dims may be empty: to be inferred).
  SingleNodeCase& Out(const std::string& name, DataType dtype, Dims dims = {}, std::vector<QuantParam> quant = {});
  SingleNodeCase& WithAttr(Attr attr);
  SingleNodeCase& WithAttrs(std::vector<Attr> attrs);
  // The format of every tensor added afterwards (default NHWC).
  SingleNodeCase& WithFormat(Format format);
  // A meta line of the case file (e.g. "golden.seed").
  SingleNodeCase& WithMeta(const std::string& key, const std::string& value);

  // The case. The node is quantized (HDI QuantType ALL) iff one of its
  // tensors carries quant params.
  TestCase Build() const;

 private:
  uint32_t AddTensor(const std::string& name, DataType dtype, Dims dims, std::vector<QuantParam> quant);
  TestCase case_;
  Format format_ = Format::kNhwc;
};

}  // namespace nnrt

#endif  // NNRT_REFERENCE_CASES_SINGLE_NODE_CASE_H_
