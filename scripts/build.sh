#!/usr/bin/env bash
# Builds the native CLI and tests (build/native/) and the WebAssembly module plus the
# static site (dist/). `npm run build` runs this; scripts/setup.sh installs the tools.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset native >/dev/null
if [ "${1:-}" = "--product" ]; then
  cmake --build --preset native --target mlsysim  # the CLI alone (scripts/serve.sh)
else
  cmake --build --preset native                   # also the Catch2 tests and the benchmark
fi
cmake --preset wasm >/dev/null
cmake --build --preset wasm
echo "build: dist/ (the page and mlsysim.mjs/.wasm) and build/native/mlsysim are ready"
