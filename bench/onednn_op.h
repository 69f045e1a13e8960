// One benchmark case (bench/op_cases.h) as a oneDNN primitive on the CPU
// engine: activations in nhwc / row-major plain formats (the layout the
// reference reads and writes), constant weights reordered once at Prepare to
// the format the primitive picks (format_tag::any), as an optimised runtime
// does with constant weights. int8 cases use oneDNN's s8 primitives with
// output scales s_x * s_w / s_y (zero points 0, as bench/op_cases.h sets).
// Only Run is timed.
#ifndef NNRT_BENCH_ONEDNN_OP_H_
#define NNRT_BENCH_ONEDNN_OP_H_

#include <string>
#include <unordered_map>
#include <vector>

#include <oneapi/dnnl/dnnl.hpp>

#include "bench/op_cases.h"

namespace nnrt {
namespace bench {

// Forces oneDNN's CPU runtime (Debian's build uses OpenMP) to one thread.
// Returns the thread count oneDNN will use afterwards (1 on success).
int ForceOnednnSingleThread();

class OnednnOp {
 public:
  // Creates the primitive and its memories and fills the inputs. Returns false
  // with `error` set when oneDNN has no implementation (e.g. an int8 variant).
  bool Prepare(const OpCase& c, bool int8, const OpData& data, std::string* error);
  void Run();
  // The output bytes (same layout as the reference's output).
  std::vector<uint8_t> Output() const;
  // The implementation oneDNN chose (e.g. "brgconv:avx512_core").
  const std::string& implementation() const { return implementation_; }

 private:
  dnnl::memory Memory(const dnnl::memory::desc& md, const std::vector<uint8_t>& bytes);
  bool PrepareConv(const OpCase& c, bool int8, const OpData& data);
  bool PrepareFullyConnected(const OpCase& c, bool int8, const OpData& data);
  bool PrepareMatMul(const OpCase& c, bool int8, const OpData& data);
  bool PreparePool(const OpCase& c, bool int8, const OpData& data);
  bool PrepareSoftmax(const OpCase& c, bool int8, const OpData& data);
  bool PrepareAdd(const OpCase& c, bool int8, const OpData& data);
  dnnl::memory ReorderedWeights(dnnl::memory user, const dnnl::memory::desc& wanted);
  // Creates the primitive from `pd` and records its implementation name.
  template <typename Primitive>
  void Use(const typename Primitive::primitive_desc& pd) {
    implementation_ = pd.impl_info_str();
    primitive_ = Primitive(pd);
  }

  dnnl::engine engine_{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream_{engine_};
  dnnl::primitive primitive_;
  std::unordered_map<int, dnnl::memory> args_;
  std::string implementation_;
};

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_ONEDNN_OP_H_
