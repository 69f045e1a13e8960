// The parser's seeded data: `data seeded(seed, distribution, a, b)` (parser.h,
// docs/text_format.md "Seeded data", C-770). The element count comes from the
// tensor's dims and is checked against max_data_bytes (C-15) before anything
// is allocated.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "reference/text_format/number_spelling.h"
#include "reference/text_format/parser.h"
#include "reference/cases/seeded_data.h"

namespace nnrt {
namespace text_format_internal {

bool Parser::ParseSeededData(DataType t, const Dims& dims, const std::vector<QuantParam>& quant,
                             std::vector<uint8_t>* out, size_t* count, SeededData* spec) {
  if (!Expect('(', "after 'seeded'")) return false;
  std::string atom;
  size_t at;
  if (!ReadAtom("the seed", &atom, &at)) return false;
  IntegerText seed;
  if (!ParseIntegerText(atom, &seed) || (seed.negative && seed.magnitude != 0))
    return Fail(at, "the seed must be an integer in [0, 2^64 - 1]" + Found(at));
  spec->seed = seed.magnitude;
  if (!Expect(',', "after the seed")) return false;
  SkipTrivia();
  const size_t dist_at = pos_;
  const std::string name = ReadIdent();
  const std::optional<SeededDistribution> dist = ParseSeededDistribution(name);
  if (!dist) return Fail(dist_at, "unknown distribution (uniform, normal_irwin_hall, integers)" + Found(dist_at));
  spec->distribution = *dist;
  if (!Expect(',', "after the distribution")) return false;
  const int64_t min = std::numeric_limits<int64_t>::min(), max = std::numeric_limits<int64_t>::max();
  const bool ok = *dist == SeededDistribution::kIntegers
                      ? ReadSigned("lo", min, max, &spec->int_lo) && Expect(',', "after lo") &&
                            ReadSigned("hi", min, max, &spec->int_hi)
                      : ReadFloat64("a parameter", &spec->real_a) && Expect(',', "after the first parameter") &&
                            ReadFloat64("a parameter", &spec->real_b);
  if (!ok || !Expect(')', "to close seeded(...)")) return false;

  const std::optional<int64_t> elements = ElementCount(dims);
  const size_t size = DataTypeSize(t);
  if (size == 0) return Fail(dist_at, "seeded data needs a known data type");
  if (!elements || *elements == 0)
    return Fail(dist_at, "seeded data needs dims > 0 (got " + DimsToString(dims) + ")");
  if (static_cast<uint64_t>(*elements) > (max_data_bytes_ - data_bytes_) / size) return FailDataLimit(dist_at);
  *count = static_cast<size_t>(*elements);
  data_bytes_ += *count * size;
  const Status expanded = ExpandSeededData(*spec, t, *count, out, quant);
  if (!expanded.ok()) return Fail(dist_at, expanded.message());
  return true;
}

}  // namespace text_format_internal
}  // namespace nnrt
