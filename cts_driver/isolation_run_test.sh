#!/usr/bin/env bash
# `nnrt_cts run` isolates without a fork per case (C-930): a worker runs its
# unit's candidate steps in-process, and when the driver crashes or hangs the
# worker is replaced and the unit rerun with a fork per step. The run must
# print and report exactly what `--fork-each-case` does with the same seed —
# the failing case named, shrunk, written as a file — and that file must
# replay to the same failure. Once for a crash (SIGFPE), once for a hang.
set -euo pipefail

runfiles="${TEST_SRCDIR:?run with bazel test}/nnrt_kit"
cts="$runfiles/cts_driver/nnrt_cts"
tmp="${TEST_TMPDIR:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }

# run NAME ARGS...: one run that must fail (exit 1), its stdout in $tmp/NAME.log.
run() {
  local name="$1"
  shift
  set +e
  "$cts" run "$@" --report "$tmp/report_$name" --profile > "$tmp/$name.log" 2> "$tmp/$name.err"
  local rc=$?
  set -e
  [ "$rc" -eq 1 ] || fail "$name exited $rc, want 1: $(tail -5 "$tmp/$name.log") $(tail -5 "$tmp/$name.err")"
}

# agree A B: the two runs printed (profile and throughput aside) and reported the same.
agree() {
  local filter='/ cases in .* cases\/s on /d; /^report: /d; /^profile (/,/^$/d; /^costs (/,/^$/d; /^  \(part\|node specs\|graphs\|modes\|invalid models\|golden\|models\) |/d'
  diff <(sed -e "$filter" "$tmp/$1.log" | sed -e "s|$tmp/cases_$1|CASES|g") \
       <(sed -e "$filter" "$tmp/$2.log" | sed -e "s|$tmp/cases_$2|CASES|g") \
    || fail "$1 and $2 printed different results"
  python3 - "$tmp/report_$1/cts_report.json" "$tmp/report_$2/cts_report.json" "$tmp/cases_$1" "$tmp/cases_$2" <<'PY' \
    || fail "$1 and $2: the reports differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for r in (a, b):
    for key in ("cases per second", "elapsed", "jobs"):
        r["info"].pop(key, None)
sa, sb = (json.dumps(r, sort_keys=True) for r in (a, b))
sa = sa.replace(sys.argv[3], "CASES")
sb = sb.replace(sys.argv[4], "CASES")
if sa != sb:
    print(sa[:2000], "\nvs\n", sb[:2000])
    sys.exit(1)
PY
}

# check NAME DRIVER SPEC WORDS TIMEOUT: fast isolation against --fork-each-case, then the replay.
check() {
  local name="$1" driver="$runfiles/cts_driver/libnnrt_mutant_$2.so" spec="$3" words="$4" timeout="$5"
  local args=(--driver "$driver" --only "$spec" --cases 30 --seed 7 --modes none --no-invalid --timeout "$timeout")
  run "${name}_fork" "${args[@]}" --jobs 1 --fork-each-case --out "$tmp/cases_${name}_fork"
  run "${name}_fast" "${args[@]}" --jobs 2 --out "$tmp/cases_${name}_fast"
  agree "${name}_fork" "${name}_fast"
  grep -q "FAIL  $spec" "$tmp/${name}_fast.log" || fail "$name: $spec did not fail"
  grep -Eq "^ +all +.* +[1-9][0-9]*$" "$tmp/${name}_fast.log" || fail "$name: the profile shows no rerun"
  local file
  file="$(sed -n 's/^counterexample written to //p' "$tmp/${name}_fast.log" | head -1)"
  [ -f "$file" ] || fail "$name: no counterexample file"
  grep -q "$words" "$file" || fail "$name: the written case does not say '$words'"
  set +e
  "$cts" replay "$file" --driver "$driver" --timeout "$timeout" > "$tmp/${name}_replay.log" 2>&1
  local rc=$?
  set -e
  [ "$rc" -eq 1 ] || fail "$name: the replay exited $rc, want 1: $(cat "$tmp/${name}_replay.log")"
  grep -q "$words" "$tmp/${name}_replay.log" || fail "$name: the replay does not say '$words'"
}

check crash div_by_zero_traps DIV_FUSION "signal" 20
check hang sqrt_newton_hangs_on_nan SQRT "timeout" 2
echo "PASS: a crashing and a hanging driver are isolated, attributed, shrunk and replayable without a fork per case"
