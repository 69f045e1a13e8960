#!/usr/bin/env bash
# `nnrt_cts run --jobs N` prints and reports what `--jobs 1` does with the same
# seed (C-750): once on a wrong driver (failing cases, shrunk counterexample
# files, the invalid-model part and every mode) and once over the whole suite
# on the reference (random graphs and the golden files included). Only the
# throughput line, the report paths and the report's "jobs", "cases per
# second" and "elapsed" entries may differ.
set -euo pipefail

runfiles="${TEST_SRCDIR:?run with bazel test}/nnrt_kit"
cts="$runfiles/cts_driver/nnrt_cts"
wrong="$runfiles/cts_driver/libnnrt_mutant_conv_pad_off_by_one.so"
reference="$runfiles/reference/libnnrt_reference_driver.so"
export NNRT_CTS_GOLDEN="$runfiles/golden/data"
tmp="${TEST_TMPDIR:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }

# run NAME JOBS WANT_EXIT ARGS...: one run, its stdout in $tmp/NAME_JOBS.log.
run() {
  local name="$1" jobs="$2" want="$3"
  shift 3
  set +e
  "$cts" run "$@" --jobs "$jobs" --report "$tmp/report_${name}_$jobs" > "$tmp/${name}_$jobs.log" 2> "$tmp/${name}_$jobs.err"
  local rc=$?
  set -e
  [ "$rc" -eq "$want" ] || fail "$name --jobs $jobs exited $rc, want $want: $(tail -5 "$tmp/${name}_$jobs.log")"
  grep -q "cases/s on $jobs worker process" "$tmp/${name}_$jobs.log" || fail "$name --jobs $jobs: no throughput line"
}

# same NAME: the two runs agree.
same() {
  local name="$1"
  local filter='/ cases in .* cases\/s on /d; /^report: /d'
  diff <(sed -e "$filter" "$tmp/${name}_1.log") <(sed -e "$filter" "$tmp/${name}_3.log") \
    || fail "$name: --jobs 3 printed something else than --jobs 1"
  python3 - "$tmp/report_${name}_1/cts_report.json" "$tmp/report_${name}_3/cts_report.json" <<'PY' \
    || fail "$name: the reports differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for r in (a, b):
    for key in ("jobs", "cases per second", "elapsed"):
        assert key in r["info"], key
        del r["info"][key]
if a != b:
    for k in a:
        if a[k] != b[k]:
            print("differs:", k, str(a[k])[:400], "\nvs", str(b[k])[:400])
    sys.exit(1)
PY
}

wrong_args=(--driver "$wrong" --only CONV2D_FUSION,ADD_FUSION,SOFTMAX --cases 12 --seed 11 --out "$tmp/cases")
run wrong 1 1 "${wrong_args[@]}"
run wrong 3 1 "${wrong_args[@]}"
same wrong
grep -q "FAIL  CONV2D_FUSION" "$tmp/wrong_1.log" || fail "the wrong driver's conv failure is missing"
grep -q "counterexample written to" "$tmp/wrong_3.log" || fail "no counterexample file in the --jobs 3 run"

whole_args=(--driver "$reference" --cases 2 --seed 3)
run whole 1 0 "${whole_args[@]}"
run whole 3 0 "${whole_args[@]}"
same whole
grep -q "^random graphs: " "$tmp/whole_3.log" || fail "the whole-suite run has no graph part"
grep -q "^golden files: [0-9]* replayed" "$tmp/whole_3.log" || fail "the whole-suite run has no golden part"
echo "PASS: --jobs 3 prints and reports what --jobs 1 does"
