// Fuzz target: OH_NN API call sequences driven by bytes. Each step reads an
// opcode and its arguments (ByteReader: 0 past the end) and calls one
// function of neural_network_core.h / neural_network_runtime.h on the handles
// of ApiState (api_sequence_state.h): every function, in any order and state
// (twice, after Finish or Build, on NULL), all 108 operation types with
// parameter tensors of any tensor type, data type, shape and data.
//
// Oracles (a violation aborts; api_sequence_*_steps.cc): a descriptor reports
// the shape it was given and a byte size that fits it; an executor gives a
// descriptor for exactly the indices below its counts; a compilation that
// built gives an executor; ExportCacheToBuffer reports a size inside the
// buffer; a RunAsync that started reports once.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "fuzz/api_sequence_state.h"
#include "fuzz/byte_reader.h"

namespace {

constexpr size_t kMaxSteps = 256;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  // Before the runtime creates its devices (reference/device/run_memory_budget.h).
  setenv("NNRT_REFERENCE_RUN_MEMORY_BUDGET", "16777216", 1);
  setenv("NNRT_REFERENCE_RUN_WORK_BUDGET", "64M", 1);  // C-760: a second or so under ASan
  return 0;
}

// Opcode byte: its value mod 6 picks the family, the rest (op / 6) the call.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nnrt::fuzz::ByteReader in(data, size);
  nnrt::fuzz::ApiState state;
  for (size_t step = 0; step < kMaxSteps && in.remaining() > 0; ++step) {
    const uint8_t op = in.U8();
    const uint8_t call = static_cast<uint8_t>(op / 6);
    switch (op % 6) {
      case 0: nnrt::fuzz::ModelStep(&state, call % 11, &in); break;
      case 1: nnrt::fuzz::DescStep(&state, call % 7, &in); break;
      case 2: nnrt::fuzz::QuantStep(&state, call % 5, &in); break;
      case 3: nnrt::fuzz::CompilationStep(&state, call, &in); break;
      default: nnrt::fuzz::ExecutionStep(&state, call, &in); break;
    }
  }
  return 0;
}
