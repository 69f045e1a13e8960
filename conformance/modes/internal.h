// Internal to the execution modes (modes.h): the helpers the modes share
// (defined in modes.cc) and the mode functions that live in their own files.
#ifndef NNRT_CONFORMANCE_MODES_INTERNAL_H_
#define NNRT_CONFORMANCE_MODES_INTERNAL_H_

#include <memory>
#include <string>
#include <vector>

#include "conformance/modes/modes.h"
#include "conformance/runner.h"
#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace cts {
namespace modes_internal {

// ---- Shared helpers (modes.cc) ----

CandidateRun Verdicted(Verdict v, std::string message);
CandidateRun Fail(std::string message);
CandidateRun Skip(std::string message);

// Output slots with the reference's byte size as capacity (at least 1 byte).
std::vector<HostTensor> OutputSlots(const std::vector<HostTensor>& reference_outputs);

Status RunPrepared(const HalPreparedModel& prepared, const std::vector<HostTensor>& inputs,
                   const std::vector<HostTensor>& reference_outputs, std::vector<HostTensor>* outputs);

// "" when a and b are bitwise identical (dims, data type, bytes), else where they differ.
std::string BitwiseDifference(const std::vector<HostTensor>& a, const std::vector<HostTensor>& b);

// GetSupportedOperation + PrepareModel as RunOnCandidate does them: an
// unsupported node is kUnsupported, a supported one must prepare (C-86).
CandidateRun PrepareSupported(const Candidate& candidate, const Model& model, const ModelConfig& config,
                              std::unique_ptr<HalPreparedModel>* prepared);

bool IsNotSupportedCode(const Status& st);

// ---- Modes in their own files ----

// modes_cache.cc
CandidateRun RunCacheRoundTrip(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                               const std::vector<HostTensor>& inputs,
                               const std::vector<HostTensor>& reference_outputs);
CandidateRun RunCacheCorruption(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                                const std::vector<HostTensor>& inputs,
                                const std::vector<HostTensor>& reference_outputs);

// modes_dynamic_shape.cc
CandidateRun RunDynamicShape(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                             const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs);

// modes_device_buffers.cc
CandidateRun RunDeviceBuffers(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                              const std::vector<HostTensor>& inputs,
                              const std::vector<HostTensor>& reference_outputs);

}  // namespace modes_internal
}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODES_INTERNAL_H_
