#!/bin/sh
# The runtime bench builds, renders every golden case once and prepares the
# network-sized model (float32 and int8) through the OH_NN API without error.
set -eu
out=$("$1" --benchmark_filter='render_all|Prepare|zoo/lstm_classifier/float32' --benchmark_min_time=0.001 2>&1) || { echo "$out"; exit 1; }
echo "$out"
if echo "$out" | grep -q "ERROR OCCURRED"; then echo "a benchmark failed"; exit 1; fi
for name in render_all ResNetFrontPrepare/float32 ResNetFrontPrepare/int8 zoo/lstm_classifier/float32; do
  echo "$out" | grep -q "$name" || { echo "missing $name"; exit 1; }
done
echo "$out" | grep -q "cases=[1-9]" || { echo "golden case count missing"; exit 1; }
