#!/usr/bin/env bash
# Builds the native CLI and tests (build/native/) and the WebAssembly module plus the
# static site (dist/). `npm run build` runs this; scripts/setup.sh installs the tools.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset native >/dev/null
cmake --build --preset native
cmake --preset wasm >/dev/null
cmake --build --preset wasm
echo "build: dist/ (the page and mlsysim.mjs/.wasm) and build/native/mlsysim are ready"
