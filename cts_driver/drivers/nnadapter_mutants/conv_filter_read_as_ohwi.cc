// Mutant: NCHW / NHWC confusion in CONV_2D: the constant filter, which
// NNAdapter lays out [C_out, C_in, H, W], is read as if it were
// [C_out, H, W, C_in] (the NHWC habit of the device's SDK).
#include <vector>

#include "cts_driver/drivers/nnadapter_mutants/nnadapter_mutant_util.h"

namespace {

using namespace nnrt::nnadapter_mutant;

void ReadFilterAsOhwi(Operand* filter) {
  const NNAdapterOperandDimensionType& d = filter->type.dimensions;
  if (!IsEditableConstant(filter) || d.count != 4) return;
  const size_t o = d.data[0], i = d.data[1], h = d.data[2], w = d.data[3];
  const size_t element = PrecisionBytes(filter->type.precision);
  if (filter->length != o * i * h * w * element) return;
  const auto* src = static_cast<const uint8_t*>(filter->buffer);
  std::vector<uint8_t> out(filter->length);
  // out[o][i][y][x] = the byte run the OHWI reading finds at [o][y][x][i].
  for (size_t a = 0; a < o; ++a)
    for (size_t c = 0; c < i; ++c)
      for (size_t y = 0; y < h; ++y)
        for (size_t x = 0; x < w; ++x) {
          const size_t to = ((a * i + c) * h + y) * w + x;
          const size_t from = ((a * h + y) * w + x) * i + c;
          std::memcpy(out.data() + to * element, src + from * element, element);
        }
  std::memcpy(filter->buffer, out.data(), out.size());
}

void Mutate(Model* model) {
  for (Operation& op : model->operations) {
    if (op.type == NNADAPTER_CONV_2D && op.input_operands.size() > 1) ReadFilterAsOhwi(op.input_operands[1]);
  }
}

int CreateProgram(void* context, Model* model, nnadapter::hal::Cache* cache, void** program) {
  return CreateMutatedProgram(Mutate, context, model, cache, program);
}

}  // namespace

NNADAPTER_MUTANT_EXPORT(nnadapter_mutant_conv_filter_read_as_ohwi, CreateProgram)
