// The reference driver's cache buffer for programs with native steps (C-855):
// the NNAdapter model itself, re-lowered on restore. Little-endian:
//   "NNAMODL1", u32 operand count, per operand: NNAdapterOperandType record
//   (scale pointer 0), u32 per-channel scale count + floats, u32 length +
//   bytes (constants); u32 operation count, per operation: i32 type, u32 n +
//   n i32 operand indices (-1: NULL) for inputs, then for outputs; u32 n +
//   indices of the model inputs, then of the outputs.
#ifndef NNRT_REFERENCE_NNADAPTER_DRIVER_MODEL_CODEC_H_
#define NNRT_REFERENCE_NNADAPTER_DRIVER_MODEL_CODEC_H_

#include <cstdint>
#include <list>
#include <vector>

#include "nnadapter/hal/types.h"

namespace nnrt {
namespace nna {

// A decoded model with the storage its operands point into.
struct OwnedHalModel {
  ::nnadapter::hal::Model model;
  std::list<std::vector<uint8_t>> constants;
  std::list<std::vector<float>> scales;
};

bool IsEncodedHalModel(const std::vector<uint8_t>& bytes);
std::vector<uint8_t> EncodeHalModel(const ::nnadapter::hal::Model& model);
// false for a damaged buffer (never reads outside it).
bool DecodeHalModel(const std::vector<uint8_t>& bytes, OwnedHalModel* out);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_DRIVER_MODEL_CODEC_H_
