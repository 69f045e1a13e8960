// Operator unit tests: one node built with SingleNodeCase and run through its
// registry entry by NodeRun (InferNode, then RunNode).
#ifndef NNRT_REFERENCE_OPS_TESTING_OP_HARNESS_H_
#define NNRT_REFERENCE_OPS_TESTING_OP_HARNESS_H_

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ir/ir.h"
#include "reference/cases/single_node_case.h"
#include "reference/numerics/numerics.h"
#include "reference/cases/node_run.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace testing {

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

// fp16 bytes of values that must be exactly representable.
inline std::vector<uint8_t> HalfBytes(const std::vector<double>& values) {
  std::vector<uint16_t> bits;
  for (double v : values) bits.push_back(DoubleToHalfBits(v));
  return Bytes(bits);
}

inline QuantParam QP(double scale, int32_t zero_point) {
  QuantParam q;
  q.scale = scale;
  q.zero_point = zero_point;
  return q;
}

// Element bytes of real `values` in `dtype`: float types rounded once,
// int8/uint8 with quant params quantized (RHA, quantization_semantics 4.3),
// other integer types and bool as the (integral) values themselves. For tests
// parameterised over an operator's data types (OpDef::data_types).
inline std::vector<uint8_t> EncodeAs(DataType dtype, const std::vector<double>& values,
                                     const std::vector<QuantParam>& quant = {}) {
  std::vector<uint8_t> out(values.size() * DataTypeSize(dtype));
  for (size_t i = 0; i < values.size(); ++i) {
    if (IsFloatType(dtype)) {
      StoreDouble(dtype, out.data(), i, values[i]);
    } else if (!quant.empty()) {
      StoreInt64(dtype, out.data(), i,
                 QuantizeHalfAwayFromZero(values[i], quant[0].scale, quant[0].zero_point, QuantMin(dtype),
                                          QuantMax(dtype)));
    } else {
      StoreInt64(dtype, out.data(), i, static_cast<int64_t>(values[i]));
    }
  }
  return out;
}

// Quant params for a parameterised test: `q` for int8/uint8, none otherwise.
inline std::vector<QuantParam> QuantFor(DataType dtype, QuantParam q) {
  return dtype == DataType::kInt8 || dtype == DataType::kUint8 ? std::vector<QuantParam>{q}
                                                                : std::vector<QuantParam>{};
}

// Test names of a suite parameterised over OpDef::data_types ("float32", "int8", ...).
inline std::string DataTypeParamName(const ::testing::TestParamInfo<DataType>& info) {
  return DataTypeName(info.param);
}

// The operator unit tests' shorthand over SingleNodeCase + NodeRun: inputs and
// outputs are named in<i> / out<i>, every input is a model input whose data
// is visible to InferFn (empty data = not known yet).
class OpHarness {
 public:
  explicit OpHarness(NodeType type) : case_(type, "node") {}

  OpHarness& Attr(nnrt::Attr a) {
    case_.WithAttr(std::move(a));
    run_.reset();
    return *this;
  }

  OpHarness& Input(DataType t, Dims dims, std::vector<uint8_t> data, std::vector<QuantParam> quant = {},
                   Format format = Format::kNhwc) {
    case_.WithFormat(format).In("in" + std::to_string(inputs_++), t, std::move(dims), std::move(data),
                                std::move(quant));
    run_.reset();
    return *this;
  }

  // An input that is a constant of the model (its data is the tensor's data).
  OpHarness& Const(DataType t, Dims dims, std::vector<uint8_t> data, std::vector<QuantParam> quant = {}) {
    case_.Const("in" + std::to_string(inputs_++), t, std::move(dims), std::move(data), std::move(quant));
    run_.reset();
    return *this;
  }

  OpHarness& Output(DataType t, std::vector<QuantParam> quant = {}, Dims declared = {}) {
    case_.WithFormat(Format::kNhwc).Out("out" + std::to_string(outputs_++), t, std::move(declared), std::move(quant));
    run_.reset();
    return *this;
  }

  const OpDef& Def() { return Runner().Def(); }
  Status Infer() { return Runner().Infer(); }
  Status Run() { return Runner().Run(); }
  const Dims& OutDims(size_t i = 0) { return Runner().OutDims(i); }
  std::vector<double> OutDoubles(size_t i = 0) { return Runner().OutDoubles(i); }
  std::vector<int64_t> OutInts(size_t i = 0) { return Runner().OutInts(i); }
  // Real values: dequantized when the output carries quant params.
  std::vector<double> OutReals(size_t i = 0) {
    const TensorArg& out = Runner().ctx().outputs[i];
    if (!out.quantized()) return OutDoubles(i);
    std::vector<double> v;
    for (int64_t q : OutInts(i)) v.push_back(Dequantize(q, out.quant().scale, out.quant().zero_point));
    return v;
  }
  bool GuardIntact(size_t i = 0) { return Runner().GuardIntact(i); }
  // The output buffer as stored (its bytes, then the guard byte).
  const std::vector<uint8_t>& OutBytes(size_t i = 0) { return Runner().OutBytes(i); }
  Node& node() { return Runner().node(); }
  OpContext& ctx() { return Runner().ctx(); }

 private:
  NodeRun& Runner() {
    if (run_ == nullptr) run_ = std::make_unique<NodeRun>(case_.Build());
    return *run_;
  }
  SingleNodeCase case_;
  int inputs_ = 0;
  int outputs_ = 0;
  std::unique_ptr<NodeRun> run_;
};

// Runs `h`, expecting success: its first output as doubles and, when `dims`
// is given, its dims (empty values and dims on failure).
inline std::vector<double> RunExpectingOk(OpHarness h, Dims* dims = nullptr) {
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (dims != nullptr) *dims = s.ok() ? h.OutDims() : Dims{};
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TESTING_OP_HARNESS_H_
