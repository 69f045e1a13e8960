// Waivers and the must-pass list (docs/conformance.md
// "Waivers and must-pass"). A vendor points the suite at a waiver file
// (--waivers FILE, or $NNRT_CTS_WAIVERS under bazel test); a failing case whose
// (node type, data type, mode) cell a waiver covers is reported as "waived",
// not "failed". The checked-in must-pass list (conformance/mustpass.txt) names
// cells no waiver may cover: a waiver file that tries is rejected as a whole.
#ifndef NNRT_CONFORMANCE_WAIVERS_H_
#define NNRT_CONFORMANCE_WAIVERS_H_

#include <string>
#include <vector>

#include "conformance/suite_environment.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace cts {

// One line "NODE_TYPE | dtype | mode | reason | issue link" ("*" = any in the
// first three fields). dtype is the report's column label: "float32",
// "int8(q)", "uint8(q)", ...; mode is "default", "fp16" or an execution mode
// name (conformance/modes/modes.h).
struct Waiver {
  std::string node_type;
  std::string dtype;
  std::string mode;
  std::string reason;
  std::string link;
  std::string source;  // "file:line", for messages
  bool Matches(const std::string& node, const std::string& dt, const std::string& m) const;
};

// One line "NODE_TYPE dtype" ("*" as dtype = every data type of the node type).
struct MustPassEntry {
  std::string node_type;
  std::string dtype;
  std::string source;
};

class MustPassList {
 public:
  static Status Parse(const std::string& text, const std::string& source_name, MustPassList* out);
  static Status Load(const std::string& path, MustPassList* out);
  bool Contains(const std::string& node, const std::string& dtype) const;
  const std::vector<MustPassEntry>& entries() const { return entries_; }

 private:
  std::vector<MustPassEntry> entries_;
};

class WaiverSet {
 public:
  // Rejects malformed lines, unknown node types / data types / modes and
  // empty reasons or links, each with the file:line in the message.
  static Status Parse(const std::string& text, const std::string& source_name, WaiverSet* out);
  static Status Load(const std::string& path, WaiverSet* out);
  // NNRT_INVALID_PARAMETER naming both lines when a waiver covers a must-pass cell.
  Status CheckMustPass(const MustPassList& must_pass) const;
  // The first waiver covering the cell, or nullptr.
  const Waiver* Find(const std::string& node, const std::string& dtype, const std::string& mode) const;
  const std::vector<Waiver>& waivers() const { return waivers_; }

 private:
  std::vector<Waiver> waivers_;
};

// The checked-in must-pass list in the runfiles ($TEST_SRCDIR/nnrt_kit/
// conformance/mustpass.txt) or next to `argv0`; $NNRT_CTS_MUSTPASS overrides.
std::string DefaultMustPassPath(const std::string& argv0 = "");

// A checked-in file or directory of the workspace: `override_path` (a
// SuiteEnvironment setting such as NNRT_CTS_MUSTPASS) when set and not empty,
// else `workspace_relative` in the runfiles (Bazel test or `bazel run`, or
// next to the binary `argv0`). "" when none is readable.
std::string FindRunfile(const EnvValue& override_path, const std::string& workspace_relative, const std::string& argv0);

// Loads `waiver_path` (empty: no waivers) and checks it against the must-pass
// list at `must_pass_path` (empty: DefaultMustPassPath). A waiver file given
// without a readable must-pass list is an error: the check must not be skipped.
Status LoadWaivers(const std::string& waiver_path, const std::string& must_pass_path, WaiverSet* out);
// The same with $NNRT_CTS_WAIVERS / $NNRT_CTS_MUSTPASS.
Status LoadWaiversFromEnv(WaiverSet* out);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_WAIVERS_H_
