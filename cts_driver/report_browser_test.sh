#!/usr/bin/env bash
# The report a sharded run ends with, checked in a real browser: three runs of
# nnrt_cts (standing in for shards; two on a wrong driver, so there is a
# failing case and a failing model) each write a report, `nnrt_cts merge-reports` merges them, and
# headless Chromium loads the merged page. Its DOM must show the totals, the
# matrix with both node types, a failing cell that links to the failure
# with its replay command, and the model section with the failing model's
# localised node and case file. Chromium comes from Debian (scripts/install_deps.sh).
set -euo pipefail

runfiles="${TEST_SRCDIR:?run with bazel test}/nnrt_kit"
cts="$runfiles/cts_driver/nnrt_cts"
wrong="$runfiles/cts_driver/libnnrt_mutant_add_clamp_before_zero_point.so"
reference="$runfiles/reference/libnnrt_reference_driver.so"
tmp="${TEST_TMPDIR:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }

browser="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$browser" ] || fail "chromium is not installed (bash scripts/install_deps.sh installs it)"

common=(--cases 20 --seed 7 --no-invalid --no-graphs --no-golden --modes none)
"$cts" run --driver "$wrong" --only ADD_FUSION "${common[@]}" --report "$tmp/logs/shard_1_of_2" --out "$tmp/cases" \
  > "$tmp/shard1.log" 2>&1 && fail "the wrong driver passed: $(tail -5 "$tmp/shard1.log")"
"$cts" run --driver "$reference" --only SUB_FUSION "${common[@]}" --report "$tmp/logs/shard_2_of_2" \
  > "$tmp/shard2.log" 2>&1 || fail "the reference failed SUB_FUSION: $(tail -5 "$tmp/shard2.log")"
"$cts" run --driver "$wrong" --models "$runfiles/golden/data/models" --report "$tmp/logs/shard_3_of_3" \
  --out "$tmp/cases" > "$tmp/shard3.log" 2>&1 && fail "the wrong driver passed the models: $(tail -5 "$tmp/shard3.log")"

set +e
"$cts" merge-reports --out "$tmp/merged" "$tmp/logs" > "$tmp/merge.log" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "merge-reports exit $rc, want 1 (a failure in the merged report): $(cat "$tmp/merge.log")"
grep -q "merged 3 report(s)" "$tmp/merge.log" || fail "not three reports merged: $(cat "$tmp/merge.log")"

export HOME="$tmp/home"
mkdir -p "$HOME"
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
  --user-data-dir="$tmp/profile" --dump-dom "file://$tmp/merged/cts_report.html" > "$tmp/dom.html" 2> "$tmp/browser.log" \
  || fail "chromium could not load the report: $(tail -5 "$tmp/browser.log")"

dom="$(cat "$tmp/dom.html")"
want() { grep -q -- "$1" <<< "$dom" || fail "the page has no $2 ($1)"; }
want "<h1>NNRt conformance report</h1>" "title"
want "Totals: <span class=\"passed\">[1-9][0-9]* passed</span> <span class=\"failed\">[1-9][0-9]* failed</span>" "totals"
want "<dt>merged reports</dt><dd>3</dd>" "merge count"
want "<td class=\"name\">ADD_FUSION</td>" "ADD_FUSION row"
want "<td class=\"name\">SUB_FUSION</td>" "SUB_FUSION row"
want "<td class=\"failed\"[^>]*><a href=\"#failure-0\">" "failing cell linking to its failure"
want "<h3 id=\"failure-0\" class=\"failed\">ADD_FUSION" "failure heading"
want "Replay: <code>[^<]*nnrt_cts replay $tmp/cases/ADD_FUSION[^<]*\.nnrtcase --driver $wrong" "replay command"
want "<h2 id=\"models\">Models (" "model section"
want "<td class=\"name\">resnet18_int8</td>" "resnet18_int8 model row"
want "<td class=\"failed\"[^>]*>failed</td><td class=\"name\">node [0-9]* '[^']*' (ADD_FUSION)" "failed model with its localised node"
want "case: <code>$tmp/cases/models/resnet18_int8_node[0-9]*\.nnrtcase</code>" "the localised node's case file"
echo "PASS: the merged report loads in $("$browser" --version 2>/dev/null | head -1) with totals, matrix and replay link"
