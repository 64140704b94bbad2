#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, and nothing when
# they are all present already. Safe to run again; needs no input.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libcli11-dev libtomlplusplus-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format ccache clang libclang-rt-dev
  libcpp-httplib-dev nlohmann-json3-dev libsqlite3-dev sqlite3 libzstd-dev libssl-dev
  libsodium-dev
  libpqxx-dev postgresql
  libopenmpi-dev openmpi-bin
  python3-dev python3-venv python3-setuptools python3-pip pybind11-dev python3-numpy python3-pytest
  chromium nodejs fonts-noto-color-emoji
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The browser tests need npm: NodeSource's nodejs bundles it, Debian's does not.
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
