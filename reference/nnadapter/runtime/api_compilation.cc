// NNAdapterCompilation_*: compiling a model on the context's device, with
// the cache token / buffer / directory rules of the NNAdapter document
// (C-821).
#include <string>

#include "reference/nnadapter/runtime/api_objects.h"
#include "reference/nnadapter/runtime/cache_file.h"

using nnadapter::hal::Operand;
using nnrt::nna::ApiCompilation;
using nnrt::nna::ApiContext;
using nnrt::nna::ApiModel;

namespace {

std::vector<NNAdapterOperandType> TypesOf(const std::vector<Operand*>& operands) {
  std::vector<NNAdapterOperandType> types;
  for (const Operand* o : operands) types.push_back(o->type);
  return types;
}

std::string CachePath(const ApiCompilation& c) { return c.cache_dir + "/" + c.cache_token + ".nnc"; }

// A cache given in memory, or found in the cache directory, that decodes.
bool LoadCache(ApiCompilation* c, const void* buffer, uint32_t length) {
  if (c->cache_token.empty()) return false;
  if (buffer != nullptr) {
    const auto* bytes = static_cast<const uint8_t*>(buffer);
    c->cache_file.assign(bytes, bytes + length);
  } else if (c->cache_dir.empty() || !nnrt::nna::ReadWholeFile(CachePath(*c), &c->cache_file)) {
    return false;
  }
  return nnrt::nna::DecodeCacheFile(c->cache_file, &c->cache);
}

}  // namespace

extern "C" {

int NNAdapterCompilation_create(NNAdapterModel* model, const char* cache_token, void* cache_buffer,
                                uint32_t cache_length, const char* cache_dir, NNAdapterContext* context,
                                NNAdapterCompilation** compilation) {
  if (context == nullptr || compilation == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *compilation = nullptr;
  if ((cache_buffer == nullptr) != (cache_length == 0)) return NNADAPTER_INVALID_PARAMETER;
  if (cache_buffer != nullptr && cache_token == nullptr) return NNADAPTER_INVALID_PARAMETER;
  auto* c = new ApiCompilation();
  c->context = reinterpret_cast<ApiContext*>(context);
  c->cache_token = cache_token == nullptr ? "" : cache_token;
  c->cache_dir = cache_dir == nullptr ? "" : cache_dir;
  const bool restored = LoadCache(c, cache_buffer, cache_length);
  auto* m = reinterpret_cast<ApiModel*>(model);
  // A cache buffer that does not decode is an error; a missing or damaged
  // file in the cache directory means compiling the model (and rewriting it).
  const bool usable = restored || (cache_buffer == nullptr && m != nullptr && m->finished);
  if (!usable) {
    delete c;
    return NNADAPTER_INVALID_PARAMETER;
  }
  if (!restored) {
    c->model = m;
    c->cache = nnadapter::hal::Cache();
  }
  *compilation = reinterpret_cast<NNAdapterCompilation*>(c);
  return NNADAPTER_NO_ERROR;
}

void NNAdapterCompilation_destroy(NNAdapterCompilation* compilation) {
  auto* c = reinterpret_cast<ApiCompilation*>(compilation);
  if (c == nullptr) return;
  if (c->program != nullptr) c->context->device->hal->destroy_program(c->program);
  delete c;
}

int NNAdapterCompilation_finish(NNAdapterCompilation* compilation) {
  auto* c = reinterpret_cast<ApiCompilation*>(compilation);
  if (c == nullptr || c->finished) return NNADAPTER_INVALID_PARAMETER;
  c->cache.token = c->cache_token.empty() ? nullptr : c->cache_token.c_str();
  c->cache.dir = c->cache_dir.empty() ? nullptr : c->cache_dir.c_str();
  nnadapter::hal::Model* model = nullptr;
  if (c->model != nullptr) {
    model = &c->model->model;
    c->cache.input_types = TypesOf(model->input_operands);
    c->cache.output_types = TypesOf(model->output_operands);
  }
  const nnadapter::hal::Device* hal = c->context->device->hal;
  const int result = hal->create_program(c->context->handle, model, &c->cache, &c->program);
  if (result != NNADAPTER_NO_ERROR) {
    c->program = nullptr;
    return result;
  }
  c->input_types = c->cache.input_types;
  c->output_types = c->cache.output_types;
  if (model != nullptr && !c->cache_token.empty() && !c->cache_dir.empty() && !c->cache.buffer.empty()) {
    // A cache directory that cannot be written costs the next start a compile, nothing else.
    (void)nnrt::nna::WriteWholeFile(CachePath(*c), nnrt::nna::EncodeCacheFile(c->cache));
  }
  c->finished = true;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterCompilation_queryInputsAndOutputs(NNAdapterCompilation* compilation, uint32_t* input_count,
                                               NNAdapterOperandType** input_types, uint32_t* output_count,
                                               NNAdapterOperandType** output_types) {
  auto* c = reinterpret_cast<ApiCompilation*>(compilation);
  if (c == nullptr || input_count == nullptr || output_count == nullptr || !c->finished) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  *input_count = static_cast<uint32_t>(c->input_types.size());
  *output_count = static_cast<uint32_t>(c->output_types.size());
  if (input_types != nullptr) {
    for (uint32_t i = 0; i < *input_count; ++i) input_types[i] = &c->input_types[i];
  }
  if (output_types != nullptr) {
    for (uint32_t i = 0; i < *output_count; ++i) output_types[i] = &c->output_types[i];
  }
  return NNADAPTER_NO_ERROR;
}

}  // extern "C"
