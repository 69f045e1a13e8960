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

bazel test "${config[@]}" //... "$@"
status=$?

# Count gtest cases from the XML reports of this run (one report per test target/shard).
read -r passed failed < <(python3 - "$(bazel info "${config[@]}" bazel-testlogs 2>/dev/null)" <<'PY'
import glob, os, sys
import xml.etree.ElementTree as ET
root = sys.argv[1]
passed = failed = 0
for path in glob.glob(os.path.join(root, "**", "test.xml"), recursive=True):
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
