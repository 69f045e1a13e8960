#!/bin/bash
# //conformance's driver-dependent tests (node specs, random graphs, execution
# modes, invalid models, golden files) against one HAL driver with its waiver
# file, in the quick setting (NNRT_CTS_CASES, default 10). Each driver's
# `conformance_test` (an sh_test in its folder) runs this script with
#   args = [<driver .so>, <waiver file>, <driver name>]
# (paths relative to the workspace root); each test binary comes with its
# runfiles (the sh_test's data).
set -u
if [ $# -ne 3 ]; then
  echo "usage: $0 <driver.so> <waivers.txt> <driver name>  (paths relative to the workspace)" >&2
  exit 2
fi
root="${TEST_SRCDIR:-$PWD/..}/nnrt_kit"
name="$3"
export NNRT_CTS_DRIVER="$root/$1"
export NNRT_CTS_WAIVERS="$root/$2"
export NNRT_CTS_MUSTPASS="$root/conformance/mustpass.txt"
export NNRT_CTS_CASES="${NNRT_CTS_CASES:-10}"
# The inner gtest binaries must not write this test's XML or shard files.
unset XML_OUTPUT_FILE TEST_SHARD_STATUS_FILE TEST_TOTAL_SHARDS TEST_SHARD_INDEX GTEST_SHARD_INDEX GTEST_TOTAL_SHARDS
failed=()
for t in conformance_test graph_test modes_test invalid_model_test golden_replay_test; do
  echo "=== //conformance:$t against $NNRT_CTS_DRIVER (cases $NNRT_CTS_CASES, waivers $NNRT_CTS_WAIVERS)"
  if ! "$root/conformance/$t"; then failed+=("$t"); fi
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "FAILED against the $name driver: ${failed[*]}"
  exit 1
fi
echo "all //conformance driver tests pass against the $name driver (with its waivers)"
