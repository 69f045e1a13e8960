#include "reference/nnadapter/driver/model_codec.h"

#include <cstring>
#include <map>

#include "reference/nnadapter/lowering/operand_values.h"

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Operand;
using ::nnadapter::hal::Operation;

constexpr char kMagic[8] = {'N', 'N', 'A', 'M', 'O', 'D', 'L', '1'};

template <typename T>
void Put(std::vector<uint8_t>* out, const T& v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out->insert(out->end(), p, p + sizeof(T));
}

class Reader {
 public:
  explicit Reader(const std::vector<uint8_t>& in) : in_(in) {}
  template <typename T>
  bool Get(T* v) {
    if (in_.size() - pos_ < sizeof(T)) return false;
    std::memcpy(v, in_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  bool Bytes(size_t n, void* dst) {
    if (in_.size() - pos_ < n) return false;
    if (n > 0) std::memcpy(dst, in_.data() + pos_, n);
    pos_ += n;
    return true;
  }
  bool Count(uint32_t* n, size_t element_size) { return Get(n) && *n <= (in_.size() - pos_) / element_size; }
  bool AtEnd() const { return pos_ == in_.size(); }
  void Skip(size_t n) { pos_ += n; }

 private:
  const std::vector<uint8_t>& in_;
  size_t pos_ = 0;
};

bool IsPerChannel(const NNAdapterOperandType& t) {
  const int32_t p = RawValue(t.precision);
  return p == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL || p == NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL ||
         p == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL;
}

void PutIndices(std::vector<uint8_t>* out, const std::vector<Operand*>& operands,
                const std::map<const Operand*, int32_t>& index) {
  Put(out, static_cast<uint32_t>(operands.size()));
  for (const Operand* o : operands) Put(out, o == nullptr ? int32_t{-1} : index.at(o));
}

bool GetIndices(Reader& r, const std::vector<Operand*>& all, std::vector<Operand*>* operands) {
  uint32_t n = 0;
  if (!r.Count(&n, 4)) return false;
  for (uint32_t i = 0; i < n; ++i) {
    int32_t k = 0;
    if (!r.Get(&k) || k < -1 || k >= static_cast<int32_t>(all.size())) return false;
    operands->push_back(k < 0 ? nullptr : all[static_cast<size_t>(k)]);
  }
  return true;
}

bool DecodeOperand(Reader& r, OwnedHalModel* out) {
  Operand o{};
  uint32_t scales = 0, length = 0;
  if (!r.Get(&o.type) || !r.Count(&scales, 4)) return false;
  if (IsPerChannel(o.type)) {
    out->scales.emplace_back(scales);
    if (!r.Bytes(scales * 4u, out->scales.back().data())) return false;
    o.type.symm_per_channel_params.scales = out->scales.back().data();
    o.type.symm_per_channel_params.scale_count = scales;
  } else if (scales != 0) {
    return false;
  }
  if (!r.Count(&length, 1)) return false;
  if (length > 0) {
    out->constants.emplace_back(length);
    if (!r.Bytes(length, out->constants.back().data())) return false;
    o.buffer = out->constants.back().data();
    o.length = length;
  }
  out->model.operands.push_back(o);
  return true;
}

}  // namespace

bool IsEncodedHalModel(const std::vector<uint8_t>& bytes) {
  return bytes.size() >= sizeof(kMagic) && std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) == 0;
}

std::vector<uint8_t> EncodeHalModel(const ::nnadapter::hal::Model& model) {
  std::vector<uint8_t> out(kMagic, kMagic + sizeof(kMagic));
  std::map<const Operand*, int32_t> index;
  Put(&out, static_cast<uint32_t>(model.operands.size()));
  for (const Operand& o : model.operands) {
    index[&o] = static_cast<int32_t>(index.size());
    NNAdapterOperandType t = o.type;
    const bool per_channel = IsPerChannel(t) && t.symm_per_channel_params.scales != nullptr;
    const uint32_t scales = per_channel ? t.symm_per_channel_params.scale_count : 0;
    if (IsPerChannel(t)) t.symm_per_channel_params.scales = nullptr;
    Put(&out, t);
    Put(&out, scales);
    for (uint32_t i = 0; i < scales; ++i) Put(&out, o.type.symm_per_channel_params.scales[i]);
    const uint32_t length = o.buffer == nullptr ? 0 : o.length;
    Put(&out, length);
    const auto* bytes = static_cast<const uint8_t*>(o.buffer);
    if (length > 0) out.insert(out.end(), bytes, bytes + length);
  }
  Put(&out, static_cast<uint32_t>(model.operations.size()));
  for (const Operation& op : model.operations) {
    Put(&out, RawValue(op.type));
    PutIndices(&out, op.input_operands, index);
    PutIndices(&out, op.output_operands, index);
  }
  PutIndices(&out, model.input_operands, index);
  PutIndices(&out, model.output_operands, index);
  return out;
}

bool DecodeHalModel(const std::vector<uint8_t>& bytes, OwnedHalModel* out) {
  if (!IsEncodedHalModel(bytes)) return false;
  Reader r(bytes);
  r.Skip(sizeof(kMagic));
  uint32_t operands = 0, operations = 0;
  if (!r.Count(&operands, sizeof(NNAdapterOperandType))) return false;
  for (uint32_t i = 0; i < operands; ++i) {
    if (!DecodeOperand(r, out)) return false;
  }
  std::vector<Operand*> all;
  for (Operand& o : out->model.operands) all.push_back(&o);
  if (!r.Count(&operations, 12)) return false;
  for (uint32_t i = 0; i < operations; ++i) {
    int32_t type = 0;
    Operation op{};
    if (!r.Get(&type)) return false;
    std::memcpy(&op.type, &type, sizeof(type));
    if (!GetIndices(r, all, &op.input_operands) || !GetIndices(r, all, &op.output_operands)) return false;
    out->model.operations.push_back(std::move(op));
  }
  return GetIndices(r, all, &out->model.input_operands) && GetIndices(r, all, &out->model.output_operands) &&
         r.AtEnd();
}

}  // namespace nna
}  // namespace nnrt
