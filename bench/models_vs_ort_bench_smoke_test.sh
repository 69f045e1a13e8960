#!/bin/sh
# The model bench builds and runs MobileNetV2 on the reference and on ONNX
# Runtime (two runs) and both give the same probabilities: the exporter wrote
# the same network. Bound 1e-3 on softmax outputs in [0, 1]: float32 rounding
# differences through the ~20 layers are of order 1e-6, while a wrong weight
# layout, padding or activation moves the probabilities by far more than 1e-3.
# Skips (exit 0, with the bench's message) when the npm cache lacks onnxruntime-node.
set -eu
out=$("$1" --smoke 2>&1) || { echo "$out"; exit 1; }
echo "$out"
if echo "$out" | grep -q "^SKIPPED"; then exit 0; fi
row=$(echo "$out" | grep "^mobilenet_v2 ") || { echo "no mobilenet_v2 row"; exit 1; }
err=$(echo "$row" | awk '{print $NF}')
awk -v e="$err" 'BEGIN { exit !(e + 0 == e && e < 1e-3) }' || { echo "max |ref-ORT| $err is not below 1e-3"; exit 1; }
