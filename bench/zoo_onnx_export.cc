// The zoo-to-ONNX exporter (zoo_onnx_export.h). Each NNRt tensor is held in
// the ONNX graph under a permutation p of its NNRt axes (ONNX axis i = NNRt
// axis p[i]): the identity for tensors a node reads in NNRt order, {0,3,1,2}
// (NCHW) for the NHWC activations the convolutions and pools read. A tensor
// is transposed only when a node needs it under another permutation.
#include "bench/zoo_onnx_export.h"

#include <cstring>
#include <fstream>
#include <map>
#include <vector>

#include "onnx/onnx_pb.h"

namespace nnrt {
namespace bench {
namespace {

using Perm = std::vector<int64_t>;
const Perm kNchw = {0, 3, 1, 2};

Perm Identity(size_t rank) {
  Perm p(rank);
  for (size_t i = 0; i < rank; ++i) p[i] = static_cast<int64_t>(i);
  return p;
}

Perm Inverse(const Perm& p) {
  Perm q(p.size());
  for (size_t i = 0; i < p.size(); ++i) q[static_cast<size_t>(p[i])] = static_cast<int64_t>(i);
  return q;
}

std::vector<int64_t> Ints(const Attr* a) { return a == nullptr ? std::vector<int64_t>{} : a->ints; }
int64_t Int(const Node& n, const char* name, int64_t fallback) {
  const Attr* a = n.FindAttr(name);
  return a == nullptr || a->ints.empty() ? fallback : a->ints[0];
}

class Exporter {
 public:
  explicit Exporter(const Model& m) : m_(m) {
    proto_.set_ir_version(8);
    onnx::OperatorSetIdProto* o = proto_.add_opset_import();
    o->set_domain("");
    o->set_version(13);
    g_ = proto_.mutable_graph();
    g_->set_name(m.name.empty() ? "zoo_model" : m.name);
  }

  Status Run(const std::string& path) {
    for (uint32_t in : m_.inputs) {
      const Tensor& t = m_.tensors[in];
      if (t.data_type != DataType::kFloat32) return Unsupported("export: input '" + t.name + "' is not float32");
      ValueInfo(g_->add_input(), t.name, t.dims);
      held_[in] = {t.name, Identity(t.dims.size())};
    }
    for (const Node& n : m_.nodes) NNRT_RETURN_IF_ERROR(Export(n));
    for (uint32_t out : m_.outputs) {
      const Tensor& t = m_.tensors[out];
      std::string name;
      NNRT_RETURN_IF_ERROR(Get(out, Identity(t.dims.size()), &name));
      NodeProto("Identity", {name}, {t.name});
      ValueInfo(g_->add_output(), t.name, t.dims);
    }
    std::ofstream f(path, std::ios::binary);
    if (!f || !proto_.SerializeToOstream(&f)) return InvalidParameter("export: cannot write " + path);
    return Status::Ok();
  }

 private:
  struct Held {
    std::string name;
    Perm perm;
  };

  void ValueInfo(onnx::ValueInfoProto* v, const std::string& name, const Dims& dims) {
    v->set_name(name);
    onnx::TypeProto_Tensor* tt = v->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    for (int32_t d : dims) tt->mutable_shape()->add_dim()->set_dim_value(d);
  }

  onnx::NodeProto* NodeProto(const std::string& op, const std::vector<std::string>& in,
                             const std::vector<std::string>& out) {
    onnx::NodeProto* p = g_->add_node();
    p->set_op_type(op);
    for (const std::string& s : in) p->add_input(s);
    for (const std::string& s : out) p->add_output(s);
    return p;
  }
  static void IntsAttr(onnx::NodeProto* p, const char* name, const std::vector<int64_t>& v) {
    onnx::AttributeProto* a = p->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t x : v) a->add_ints(x);
  }
  static void IntAttr(onnx::NodeProto* p, const char* name, int64_t v) {
    onnx::AttributeProto* a = p->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(v);
  }

  // A float32 initializer with NNRt data `t` laid out under `perm` (ONNX axis i = NNRt axis perm[i]).
  std::string FloatInit(const Tensor& t, const Perm& perm, const std::string& name) {
    onnx::TensorProto* p = g_->add_initializer();
    p->set_name(name);
    p->set_data_type(onnx::TensorProto::FLOAT);
    const size_t rank = t.dims.size();
    std::vector<size_t> stride(rank, 1);
    for (size_t i = rank; i-- > 1;) stride[i - 1] = stride[i] * static_cast<size_t>(t.dims[i]);
    std::vector<int64_t> odims;
    size_t count = 1;
    for (int64_t a : perm) {
      odims.push_back(t.dims[static_cast<size_t>(a)]);
      count *= static_cast<size_t>(t.dims[static_cast<size_t>(a)]);
    }
    for (int64_t d : odims) p->add_dims(d);
    const float* src = reinterpret_cast<const float*>(t.data.data());
    std::vector<size_t> idx(rank, 0);
    for (size_t k = 0; k < count; ++k) {
      size_t off = 0;
      for (size_t i = 0; i < rank; ++i) off += idx[i] * stride[static_cast<size_t>(perm[i])];
      p->add_float_data(src[off]);
      for (size_t i = rank; i-- > 0;) {
        if (++idx[i] < static_cast<size_t>(odims[i])) break;
        idx[i] = 0;
      }
    }
    return name;
  }
  std::string ScalarInit(const std::string& name, float v) {
    onnx::TensorProto* p = g_->add_initializer();
    p->set_name(name);
    p->set_data_type(onnx::TensorProto::FLOAT);
    p->add_float_data(v);
    return name;
  }

  // The ONNX name of tensor `index` held under `want`, transposing when it is held otherwise.
  Status Get(uint32_t index, const Perm& want, std::string* name) {
    auto it = held_.find(index);
    if (it == held_.end()) {
      const Tensor& t = m_.tensors[index];
      if (!t.HasData() || t.data_type != DataType::kFloat32) return Unsupported("export: tensor '" + t.name + "' has no producer");
      *name = FloatInit(t, want, "c" + std::to_string(index) + "_" + std::to_string(counter_++));
      return Status::Ok();
    }
    const Held& h = it->second;
    if (h.perm == want) {
      *name = h.name;
      return Status::Ok();
    }
    // ONNX axis i of the result = NNRt axis want[i] = held axis inverse(held)[want[i]].
    const Perm inv = Inverse(h.perm);
    Perm s;
    for (int64_t a : want) s.push_back(inv[static_cast<size_t>(a)]);
    *name = h.name + "_t" + std::to_string(counter_++);
    IntsAttr(NodeProto("Transpose", {h.name}, {*name}), "perm", s);
    return Status::Ok();
  }

  std::string Out(uint32_t index, const Perm& perm) {
    const std::string name = "t" + std::to_string(index);
    held_[index] = {name, perm};
    return name;
  }

  // The fused activation after a node: `pre` is its ONNX output before it.
  Status Activation(int64_t act, const std::string& pre, const std::string& out) {
    if (act == static_cast<int64_t>(ActivationType::kNone)) {
      NodeProto("Identity", {pre}, {out});
    } else if (act == static_cast<int64_t>(ActivationType::kRelu)) {
      NodeProto("Relu", {pre}, {out});
    } else if (act == static_cast<int64_t>(ActivationType::kRelu6)) {
      NodeProto("Clip", {pre, ScalarInit(out + "_lo", 0.0f), ScalarInit(out + "_hi", 6.0f)}, {out});
    } else {
      return Unsupported("export: activation type " + std::to_string(act));
    }
    return Status::Ok();
  }

  // ONNX pads [top, left, bottom, right] from NNRt's PAD list [top, bottom, left, right], or SAME / VALID.
  Status Pads(const Node& n, int64_t pad_mode, const std::vector<int64_t>& list, const Dims& in, const Dims& out,
              const std::vector<int64_t>& k, const std::vector<int64_t>& s, const std::vector<int64_t>& d,
              std::vector<int64_t>* pads) {
    if (pad_mode == static_cast<int64_t>(PadMode::kPad)) {
      if (list.size() != 4) return Unsupported("export: " + n.name + " padList needs 4 values");
      *pads = {list[0], list[2], list[1], list[3]};
    } else if (pad_mode == static_cast<int64_t>(PadMode::kValid)) {
      *pads = {0, 0, 0, 0};
    } else {  // SAME: the total a window grid needs, the odd one after (docs/semantics.md)
      int64_t total[2];
      for (int a = 0; a < 2; ++a) {
        const int64_t extent = (k[a] - 1) * d[a] + 1;
        total[a] = std::max<int64_t>((out[1 + a] - 1) * s[a] + extent - in[1 + a], 0);
      }
      *pads = {total[0] / 2, total[1] / 2, total[0] - total[0] / 2, total[1] - total[1] / 2};
    }
    return Status::Ok();
  }

  Status Export(const Node& n) {
    const auto& T = m_.tensors;
    switch (n.type) {
      case NodeType::CONV2D_FUSION: {
        const Tensor& x = T[n.inputs[0]];
        const Tensor& y = T[n.outputs[0]];
        const std::vector<int64_t> k = Ints(n.FindAttr("kernelSize")), s = Ints(n.FindAttr("stride")),
                                   d = Ints(n.FindAttr("dilation"));
        std::vector<int64_t> pads;
        NNRT_RETURN_IF_ERROR(Pads(n, Int(n, "padMode", 0), Ints(n.FindAttr("padList")), x.dims, y.dims, k, s, d, &pads));
        std::string xin, w, b;
        NNRT_RETURN_IF_ERROR(Get(n.inputs[0], kNchw, &xin));
        NNRT_RETURN_IF_ERROR(Get(n.inputs[1], kNchw, &w));  // OHWI -> OIHW
        std::vector<std::string> ins = {xin, w};
        if (n.inputs.size() > 2) {
          NNRT_RETURN_IF_ERROR(Get(n.inputs[2], Perm{0}, &b));
          ins.push_back(b);
        }
        const std::string out = Out(n.outputs[0], kNchw);
        onnx::NodeProto* p = NodeProto("Conv", ins, {out + "_pre"});
        IntsAttr(p, "kernel_shape", k);
        IntsAttr(p, "strides", s);
        IntsAttr(p, "dilations", d);
        IntsAttr(p, "pads", pads);
        IntAttr(p, "group", Int(n, "group", 1));
        return Activation(Int(n, "activationType", 0), out + "_pre", out);
      }
      case NodeType::ADD_FUSION: {
        const Perm want = T[n.inputs[0]].dims.size() == 4 ? kNchw : Identity(T[n.inputs[0]].dims.size());
        std::string a, b;
        NNRT_RETURN_IF_ERROR(Get(n.inputs[0], want, &a));
        NNRT_RETURN_IF_ERROR(Get(n.inputs[1], want, &b));
        const std::string out = Out(n.outputs[0], want);
        NodeProto("Add", {a, b}, {out + "_pre"});
        return Activation(Int(n, "activationType", 0), out + "_pre", out);
      }
      case NodeType::AVGPOOL_FUSION: {
        if (Int(n, "global", 0) != 0) return Unsupported("export: global AVGPOOL_FUSION");
        const std::vector<int64_t> k = Ints(n.FindAttr("kernelSize")), s = Ints(n.FindAttr("strides"));
        std::vector<int64_t> pads;
        NNRT_RETURN_IF_ERROR(Pads(n, Int(n, "padMode", 0), Ints(n.FindAttr("pad")), T[n.inputs[0]].dims,
                                  T[n.outputs[0]].dims, k, s, {1, 1}, &pads));
        std::string xin;
        NNRT_RETURN_IF_ERROR(Get(n.inputs[0], kNchw, &xin));
        const std::string out = Out(n.outputs[0], kNchw);
        onnx::NodeProto* p = NodeProto("AveragePool", {xin}, {out + "_pre"});
        IntsAttr(p, "kernel_shape", k);
        IntsAttr(p, "strides", s);
        IntsAttr(p, "pads", pads);
        IntAttr(p, "ceil_mode", Int(n, "roundMode", 0));  // RoundMode CEIL = 1
        IntAttr(p, "count_include_pad", 0);
        return Activation(Int(n, "activationType", 0), out + "_pre", out);
      }
      case NodeType::FULL_CONNECTION: {
        if (Int(n, "useAxis", 0) != 0) return Unsupported("export: FULL_CONNECTION with useAxis");
        std::string a, w;
        NNRT_RETURN_IF_ERROR(Get(n.inputs[0], Identity(T[n.inputs[0]].dims.size()), &a));
        NNRT_RETURN_IF_ERROR(Get(n.inputs[1], Perm{0, 1}, &w));
        std::vector<std::string> ins = {a, w};
        if (n.inputs.size() > 2) {
          std::string b;
          NNRT_RETURN_IF_ERROR(Get(n.inputs[2], Perm{0}, &b));
          ins.push_back(b);
        }
        const std::string out = Out(n.outputs[0], Perm{0, 1});
        IntAttr(NodeProto("Gemm", ins, {out + "_pre"}), "transB", 1);
        return Activation(Int(n, "activationType", 0), out + "_pre", out);
      }
      case NodeType::RESHAPE: {
        std::string a;
        NNRT_RETURN_IF_ERROR(Get(n.inputs[0], Identity(T[n.inputs[0]].dims.size()), &a));
        const Dims& od = T[n.outputs[0]].dims;
        onnx::TensorProto* shape = g_->add_initializer();
        shape->set_name("shape" + std::to_string(n.outputs[0]));
        shape->set_data_type(onnx::TensorProto::INT64);
        shape->add_dims(static_cast<int64_t>(od.size()));
        for (int32_t v : od) shape->add_int64_data(v);
        NodeProto("Reshape", {a, shape->name()}, {Out(n.outputs[0], Identity(od.size()))});
        return Status::Ok();
      }
      case NodeType::SOFTMAX: {
        std::string a;
        NNRT_RETURN_IF_ERROR(Get(n.inputs[0], Identity(T[n.inputs[0]].dims.size()), &a));
        onnx::NodeProto* p = NodeProto("Softmax", {a}, {Out(n.outputs[0], Identity(T[n.outputs[0]].dims.size()))});
        IntAttr(p, "axis", Ints(n.FindAttr("axis")).empty() ? -1 : Ints(n.FindAttr("axis"))[0]);
        return Status::Ok();
      }
      case NodeType::TRANSPOSE: {
        // No ONNX node: the output is the input held under the permutation that makes them the same
        // ONNX tensor (out perm[i] = q^-1[in perm[i]] for NNRt's perm q).
        const Tensor& pt = T[n.inputs[1]];
        if (pt.data_type != DataType::kInt64 || !pt.HasData()) return Unsupported("export: TRANSPOSE perm must be constant int64");
        Perm q(pt.data.size() / sizeof(int64_t));
        std::memcpy(q.data(), pt.data.data(), q.size() * sizeof(int64_t));
        auto it = held_.find(n.inputs[0]);
        if (it == held_.end()) return Unsupported("export: TRANSPOSE of a constant");
        const Perm qinv = Inverse(q);
        Perm out;
        for (int64_t a : it->second.perm) out.push_back(qinv[static_cast<size_t>(a)]);
        held_[n.outputs[0]] = {it->second.name, out};
        return Status::Ok();
      }
      default:
        return Unsupported(std::string("export: node type ") + NodeTypeName(n.type));
    }
  }

  const Model& m_;
  onnx::ModelProto proto_;
  onnx::GraphProto* g_;
  std::map<uint32_t, Held> held_;
  int counter_ = 0;
};

}  // namespace

Status ExportZooModelToOnnx(const Model& model, const std::string& path) {
  for (const Node& n : model.nodes) {
    for (uint32_t i : n.inputs) {
      if (i >= model.tensors.size()) return InvalidModel("export: tensor index out of range");
    }
    for (uint32_t o : n.outputs) {
      if (o >= model.tensors.size()) return InvalidModel("export: tensor index out of range");
    }
  }
  return Exporter(model).Run(path);
}

}  // namespace bench
}  // namespace nnrt
