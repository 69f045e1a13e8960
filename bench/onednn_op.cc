#include "bench/onednn_op.h"

#include <omp.h>

#include <cstring>

namespace nnrt {
namespace bench {

using dnnl::algorithm;
using dnnl::memory;
using dnnl::primitive_attr;
using dnnl::prop_kind;
using tag = dnnl::memory::format_tag;
using dt = dnnl::memory::data_type;

int ForceOnednnSingleThread() {
  // oneDNN's OpenMP runtime sizes its parallel regions by omp_get_max_threads()
  // of the calling thread; the benchmarks run on the main thread.
  omp_set_num_threads(1);
  return omp_get_max_threads();
}

namespace {

memory::dims Nchw(const std::vector<int32_t>& nhwc) { return {nhwc[0], nhwc[3], nhwc[1], nhwc[2]}; }

}  // namespace

memory OnednnOp::Memory(const memory::desc& md, const std::vector<uint8_t>& bytes) {
  memory m(md, engine_);
  if (!bytes.empty()) std::memcpy(m.get_data_handle(), bytes.data(), std::min(bytes.size(), md.get_size()));
  return m;
}

memory OnednnOp::ReorderedWeights(memory user, const memory::desc& wanted) {
  if (user.get_desc() == wanted) return user;
  memory out(wanted, engine_);
  dnnl::reorder(user, out).execute(stream_, user, out);
  stream_.wait();
  return out;
}

bool OnednnOp::PrepareConv(const OpCase& c, bool int8, const OpData& data) {
  const Int8Scales s = ScalesOf(c);
  const dt act = int8 ? dt::s8 : dt::f32;
  const bool dw = c.kind == OpKind::kDepthwise;
  // OH_NN weights [oc, kh, kw, ic] are oneDNN's ohwi; depthwise [C, kh, kw, 1] is goihw with o = i = 1.
  const memory::desc user_w = dw ? memory::desc({c.c, 1, 1, c.k, c.k}, act, tag::goihw)
                                 : memory::desc({c.oc, c.c, c.k, c.k}, act, tag::ohwi);
  const memory::desc any_w = dw ? memory::desc({c.c, 1, 1, c.k, c.k}, act, tag::any)
                                : memory::desc({c.oc, c.c, c.k, c.k}, act, tag::any);
  const int32_t oc = dw ? c.c : c.oc;
  const memory::desc src(Nchw(InputShape(c)), act, tag::nhwc);
  const memory::desc dst(Nchw(OutputShape(c)), act, tag::nhwc);
  const memory::desc bias({oc}, int8 ? dt::s32 : dt::f32, tag::x);
  dnnl::convolution_forward::desc d(prop_kind::forward_inference, algorithm::convolution_direct, src, any_w, bias, dst,
                                    {c.stride, c.stride}, {c.pad, c.pad}, {c.pad, c.pad});
  primitive_attr attr;
  if (int8) attr.set_output_scales(0, {static_cast<float>(s.x * s.w / s.y)});
  dnnl::convolution_forward::primitive_desc pd(d, attr, engine_);
  Use<dnnl::convolution_forward>(pd);
  args_[DNNL_ARG_SRC] = Memory(src, data.x);
  args_[DNNL_ARG_WEIGHTS] = ReorderedWeights(Memory(user_w, data.weight), pd.weights_desc());
  args_[DNNL_ARG_BIAS] = Memory(bias, data.bias);
  args_[DNNL_ARG_DST] = Memory(pd.dst_desc(), {});
  return true;
}

bool OnednnOp::PrepareFullyConnected(const OpCase& c, bool int8, const OpData& data) {
  const Int8Scales s = ScalesOf(c);
  const dt act = int8 ? dt::s8 : dt::f32;
  const memory::desc src({c.m, c.kdim}, act, tag::nc);
  const memory::desc user_w({c.n, c.kdim}, act, tag::oi);
  const memory::desc any_w({c.n, c.kdim}, act, tag::any);
  const memory::desc bias({c.n}, int8 ? dt::s32 : dt::f32, tag::x);
  const memory::desc dst({c.m, c.n}, act, tag::nc);
  dnnl::inner_product_forward::desc d(prop_kind::forward_inference, src, any_w, bias, dst);
  primitive_attr attr;
  if (int8) attr.set_output_scales(0, {static_cast<float>(s.x * s.w / s.y)});
  dnnl::inner_product_forward::primitive_desc pd(d, attr, engine_);
  Use<dnnl::inner_product_forward>(pd);
  args_[DNNL_ARG_SRC] = Memory(src, data.x);
  args_[DNNL_ARG_WEIGHTS] = ReorderedWeights(Memory(user_w, data.weight), pd.weights_desc());
  args_[DNNL_ARG_BIAS] = Memory(bias, data.bias);
  args_[DNNL_ARG_DST] = Memory(dst, {});
  return true;
}

bool OnednnOp::PrepareMatMul(const OpCase& c, bool int8, const OpData& data) {
  const Int8Scales s = ScalesOf(c);
  const dt act = int8 ? dt::s8 : dt::f32;
  const memory::desc a({c.m, c.kdim}, act, tag::ab), b({c.kdim, c.n}, act, tag::ab), y({c.m, c.n}, act, tag::ab);
  dnnl::matmul::desc d(a, b, y);
  primitive_attr attr;
  if (int8) attr.set_output_scales(0, {static_cast<float>(s.x * s.second / s.y)});
  dnnl::matmul::primitive_desc pd(d, attr, engine_);
  Use<dnnl::matmul>(pd);
  args_[DNNL_ARG_SRC] = Memory(a, data.x);
  args_[DNNL_ARG_WEIGHTS] = Memory(b, data.second);
  args_[DNNL_ARG_DST] = Memory(y, {});
  return true;
}

bool OnednnOp::PreparePool(const OpCase& c, bool int8, const OpData& data) {
  const dt act = int8 ? dt::s8 : dt::f32;
  const memory::desc src(Nchw(InputShape(c)), act, tag::nhwc), dst(Nchw(OutputShape(c)), act, tag::nhwc);
  // The reference's average excludes the padding (C-526).
  const algorithm alg = c.kind == OpKind::kMaxPool ? algorithm::pooling_max : algorithm::pooling_avg_exclude_padding;
  dnnl::pooling_forward::desc d(prop_kind::forward_inference, alg, src, dst, {c.stride, c.stride}, {c.k, c.k},
                                {c.pad, c.pad}, {c.pad, c.pad});
  dnnl::pooling_forward::primitive_desc pd(d, engine_);
  Use<dnnl::pooling_forward>(pd);
  args_[DNNL_ARG_SRC] = Memory(src, data.x);
  args_[DNNL_ARG_DST] = Memory(dst, {});
  return true;
}

bool OnednnOp::PrepareSoftmax(const OpCase& c, bool int8, const OpData& data) {
  const Int8Scales s = ScalesOf(c);
  const memory::desc src({c.m, c.n}, int8 ? dt::s8 : dt::f32, tag::ab), dst({c.m, c.n}, int8 ? dt::s8 : dt::f32, tag::ab);
  primitive_attr attr;
  if (int8) attr.set_output_scales(0, {static_cast<float>(1.0 / s.y)});
  dnnl::softmax_v2_forward::desc d(prop_kind::forward_inference, algorithm::softmax_accurate, src, dst, 1);
  dnnl::softmax_v2_forward::primitive_desc pd(d, attr, engine_);
  Use<dnnl::softmax_v2_forward>(pd);
  args_[DNNL_ARG_SRC] = Memory(src, data.x);
  args_[DNNL_ARG_DST] = Memory(dst, {});
  return true;
}

bool OnednnOp::PrepareAdd(const OpCase& c, bool int8, const OpData& data) {
  const Int8Scales s = ScalesOf(c);
  const dt act = int8 ? dt::s8 : dt::f32;
  const memory::desc a(Nchw(InputShape(c)), act, tag::nhwc), b(Nchw(SecondInputShape(c)), act, tag::nhwc);
  const memory::desc y(Nchw(OutputShape(c)), act, tag::nhwc);
  dnnl::binary::desc d(algorithm::binary_add, a, b, y);
  primitive_attr attr;
  // y = (s_a * a + s_b * b) / s_y: the output scale folded into the input scales.
  if (int8) {
    attr.set_scales(DNNL_ARG_SRC_0, 0, {static_cast<float>(s.x / s.y)});
    attr.set_scales(DNNL_ARG_SRC_1, 0, {static_cast<float>(s.second / s.y)});
  }
  dnnl::binary::primitive_desc pd(d, attr, engine_);
  Use<dnnl::binary>(pd);
  args_[DNNL_ARG_SRC_0] = Memory(a, data.x);
  args_[DNNL_ARG_SRC_1] = Memory(b, data.second);
  args_[DNNL_ARG_DST] = Memory(y, {});
  return true;
}

bool OnednnOp::Prepare(const OpCase& c, bool int8, const OpData& data, std::string* error) {
  try {
    switch (c.kind) {
      case OpKind::kConv:
      case OpKind::kDepthwise: return PrepareConv(c, int8, data);
      case OpKind::kFullyConnected: return PrepareFullyConnected(c, int8, data);
      case OpKind::kMatMul: return PrepareMatMul(c, int8, data);
      case OpKind::kMaxPool:
      case OpKind::kAvgPool: return PreparePool(c, int8, data);
      case OpKind::kSoftmax: return PrepareSoftmax(c, int8, data);
      case OpKind::kAdd: return PrepareAdd(c, int8, data);
    }
  } catch (const dnnl::error& e) {
    *error = std::string("oneDNN: ") + e.what() + " (status " + std::to_string(static_cast<int>(e.status)) + ")";
    return false;
  }
  *error = "unknown case kind";
  return false;
}

void OnednnOp::Run() {
  primitive_.execute(stream_, args_);
  stream_.wait();
}

std::vector<uint8_t> OnednnOp::Output() const {
  const memory& dst = args_.at(DNNL_ARG_DST);
  const uint8_t* p = static_cast<const uint8_t*>(dst.get_data_handle());
  return std::vector<uint8_t>(p, p + dst.get_desc().get_size());
}

}  // namespace bench
}  // namespace nnrt
