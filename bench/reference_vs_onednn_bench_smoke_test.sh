#!/bin/sh
# The reference-vs-oneDNN bench builds, prepares both sides of one small case
# (float32 and int8), runs them briefly and prints the ratio table with
# agreeing outputs.
set -eu
out=$("$1" --benchmark_filter='softmax_1x1000' --benchmark_min_time=0.001 2>&1) || { echo "$out"; exit 1; }
echo "$out"
for type in float32 int8; do
  line=$(echo "$out" | grep -E "^softmax_1x1000 +$type ") || { echo "no table row for $type"; exit 1; }
  echo "$line" | grep -q "agree" || { echo "outputs do not agree: $line"; exit 1; }
  echo "$line" | grep -qE "[0-9.]+x +[0-9]+x" || { echo "no ratio: $line"; exit 1; }
done
