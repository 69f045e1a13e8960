#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (clang, ASan + UBSan: --config=fuzz) and
# runs each for SECONDS (default 60) on a copy of its seed corpus. Prints per
# target the executions and the coverage (cov / ft of libFuzzer's last status
# line) and exits non-zero if any target found something (crash, sanitizer
# report, oracle abort, timeout, out of memory); the reproducer is kept and
# named in the output. See fuzz/README.md for long campaigns.
#
# Usage: scripts/fuzz.sh [SECONDS]
# Environment:
#   FUZZ_TARGETS   targets to run (default: all four)
#   FUZZ_JOBS      targets run at the same time (default 1)
#   FUZZ_WORK_DIR  where corpora, logs and findings go (default: a new temp dir);
#                  an existing corpus there is reused, so campaigns can continue
#   BAZEL          the bazel command (default bazel; e.g. "flock -o /tmp/lock bazel")
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
targets=(${FUZZ_TARGETS:-text_format_fuzzer hal_model_fuzzer cache_import_fuzzer api_sequence_fuzzer})
jobs="${FUZZ_JOBS:-1}"
work="${FUZZ_WORK_DIR:-$(mktemp -d /tmp/nnrt-fuzz.XXXXXX)}"
read -r -a bazel <<<"${BAZEL:-bazel}"

# The seed directories of each target (fuzz/BUILD, fuzz_target corpora).
seeds_of() {
  case "$1" in
    text_format_fuzzer) echo "fuzz/seeds/text_format fuzz/seeds/reference_device_case" ;;
    hal_model_fuzzer) echo "fuzz/seeds/hal_model" ;;
    cache_import_fuzzer) echo "fuzz/seeds/cache_import" ;;
    api_sequence_fuzzer) echo "fuzz/seeds/api_sequence" ;;
    *) echo "unknown target $1" >&2; return 1 ;;
  esac
}

# An output base of its own (clang + sanitizers) keeps the default build's cache warm.
fuzz_base="${HOME}/.cache/bazel-fuzz/$(pwd | md5sum | cut -c1-12)"
labels=()
for t in "${targets[@]}"; do labels+=("//fuzz:$t"); done
start=$(date +%s)
"${bazel[@]}" --output_base="$fuzz_base" build --config=fuzz "${labels[@]}" 2>&1 | grep -v "ld.gold: warning" | tail -3
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzz build failed" >&2; exit 2; }
bin="$("${bazel[@]}" --output_base="$fuzz_base" info --config=fuzz bazel-bin 2>/dev/null)/fuzz"
echo "build: $(( $(date +%s) - start )) s; work dir: $work"

run_one() {
  local t="$1" dir="$work/$1"
  mkdir -p "$dir/corpus" "$dir/findings"
  for s in $(seeds_of "$t"); do cp -n "$s"/* "$dir/corpus/" 2>/dev/null; done
  "$bin/$t" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$dir/findings/" "$dir/corpus" >"$dir/log" 2>&1
  echo $? >"$dir/status"
}

running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

failed=0
for t in "${targets[@]}"; do
  dir="$work/$t"
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$dir/log" | awk '{print $2}')
  last=$(grep -E '^#[0-9]+' "$dir/log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | awk '{print $2}')
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | awk '{print $2}')
  corpus=$(ls "$dir/corpus" | wc -l)
  status=$(cat "$dir/status")
  if [ "$status" -eq 0 ]; then
    printf '%-22s ok       %10s execs  cov %-6s ft %-6s corpus %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$corpus"
  else
    failed=1
    printf '%-22s FINDING  %10s execs  cov %-6s ft %-6s (exit %s)\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$status"
    ls "$dir/findings"/* 2>/dev/null | sed 's/^/    reproducer: /'
    grep -m1 -E 'ERROR: |runtime error|oracle violated' "$dir/log" | sed 's/^/    /'
    echo "    log: $dir/log"
  fi
done
"${bazel[@]}" --output_base="$fuzz_base" shutdown >/dev/null 2>&1
echo "total: $(( $(date +%s) - start )) s"
exit "$failed"
