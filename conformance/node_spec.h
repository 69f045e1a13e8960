// Per-node-type conformance specs: what the suite knows about a node type in
// one declarative record (issue 5 item 1). The valid-case generator reads the
// record's data types and attribute domains; the invalid-model mutators of the
// full suite will read the same record (which attributes exist, their types
// and legal values) to build rejections.
#ifndef NNRT_CONFORMANCE_NODE_SPEC_H_
#define NNRT_CONFORMANCE_NODE_SPEC_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/hal/hal_model_view.h"
#include "reference/ir/ir.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// The legal values of one attribute (HDI NodeAttrTypes field).
struct AttrDomain {
  const char* name;
  AttrType type;
  // Enumerated legal values for scalar enums / small ints (empty = see range).
  std::vector<int64_t> choices;
  // Inclusive range for free integers (used when choices is empty).
  int64_t min = 0;
  int64_t max = 0;
  // Element count: 1 scalar, n fixed list, -1 any.
  int32_t count = 1;
};

// What the generator hands to the runner: a one-node model with its inputs
// (TestCase.expected is left empty; the reference fills it).
struct GeneratedCase {
  TestCase test_case;
  ModelConfig config;
  DataType dtype = DataType::kUnknown;  // the case's primary data type (coverage table column)
  bool quantized = false;
};

struct NodeSpec;
// Builds one valid case. Runs inside a rapidcheck property and draws its
// choices with `*gen`, so rapidcheck can shrink every choice.
using CaseGenerator = GeneratedCase (*)(const NodeSpec& spec, DataType dtype);

struct NodeSpec {
  std::string name;  // "ADD_FUSION", "ACTIVATION_SIGMOID" (gtest test name)
  NodeType type = NodeType::NONE;
  ActivationType activation = ActivationType::kNone;  // NODE_TYPE_ACTIVATION only
  // Data types the generator produces; int8/uint8 mean quantized tensors.
  std::vector<DataType> dtypes;
  std::vector<AttrDomain> attrs;
  CaseGenerator generate = nullptr;
};

// Every spec, one per implemented node type (and activation type).
const std::vector<NodeSpec>& AllNodeSpecs();
const NodeSpec* FindNodeSpec(const std::string& name);
// The names of AllNodeSpecs() in order (the gtest parameters of the suite's tests).
std::vector<std::string> AllNodeSpecNames();

// The constructors of the spec files (conformance/specs/*.cc).
NodeSpec ElementwiseArithmeticSpec(NodeType type);
NodeSpec ActivationSpec(ActivationType activation);
NodeSpec Conv2DSpec();
NodeSpec ReshapeSpec();
// Task F (specs/unary_spec.cc): unary math node types (ABS, CEIL, COS, ERF,
// EXPFUSION, FLOOR, LOG, NEG, RECIPROCAL, ROUND, RSQRT, SIN, SQRT, SQUARE), the
// ACTIVATION types other than RELU/RELU6/SIGMOID/TANH, CLIP, PRELU_FUSION, CAST,
// QUANT_DTYPE_CAST (113) / QUANT_DTYPE_CAST_V2 (999).
NodeSpec UnaryMathSpec(NodeType type);
NodeSpec TaskFActivationSpec(ActivationType activation);
NodeSpec ClipSpec();
NodeSpec PReluSpec();
NodeSpec CastSpec();
NodeSpec QuantDTypeCastSpec(NodeType type);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_NODE_SPEC_H_
