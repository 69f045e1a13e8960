#!/usr/bin/env bash
# After `bazel test //conformance [...]`: merges the report every test shard
# wrote (cts_report_<target>[_shard<i>of<n>].json, zipped by Bazel into each
# shard's test.outputs/outputs.zip) into one report, the same JSON + HTML a
# single `nnrt_cts run --report` writes (docs/conformance.md "Reports").
#   bash scripts/conformance_report.sh [OUT_DIR]     (default ./cts_report)
# Exit 0: merged, no failures; 1: merged, the report lists failures; 2: error.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$PWD/cts_report}"
logs="$(bazel info bazel-testlogs 2>/dev/null)/conformance"
[ -d "$logs" ] || { echo "no test logs under $logs: run bazel test //conformance first" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
n=0
while IFS= read -r -d '' zip; do
  n=$((n + 1))
  mkdir -p "$tmp/$n"
  python3 -m zipfile -e "$zip" "$tmp/$n"
done < <(find "$logs" -name outputs.zip -print0 | sort -z)
[ "$n" -gt 0 ] || { echo "no test.outputs/outputs.zip under $logs" >&2; exit 2; }
bazel build //cts_driver:nnrt_cts 2> "$tmp/build.log" || { cat "$tmp/build.log" >&2; exit 2; }
exec bazel-bin/cts_driver/nnrt_cts merge-reports --out "$out" "$tmp"
