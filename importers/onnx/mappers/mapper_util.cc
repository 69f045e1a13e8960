#include "importers/onnx/mappers/mapper_util.h"

namespace nnrt {
namespace onnx_import {

Status AllInputs(const NodeContext& c, std::vector<uint32_t>* inputs) {
  inputs->clear();
  for (size_t i = 0; i < c.input_count(); ++i) {
    uint32_t t = 0;
    NNRT_RETURN_IF_ERROR(c.Input(i, &t));
    inputs->push_back(t);
  }
  return Status::Ok();
}

Status MapOneNodeOn(NodeContext& c, NodeType type, const std::vector<uint32_t>& inputs, std::vector<Attr> attrs,
                    DataType out) {
  if (out == DataType::kUnknown) out = c.b().tensor(inputs[0]).data_type;
  uint32_t y = 0;
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(type, c.Name(), inputs, std::move(attrs), out, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status MapOneNode(NodeContext& c, NodeType type, std::vector<Attr> attrs, DataType out) {
  std::vector<uint32_t> inputs;
  NNRT_RETURN_IF_ERROR(AllInputs(c, &inputs));
  if (inputs.empty()) return c.Unmappable("no inputs");
  return MapOneNodeOn(c, type, inputs, std::move(attrs), out);
}

std::vector<int64_t> ChannelsLastPerm(size_t rank) {
  std::vector<int64_t> p = {0};
  for (size_t d = 2; d < rank; ++d) p.push_back(static_cast<int64_t>(d));
  p.push_back(1);
  return p;
}

std::vector<int64_t> ChannelsFirstPerm(size_t rank) {
  std::vector<int64_t> p = {0, static_cast<int64_t>(rank) - 1};
  for (size_t d = 1; d + 1 < rank; ++d) p.push_back(static_cast<int64_t>(d));
  return p;
}

Status As4D(NodeContext& c, uint32_t x, uint32_t* y) {
  const Dims d = c.b().tensor(x).dims;
  if (d.size() == 4) {
    *y = x;
    return Status::Ok();
  }
  if (d.size() != 3) {
    return c.Unmappable("input of rank " + std::to_string(d.size()) +
                        ": NNRt's spatial operators are 2-D (one spatial dim is mapped as H = 1; " +
                        std::to_string(d.size() - 2) + " spatial dims are not)");
  }
  return c.b().Reshape(x, {d[0], d[1], 1, d[2]}, c.Name("as_4d"), y);
}

Status ToChannelsLast(NodeContext& c, uint32_t x, uint32_t* y) {
  return c.b().Transpose(x, ChannelsLastPerm(4), c.Name("to_nhwc"), y, Layout::kChannelsLast);
}

Status FromChannelsLast(NodeContext& c, uint32_t x, uint32_t* y) {
  return c.b().Transpose(x, ChannelsFirstPerm(4), c.Name("to_nchw"), y);
}

Status BackToRank(NodeContext& c, uint32_t y, size_t rank_in, uint32_t* out) {
  if (rank_in == 4) {
    *out = y;
    return Status::Ok();
  }
  const Dims d = c.b().tensor(y).dims;
  return c.b().Reshape(y, {d[0], d[1], d[3]}, c.Name("from_4d"), out);
}

std::string ListText(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace onnx_import
}  // namespace nnrt
