#!/usr/bin/env bash
# Runs every test of the project (unit tests, golden files, the conformance suite in its
# quick setting, the sample-driver checks) and prints a closing line "N passed, N failed".
# Usage: scripts/run_tests.sh [--asan] [extra bazel test args...]
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh || exit 1

config=()
if [ "${1:-}" = "--asan" ]; then
  config=(--config=asan)
  shift
fi

# `//...` would descend into the convenience symlink named after this checkout's
# directory (bazel-<dir>); .bazelignore can only name one such directory
# (bazel-main). The build recreates the link, so drop it before the pattern is read.
ws_link="bazel-$(basename "$PWD")"
if [ -L "$ws_link" ] && ! grep -qx "$ws_link" .bazelignore 2>/dev/null; then
  rm -f "$ws_link"
fi

bazel test "${config[@]}" //... "$@"
status=$?

# Same bits with another compiler and optimisation level (C-433): the golden
# files, the operator and the numerics tests built with clang at -O3, in an
# output base of their own so the default build's cache stays warm.
testlogs=("$(bazel info "${config[@]}" bazel-testlogs 2>/dev/null)")
if [ "${#config[@]}" -eq 0 ]; then
  clang_base="${HOME}/.cache/bazel-clang/$(pwd | md5sum | cut -c1-12)"
  bazel --output_base="$clang_base" test --repo_env=CC=clang -c opt --copt=-O3 \
    //golden:golden_test //reference/ops:ops_test //reference/numerics:numerics_test
  clang_status=$?
  [ "$status" -eq 0 ] && status=$clang_status
  testlogs+=("$(bazel --output_base="$clang_base" info --repo_env=CC=clang -c opt bazel-testlogs 2>/dev/null)")
  bazel --output_base="$clang_base" shutdown >/dev/null 2>&1
fi

# Count gtest cases from the XML reports of this run (one report per test target/shard).
read -r passed failed < <(python3 - "${testlogs[@]}" <<'PY'
import glob, os, sys
import xml.etree.ElementTree as ET
passed = failed = 0
paths = [p for root in sys.argv[1:] if root for p in glob.glob(os.path.join(root, "**", "test.xml"), recursive=True)]
for path in paths:
    try:
        tree = ET.parse(path).getroot()
    except ET.ParseError:
        failed += 1
        continue
    for case in tree.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.get("status", "run") == "run" and case.find("skipped") is None:
            passed += 1
print(passed, failed)
PY
)
if [ "$status" -ne 0 ] && [ "${failed:-0}" -eq 0 ]; then
  failed=1  # a build failure or a crash that left no XML still counts as a failure
fi
echo "${passed:-0} passed, ${failed:-0} failed"
exit "$status"
