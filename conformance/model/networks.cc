// Small built-in networks (model_networks.h).
#include "conformance/model/networks.h"

#include "conformance/graph/generator.h"

namespace nnrt {
namespace cts {
namespace {

GraphNodeChoice Record(int kernel, int stride, int pad, int channels, int activation) {
  GraphNodeChoice c;
  c.kernel = kernel;
  c.stride = stride;
  c.pad = pad;
  c.channels = channels;
  c.activation = activation;
  return c;
}

// conv 2x2 SAME (+bias, fused activation) -> max pool 2x2/2 CEIL -> depthwise
// conv 3x3 VALID -> global average pool -> [N, C] -> FULL_CONNECTION (3
// classes, bias with hasBias unset) -> SOFTMAX, on a [2, 7, 7, 3] input.
GraphChoices ConvNetChoices(DataType dtype) {
  GraphChoices c;
  c.dtype = dtype;
  c.shape = NetworkShape::kConvNet;
  c.base_shape = {2, 7, 7, 3};
  c.data_seed = 20261125;
  c.nodes = {Record(4, 0, 0, 1, 1), Record(4, 3, 2, 1, 0), Record(8, 0, 1, 2, 2), Record(0, 0, 0, 11, 0),
             Record(0, 0, 0, 0, 0), Record(0, 0, 0, 2, 0), Record(0, 0, 0, 0, 0)};
  return c;
}

// One encoder layer on [1, 6, 8] (single-head attention, residual ADDs,
// LAYER_NORMs, MATMUL -> GELU -> MATMUL).
GraphChoices EncoderChoices() {
  GraphChoices c;
  c.dtype = DataType::kFloat32;
  c.shape = NetworkShape::kEncoder;
  c.base_shape = {1, 6, 4, 2};
  c.data_seed = 20261126;
  c.nodes = {Record(1, 0, 0, 0, 0), Record(0, 0, 1, 0, 0), Record(1, 0, 0, 0, 0)};
  return c;
}

// A FULL_CONNECTION with a bias input keeps hasBias at its default false, as
// the OH_NN builder lowers it when the app does not set it (C-507).
void LeaveHasBiasUnset(Model* m) {
  for (Node& n : m->nodes) {
    if (n.type != NodeType::FULL_CONNECTION || n.inputs.size() < 3) continue;
    for (Attr& a : n.attrs) {
      if (a.name == "hasBias") a.ints = {0};
    }
  }
}

Status Add(const std::string& name, const GraphChoices& choices, std::vector<NamedModelCase>* out) {
  GeneratedGraph g;
  NNRT_RETURN_IF_ERROR(BuildGraphCase(choices, &g).WithContext(name));
  g.test_case.model.name = name;
  LeaveHasBiasUnset(&g.test_case.model);
  out->push_back(NamedModelCase{name, g.test_case});
  return Status::Ok();
}

}  // namespace

Status BuiltInNetworks(std::vector<NamedModelCase>* out) {
  out->clear();
  NNRT_RETURN_IF_ERROR(Add("convnet_float32", ConvNetChoices(DataType::kFloat32), out));
  NNRT_RETURN_IF_ERROR(Add("convnet_float16", ConvNetChoices(DataType::kFloat16), out));
  NNRT_RETURN_IF_ERROR(Add("convnet_int8", ConvNetChoices(DataType::kInt8), out));
  NamedModelCase fp16 = out->front();
  fp16.name = "convnet_float32_fp16";
  fp16.test_case.model.name = fp16.name;
  fp16.test_case.meta.emplace_back("compile", "enable_float16");
  out->push_back(fp16);
  return Add("encoder_float32", EncoderChoices(), out);
}

}  // namespace cts
}  // namespace nnrt
