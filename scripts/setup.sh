#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test mlsysim-wasm:
# Debian packages (only those missing, with apt-get) and the npm devDependencies
# (npm ci). Safe to run again: it does nothing when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake make g++ clang libclang-rt-14-dev python3 emscripten catch2 nlohmann-json3-dev libbenchmark-dev chromium)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/uplot ] || [ ! -d node_modules/google-closure-compiler ] || [ ! -d node_modules/esbuild ] || [ ! -d node_modules/axe-core ] || [ ! -d node_modules/jsdom ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
