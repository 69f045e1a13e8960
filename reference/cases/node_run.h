// Runs the single node of a case (SingleNodeCase) directly through its
// operator's OpDef, without the interpreter: the operator unit tests and the
// kernel benchmarks. Every input's data is visible (model inputs from the
// case's inputs, constants from the model); an input without data has
// data = nullptr (prepare time with a run-time input).
#ifndef NNRT_REFERENCE_CASES_NODE_RUN_H_
#define NNRT_REFERENCE_CASES_NODE_RUN_H_

#include <cstdint>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/cases/test_case.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

class NodeRun {
 public:
  explicit NodeRun(TestCase test_case);
  NodeRun(const NodeRun&) = delete;
  NodeRun& operator=(const NodeRun&) = delete;

  const OpDef& Def() const;
  // A fresh context (declared dims) with every input's data, then schema
  // validation and shape inference.
  Status Infer();
  // Infer, allocate every output from its inferred dims (plus one guard byte),
  // then RunNode.
  Status Run();
  // The kernel alone on the context of the last Infer/Run (benchmarks).
  Status RunKernelOnly();

  const Dims& OutDims(size_t i = 0) const { return ctx_.outputs[i].dims; }
  // Output values as doubles (float types) or integers (others).
  std::vector<double> OutDoubles(size_t i = 0) const;
  std::vector<int64_t> OutInts(size_t i = 0) const;
  const std::vector<uint8_t>& OutBytes(size_t i = 0) const { return output_data_[i]; }
  // The guard byte after the output buffer must be untouched.
  bool GuardIntact(size_t i = 0) const { return output_data_[i].back() == kGuard; }

  OpContext& ctx() { return ctx_; }
  Node& node() { return case_.model.nodes[0]; }
  TestCase& test_case() { return case_; }

 private:
  static constexpr uint8_t kGuard = 0xAB;
  void MakeContext();
  TestCase case_;
  std::vector<std::vector<uint8_t>> output_data_;
  OpContext ctx_;
};

}  // namespace nnrt

#endif  // NNRT_REFERENCE_CASES_NODE_RUN_H_
