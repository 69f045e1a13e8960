#!/usr/bin/env bash
# Runs every test of the project (unit tests, golden files, the conformance suite in its
# quick setting, the sample-driver checks) and prints a closing line "N passed, N failed".
# Usage: scripts/run_tests.sh [--asan] [extra bazel test args...]
# Without --asan it then runs, each in an output base of its own (the default
# build's cache stays warm): the clang -O3 step, an ASan + UBSan step on the unit
# tests and the quick conformance suite (ASAN_STEP=0 skips it), a ThreadSanitizer
# step on the tests tagged "concurrency" (TSAN_STEP=0 skips it) and every fuzz
# target for FUZZ_SECONDS (default 45; 0 skips), failing on any finding.
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

# Each `bazel test` below writes its build events; the closing line counts the
# test.xml files they name (this run's tests, cached or not), never a stale
# report left in a testlogs tree by an earlier run (e.g. a shard layout since changed).
bep_dir="$(mktemp -d /tmp/nnrt-bep.XXXXXX)"
trap 'rm -rf "$bep_dir"' EXIT

bazel test "${config[@]}" --build_event_json_file="$bep_dir/default.json" //... "$@"
status=$?

# Same bits with another compiler and optimisation level (C-433): the golden
# files, the operator and the numerics tests built with clang at -O3, in an
# output base of their own so the default build's cache stays warm.
if [ "${#config[@]}" -eq 0 ]; then
  clang_base="${HOME}/.cache/bazel-clang/$(pwd | md5sum | cut -c1-12)"
  bazel --output_base="$clang_base" test --repo_env=CC=clang -c opt --copt=-O3 --build_event_json_file="$bep_dir/clang.json" \
    //golden:golden_test //reference/ops:ops_test //reference/numerics:numerics_test
  clang_status=$?
  [ "$status" -eq 0 ] && status=$clang_status
  bazel --output_base="$clang_base" shutdown >/dev/null 2>&1

  # ASan + UBSan on the unit tests, the fuzz seed replays and the conformance
  # tests (runner, graphs, models, golden replay, reports). The operator
  # end-to-end tests, the quick conformance suite, the invalid-model families
  # and the execution modes (about 14 minutes of the 2 cores under ASan alone)
  # stay behind `run_tests.sh --asan` (every test), to keep this step near
  # 8 minutes (docs/conformance.md "Sanitizers and fuzzing in CI").
  if [ "${ASAN_STEP:-1}" != 0 ]; then
    asan_base="${HOME}/.cache/bazel-asan/$(pwd | md5sum | cut -c1-12)"
    step_start=$(date +%s)
    mapfile -t asan_targets < <(bazel --output_base="$asan_base" query \
      'tests(//reference/... + //fuzz/... + //conformance/...) except filter("_e2e_test$", tests(//reference/...)) except //conformance:conformance_test except //conformance:invalid_model_test except //conformance:modes_test' 2>/dev/null)
    bazel --output_base="$asan_base" test --config=asan --build_event_json_file="$bep_dir/asan.json" "${asan_targets[@]}"
    asan_status=$?
    [ "$status" -eq 0 ] && status=$asan_status
    bazel --output_base="$asan_base" shutdown >/dev/null 2>&1
    echo "ASan/UBSan step: ${#asan_targets[@]} test targets, $(( $(date +%s) - step_start )) s, exit $asan_status"
  fi

  # ThreadSanitizer on the concurrency tests (C-761).
  if [ "${TSAN_STEP:-1}" != 0 ]; then
    tsan_base="${HOME}/.cache/bazel-tsan/$(pwd | md5sum | cut -c1-12)"
    step_start=$(date +%s)
    bazel --output_base="$tsan_base" test --config=tsan --test_tag_filters=concurrency \
      --build_event_json_file="$bep_dir/tsan.json" //reference/...
    tsan_status=$?
    [ "$status" -eq 0 ] && status=$tsan_status
    bazel --output_base="$tsan_base" shutdown >/dev/null 2>&1
    echo "TSan step: $(( $(date +%s) - step_start )) s, exit $tsan_status"
  fi

  # Every fuzz target for FUZZ_SECONDS on its seed corpus (fuzz/README.md); a
  # finding fails the run. Each target counts as one case of the closing line.
  fuzz_passed=0
  fuzz_failed=0
  if [ "${FUZZ_SECONDS:-45}" != 0 ]; then
    fuzz_log="$(mktemp /tmp/nnrt-fuzz-step.XXXXXX)"
    bash scripts/fuzz.sh "${FUZZ_SECONDS:-45}" 2>&1 | tee "$fuzz_log"
    fuzz_status=${PIPESTATUS[0]}
    [ "$status" -eq 0 ] && status=$fuzz_status
    fuzz_passed=$(grep -cE '^[a-z_]+_fuzzer +ok ' "$fuzz_log")
    fuzz_failed=$(grep -cE '^[a-z_]+_fuzzer +FINDING ' "$fuzz_log")
    [ "$fuzz_status" -ne 0 ] && [ "$fuzz_failed" -eq 0 ] && fuzz_failed=1  # the build failed
    rm -f "$fuzz_log"
  fi
fi

# Count gtest cases from the XML reports of this run: the test.xml of every
# test target / shard the build events above report.
read -r passed failed < <(python3 - "$bep_dir" <<'PY'
import glob, json, os, sys
import xml.etree.ElementTree as ET
from urllib.parse import unquote
passed = failed = 0
paths = []
for bep in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    with open(bep) as f:
        for line in f:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            for out in event.get("testResult", {}).get("testActionOutput", []):
                uri = out.get("uri", "")
                if out.get("name") == "test.xml" and uri.startswith("file://"):
                    paths.append(unquote(uri[len("file://"):]))
for path in sorted(set(paths)):
    try:
        tree = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
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
passed=$(( ${passed:-0} + ${fuzz_passed:-0} ))
failed=$(( ${failed:-0} + ${fuzz_failed:-0} ))
if [ "$status" -ne 0 ] && [ "${failed:-0}" -eq 0 ]; then
  failed=1  # a build failure or a crash that left no XML still counts as a failure
fi
echo "${passed:-0} passed, ${failed:-0} failed"
exit "$status"
