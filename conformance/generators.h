// Building blocks of the case generators. Every function here must be called
// inside a rapidcheck property: it draws with `*gen` so the choice shrinks.
#ifndef NNRT_CONFORMANCE_GENERATORS_H_
#define NNRT_CONFORMANCE_GENERATORS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conformance/node_spec.h"
#include "reference/ir/ir.h"
#include "reference/cases/single_node_case.h"
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

// The directed edge-value sweep (docs/conformance.md "Directed edge cases"):
// while one is alive on this thread, GenTensorData fills every tensor with the
// edge values of its type in a fixed order instead of drawing values: tensor j
// of the case (in generation order) holds edge (offset*(j+1) + i) mod count
// at element i. Directed case k of a data type uses offset k, so
// k = 0 .. EdgeValueCount - 1 put every edge value into every tensor of at
// least one case, and pair every two edge values in element-wise ops on
// tensors of EdgeValueCount elements or more.
class ScopedEdgeSweep {
 public:
  explicit ScopedEdgeSweep(size_t offset);
  ~ScopedEdgeSweep();
  ScopedEdgeSweep(const ScopedEdgeSweep&) = delete;
  ScopedEdgeSweep& operator=(const ScopedEdgeSweep&) = delete;

 private:
  bool was_active_;
  size_t previous_offset_;
};

// How many edge values a tensor of `dtype` has under the full profile: the
// directed cases per data type.
size_t EdgeValueCount(DataType dtype);

// The index k of the directed case being generated, or nullopt outside the
// directed phase: generators use it to walk their own directed patterns
// (broadcast shapes, boundary attributes) instead of drawing them.
std::optional<size_t> DirectedCaseIndex();

Dims GenShape(int min_rank, int max_rank, int max_dim);
// A shape that numpy-broadcasts with `dims` (some dims set to 1, leading dims dropped).
Dims GenBroadcastPartner(const Dims& dims);

// The operand shapes of a broadcasting binary element-wise op and their
// numpy broadcast. At a directed case (DirectedCaseIndex) one of 15 fixed
// patterns (C-432): size-1 dims on either side, inside and at the ends, rank
// gaps of 1 and 2, a scalar, equal shapes, which a cycling implementation
// (b[i mod size]) gets wrong. Otherwise drawn: one case in eight a
// 64..256-element matrix (enough +-1 differences for the rounding-bias sign
// test), else rank 0..4; the partner of the same shape or broadcasting into
// it, either operand being the broadcast one.
struct BinaryShapes {
  Dims a, b, out;
};
BinaryShapes GenBinaryShapes();
// numpy broadcast of two shapes that broadcast (all dims known).
Dims BroadcastOf(const Dims& a, const Dims& b);

// Copies element i mod size of `from` onto element i of `to` for about a
// third of the elements (same data type): equal operand pairs for the
// comparisons and MAXIMUM / MINIMUM, -0 against +0 where the values are zeros.
void PlantEqualValues(DataType dtype, const std::vector<uint8_t>& from, std::vector<uint8_t>* to);

// Quantized division by a real zero is out of contract for the comparison
// (quantization_semantics 5.1 last paragraph): moves every code equal to the
// zero point of `q` one code away (DIV_FUSION, REAL_DIV divisors).
void AvoidQuantizedZeroDivisor(DataType dtype, const QuantParam& q, std::vector<uint8_t>* data);

// Per-tensor quant params of an int8/uint8 tensor: a scale from powers of two
// and arbitrary doubles, a zero point inside the type range.
QuantParam GenQuantParam(DataType dtype);
QuantParam GenQuantParamWithScale(DataType dtype, double min_scale, double max_scale);

// `count` elements of dtype, little-endian bytes. Float data mixes bulk values
// with the edge values of the profile (0, -0, +-max, subnormals, NaN, +-inf);
// integer data mixes the full range with qmin, qmax and zero_point.
std::vector<uint8_t> GenTensorData(DataType dtype, size_t count, const ValueProfile& profile, int32_t zero_point = 0);
// Bool tensor bytes (every bool input of every spec comes from here): a byte
// is 0 with probability 1/false_one_in, otherwise true written as 1, 2, 127
// or 255 (C-293: any non-zero byte is true; 1 twice as often). During the
// directed sweep the bytes sweep {0, 1, 2, 127, 255} instead, tensor j of case
// k from offset k*(j+1), so every pair of them meets in an element-wise op
// (docs/conformance.md "Directed edge cases", C-910). GenTensorData on kBool
// calls this with false_one_in 2.
std::vector<uint8_t> GenBoolBytes(size_t count, int false_one_in = 2);
// Data for exact data-movement operators: GenTensorData's edge values plus,
// one case in three, a NaN with a payload that an exact copy must carry bit
// for bit (float32 / float16).
std::vector<uint8_t> GenMovedData(DataType dtype, size_t count, int32_t zero_point);
// The bytes of integer tensor values in type t.
std::vector<uint8_t> IntBytes(DataType t, const std::vector<int64_t>& values);

// Picks a value from an AttrDomain's choices or range.
int64_t GenAttrValue(const AttrDomain& domain);
const AttrDomain* FindAttrDomain(const NodeSpec& spec, const char* name);

size_t ElementsOf(const Dims& dims);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_GENERATORS_H_
