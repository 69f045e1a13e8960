#include "reference/runtime/restored_io_check.h"

#include <string>
#include <vector>

#include "reference/runtime/compilation.h"

namespace nnrt {
namespace rt {
namespace {

Status Mismatch(const std::string& what) { return Status(NNRT_INVALID_MODEL_CACHE, what); }

std::string ShapeText(const std::vector<int32_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string DescText(const IoDesc& d) {
  return "'" + d.desc.name + "' type " + std::to_string(d.desc.data_type) + " format " +
         std::to_string(d.desc.format) + " shape " + ShapeText(d.desc.shape) + " tensor type " +
         std::to_string(d.tensor_type);
}

bool SameDesc(const IoDesc& a, const IoDesc& b) {
  return a.desc.name == b.desc.name && a.desc.data_type == b.desc.data_type && a.desc.format == b.desc.format &&
         a.desc.shape == b.desc.shape && a.tensor_type == b.tensor_type;
}

Status CheckDims(const std::vector<IoDesc>& descs, const char* kind) {
  for (size_t i = 0; i < descs.size(); ++i) {
    for (int32_t d : descs[i].desc.shape) {
      if (d == 0 || d < -1) {
        return Mismatch(std::string(kind) + " descriptor " + std::to_string(i) + " has shape " +
                        ShapeText(descs[i].desc.shape) + " (dims must be >= 1 or -1)");
      }
    }
  }
  return Status::Ok();
}

Status CheckAgainstModel(const std::vector<IoDesc>& cached, const std::vector<IoDesc>& model, const char* kind) {
  if (cached.size() != model.size()) {
    return Mismatch("the cache describes " + std::to_string(cached.size()) + " " + kind + "s, the model has " +
                    std::to_string(model.size()));
  }
  for (size_t i = 0; i < cached.size(); ++i) {
    if (!SameDesc(cached[i], model[i])) {
      return Mismatch(std::string(kind) + " descriptor " + std::to_string(i) + " (" + DescText(cached[i]) +
                      ") differs from the model's (" + DescText(model[i]) + ")");
    }
  }
  return Status::Ok();
}

Status CheckAgainstDimRanges(const std::vector<IoDesc>& inputs, const std::vector<DimRange>& ranges) {
  if (inputs.size() != ranges.size()) {
    return Mismatch("the cache describes " + std::to_string(inputs.size()) + " inputs, the device's model has " +
                    std::to_string(ranges.size()));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::vector<int32_t>& shape = inputs[i].desc.shape;
    const DimRange& r = ranges[i];
    if (shape.size() != r.min.size()) {
      return Mismatch("input descriptor " + std::to_string(i) + " has rank " + std::to_string(shape.size()) +
                      ", the device's model input has rank " + std::to_string(r.min.size()));
    }
    for (size_t j = 0; j < shape.size(); ++j) {
      if (shape[j] == -1) continue;
      const size_t d = static_cast<size_t>(shape[j]);
      if (d < r.min[j] || d > r.max[j]) {
        return Mismatch("input descriptor " + std::to_string(i) + " dim " + std::to_string(j) + " is " +
                        std::to_string(d) + ", the device's model accepts [" + std::to_string(r.min[j]) + ", " +
                        std::to_string(r.max[j]) + "]");
      }
    }
  }
  return Status::Ok();
}

}  // namespace

Status CheckRestoredIo(const CacheContent& content, const Model* model, const PreparedModel& prepared) {
  NNRT_RETURN_IF_ERROR(CheckDims(content.inputs, "input"));
  NNRT_RETURN_IF_ERROR(CheckDims(content.outputs, "output"));
  if (model != nullptr) {
    NNRT_RETURN_IF_ERROR(CheckAgainstModel(content.inputs, DescribeModelIo(*model, model->inputs), "input"));
    NNRT_RETURN_IF_ERROR(CheckAgainstModel(content.outputs, DescribeModelIo(*model, model->outputs), "output"));
  }
  // A device that cannot report ranges gets no range check at run either (executor.cc LoadDimRanges).
  std::vector<DimRange> ranges;
  if (GetInputDimRanges(prepared, &ranges).ok()) NNRT_RETURN_IF_ERROR(CheckAgainstDimRanges(content.inputs, ranges));
  return Status::Ok();
}

}  // namespace rt
}  // namespace nnrt
