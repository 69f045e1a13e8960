// Tensors generated from a shape operand (family "generators"): FILL
// (ops_catalog #14, HDI Fill {}; inputs value and shape) and CONSTANT_OF_SHAPE
// (#68, HDI ConstantOfShape {dataType, value}; input shape). The output dims
// are the shape operand's values: known at prepare time when it is a
// constant, -1 until Run otherwise (C-356, C-658). Semantics:
// docs/operators/fill.md, constant_of_shape.md; decisions C-658..C-661.
#ifndef NNRT_REFERENCE_OPS_FILL_H_
#define NNRT_REFERENCE_OPS_FILL_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// The one element every output element is a copy of, in y's data type.
struct FillParams {
  std::vector<uint8_t> element;
};

Status InferFill(OpContext& ctx);
Status InferConstantOfShape(OpContext& ctx);
// For every output element in row-major order: a copy of FillParams::element.
Status FillKernel(OpContext& ctx);

OpDef FillOpDef();
OpDef ConstantOfShapeOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_FILL_H_
