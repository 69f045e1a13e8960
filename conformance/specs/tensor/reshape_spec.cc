// RESHAPE (ops_catalog #45; HDI Reshape, no attributes): input 2 is the
// target shape, a constant 1-D int32 or int64 tensor. Valid cases: any
// factorisation of the element count, sometimes with one -1 entry; the
// output keeps the input's data type and quant params (pure data movement).
#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

// A random factorisation of n into 1..4 factors.
Dims GenFactorisation(int64_t n) {
  Dims dims;
  const int rank = *rc::gen::inRange(1, 5);
  int64_t rest = n;
  for (int i = 0; i + 1 < rank; ++i) {
    std::vector<int64_t> divisors;
    for (int64_t d = 1; d <= rest; ++d) {
      if (rest % d == 0) divisors.push_back(d);
    }
    const int64_t d = *rc::gen::elementOf(divisors);
    dims.push_back(static_cast<int32_t>(d));
    rest /= d;
  }
  dims.push_back(static_cast<int32_t>(rest));
  return dims;
}

GeneratedCase GenerateReshape(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const Dims in_dims = GenShape(1, 4, 4);
  const Dims out_dims = GenFactorisation(static_cast<int64_t>(ElementsOf(in_dims)));
  std::vector<int64_t> shape(out_dims.begin(), out_dims.end());
  if (*rc::gen::inRange(0, 3) == 0) shape[*rc::gen::inRange<size_t>(0, shape.size())] = -1;
  const DataType shape_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  std::vector<uint8_t> shape_bytes(shape.size() * DataTypeSize(shape_type));
  for (size_t i = 0; i < shape.size(); ++i) StoreInt64(shape_type, shape_bytes.data(), i, shape[i]);

  std::vector<QuantParam> q;
  if (g.quantized) q = {GenQuantParam(dtype)};
  SingleNodeCase b(NodeType::RESHAPE, spec.name);
  ValueProfile profile;
  b.In("x", dtype, in_dims, GenTensorData(dtype, ElementsOf(in_dims), profile, g.quantized ? q[0].zero_point : 0), q);
  b.Const("shape", shape_type, {static_cast<int32_t>(shape.size())}, shape_bytes, {});
  b.Out("y", dtype, out_dims, q);
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec ReshapeSpec() {
  NodeSpec s;
  s.name = "RESHAPE";
  s.type = NodeType::RESHAPE;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.generate = GenerateReshape;
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = Chainable(GraphKind::kReshape, true);
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(60, ReshapeSpec());

}  // namespace cts
}  // namespace nnrt
