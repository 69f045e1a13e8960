#include "reference/nnadapter/native/deformable_conv2d.h"

#include <cmath>
#include <cstring>
#include <string>

#include "nnadapter/nnadapter.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace nna {
namespace {

// Row-major [N, C, H, W] float32 view.
struct Nchw {
  const float* data;
  int64_t c, h, w;
  double at(int64_t n, int64_t ci, int64_t y, int64_t x) const {
    return data[((n * c + ci) * h + y) * w + x];
  }
};

// x at the fractional position (py, px) of one channel plane: the sum, in
// binary64, of weight * x over the four neighbours that lie inside the plane
// and have a non-zero bilinear weight. false when no neighbour contributes
// (the position is outside: the tap adds nothing, as padding in CONV_2D), C-855.
bool Bilinear(const Nchw& x, int64_t n, int64_t c, double py, double px, double* v) {
  if (!(py > -1.0 && px > -1.0 && py < static_cast<double>(x.h) && px < static_cast<double>(x.w))) return false;
  const double fy = std::floor(py), fx = std::floor(px);
  const int64_t y0 = static_cast<int64_t>(fy), x0 = static_cast<int64_t>(fx);
  const double ly = py - fy, lx = px - fx;
  const int64_t ys[2] = {y0, y0 + 1};
  const int64_t xs[2] = {x0, x0 + 1};
  const double wy[2] = {1.0 - ly, ly};
  const double wx[2] = {1.0 - lx, lx};
  bool any = false;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      const double weight = wy[i] * wx[j];
      if (weight == 0.0 || ys[i] < 0 || ys[i] >= x.h || xs[j] < 0 || xs[j] >= x.w) continue;
      const double term = weight * x.at(n, c, ys[i], xs[j]);
      *v = any ? *v + term : term;
      any = true;
    }
  }
  return any;
}

double ApplyFuseCode(int32_t code, double v) {
  if (code == NNADAPTER_FUSED_NONE) return v;
  if (v < 0.0) v = 0.0;  // NaN passes
  if (code == NNADAPTER_FUSED_RELU1 && v > 1.0) return 1.0;
  if (code == NNADAPTER_FUSED_RELU6 && v > 6.0) return 6.0;
  return v;
}

Status CheckFloat32(const HostTensor& t, const Dims& dims, const char* what) {
  if (t.data_type != DataType::kFloat32) return InvalidInput(std::string(what) + " must be float32");
  if (t.dims != dims) {
    return InvalidInput(std::string(what) + " has dims " + DimsToString(t.dims) + ", expected " + DimsToString(dims));
  }
  const std::optional<int64_t> n = ElementCount(dims);
  if (!n || t.data.size() != static_cast<size_t>(*n) * 4) return InvalidInput(std::string(what) + " has a wrong byte size");
  return Status::Ok();
}

}  // namespace

Status CheckDeformableConv2D(const DeformableConv2DParams& p) {
  if (p.pads.size() != 4 || p.strides.size() != 2 || p.dilations.size() != 2) {
    return InvalidModel("DEFORMABLE_CONV_2D pads must hold 4 values, strides and dilations 2");
  }
  for (int64_t v : p.pads) {
    if (v < 0) return InvalidModel("DEFORMABLE_CONV_2D pads must be >= 0");
  }
  for (int i = 0; i < 2; ++i) {
    if (p.strides[i] < 1 || p.dilations[i] < 1) return InvalidModel("DEFORMABLE_CONV_2D strides and dilations must be >= 1");
  }
  const Dims& f = p.filter_dims;
  if (f.size() != 4 || f[0] < 1 || f[1] < 1 || f[2] < 1 || f[3] < 1) {
    return InvalidModel("DEFORMABLE_CONV_2D filter must be 4-D [C_out, C_in/group, kH, kW] with known dims");
  }
  if (p.group < 1 || p.deformable_group < 1 || f[0] % p.group != 0) {
    return InvalidModel("DEFORMABLE_CONV_2D group and deformable_group must be >= 1 and group must divide C_out");
  }
  if (p.filter.size() != static_cast<size_t>(f[0]) * f[1] * f[2] * f[3] || p.bias.size() != static_cast<size_t>(f[0])) {
    return InvalidModel("DEFORMABLE_CONV_2D filter or bias holds the wrong number of values");
  }
  if (p.fuse_code < NNADAPTER_FUSED_NONE || p.fuse_code > NNADAPTER_FUSED_RELU6) {
    return InvalidModel("DEFORMABLE_CONV_2D fuse_code " + std::to_string(p.fuse_code) + " is not an NNAdapterFuseCode");
  }
  return Status::Ok();
}

Status DeformableConv2DOutputDims(const DeformableConv2DParams& p, const Dims& x, Dims* y) {
  const Dims& f = p.filter_dims;
  if (x.size() != 4 || x[1] < 1 || x[2] < 1 || x[3] < 1) {
    return Unsupported("DEFORMABLE_CONV_2D input 0 must be 4-D NCHW with known C, H, W, got " + DimsToString(x));
  }
  if (x[1] != f[1] * p.group || x[1] % p.deformable_group != 0) {
    return InvalidModel("DEFORMABLE_CONV_2D input channels " + std::to_string(x[1]) +
                        " must equal filter C_in/group x group and be divisible by deformable_group");
  }
  const int64_t eh = p.dilations[0] * (f[2] - 1) + 1, ew = p.dilations[1] * (f[3] - 1) + 1;
  const int64_t ph = x[2] + p.pads[0] + p.pads[1], pw = x[3] + p.pads[2] + p.pads[3];
  if (ph < eh || pw < ew) return InvalidModel("DEFORMABLE_CONV_2D the dilated filter is larger than the padded input");
  *y = {x[0], f[0], static_cast<int32_t>((ph - eh) / p.strides[0] + 1), static_cast<int32_t>((pw - ew) / p.strides[1] + 1)};
  return Status::Ok();
}

Status RunDeformableConv2D(const DeformableConv2DParams& p, const HostTensor& x, const HostTensor& offset,
                           const HostTensor& mask, HostTensor* y) {
  Dims yd;
  NNRT_RETURN_IF_ERROR(DeformableConv2DOutputDims(p, x.dims, &yd));
  const Dims& f = p.filter_dims;
  const int64_t dg = p.deformable_group, taps = static_cast<int64_t>(f[2]) * f[3];
  NNRT_RETURN_IF_ERROR(CheckFloat32(x, x.dims, "DEFORMABLE_CONV_2D input"));
  NNRT_RETURN_IF_ERROR(
      CheckFloat32(offset, {yd[0], static_cast<int32_t>(2 * dg * taps), yd[2], yd[3]}, "DEFORMABLE_CONV_2D offset"));
  NNRT_RETURN_IF_ERROR(CheckFloat32(mask, {yd[0], static_cast<int32_t>(dg * taps), yd[2], yd[3]}, "DEFORMABLE_CONV_2D mask"));
  const Nchw in{reinterpret_cast<const float*>(x.data.data()), x.dims[1], x.dims[2], x.dims[3]};
  const Nchw off{reinterpret_cast<const float*>(offset.data.data()), 2 * dg * taps, yd[2], yd[3]};
  const Nchw msk{reinterpret_cast<const float*>(mask.data.data()), dg * taps, yd[2], yd[3]};
  y->data_type = DataType::kFloat32;
  y->dims = yd;
  y->data.assign(static_cast<size_t>(*ElementCount(yd)) * 4, 0);
  const int64_t cin_g = f[1], cout_g = f[0] / p.group, c_per_dg = x.dims[1] / dg;
  size_t out = 0;
  for (int64_t n = 0; n < yd[0]; ++n) {
    for (int64_t oc = 0; oc < yd[1]; ++oc) {
      for (int64_t oh = 0; oh < yd[2]; ++oh) {
        for (int64_t ow = 0; ow < yd[3]; ++ow, ++out) {
          double acc = 0.0;
          for (int64_t kh = 0; kh < f[2]; ++kh) {
            for (int64_t kw = 0; kw < f[3]; ++kw) {
              const int64_t k = kh * f[3] + kw;
              for (int64_t icg = 0; icg < cin_g; ++icg) {
                const int64_t ic = (oc / cout_g) * cin_g + icg, d = ic / c_per_dg;
                const double py = static_cast<double>(oh * p.strides[0] - p.pads[0] + kh * p.dilations[0]) +
                                  off.at(n, d * 2 * taps + 2 * k, oh, ow);
                const double px = static_cast<double>(ow * p.strides[1] - p.pads[2] + kw * p.dilations[1]) +
                                  off.at(n, d * 2 * taps + 2 * k + 1, oh, ow);
                double v = 0.0;
                if (!Bilinear(in, n, ic, py, px, &v)) continue;
                const double w = p.filter[static_cast<size_t>(((oc * cin_g + icg) * f[2] + kh) * f[3] + kw)];
                acc += w * (msk.at(n, d * taps + k, oh, ow) * v);
              }
            }
          }
          acc += p.bias[static_cast<size_t>(oc)];
          StoreDouble(DataType::kFloat32, y->data.data(), out, ApplyFuseCode(p.fuse_code, acc));
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
