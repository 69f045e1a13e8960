#!/bin/bash
# //conformance's driver-dependent tests (node specs, random graphs, execution
# modes, invalid models, golden files) against libnnrt_armnn_driver.so with
# its waiver file, in the quick setting (NNRT_CTS_CASES, default 10). Runs
# under `bazel test //cts_driver/drivers/armnn:conformance_test`; each test
# binary comes with its runfiles (this test's data).
set -u
root="${TEST_SRCDIR:-$PWD/..}/nnrt_kit"
export NNRT_CTS_DRIVER="$root/cts_driver/drivers/armnn/libnnrt_armnn_driver.so"
export NNRT_CTS_WAIVERS="$root/cts_driver/drivers/armnn/waivers.txt"
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
  echo "FAILED against the Arm NN driver: ${failed[*]}"
  exit 1
fi
echo "all //conformance driver tests pass against the Arm NN driver (with its waivers)"
