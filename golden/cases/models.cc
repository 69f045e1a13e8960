// Golden cases of the model zoo (zoo/, docs/models.md): every
// zoo network as a float32 case, the float32 case compiled with enableFloat16
// (meta cts.enable_float16, same expected outputs: the reference computes
// float32 either way) and, where the model has one, the int8 per-channel
// case. Weights and inputs are seeded (C-770), so each file stays small; the
// expected outputs are the reference's, written out.
#include <cstdio>

#include "zoo/zoo.h"
#include "golden/case_builder.h"

namespace nnrt {
namespace golden {

std::vector<GoldenCase> ModelZooCases() {
  CaseList list("models");
  for (const zoo::ZooModel& m : zoo::ZooModels()) {
    for (zoo::ZooVariant v : {zoo::ZooVariant::kFloat32, zoo::ZooVariant::kFloat16, zoo::ZooVariant::kInt8}) {
      if (v == zoo::ZooVariant::kInt8 && !m.float_only_reason.empty()) continue;
      const std::string name = m.name + "_" + zoo::ZooVariantName(v);
      const std::string note = m.description + " (" + zoo::ZooVariantName(v) + ")";
      TestCase c;
      const Status built = zoo::BuildZooCase(m, v, &c);
      if (built.ok()) {
        list.Add(name, note, std::move(c));
      } else {
        // An empty model expected to give one output: regenerate and golden_test fail on it.
        std::fprintf(stderr, "zoo model %s does not build: %s\n", name.c_str(), built.ToString().c_str());
        list.AddExpect(name, note, TestCase(), {Expect("zoo_build_failed", DataType::kFloat32, {1}, Bytes(4, 0))});
      }
    }
  }
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ModelZooCases);

}  // namespace golden
}  // namespace nnrt
