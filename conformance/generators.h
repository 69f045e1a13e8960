// Building blocks of the case generators. Every function here must be called
// inside a rapidcheck property: it draws with `*gen` so the choice shrinks.
#ifndef NNRT_CONFORMANCE_GENERATORS_H_
#define NNRT_CONFORMANCE_GENERATORS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/node_spec.h"
#include "reference/ir/ir.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// What kinds of values a float tensor may hold.
struct ValueProfile {
  bool nan_inf = true;      // NaN and +-inf among the edge values
  bool subnormals = true;   // subnormals of the tensor's type
  bool type_extremes = true;  // +-largest finite of the type
  double typical_range = 2.0;  // bulk values uniform-ish in [-range, range] (RGG choice)
};

Dims GenShape(int min_rank, int max_rank, int max_dim);
// A shape that numpy-broadcasts with `dims` (some dims set to 1, leading dims dropped).
Dims GenBroadcastPartner(const Dims& dims);

// Per-tensor quant params of an int8/uint8 tensor: a scale from powers of two
// and arbitrary doubles, a zero point inside the type range.
QuantParam GenQuantParam(DataType dtype);
QuantParam GenQuantParamWithScale(DataType dtype, double min_scale, double max_scale);

// `count` elements of dtype, little-endian bytes. Float data mixes bulk values
// with the edge values of the profile (0, -0, +-max, subnormals, NaN, +-inf);
// integer data mixes the full range with qmin, qmax and zero_point.
std::vector<uint8_t> GenTensorData(DataType dtype, size_t count, const ValueProfile& profile, int32_t zero_point = 0);

// Picks a value from an AttrDomain's choices or range.
int64_t GenAttrValue(const AttrDomain& domain);
const AttrDomain* FindAttrDomain(const NodeSpec& spec, const char* name);

// Small helpers to assemble a one-node model.
class CaseBuilder {
 public:
  explicit CaseBuilder(const std::string& model_name);
  // A model input with data bound in TestCase.inputs.
  uint32_t AddInput(const std::string& name, DataType dtype, const Dims& dims, std::vector<QuantParam> quant,
                    std::vector<uint8_t> data);
  // A constant tensor (data inside the model).
  uint32_t AddConstant(const std::string& name, DataType dtype, const Dims& dims, std::vector<QuantParam> quant,
                       std::vector<uint8_t> data);
  uint32_t AddOutput(const std::string& name, DataType dtype, const Dims& dims, std::vector<QuantParam> quant);
  void SetNode(NodeType type, std::vector<Attr> attrs, std::vector<uint32_t> inputs, std::vector<uint32_t> outputs);
  TestCase Finish();

 private:
  TestCase case_;
  bool quantized_output_ = false;
};

size_t ElementsOf(const Dims& dims);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_GENERATORS_H_
