#include "importers/onnx/onnx_import.h"

#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "importers/onnx/graph_builder.h"
#include "importers/onnx/mappers/mapper_table.h"
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

// "sequence", "optional", "map", "sparse tensor" for messages.
std::string OnnxTypeKind(const onnx::TypeProto& t) {
  if (t.has_sequence_type()) return "sequence";
  if (t.has_optional_type()) return "optional";
  if (t.has_map_type()) return "map";
  if (t.has_sparse_tensor_type()) return "sparse tensor";
  return "untyped";
}

std::string NotInTable(const std::string& op) {
  return op + ": operator not mapped (no exact NNRt equivalent in the importer's table)";
}

int64_t DefaultDomainOpset(const onnx::ModelProto& m) {
  for (const onnx::OperatorSetIdProto& o : m.opset_import()) {
    if (o.domain().empty() || o.domain() == "ai.onnx") return o.version();
  }
  return 1;
}

// Frees the element data of a TensorProto once it is held by an NNRt tensor,
// so that the parsed model and the NNRt model do not both hold the weights.
void ReleaseTensorData(onnx::TensorProto* t) {
  onnx::TensorProto emptied;
  emptied.set_name(t->name());
  emptied.set_data_type(t->data_type());
  emptied.mutable_dims()->CopyFrom(t->dims());
  t->Swap(&emptied);  // `emptied` now holds the data and frees it on return
}

class Importer {
 public:
  // The element data of the initializers and Constant nodes is released from
  // `proto` as it is mapped.
  Importer(onnx::ModelProto& proto, const ImportOptions& options, ImportResult* result)
      : proto_(proto), options_(options), result_(result), builder_(ModelName(proto)) {}

  Status Run() {
    result_->opset = DefaultDomainOpset(proto_);
    onnx::GraphProto& g = *proto_.mutable_graph();
    NNRT_RETURN_IF_ERROR(AddInitializers(g));
    for (onnx::TensorProto& init : *g.mutable_initializer()) ReleaseTensorData(&init);
    NNRT_RETURN_IF_ERROR(AddGraphInputs(g));
    for (onnx::NodeProto& node : *g.mutable_node()) {
      MapNode(node);
      if (node.op_type() != "Constant") continue;  // its value is now an NNRt constant (or a listed problem)
      for (onnx::AttributeProto& a : *node.mutable_attribute()) {
        if (a.has_t()) ReleaseTensorData(a.mutable_t());
      }
    }
    BindGraphOutputs(g);
    NNRT_RETURN_IF_ERROR(ReadOnnxExpected(g));
    result_->problems = problems_.Take();
    if (!result_->problems.empty()) {
      std::string text = std::to_string(result_->problems.size()) + " ONNX construct(s) not mapped:";
      for (const std::string& p : result_->problems) text += "\n  " + p;
      return Unsupported(text);
    }
    PruneUnusedTensors(&builder_.model());
    result_->test_case.model = std::move(builder_.model());
    return Status::Ok();
  }

 private:
  static std::string ModelName(const onnx::ModelProto& m) { return m.graph().name().empty() ? "onnx_model" : m.graph().name(); }

  Status AddInitializers(const onnx::GraphProto& g) {
    for (const onnx::TensorProto& init : g.initializer()) {
      HostTensor t;
      const Status st = TensorFromProto(init, &t);
      if (!st.ok()) {
        unavailable_[init.name()] = "initializer: " + st.message();
        continue;
      }
      if (ElementCount(t.dims).value_or(0) == 0) {  // read at import, or refused as an operand (C-891)
        values_[init.name()] = builder_.AddEmptyConstant(init.name(), t.data_type);
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
  void FreezeInput(const std::string& name, HostTensor data) {
    values_[name] = ElementCount(data.dims).value_or(0) == 0
                        ? builder_.AddEmptyConstant(name, data.data_type)
                        : builder_.AddConstant(name, data.data_type, data.dims, std::move(data.data));
    frozen_ += (frozen_.empty() ? "" : ",") + name;
  }

  // A graph input that is not a tensor (sequence, optional, map, sparse) is
  // listed before any test-data file is read as a tensor (C-892).
  bool RefuseNonTensorInput(const onnx::ValueInfoProto& in) {
    if (in.type().has_tensor_type()) return false;
    problems_.Add("graph input '" + in.name() + "' (" + OnnxTypeKind(in.type()) +
                  "): sequence / optional inputs are not supported (NNRt inputs are tensors)");
    unavailable_[in.name()] = "graph input not mapped";
    return true;
  }

  // The input's dims: the model's, symbolic ones (-1) from --shape, the test data's when given.
  Status InputDims(const onnx::ValueInfoProto& in, const HostTensor& data, Dims* dims) const {
    const onnx::TypeProto::Tensor& type = in.type().tensor_type();
    dims->clear();
    for (int d = 0; d < type.shape().dim_size(); ++d) {
      const auto& dim = type.shape().dim(d);
      dims->push_back(dim.has_dim_value() ? static_cast<int32_t>(dim.dim_value()) : -1);
    }
    auto shape = options_.shapes.find(in.name());
    if (shape != options_.shapes.end()) {
      if (type.has_shape() && shape->second.size() != dims->size()) {
        return Status(NNRT_INVALID_PARAMETER, "--shape " + in.name() + "=" + DimsToString(shape->second) + ": the input has rank " +
                                                 std::to_string(dims->size()));
      }
      for (size_t d = 0; d < dims->size(); ++d) {
        if ((*dims)[d] >= 0 && (*dims)[d] != shape->second[d]) {
          return Status(NNRT_INVALID_PARAMETER, "--shape " + in.name() + ": dim " + std::to_string(d) + " is " +
                                                   std::to_string((*dims)[d]) + " in the model");
        }
      }
      *dims = shape->second;
    }
    if (!options_.inputs_dir.empty()) *dims = data.dims;  // the test data fixes symbolic dims
    return Status::Ok();
  }

  // --pin NAME=V...: the input becomes a constant holding the values (one value fills it).
  Status PinnedInput(const onnx::ValueInfoProto& in, DataType dtype, const Dims& dims, HostTensor* data) const {
    const std::vector<double>& v = options_.pins.at(in.name());
    const int64_t n = ElementCount(dims).value_or(0);
    if (IsDynamic(dims) || n == 0) return Status(NNRT_INVALID_PARAMETER, "--pin " + in.name() + ": its dims " + DimsToString(dims) + " are not known (give --shape)");
    if (v.size() != 1 && static_cast<int64_t>(v.size()) != n) {
      return Status(NNRT_INVALID_PARAMETER, "--pin " + in.name() + ": " + std::to_string(v.size()) + " values for " + std::to_string(n) + " elements");
    }
    data->name = in.name();
    data->data_type = dtype;
    data->dims = dims;
    data->data.assign(static_cast<size_t>(n) * DataTypeSize(dtype), 0);
    for (int64_t i = 0; i < n; ++i) {
      const double x = v[v.size() == 1 ? 0 : static_cast<size_t>(i)];
      if (IsFloatType(dtype)) {
        StoreDouble(dtype, data->data.data(), static_cast<size_t>(i), x);
        continue;
      }
      if (!(std::fabs(x) <= 0x1p62) || x != std::trunc(x)) {
        return Status(NNRT_INVALID_PARAMETER, "--pin " + in.name() + ": " + std::to_string(x) + " is not an integer for a " +
                                                  DataTypeName(dtype) + " input");
      }
      StoreInt64(dtype, data->data.data(), static_cast<size_t>(i), static_cast<int64_t>(x));
    }
    return Status::Ok();
  }

  Status AddGraphInputs(const onnx::GraphProto& g) {
    const std::set<std::string> constant_operands = ConstantOperandInputs(g);
    int k = 0;
    for (const onnx::ValueInfoProto& in : g.input()) {
      if (values_.count(in.name()) != 0 || unavailable_.count(in.name()) != 0) continue;  // an initializer (IR < 4)
      ++k;
      if (RefuseNonTensorInput(in)) continue;
      HostTensor data;
      if (!options_.inputs_dir.empty()) {
        NNRT_RETURN_IF_ERROR(ReadTensorProtoFile(options_.inputs_dir + "/input_" + std::to_string(k - 1) + ".pb", &data));
      }
      const std::optional<DataType> dtype = DataTypeFromOnnx(in.type().tensor_type().elem_type());
      if (!dtype) {
        problems_.Add("graph input '" + in.name() + "': type " + OnnxDataTypeName(in.type().tensor_type().elem_type()) +
                      " has no NNRt equivalent");
        unavailable_[in.name()] = "graph input not mapped";
        continue;
      }
      Dims dims;
      NNRT_RETURN_IF_ERROR(InputDims(in, data, &dims));
      if (options_.pins.count(in.name()) != 0) {
        NNRT_RETURN_IF_ERROR(PinnedInput(in, *dtype, dims, &data));
        FreezeInput(in.name(), std::move(data));
        continue;
      }
      if (!options_.inputs_dir.empty() && constant_operands.count(in.name()) != 0 && data.data_type == *dtype) {
        FreezeInput(in.name(), std::move(data));
        continue;
      }
      if (IsDynamic(dims) || ElementCount(dims).value_or(0) == 0) {
        problems_.Add("graph input '" + in.name() + "' " + DimsToString(dims) +
                      ": dims must be known (give --shape NAME=D0,D1,... or --inputs) and non-empty");
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
    for (const auto& [name, v] : options_.pins) {
      if (values_.count(name) == 0 && unavailable_.count(name) == 0) return Status(NNRT_INVALID_PARAMETER, "--pin " + name + ": the model has no such input");
    }
    for (const auto& [name, v] : options_.shapes) {
      bool found = false;
      for (const onnx::ValueInfoProto& in : g.input()) found = found || in.name() == name;
      if (!found) return Status(NNRT_INVALID_PARAMETER, "--shape " + name + ": the model has no such input");
    }
    return Status::Ok();
  }

  // The branch graphs of an If node (then_branch, else_branch).
  static std::vector<const onnx::GraphProto*> Branches(const onnx::NodeProto& node) {
    std::vector<const onnx::GraphProto*> out;
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.has_g()) out.push_back(&a.g());
    }
    return out;
  }

  // Lists every operator inside the branches that the table does not map, so
  // the list shows what lies behind an If that cannot be folded (C-893).
  void ReportBranchOps(const onnx::NodeProto& node) {
    for (const onnx::GraphProto* g : Branches(node)) {
      for (const onnx::NodeProto& inner : g->node()) {
        if (inner.op_type() == "If") {
          ReportBranchOps(inner);
        } else if (FindMapper(inner.op_type()) == nullptr) {
          problems_.Add(NotInTable(inner.op_type()) + " (inside a branch of If '" + NodeName(node) + "')");
        }
      }
    }
  }

  static std::string NodeName(const onnx::NodeProto& node) {
    return node.name().empty() ? (node.output_size() > 0 ? node.output(0) : node.op_type()) : node.name();
  }

  // If: NNRt has no control flow, so the condition must be a constant after
  // folding (an initializer, a --pin'ned input and what depends only on
  // them); the chosen branch's nodes are mapped in place of the If (C-893).
  void MapIf(const onnx::NodeProto& node) {
    auto cond = node.input_size() == 1 ? values_.find(node.input(0)) : values_.end();
    if (cond == values_.end() || !builder_.IsConstant(cond->second) || !builder_.tensor(cond->second).HasData()) {
      if (cond != values_.end()) {
        problems_.Add("If '" + NodeName(node) + "': condition '" + node.input(0) +
                      "' is computed at run time; NNRt has no control flow (pin the graph input it depends on: "
                      "--pin NAME=VALUE)");
      }
      ReportBranchOps(node);
      return MarkUnavailable(node, "unmapped");
    }
    const Tensor& c = builder_.tensor(cond->second);
    const bool taken = LoadAsInt64(c.data_type, c.data.data(), 0) != 0;
    const onnx::GraphProto* branch = nullptr;
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.name() == (taken ? "then_branch" : "else_branch") && a.has_g()) branch = &a.g();
    }
    if (branch == nullptr || branch->output_size() != node.output_size()) {
      problems_.Add("If '" + NodeName(node) + "': the " + (taken ? "then" : "else") + " branch is missing or has " +
                    "a different number of outputs");
      return MarkUnavailable(node, "unmapped");
    }
    (void)AddInitializers(*branch);
    for (const onnx::NodeProto& inner : branch->node()) MapNode(inner);
    for (int k = 0; k < node.output_size(); ++k) {
      auto v = values_.find(branch->output(k).name());
      if (v == values_.end()) {
        unavailable_[node.output(k)] = "after an unmapped producer";
      } else {
        values_[node.output(k)] = v->second;
      }
    }
  }

  void MapNode(const onnx::NodeProto& node) {
    const std::string op = node.op_type();
    if (op == "If" && (node.domain().empty() || node.domain() == "ai.onnx")) return MapIf(node);
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
      if (!g.output(k).type().has_tensor_type() && g.output(k).has_type()) {  // never read as a tensor (C-892)
        problems_.Add("graph output '" + g.output(k).name() + "' (" + OnnxTypeKind(g.output(k).type()) +
                      "): sequence / optional outputs are not supported (NNRt outputs are tensors)");
        continue;
      }
      const std::string path = options_.inputs_dir + "/output_" + std::to_string(k) + ".pb";
      if (!std::ifstream(path)) continue;
      HostTensor t;
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

  onnx::ModelProto& proto_;
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

HostTensor SeededInput(const std::string& name, DataType dtype, const Dims& dims, uint64_t seed) {
  HostTensor t;
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
