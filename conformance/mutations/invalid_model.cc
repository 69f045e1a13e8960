// The invalid-model checks (docs/conformance.md "Invalid models"): what the
// reference and a candidate answer to a mutated model, and the C-211 rule that
// judges the answers. The wrong-run-input probes are in run_probes.cc, the
// property over spec x family in invalid_suite.cc.
#include "conformance/mutations/invalid_model.h"

#include <cstdlib>
#include <memory>

#include "conformance/mutations/isolated_child.h"
#include "conformance/runner.h"
#include "reference/device/interpreter.h"
#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace cts {
namespace {

using invalid_model_internal::CodeName;
using invalid_model_internal::DriverError;
using invalid_model_internal::RunForked;
using Emit = EmitRecord;

// ---- DeviceAnswers <-> records ------------------------------------------------------------------

std::vector<std::string> AnswersToRecords(const DeviceAnswers& a) {
  std::string bits;
  for (bool b : a.supported) bits.push_back(b ? '1' : '0');
  return {a.support_asked ? "1" : "0", std::to_string(static_cast<int32_t>(a.support_code)), a.support_message, bits,
          std::to_string(static_cast<int32_t>(a.prepare_code)), a.prepare_message,
          a.prepared_model_returned ? "1" : "0"};
}

bool AnswersFromRecords(const std::vector<std::string>& r, DeviceAnswers* a) {
  if (r.size() != 7) return false;
  a->support_asked = r[0] == "1";
  a->support_code = static_cast<NNRT_ReturnCode>(std::atoi(r[1].c_str()));
  a->support_message = r[2];
  a->supported.clear();
  for (char c : r[3]) a->supported.push_back(c == '1');
  a->prepare_code = static_cast<NNRT_ReturnCode>(std::atoi(r[4].c_str()));
  a->prepare_message = r[5];
  a->prepared_model_returned = r[6] == "1";
  return true;
}

// The candidate's answers in this process. PrepareModel is called through the
// raw table so that "an error AND a prepared model" is visible (the RAII
// wrapper hides it on purpose).
DeviceAnswers AskCandidateHere(const Candidate& candidate, MutationLevel level, const MutatedCase& m) {
  DeviceAnswers a;
  if (level != MutationLevel::kConfig) {
    a.support_asked = true;
    const Status st = candidate.device->GetSupportedOperation(m.test_case.model, &a.supported);
    a.support_code = st.code();
    a.support_message = st.message();
  }
  std::unique_ptr<HalModelView> view;
  const Status built = HalModelView::Build(m.test_case.model, HalViewOptions{}, &view);
  if (!built.ok()) {  // cannot happen below 4 GiB of constants; never reached the driver
    a.prepare_code = NNRT_FAILED;
    a.prepare_message = "the harness could not build the HAL view: " + built.ToString();
    return a;
  }
  HalModelConfigView config(m.config);
  const NNRT_HalDriver& driver = candidate.device->driver();
  NNRT_HalPreparedModel* prepared = nullptr;
  const int32_t rc = driver.PrepareModel(candidate.device->raw(), view->get(), config.get(), &prepared);
  a.prepare_code = static_cast<NNRT_ReturnCode>(rc);
  a.prepared_model_returned = prepared != nullptr;
  if (rc != NNRT_SUCCESS) {
    a.prepare_message = DriverError(driver);
  } else if (prepared != nullptr) {
    driver.ReleasePreparedModel(prepared);
  }
  return a;
}

}  // namespace

// ---- C-211: what counts as a rejection ----------------------------------------------------------

RejectionVerdict JudgeRejection(MutationLevel level, const MutatedCase& m, const DeviceAnswers& a) {
  RejectionVerdict v;
  if (!a.crash.empty()) {
    v.message = "the driver crashed or hung on an invalid model: " + a.crash;
    return v;
  }
  std::string how;
  if (a.support_asked) {
    if (a.support_code != NNRT_SUCCESS) {
      how = "GetSupportedOperation " + CodeName(a.support_code);
    } else if (level == MutationLevel::kStructure) {
      v.message = "GetSupportedOperation returned success on a structurally invalid model (C-211: must be an error)";
      return v;
    } else {
      const bool flagged = m.mutated_node >= 0 && static_cast<size_t>(m.mutated_node) < a.supported.size() &&
                           !a.supported[static_cast<size_t>(m.mutated_node)];
      if (!flagged) {
        v.message = "GetSupportedOperation reported the invalid node " + std::to_string(m.mutated_node) +
                    " supported (C-211: error or false)";
        return v;
      }
      how = "GetSupportedOperation: node " + std::to_string(m.mutated_node) + " unsupported";
    }
  }
  if (a.prepare_code == NNRT_SUCCESS) {
    v.message = "PrepareModel accepted the invalid model";
    return v;
  }
  if (a.prepared_model_returned) {
    v.message = "PrepareModel returned " + CodeName(a.prepare_code) + " but also a prepared model";
    return v;
  }
  v.rejected = true;
  v.message = (how.empty() ? "" : how + "; ") + "PrepareModel " + CodeName(a.prepare_code) +
              (a.prepare_message.empty() ? "" : " (" + a.prepare_message + ")");
  return v;
}

DeviceAnswers AskReference(MutationLevel level, const MutatedCase& m) {
  DeviceAnswers a;
  if (level != MutationLevel::kConfig) {
    a.support_asked = true;
    const Status st = SupportedOperations(m.test_case.model, &a.supported);
    a.support_code = st.code();
    a.support_message = st.message();
  }
  // The reference device checks the config first, then prepares (reference_device.cc ReadConfig).
  Status st = ValidateModelConfigValues(m.config);
  if (st.ok()) {
    std::unique_ptr<PreparedInterpreter> prepared;
    st = PrepareInterpreter(m.test_case.model, &prepared);
    a.prepared_model_returned = st.ok() && prepared != nullptr;
  }
  a.prepare_code = st.code();
  a.prepare_message = st.message();
  return a;
}

DeviceAnswers AskCandidate(const Candidate& candidate, MutationLevel level, const MutatedCase& m, bool isolate,
                           int timeout_seconds) {
  if (!isolate) return AskCandidateHere(candidate, level, m);
  std::string crash;
  const std::vector<std::string> records = RunForked(
      [&](const Emit& emit) {
        for (const std::string& r : AnswersToRecords(AskCandidateHere(candidate, level, m))) emit(r);
      },
      timeout_seconds, &crash);
  DeviceAnswers a;
  if (!crash.empty()) {
    a.crash = crash;
  } else if (!AnswersFromRecords(records, &a)) {
    a.crash = "isolation: the child's answers could not be read";
  }
  return a;
}

}  // namespace cts
}  // namespace nnrt
