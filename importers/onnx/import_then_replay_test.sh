#!/usr/bin/env bash
# `nnrt_cts import` then `nnrt_cts replay` on Debian's libonnx-testdata: a
# converted PyTorch conv model with its test data imports, agrees with ONNX's
# expected output, replays on the reference driver, and fails on a driver
# whose conv pads off by one (the imported case has teeth); a seeded import
# replays too; a model with an unmapped operator is refused with the operator
# named; a sequence input is refused naming it (C-892); replay runs the model
# once and notes a drifted expected section only with --check-reference (C-896).
set -euo pipefail

runfiles="${TEST_SRCDIR:?run with bazel test}/nnrt_kit"
cts="$runfiles/cts_driver/nnrt_cts"
reference="$runfiles/reference/libnnrt_reference_driver.so"
wrong="$runfiles/cts_driver/libnnrt_mutant_conv_pad_off_by_one.so"
data=/usr/share/libonnx-testdata/data
tmp="${TEST_TMPDIR:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }
[ -d "$data" ] || fail "libonnx-testdata is not installed (scripts/install_deps.sh installs it)"

model="$data/pytorch-converted/test_Conv2d_padding"
"$cts" import "$model/model.onnx" --inputs "$model/test_data_set_0" --out "$tmp/conv.nnrt" > "$tmp/import.log" 2>&1 ||
  fail "import failed: $(cat "$tmp/import.log")"
grep -q "agrees with ONNX" "$tmp/import.log" || fail "no agreement with ONNX reported: $(cat "$tmp/import.log")"
grep -q "CONV2D_FUSION" "$tmp/conv.nnrt" || fail "the case has no CONV2D_FUSION node"
"$cts" replay "$tmp/conv.nnrt" --driver "$reference" > "$tmp/replay.log" 2>&1 ||
  fail "the reference does not pass its own imported case: $(cat "$tmp/replay.log")"
if "$cts" replay "$tmp/conv.nnrt" --driver "$wrong" > "$tmp/wrong.log" 2>&1; then
  fail "the conv-pad-off-by-one driver passed the imported case: $(cat "$tmp/wrong.log")"
fi
# The model-level check of a failing imported case names the first bad node (C-782).
grep -q "localised to node 1 'Conv(3)' (CONV2D_FUSION)" "$tmp/wrong.log" ||
  fail "the failing replay does not localise the bad conv node: $(cat "$tmp/wrong.log")"
[ -f "$tmp/conv_node1.nnrtcase" ] || fail "the localised node's case was not written next to the replayed file"

# C-896: an expected value altered in the file; the note comes only with --check-reference.
# (the first value after the `expected` line: the printer writes values on the following lines)
awk 'done != 1 && prev ~ /^expected / { sub(/^ *[^,]*,/, "  0x1p+10,"); done = 1 } { print; prev = $0 }' \
  "$tmp/conv.nnrt" > "$tmp/conv_drift.nnrt"
cmp -s "$tmp/conv.nnrt" "$tmp/conv_drift.nnrt" && fail "the expected section was not altered"
"$cts" replay "$tmp/conv_drift.nnrt" --driver "$reference" > "$tmp/drift.log" 2>&1 && fail "an altered expected value passed"
grep -q "note: the current reference" "$tmp/drift.log" && fail "replay ran the reference without --check-reference"
"$cts" replay "$tmp/conv_drift.nnrt" --driver "$reference" --check-reference > "$tmp/drift_check.log" 2>&1 &&
  fail "an altered expected value passed"
grep -q "note: the current reference output 0 differs" "$tmp/drift_check.log" ||
  fail "--check-reference did not note the drift: $(cat "$tmp/drift_check.log")"

model="$data/pytorch-operator/test_operator_maxpool"
"$cts" import "$model/model.onnx" --seed 7 --out "$tmp/seeded.nnrt" > "$tmp/seeded.log" 2>&1 ||
  fail "seeded import failed: $(cat "$tmp/seeded.log")"
grep -q 'meta "onnx.inputs" "seed 7"' "$tmp/seeded.nnrt" || fail "the seeded case does not record its seed"
"$cts" replay "$tmp/seeded.nnrt" --driver "$reference" > "$tmp/seeded_replay.log" 2>&1 ||
  fail "the seeded case does not replay: $(cat "$tmp/seeded_replay.log")"

set +e
"$cts" import "$data/node/test_cosh/model.onnx" --out "$tmp/cosh.nnrt" > "$tmp/cosh.log" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "an unmapped model gave exit $rc, not 1: $(cat "$tmp/cosh.log")"
grep -q "Cosh: operator not mapped" "$tmp/cosh.log" || fail "the unmapped operator is not named: $(cat "$tmp/cosh.log")"
[ ! -e "$tmp/cosh.nnrt" ] || fail "a case was written for an unmapped model"
set +e
model="$data/node/test_identity_sequence"
"$cts" import "$model/model.onnx" --inputs "$model/test_data_set_0" --out "$tmp/seq.nnrt" > "$tmp/seq.log" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "a sequence-input model gave exit $rc, not 1: $(cat "$tmp/seq.log")"
grep -q "graph input 'x' (sequence): sequence / optional inputs are not supported" "$tmp/seq.log" ||
  fail "the sequence input is not named: $(cat "$tmp/seq.log")"
echo PASS
