// Small helpers shared by the mutant drivers (cts_driver/drivers/mutants/*/*.cc): run a
// reference kernel on a node whose attributes were altered (how a driver that
// misreads one attribute behaves), alter the parameters an InferFn parsed,
// build the reference driver with kernel overrides, and build a driver table
// that is the reference one with a few HAL entry points wrapped. Header-only on purpose:
// each mutant .so is linked on its own (-Bsymbolic) and keeps its own copy.
#ifndef NNRT_CTS_DRIVER_MUTANT_UTIL_H_
#define NNRT_CTS_DRIVER_MUTANT_UTIL_H_

#include <any>
#include <cstdint>
#include <string>
#include <vector>

#include "reference/device/reference_device.h"
#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace mutant {

// A copy of `node` with integer attribute `name` set to `ints` (added with
// `type` when absent).
inline Node WithIntAttr(const Node& node, const std::string& name, std::vector<int64_t> ints,
                        AttrType type = AttrType::kInt64) {
  Node copy = node;
  for (Attr& a : copy.attrs) {
    if (a.name == name) {
      a.ints = std::move(ints);
      return copy;
    }
  }
  Attr a;
  a.name = name;
  a.type = type;
  a.ints = std::move(ints);
  copy.attrs.push_back(std::move(a));
  return copy;
}

// A copy of `node` with every float attribute named `name` set to {value}
// (added as a float attribute when absent).
inline Node WithFloatAttr(const Node& node, const std::string& name, float value) {
  Node copy = node;
  bool found = false;
  for (Attr& a : copy.attrs) {
    if (a.name == name) {
      a.floats = {value};
      found = true;
    }
  }
  if (!found) copy.attrs.push_back(Attr::Float(name, value));
  return copy;
}

// Runs `fn(ctx)` with ctx.node temporarily replaced by `node` (restored
// afterwards, also on error).
// A kernel reads the parameters its InferFn parsed (OpContext::params), so the
// altered node is parsed again first; the output dims stay those the buffers
// were sized for.
template <typename Fn>
Status WithNode(OpContext& ctx, const Node& node, Fn fn) {
  const Node* original = ctx.node;
  std::any original_params = ctx.params;
  std::vector<Dims> dims;
  for (const TensorArg& out : ctx.outputs) dims.push_back(out.dims);
  ctx.node = &node;
  const OpDef* def = FindOpDef(node.type);
  Status st = def != nullptr && def->infer != nullptr ? def->infer(ctx) : Status::Ok();
  for (size_t i = 0; i < dims.size(); ++i) ctx.outputs[i].dims = dims[i];
  if (st.ok()) st = fn(ctx);
  ctx.node = original;
  ctx.params = std::move(original_params);
  return st;
}

// Runs `infer`, then `edit(P& params)` on a copy of the parameters it parsed,
// which the kernel then reads instead (how a driver that derives one value
// wrongly behaves; the output dims stay the ones `infer` wrote).
template <typename P, typename Edit>
Status InferThenEditParams(OpContext& ctx, InferFn infer, Edit edit) {
  NNRT_RETURN_IF_ERROR(infer(ctx));
  P p = ctx.Params<P>();
  edit(p);
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

// The reference driver with `overrides`, named `device_name` and with the
// vendor name every sample wrong driver reports: what a kernel mutant's
// NNRT_HalGetDriver returns (it keeps the pointer in a function-local static).
inline const NNRT_HalDriver* KernelOverrideDriver(const char* device_name, std::vector<KernelOverride> overrides) {
  ReferenceDriverOptions options;
  options.device_name = device_name;
  options.vendor_name = "NNRt CTS sample wrong driver";
  options.overrides = std::move(overrides);
  return MakeReferenceDriver(options);
}

// base->PrepareModelFromModelCache on copies of the caches, each rewritten by
// `patch(std::vector<uint8_t>& bytes)` first (how a driver that skips one
// check of the cache header behaves: docs/hal.md "Model cache format"). A
// buffer without host memory or whose offset + dataSize exceeds bufferSize is
// passed on unchanged, so the reference still rejects it.
template <typename Patch>
int32_t ImportPatchedCaches(const NNRT_HalDriver* base, NNRT_HalDevice* device, const NNRT_HalBuffer* caches,
                            uint32_t cache_count, const NNRT_HalModelConfig* config,
                            NNRT_HalPreparedModel** prepared, Patch patch) {
  if (caches == nullptr || cache_count == 0) {
    return base->PrepareModelFromModelCache(device, caches, cache_count, config, prepared);
  }
  std::vector<std::vector<uint8_t>> bytes(cache_count);
  std::vector<NNRT_HalBuffer> patched(caches, caches + cache_count);
  for (uint32_t i = 0; i < cache_count; ++i) {
    const NNRT_HalBuffer& b = caches[i];
    if (b.hostAddress == nullptr || static_cast<uint64_t>(b.offset) + b.dataSize > b.bufferSize) continue;
    const uint8_t* data = static_cast<const uint8_t*>(b.hostAddress) + b.offset;
    bytes[i].assign(data, data + b.dataSize);
    patch(bytes[i]);
    patched[i].fd = -1;
    patched[i].hostAddress = bytes[i].data();
    patched[i].offset = 0;
    patched[i].bufferSize = static_cast<uint32_t>(bytes[i].size());
    patched[i].dataSize = static_cast<uint32_t>(bytes[i].size());
  }
  return base->PrepareModelFromModelCache(device, patched.data(), cache_count, config, prepared);
}

}  // namespace mutant
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_MUTANT_UTIL_H_
