// Small builders for golden cases: one-node models in a few lines, exact
// element data from hand-written values, and a fixed pseudo-random generator
// whose output is the same with every compiler and standard library (no
// std:: distributions: their algorithms are implementation-defined).
#ifndef NNRT_GOLDEN_CASE_BUILDER_H_
#define NNRT_GOLDEN_CASE_BUILDER_H_

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "golden/golden_case.h"
#include "reference/numerics/splitmix64.h"
#include "reference/cases/single_node_case.h"

namespace nnrt {
namespace golden {

using Bytes = std::vector<uint8_t>;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Element bytes of `dtype` from real values: float types round once (RNE,
// fp16 directly from double); integer and bool types take the value, which
// must be integral and in range (checked by MaterializeCase's reference run
// only indirectly, so keep hand-written values exact).
Bytes Values(DataType dtype, const std::vector<double>& values);
// Integer types from int64 (exact for int64/uint64 extremes).
Bytes Ints(DataType dtype, const std::vector<int64_t>& values);
// Raw float16 bit patterns (payload NaNs, subnormals).
Bytes HalfBits(const std::vector<uint16_t>& bits);
// Raw float32 bit patterns.
Bytes FloatBits(const std::vector<uint32_t>& bits);

// The lower-case name of a node type for case and node names: the operator
// list's name (reference/ops/registry.cc) in lower case without a "_FUSION"
// suffix (ADD_FUSION -> "add", REAL_DIV -> "real_div", LESS_EQUAL -> "less_equal").
inline std::string LowerCaseOpName(NodeType type) {
  std::string name = NodeTypeName(type);
  const std::string fusion = "_FUSION";
  if (name.size() > fusion.size() && name.compare(name.size() - fusion.size(), fusion.size(), fusion) == 0) {
    name.resize(name.size() - fusion.size());
  }
  for (char& c : name) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return name;
}

inline QuantParam QP(double scale, int32_t zero_point) { return QuantParam{8, zero_point, scale}; }

// SplitMix64 (Steele, Lea, Flood 2014): 64-bit state, fully specified output.
class GoldenRng {
 public:
  explicit GoldenRng(uint64_t seed) : bits_(seed) {}
  uint64_t Next() { return bits_.Next(); }
  // Uniform in [lo, hi): 53 random bits scaled, so the value depends only on IEEE binary64.
  double Uniform(double lo, double hi);
  // Uniform integer in [lo, hi] (modulo bias is irrelevant for test data).
  int64_t Int(int64_t lo, int64_t hi);
  std::vector<double> Uniforms(size_t n, double lo, double hi);
  std::vector<int64_t> Ints(size_t n, int64_t lo, int64_t hi);

 private:
  SplitMix64 bits_;
};

// Element count of dims (dims must be concrete and small).
size_t Count(const Dims& dims);

// A golden case's seed, recorded as meta golden.seed (the builder of the
// one-node models is SingleNodeCase, reference/cases/single_node_case.h).
inline SingleNodeCase& RecordSeed(SingleNodeCase& c, uint64_t seed) {
  return c.WithMeta(kMetaSeed, std::to_string(seed));
}

// Appends cases; `family` is set by the family function.
class CaseList {
 public:
  explicit CaseList(std::string family) : family_(std::move(family)) {}
  // A case whose outputs the reference produces.
  CaseList& Add(std::string name, std::string note, TestCase tc);
  // A case with hand-written expected outputs (from the spec).
  CaseList& AddExpect(std::string name, std::string note, TestCase tc, std::vector<HostTensor> expected);
  // A case whose run must fail with `code`.
  CaseList& AddError(std::string name, std::string note, TestCase tc, NNRT_ReturnCode code);
  std::vector<GoldenCase> Take() { return std::move(cases_); }

 private:
  std::string family_;
  std::vector<GoldenCase> cases_;
};

inline HostTensor Expect(const std::string& name, DataType dtype, Dims dims, Bytes data) {
  return HostTensor{name, dtype, std::move(dims), std::move(data)};
}

// ---- Families (golden/cases/<family>.cc) -------------------------------------
// A family file defines its cases in one function and registers it with
// NNRT_GOLDEN_FAMILY(FunctionName); AllGoldenCases() collects every
// registered family (the golden_cases library is linked whole), so adding a
// family file touches no shared list.
using GoldenFamilyFn = std::vector<GoldenCase> (*)();
bool RegisterGoldenFamily(GoldenFamilyFn family);
const std::vector<GoldenFamilyFn>& RegisteredGoldenFamilies();

#define NNRT_GOLDEN_FAMILY(fn) \
  [[maybe_unused]] static const bool kRegistered##fn = ::nnrt::golden::RegisterGoldenFamily(&fn)

}  // namespace golden
}  // namespace nnrt

#endif  // NNRT_GOLDEN_CASE_BUILDER_H_
