#!/usr/bin/env bash
# Installs what the build and the tests need from Debian's archive, only if something is missing
# (chromium: the report page is checked in a headless browser, //cts_driver:report_browser_test).
# Works as root or with sudo. Nothing else is downloaded (Bazel runs offline, see WORKSPACE).
set -euo pipefail

packages=(python3 bazel-bootstrap bazel-platforms g++ clang libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev
          libxnnpack-dev libpthreadpool-dev libdnnl-dev chromium libonnx-dev libonnx-testdata libprotobuf-dev
          libarmnn-dev libarmnn-cpuref-backend22)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
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
