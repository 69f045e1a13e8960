// The model zoo's list and case assembly (zoo.h).
#include "zoo/zoo.h"

#include "zoo/calibration.h"

namespace nnrt {
namespace zoo {

const char* ZooVariantName(ZooVariant v) {
  switch (v) {
    case ZooVariant::kFloat32: return "float32";
    case ZooVariant::kFloat16: return "fp16";
    case ZooVariant::kInt8: return "int8";
  }
  return "?";
}

const std::vector<ZooModel>& ZooModels() {
  static const std::vector<ZooModel>* const models = new std::vector<ZooModel>{
      {"mobilenet_v2",
       "MobileNetV2, 32x32x3, width 0.35-like: stem conv s2, six inverted residual blocks (expand 1x1, depthwise "
       "3x3, project 1x1, residual ADD), 1x1 conv, global average pool, FC 10, softmax",
       DefineMobileNetV2, 101, ""},
      {"resnet18",
       "ResNet-18-style as PyTorch exports it, 28x28x3: explicit conv padding, stem conv, four stages of two basic "
       "blocks (8, 16, 32, 64 channels; stride-2 downsampling with ResNet-D shortcuts: ceil-mode avg pool 2x2/2 + "
       "1x1 conv), global average pool, FC 10, softmax",
       DefineResNet18, 102, ""},
      {"transformer_encoder",
       "Transformer encoder layer on a 4x4 patch grid, seq 16, d_model 32: factorised 2-D positional embeddings "
       "(row [4,1,32] + column [1,4,32]), 4 heads (RESHAPE/TRANSPOSE), MatMul attention with softmax (Q/K gain 8), "
       "residual ADD + LayerNorm, FFN 64 with GELU",
       DefineTransformerEncoder, 103, ""},
      {"lstm_classifier", "LSTM sequence classifier: 12 steps x 8 features, hidden 16, last hidden state, FC 5, softmax",
       DefineLstmClassifier, 104, "LSTM has float32/float16 kernels only (C-721)"},
      {"ssd_lite_head",
       "SSD-lite head, 32x32x3: conv s2, depthwise-separable blocks to 4x4x24, box and class branches (depthwise 3x3 "
       "+ 1x1), sigmoid scores with a background column, DETECTION_POST_PROCESS (regular NMS) with 32 constant "
       "anchors",
       DefineSsdLiteHead, 105, ""},
  };
  return *models;
}

namespace {

Status BuildModelCase(const ZooModel& model, const CalibrationTable* calibration, TestCase* out) {
  NetworkBuilder b(model.name, calibration);
  std::vector<uint32_t> inputs, outputs;
  model.define(&b, &inputs, &outputs);
  return b.Finish(inputs, outputs, out);
}

// One seeded input per model input, recorded as seeded in the case.
Status AddSeededInputs(uint64_t seed, TestCase* c) {
  for (uint32_t index : c->model.inputs) {
    const Tensor& t = c->model.tensors[index];
    const SeededData spec = t.data_type == DataType::kInt8 ? SeededData::Integers(seed, -128, 127)
                                                           : SeededData::Uniform(seed, -1.0, 1.0);
    HostTensor in{t.name, t.data_type, t.dims, {}};
    NNRT_RETURN_IF_ERROR(ExpandSeededData(spec, t.data_type, static_cast<size_t>(*ElementCount(t.dims)), &in.data));
    c->seeded_inputs[c->inputs.size()] = spec;
    c->inputs.push_back(std::move(in));
    ++seed;
  }
  return Status::Ok();
}

}  // namespace

Status CalibrateZooModel(const ZooModel& model, CalibrationTable* table) {
  TestCase float_case;
  NNRT_RETURN_IF_ERROR(BuildModelCase(model, nullptr, &float_case));
  return CalibrateActivations(float_case, kCalibrationRuns, kCalibrationSeed, table);
}

Status BuildZooCase(const ZooModel& model, ZooVariant variant, TestCase* out) {
  if (variant == ZooVariant::kInt8) {
    if (!model.float_only_reason.empty())
      return Status(NNRT_UNSUPPORTED_OP, model.name + " is float-only: " + model.float_only_reason);
    CalibrationTable table;
    NNRT_RETURN_IF_ERROR(CalibrateZooModel(model, &table));
    NNRT_RETURN_IF_ERROR(BuildModelCase(model, &table, out));
  } else {
    NNRT_RETURN_IF_ERROR(BuildModelCase(model, nullptr, out));
  }
  if (variant == ZooVariant::kFloat16) out->meta.emplace_back(kMetaEnableFloat16, "true");
  return AddSeededInputs(model.input_seed, out);
}

}  // namespace zoo
}  // namespace nnrt
