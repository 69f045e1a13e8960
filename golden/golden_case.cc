#include "golden/golden_case.h"

#include <algorithm>

#include <cmath>
#include <cstring>
#include <memory>
#include <set>

#include "golden/case_builder.h"
#include "reference/cases/run_on_reference.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace golden {

// ---- Data --------------------------------------------------------------------

Bytes Values(DataType dtype, const std::vector<double>& values) {
  Bytes out(values.size() * DataTypeSize(dtype));
  for (size_t i = 0; i < values.size(); ++i) {
    if (IsFloatType(dtype)) {
      StoreDouble(dtype, out.data(), i, values[i]);
    } else {
      // Hand-written integer values are integral and small, so the cast is exact.
      StoreInt64(dtype, out.data(), i, static_cast<int64_t>(values[i]));
    }
  }
  return out;
}

Bytes Ints(DataType dtype, const std::vector<int64_t>& values) {
  Bytes out(values.size() * DataTypeSize(dtype));
  for (size_t i = 0; i < values.size(); ++i) StoreInt64(dtype, out.data(), i, values[i]);
  return out;
}

Bytes HalfBits(const std::vector<uint16_t>& bits) {
  Bytes out(bits.size() * 2);
  for (size_t i = 0; i < bits.size(); ++i) {
    out[2 * i] = static_cast<uint8_t>(bits[i] & 0xff);
    out[2 * i + 1] = static_cast<uint8_t>(bits[i] >> 8);
  }
  return out;
}

Bytes FloatBits(const std::vector<uint32_t>& bits) {
  Bytes out(bits.size() * 4);
  for (size_t i = 0; i < bits.size(); ++i) {
    for (int b = 0; b < 4; ++b) out[4 * i + b] = static_cast<uint8_t>(bits[i] >> (8 * b));
  }
  return out;
}

// ---- PRNG --------------------------------------------------------------------

double GoldenRng::Uniform(double lo, double hi) {
  const double unit = static_cast<double>(Next() >> 11) * 0x1p-53;  // exact
  return lo + (hi - lo) * unit;
}

int64_t GoldenRng::Int(int64_t lo, int64_t hi) {
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
  const uint64_t r = span == 0 ? Next() : Next() % span;
  return static_cast<int64_t>(static_cast<uint64_t>(lo) + r);
}

std::vector<double> GoldenRng::Uniforms(size_t n, double lo, double hi) {
  std::vector<double> v(n);
  for (double& x : v) x = Uniform(lo, hi);
  return v;
}

std::vector<int64_t> GoldenRng::Ints(size_t n, int64_t lo, int64_t hi) {
  std::vector<int64_t> v(n);
  for (int64_t& x : v) x = Int(lo, hi);
  return v;
}

size_t Count(const Dims& dims) {
  size_t n = 1;
  for (int32_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

// ---- CaseList ------------------------------------------------------------------

CaseList& CaseList::Add(std::string name, std::string note, TestCase tc) {
  GoldenCase c;
  c.family = family_;
  c.name = std::move(name);
  c.note = std::move(note);
  c.test_case = std::move(tc);
  cases_.push_back(std::move(c));
  return *this;
}

CaseList& CaseList::AddExpect(std::string name, std::string note, TestCase tc, std::vector<HostTensor> expected) {
  Add(std::move(name), std::move(note), std::move(tc));
  cases_.back().hand_expected = std::move(expected);
  return *this;
}

CaseList& CaseList::AddError(std::string name, std::string note, TestCase tc, NNRT_ReturnCode code) {
  Add(std::move(name), std::move(note), std::move(tc));
  cases_.back().expect_error = code;
  return *this;
}

// ---- Materialize -----------------------------------------------------------------

namespace {

std::vector<GoldenFamilyFn>* MutableFamilies() {
  static std::vector<GoldenFamilyFn>* const families = new std::vector<GoldenFamilyFn>();
  return families;
}

}  // namespace

bool RegisterGoldenFamily(GoldenFamilyFn family) {
  MutableFamilies()->push_back(family);
  return true;
}

const std::vector<GoldenFamilyFn>& RegisteredGoldenFamilies() { return *MutableFamilies(); }

// Sorted by family and name: the registration order (static initialisation
// across files) is unspecified, the case order is not.
const std::vector<GoldenCase>& AllGoldenCases() {
  static const std::vector<GoldenCase>* const all = [] {
    auto* v = new std::vector<GoldenCase>();
    for (GoldenFamilyFn family : RegisteredGoldenFamilies()) {
      for (GoldenCase& c : family()) v->push_back(std::move(c));
    }
    std::stable_sort(v->begin(), v->end(), [](const GoldenCase& a, const GoldenCase& b) {
      return a.family != b.family ? a.family < b.family : a.name < b.name;
    });
    return v;
  }();
  return *all;
}

std::string RelativePath(const GoldenCase& c) { return c.family + "/" + c.name + ".nnrt"; }

std::string MetaValue(const TestCase& c, const std::string& key) {
  for (const auto& kv : c.meta) {
    if (kv.first == key) return kv.second;
  }
  return "";
}

bool ParseReturnCode(const std::string& name, NNRT_ReturnCode* code) {
  for (int v = NNRT_SUCCESS; v <= NNRT_UNSUPPORTED_OP; ++v) {
    if (name == ReturnCodeName(static_cast<NNRT_ReturnCode>(v))) {
      *code = static_cast<NNRT_ReturnCode>(v);
      return true;
    }
  }
  return false;
}

std::string DiffTensors(const std::vector<HostTensor>& expected, const std::vector<HostTensor>& actual) {
  if (expected.size() != actual.size()) {
    return "expected " + std::to_string(expected.size()) + " outputs, got " + std::to_string(actual.size());
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    const HostTensor& e = expected[i];
    const HostTensor& a = actual[i];
    const std::string what = "output " + std::to_string(i) + " '" + e.name + "'";
    if (e.name != a.name) return what + ": name '" + a.name + "'";
    if (e.data_type != a.data_type) {
      return what + ": data type " + DataTypeName(a.data_type) + ", expected " + DataTypeName(e.data_type);
    }
    if (e.dims != a.dims) return what + ": dims " + DimsToString(a.dims) + ", expected " + DimsToString(e.dims);
    if (e.data != a.data) {
      const size_t size = DataTypeSize(e.data_type);
      for (size_t k = 0; size != 0 && k < e.data.size() && k < a.data.size(); k += size) {
        if (std::memcmp(e.data.data() + k, a.data.data() + k, size) != 0) {
          return what + ": element " + std::to_string(k / size) + " differs (expected " +
                 std::to_string(LoadAsDouble(e.data_type, e.data.data(), k / size)) + ", got " +
                 std::to_string(LoadAsDouble(a.data_type, a.data.data(), k / size)) + ")";
        }
      }
      return what + ": byte size differs";
    }
  }
  return "";
}

namespace {

bool IsFileStem(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s) {
    if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_')) return false;
  }
  return true;
}

}  // namespace

Status MaterializeCase(const GoldenCase& c, TestCase* out) {
  const std::string where = "golden case " + c.family + "/" + c.name;
  if (!IsFileStem(c.family) || !IsFileStem(c.name)) {
    return InvalidParameter(where + ": family and name must be [a-z0-9_]+ (C-201)");
  }
  if (c.expect_error != NNRT_SUCCESS && !c.hand_expected.empty()) {
    return InvalidParameter(where + ": an error case cannot have expected outputs");
  }
  *out = c.test_case;
  out->expected.clear();
  std::vector<std::pair<std::string, std::string>> meta = {
      {kMetaFamily, c.family}, {kMetaCase, c.name}, {kMetaNote, c.note}};
  for (const auto& kv : c.test_case.meta) meta.push_back(kv);
  std::vector<HostTensor> outputs;
  std::string stage;
  const Status st = RunCaseOnReference(c.test_case, &outputs, &stage);
  if (c.expect_error != NNRT_SUCCESS) {
    if (st.ok()) {
      return Status(NNRT_FAILED, where + ": the definition expects " + ReturnCodeName(c.expect_error) +
                                     " but the reference run succeeds");
    }
    if (st.code() != c.expect_error) {
      return Status(NNRT_FAILED, where + ": the definition expects " + ReturnCodeName(c.expect_error) +
                                     " but the reference fails with " + st.ToString());
    }
    meta.emplace_back(kMetaExpectError, ReturnCodeName(c.expect_error));
    meta.emplace_back(kMetaExpectErrorStage, stage);
    out->meta = std::move(meta);
    return Status::Ok();
  }
  if (!st.ok()) return Status(NNRT_FAILED, where + ": the reference fails at " + stage + ": " + st.ToString());
  if (!c.hand_expected.empty()) {
    const std::string diff = DiffTensors(c.hand_expected, outputs);
    if (!diff.empty()) {
      return Status(NNRT_FAILED, where + ": the reference disagrees with the hand-written expectation: " + diff);
    }
    meta.emplace_back("golden.hand_checked", "true");
  }
  out->meta = std::move(meta);
  out->expected = std::move(outputs);
  return Status::Ok();
}

}  // namespace golden
}  // namespace nnrt
