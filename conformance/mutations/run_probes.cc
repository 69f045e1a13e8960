// The wrong-run-input probes (C-213, invalid_model.h): a valid prepared model
// must refuse wrong inputs at run time, each probe in a forked child when
// isolation is on (C-89).
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "conformance/mutations/index_probes.h"
#include "conformance/mutations/invalid_model.h"
#include "conformance/mutations/isolated_child.h"
#include "conformance/runner.h"
#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace cts {

using invalid_model_internal::CodeName;
using invalid_model_internal::DriverError;
using invalid_model_internal::RunForked;
using Emit = EmitRecord;

// ---- C-213: wrong inputs at run time --------------------------------------------------------------

const std::vector<std::string>& RunProbeNames() {
  static const std::vector<std::string>* const names = new std::vector<std::string>{
      "input_count_missing", "input_count_extra", "input_shape_wrong",      "input_bytes_short",
      "input_null_buffer",   "input_dtype_wrong", "output_buffer_too_small", "output_count_missing",
      "index_negative",      "index_past_end",
  };
  return *names;
}

namespace {

// Another data type of the same element size: only a dtype check catches it.
bool SameSizeOtherType(DataType t, DataType* other) {
  switch (t) {
    case DataType::kFloat32: *other = DataType::kInt32; return true;
    case DataType::kInt32: *other = DataType::kFloat32; return true;
    case DataType::kFloat16: *other = DataType::kInt16; return true;
    case DataType::kInt16: *other = DataType::kFloat16; return true;
    case DataType::kInt8: *other = DataType::kUint8; return true;
    case DataType::kUint8: *other = DataType::kInt8; return true;
    case DataType::kBool: *other = DataType::kInt8; return true;
    case DataType::kInt64: *other = DataType::kFloat64; return true;
    case DataType::kFloat64: *other = DataType::kInt64; return true;
    default: return false;
  }
}

// Runs every probe in this process; records: "skip", reason | "start", probe |
// "result", probe, applicable, rc, message, expected code ("" = any error).
void RunProbesHere(const Candidate& candidate, const TestCase& valid, const ModelConfig& config,
                   const std::string& only, const Emit& emit) {
  std::vector<HostTensor> inputs, reference;
  Status st = CaseInputs(valid, &inputs);
  if (st.ok()) st = RunReference(valid, &reference);
  if (!st.ok()) {
    emit("skip");
    emit("the reference cannot run the valid case: " + st.ToString());
    return;
  }
  std::vector<bool> supported;
  st = candidate.device->GetSupportedOperation(valid.model, &supported);
  const bool all_supported = st.ok() && std::all_of(supported.begin(), supported.end(), [](bool b) { return b; });
  std::unique_ptr<HalPreparedModel> prepared;
  if (all_supported) st = candidate.device->PrepareModel(valid.model, config, &prepared);
  if (!all_supported || !st.ok()) {
    emit("skip");
    emit(all_supported ? "PrepareModel failed: " + st.ToString() : "the candidate does not support the valid case");
    return;
  }
  const NNRT_HalDriver& driver = candidate.device->driver();
  for (const std::string& probe : RunProbeNames()) {
    if (!only.empty() && probe != only) continue;
    emit("start");
    emit(probe);
    // Fresh, correct IO for every probe; then one thing broken.
    std::vector<HostTensor> in = inputs;
    std::vector<std::vector<uint8_t>> out_bytes;
    for (const HostTensor& r : reference) out_bytes.emplace_back(std::max<size_t>(r.data.size(), 1), 0);
    std::vector<NNRT_HalIOTensor> in_io, out_io;
    for (HostTensor& t : in) in_io.push_back(HostIOTensor(t.name, t.data_type, t.dims, t.data.data(), t.data.size()));
    for (size_t i = 0; i < reference.size(); ++i) {
      out_io.push_back(HostIOTensor(reference[i].name, reference[i].data_type, reference[i].dims, out_bytes[i].data(),
                                    out_bytes[i].size()));
    }
    Dims wrong_dims;
    bool applicable = true;
    std::string expected_code;  // the index probes: the reference's code (C-351)
    const bool has_input = !in_io.empty();
    const size_t elem = has_input ? DataTypeSize(in[0].data_type) : 0;
    if (probe == "input_count_missing") {
      applicable = has_input;
      if (applicable) in_io.pop_back();
    } else if (probe == "input_count_extra") {
      applicable = has_input;
      if (applicable) in_io.push_back(in_io[0]);
    } else if (probe == "input_shape_wrong") {
      // A leading 1: same byte size, a rank the fixed-shape model input does not have.
      applicable = has_input && in[0].dims.size() < NNRT_HAL_MAX_RANK && !IsDynamic(in[0].dims);
      if (applicable) {
        wrong_dims = in[0].dims;
        wrong_dims.insert(wrong_dims.begin(), 1);
        in_io[0].dims = wrong_dims.data();
        in_io[0].dimCount = static_cast<uint32_t>(wrong_dims.size());
      }
    } else if (probe == "input_bytes_short") {
      applicable = has_input && elem > 0 && in[0].data.size() >= elem;
      if (applicable) {
        in_io[0].data.dataSize -= static_cast<uint32_t>(elem);
        in_io[0].data.bufferSize -= static_cast<uint32_t>(elem);
      }
    } else if (probe == "input_null_buffer") {
      applicable = has_input && !in[0].data.empty();
      if (applicable) in_io[0].data.hostAddress = nullptr;
    } else if (probe == "input_dtype_wrong") {
      DataType other;
      applicable = has_input && SameSizeOtherType(in[0].data_type, &other);
      if (applicable) in_io[0].dataType = static_cast<int32_t>(other);
    } else if (probe == "output_buffer_too_small") {
      applicable = !reference.empty() && !reference[0].data.empty();
      if (applicable) {
        out_io[0].data.dataSize -= 1;
        out_io[0].data.bufferSize -= 1;
      }
    } else if (probe == "output_count_missing") {
      applicable = !out_io.empty();
      if (applicable) out_io.pop_back();
    } else if (IsIndexProbe(probe)) {
      // The bytes change in place: in_io still points at them.
      NNRT_ReturnCode code = NNRT_SUCCESS;
      std::string detail;
      applicable = ApplyIndexProbe(valid, probe, &in, &code, &detail);
      if (applicable) expected_code = std::to_string(static_cast<int32_t>(code));
    }
    int32_t rc = NNRT_SUCCESS;
    std::string message;
    if (applicable) {
      std::vector<NNRT_HalShape> shapes(std::max<size_t>(out_io.size(), reference.size()) + 1);
      rc = driver.Run(prepared->raw(), in_io.empty() ? nullptr : in_io.data(), static_cast<uint32_t>(in_io.size()),
                      out_io.empty() ? nullptr : out_io.data(), static_cast<uint32_t>(out_io.size()), shapes.data());
      if (rc != NNRT_SUCCESS) message = DriverError(driver);
    }
    emit("result");
    emit(probe);
    emit(applicable ? "1" : "0");
    emit(std::to_string(rc));
    emit(message);
    emit(expected_code);
  }
}

}  // namespace

std::vector<RunProbeResult> ProbeWrongRunInputs(const Candidate& candidate, const TestCase& valid,
                                                const ModelConfig& config, bool isolate, int timeout_seconds,
                                                const std::string& only, std::string* skipped) {
  skipped->clear();
  std::vector<std::string> records;
  std::string crash;
  if (isolate) {
    records = RunForked([&](const Emit& emit) { RunProbesHere(candidate, valid, config, only, emit); },
                        timeout_seconds, &crash);
  } else {
    RunProbesHere(candidate, valid, config, only, [&](const std::string& r) { records.push_back(r); });
  }
  std::vector<RunProbeResult> results;
  std::string started;
  for (size_t i = 0; i < records.size();) {
    if (records[i] == "skip" && i + 1 < records.size()) {
      *skipped = records[i + 1];
      return {};
    }
    if (records[i] == "start" && i + 1 < records.size()) {
      started = records[i + 1];
      i += 2;
      continue;
    }
    if (records[i] == "result" && i + 5 < records.size()) {
      RunProbeResult r;
      r.probe = records[i + 1];
      r.applicable = records[i + 2] == "1";
      const int32_t rc = std::atoi(records[i + 3].c_str());
      const std::string& expected = records[i + 5];
      const auto expected_rc = static_cast<NNRT_ReturnCode>(std::atoi(expected.c_str()));
      r.passed = !r.applicable || (expected.empty() ? rc != NNRT_SUCCESS : rc == expected_rc);
      const std::string answer = "Run " + CodeName(static_cast<NNRT_ReturnCode>(rc)) +
                                 (records[i + 4].empty() ? "" : " (" + records[i + 4] + ")");
      r.message = !r.applicable ? "not applicable"
                  : !expected.empty() && rc != expected_rc
                      ? answer + "; expected " + CodeName(expected_rc) +
                            " for an index outside the documented range (C-351: never wrapped or clamped)"
                  : rc != NNRT_SUCCESS ? answer
                                       : "Run returned NNRT_SUCCESS on wrong inputs (C-213: must be an error)";
      results.push_back(r);
      started.clear();
      i += 6;
      continue;
    }
    break;
  }
  if (!crash.empty()) {
    RunProbeResult r;
    r.probe = started.empty() ? "(prepare)" : started;
    r.passed = false;
    r.message = "the driver crashed or hung: " + crash;
    results.push_back(r);
  }
  return results;
}

}  // namespace cts
}  // namespace nnrt
