#include "importers/onnx/onnx_import.h"

#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "importers/onnx/graph_builder.h"
#include "importers/onnx/mapper_table.h"
#include "importers/onnx/onnx_tensor.h"
#include "importers/onnx/tensor_pruning.h"
#include "reference/numerics/numerics.h"
#include "reference/numerics/splitmix64.h"

namespace nnrt {
namespace onnx_import {
namespace {

// The problems of one import, each message once, in order.
class ProblemList {
 public:
  void Add(const std::string& p) {
    if (seen_.insert(p).second) list_.push_back(p);
  }
  std::vector<std::string> Take() { return std::move(list_); }
  bool empty() const { return list_.empty(); }

 private:
  std::set<std::string> seen_;
  std::vector<std::string> list_;
};

std::string NotInTable(const std::string& op) {
  return op + ": operator not mapped (no exact NNRt equivalent in the importer's table)";
}

int64_t DefaultDomainOpset(const onnx::ModelProto& m) {
  for (const onnx::OperatorSetIdProto& o : m.opset_import()) {
    if (o.domain().empty() || o.domain() == "ai.onnx") return o.version();
  }
  return 1;
}

class Importer {
 public:
  Importer(const onnx::ModelProto& proto, const ImportOptions& options, ImportResult* result)
      : proto_(proto), options_(options), result_(result), builder_(ModelName(proto)) {}

  Status Run() {
    result_->opset = DefaultDomainOpset(proto_);
    const onnx::GraphProto& g = proto_.graph();
    NNRT_RETURN_IF_ERROR(AddInitializers(g));
    NNRT_RETURN_IF_ERROR(AddGraphInputs(g));
    for (const onnx::NodeProto& node : g.node()) MapNode(node);
    BindGraphOutputs(g);
    NNRT_RETURN_IF_ERROR(ReadOnnxExpected(g));
    result_->problems = problems_.Take();
    if (!result_->problems.empty()) {
      std::string text = std::to_string(result_->problems.size()) + " ONNX construct(s) not mapped:";
      for (const std::string& p : result_->problems) text += "\n  " + p;
      return Unsupported(text);
    }
    PruneUnusedTensors(&builder_.model());
    result_->test_case.model = builder_.model();
    return Status::Ok();
  }

 private:
  static std::string ModelName(const onnx::ModelProto& m) { return m.graph().name().empty() ? "onnx_model" : m.graph().name(); }

  Status AddInitializers(const onnx::GraphProto& g) {
    for (const onnx::TensorProto& init : g.initializer()) {
      NamedTensor t;
      const Status st = TensorFromProto(init, &t);
      if (!st.ok()) {
        unavailable_[init.name()] = "initializer: " + st.message();
        continue;
      }
      if (ElementCount(t.dims).value_or(0) == 0) {
        unavailable_[init.name()] = "initializer '" + init.name() + "' is empty: NNRt tensors cannot be empty";
        continue;
      }
      values_[init.name()] = builder_.AddConstant(init.name(), t.data_type, t.dims, std::move(t.data));
    }
    return Status::Ok();
  }

  // The graph inputs that feed an operand NNRt needs as a constant (C-800).
  static std::set<std::string> ConstantOperandInputs(const onnx::GraphProto& g) {
    std::set<std::string> names;
    for (const onnx::NodeProto& node : g.node()) {
      const MapperEntry* entry = FindMapper(node.op_type());
      if (entry == nullptr) continue;
      for (int i : entry->constant_inputs) {
        if (i < node.input_size() && !node.input(i).empty()) names.insert(node.input(i));
      }
    }
    return names;
  }

  // A graph input bound to a constant operand becomes a constant holding its test data.
  void FreezeInput(const std::string& name, NamedTensor data) {
    values_[name] = ElementCount(data.dims).value_or(0) == 0
                        ? builder_.AddEmptyConstant(name, data.data_type)
                        : builder_.AddConstant(name, data.data_type, data.dims, std::move(data.data));
    frozen_ += (frozen_.empty() ? "" : ",") + name;
  }

  Status AddGraphInputs(const onnx::GraphProto& g) {
    const std::set<std::string> constant_operands = ConstantOperandInputs(g);
    int k = 0;
    for (const onnx::ValueInfoProto& in : g.input()) {
      if (values_.count(in.name()) != 0 || unavailable_.count(in.name()) != 0) continue;  // an initializer (IR < 4)
      NamedTensor data;
      if (!options_.inputs_dir.empty()) {
        NNRT_RETURN_IF_ERROR(ReadTensorProtoFile(options_.inputs_dir + "/input_" + std::to_string(k) + ".pb", &data));
      }
      ++k;
      const onnx::TypeProto::Tensor& type = in.type().tensor_type();
      const std::optional<DataType> dtype = DataTypeFromOnnx(type.elem_type());
      if (!in.type().has_tensor_type() || !dtype) {
        problems_.Add("graph input '" + in.name() + "': type " + OnnxDataTypeName(type.elem_type()) + " has no NNRt equivalent");
        unavailable_[in.name()] = "graph input not mapped";
        continue;
      }
      Dims dims;
      for (int d = 0; d < type.shape().dim_size(); ++d) {
        const auto& dim = type.shape().dim(d);
        dims.push_back(dim.has_dim_value() ? static_cast<int32_t>(dim.dim_value()) : -1);
      }
      if (!options_.inputs_dir.empty()) dims = data.dims;  // the test data fixes symbolic dims
      if (!options_.inputs_dir.empty() && constant_operands.count(in.name()) != 0 && data.data_type == *dtype) {
        FreezeInput(in.name(), std::move(data));
        continue;
      }
      if (IsDynamic(dims) || ElementCount(dims).value_or(0) == 0) {
        problems_.Add("graph input '" + in.name() + "' " + DimsToString(dims) +
                      ": dims must be known (give --inputs) and non-empty");
        unavailable_[in.name()] = "graph input not mapped";
        continue;
      }
      if (options_.inputs_dir.empty()) data = SeededInput(in.name(), *dtype, dims, options_.seed + static_cast<uint64_t>(k));
      data.name = in.name();
      if (data.data_type != *dtype) {
        return Status(NNRT_INVALID_FILE, "input_" + std::to_string(k - 1) + ".pb is " + DataTypeName(data.data_type) +
                                             ", graph input '" + in.name() + "' is " + DataTypeName(*dtype));
      }
      values_[in.name()] = builder_.AddInput(in.name(), *dtype, dims);
      result_->test_case.inputs.push_back(data);
    }
    return Status::Ok();
  }

  void MapNode(const onnx::NodeProto& node) {
    const std::string op = node.op_type();
    std::vector<std::optional<uint32_t>> inputs;
    for (const std::string& name : node.input()) {
      if (name.empty()) {
        inputs.push_back(std::nullopt);
        continue;
      }
      auto it = values_.find(name);
      if (it == values_.end()) {
        // An input an earlier problem left unmapped: that problem is already listed.
        auto u = unavailable_.find(name);
        if (u != unavailable_.end() && u->second.rfind("initializer", 0) == 0) problems_.Add(op + ": " + u->second);
        // Its attributes cannot be checked without its inputs; a missing operator is still listed.
        if (FindMapper(op) == nullptr) problems_.Add(NotInTable(op));
        MarkUnavailable(node, "after an unmapped producer");
        return;
      }
      inputs.push_back(it->second);
    }
    if (!node.domain().empty() && node.domain() != "ai.onnx") {
      problems_.Add(op + ": operator domain '" + node.domain() + "' is not mapped");
      return MarkUnavailable(node, "unmapped");
    }
    const MapperEntry* entry = FindMapper(op);
    if (entry == nullptr) {
      problems_.Add(NotInTable(op));
      return MarkUnavailable(node, "unmapped");
    }
    NodeContext ctx(node, result_->opset, &builder_, std::move(inputs));
    const Status st = entry->map(ctx);
    if (!st.ok()) {
      problems_.Add(st.message());
      return MarkUnavailable(node, "unmapped");
    }
    bool ok = true;
    for (const std::string& attr : ctx.UnreadAttributes()) {
      problems_.Add(op + ": attribute " + attr + " not mapped");
      ok = false;
    }
    for (int k = 0; k < node.output_size(); ++k) {
      if (node.output(k).empty()) continue;
      const std::optional<uint32_t> t = ctx.outputs()[static_cast<size_t>(k)];
      if (!t) {
        problems_.Add(op + ": output " + std::to_string(k) + " not mapped");
        ok = false;
      }
    }
    if (!ok) return MarkUnavailable(node, "unmapped");
    for (int k = 0; k < node.output_size(); ++k) {
      if (node.output(k).empty()) continue;
      const uint32_t t = *ctx.outputs()[static_cast<size_t>(k)];
      values_[node.output(k)] = t;
      if (!builder_.IsConstant(t) && !IsModelInput(t)) builder_.mutable_tensor(t).name = node.output(k);
    }
  }

  void MarkUnavailable(const onnx::NodeProto& node, const std::string& why) {
    for (const std::string& out : node.output()) unavailable_[out] = why;
  }

  bool IsModelInput(uint32_t t) const {
    for (uint32_t i : builder_.model().inputs) {
      if (i == t) return true;
    }
    return false;
  }

  void BindGraphOutputs(const onnx::GraphProto& g) {
    for (const onnx::ValueInfoProto& out : g.output()) {
      auto it = values_.find(out.name());
      if (it == values_.end()) continue;  // its producer's problem is listed
      const uint32_t t = it->second;
      if (builder_.IsConstant(t) || IsModelInput(t)) {
        problems_.Add("graph output '" + out.name() + "': is " + (IsModelInput(t) ? "a graph input" : "a constant") +
                      " after mapping; an NNRt model output must be computed by a node (C-1)");
        continue;
      }
      builder_.mutable_tensor(t).name = out.name();
      builder_.model().outputs.push_back(t);
    }
  }

  Status ReadOnnxExpected(const onnx::GraphProto& g) {
    if (options_.inputs_dir.empty()) return Status::Ok();
    for (int k = 0; k < g.output_size(); ++k) {
      const std::string path = options_.inputs_dir + "/output_" + std::to_string(k) + ".pb";
      if (!std::ifstream(path)) continue;
      NamedTensor t;
      const Status st = ReadTensorProtoFile(path, &t);
      if (!st.ok()) {
        problems_.Add("expected output " + std::to_string(k) + ": " + st.message());
        continue;
      }
      t.name = g.output(k).name();
      result_->onnx_expected.push_back(std::move(t));
    }
    return Status::Ok();
  }

  const onnx::ModelProto& proto_;
  const ImportOptions& options_;
  ImportResult* result_;
  GraphBuilder builder_;
  std::map<std::string, uint32_t> values_;          // ONNX value name -> tensor
  std::map<std::string, std::string> unavailable_;  // ONNX value name -> why it has no tensor
  ProblemList problems_;

 public:
  std::string frozen_;  // the frozen graph inputs, comma-separated
};

}  // namespace

NamedTensor SeededInput(const std::string& name, DataType dtype, const Dims& dims, uint64_t seed) {
  NamedTensor t;
  t.name = name;
  t.data_type = dtype;
  t.dims = dims;
  const size_t n = static_cast<size_t>(ElementCount(dims).value_or(0));
  t.data.assign(n * DataTypeSize(dtype), 0);
  SplitMix64 rng(seed);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t z = rng.Next();
    if (IsFloatType(dtype)) {
      StoreDouble(dtype, t.data.data(), i, static_cast<double>(z >> 11) * 0x1p-52 - 1.0);
    } else {
      StoreInt64(dtype, t.data.data(), i, dtype == DataType::kBool ? static_cast<int64_t>(z & 1) : static_cast<int64_t>(z % 4));
    }
  }
  return t;
}

Status ImportOnnxModel(const std::string& model_path, const ImportOptions& options, ImportResult* result) {
  *result = ImportResult();
  std::ifstream in(model_path, std::ios::binary);
  if (!in) return Status(NNRT_INVALID_PATH, model_path + ": cannot open");
  onnx::ModelProto proto;
  if (!proto.ParseFromIstream(&in)) return Status(NNRT_INVALID_FILE, model_path + ": not a serialized onnx.ModelProto");
  Importer importer(proto, options, result);
  NNRT_RETURN_IF_ERROR(importer.Run().WithContext(model_path));
  TestCase& c = result->test_case;
  c.meta.emplace_back("onnx.source", model_path);
  c.meta.emplace_back("onnx.opset", std::to_string(result->opset));
  c.meta.emplace_back("onnx.inputs", options.inputs_dir.empty() ? "seed " + std::to_string(options.seed) : options.inputs_dir);
  if (!importer.frozen_.empty()) c.meta.emplace_back("onnx.frozen_inputs", importer.frozen_);
  return Status::Ok();
}

}  // namespace onnx_import
}  // namespace nnrt
