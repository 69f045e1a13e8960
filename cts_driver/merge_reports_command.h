// `nnrt_cts merge-reports [--out DIR] PATH...`: the per-shard reports of a
// sharded `bazel test //conformance` (or of several nnrt_cts runs) merged into
// one DIR/cts_report.json + .html (conformance/report/merge.h).
#ifndef NNRT_CTS_DRIVER_MERGE_REPORTS_COMMAND_H_
#define NNRT_CTS_DRIVER_MERGE_REPORTS_COMMAND_H_

namespace nnrt {
namespace cts {

// argv: the arguments after "merge-reports". Exit 0 when the merged report
// was written, 1 when it lists failed / crashed / timed-out cases, 2 on error.
int MergeReportsCommand(int argc, char** argv);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_MERGE_REPORTS_COMMAND_H_
