#!/usr/bin/env bash
# The README's test command: installs what is missing, builds native and WASM, then
# runs every test: Catch2 (ctest), the same under AddressSanitizer and UBSan, short
# libFuzzer runs, node --test on the module, headless Chromium on the page.
# Exits non-zero if anything fails. FUZZ_SECONDS (default 20 per target) sets the
# fuzzing time.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
# each phase's heading says when it began, so that a slow run shows where its time went
phase() { echo "== $1 (at $(( $(date +%s) - start )) s) =="; }
bash scripts/setup.sh
bash scripts/build.sh

phase "Catch2 (native core and CLI)"
ctest --preset native

phase "Catch2 under AddressSanitizer and UndefinedBehaviorSanitizer"
cmake --preset asan >/dev/null
cmake --build --preset asan
ctest --preset asan

phase "libFuzzer: quantity parser, JSON requests, evaluation and sweeps"
bash scripts/fuzz.sh "${FUZZ_SECONDS:-20}"

phase "node --test (the WASM module)"
node --test tests/node/

phase "node --test (the page in headless Chromium)"
# two files at a time, one per core (three were no faster: the browsers keep both cores
# busy); each file has its own browser and server, and no test times anything
node --test --test-concurrency=2 tests/browser/

echo "test: all passed in $(( $(date +%s) - start )) s; screenshots in build/screenshots/"
