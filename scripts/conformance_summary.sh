#!/bin/sh
# Runs the conformance suite (one rapidcheck property per node spec) against
# the built-in reference driver, or against the driver given as $1 (an
# absolute .so path), and prints the human-readable summary table
# (node type x data type: passed/failed/unsupported). See docs/conformance.md.
#   scripts/conformance_summary.sh [/abs/path/libdriver.so]
# Environment: NNRT_CTS_CASES (default 100), NNRT_CTS_SEED (default random).
set -eu
cd "$(dirname "$0")/.."
cases="${NNRT_CTS_CASES:-100}"
bazel build //cts_driver:nnrt_cts //reference:libnnrt_reference_driver.so >&2
if [ "$#" -ge 1 ]; then
  exec bazel-bin/cts_driver/nnrt_cts run --cases "$cases" --driver "$1"
fi
exec bazel-bin/cts_driver/nnrt_cts run --cases "$cases" \
  --driver "$(pwd)/bazel-bin/reference/libnnrt_reference_driver.so"
