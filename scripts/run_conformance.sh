#!/usr/bin/env bash
# Runs the whole conformance suite (node specs, random graphs, execution modes,
# invalid models, golden files) against the built-in reference driver and prints
# a human-readable summary (node type x data type: passed / failed / unsupported).
# Extra arguments go to `nnrt_cts run` (e.g. --cases 500 --seed 42 --report DIR).
# To test another driver: NNRT_CTS_DRIVER=/abs/lib.so bash scripts/run_conformance.sh
# The build is optimised (.bazelrc: -c opt); NNRT_BAZEL_FLAGS="-c dbg" builds for a debugger.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
bazel build ${NNRT_BAZEL_FLAGS:-} //cts_driver:nnrt_cts //reference:libnnrt_reference_driver.so
driver="${NNRT_CTS_DRIVER:-$PWD/bazel-bin/reference/libnnrt_reference_driver.so}"
export NNRT_CTS_GOLDEN="${NNRT_CTS_GOLDEN:-$PWD/golden/data}"
exec bazel-bin/cts_driver/nnrt_cts run --driver "$driver" "$@"
