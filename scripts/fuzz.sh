#!/usr/bin/env bash
# Runs each libFuzzer target for SECONDS (default 20) from the seed corpus in
# tests/fuzz/corpus/<target>/, growing a working corpus in build/fuzz/corpus/<target>/.
# A crash leaves its input in build/fuzz/crashes/ and fails the run: add that file to
# tests/fuzz/corpus/<target>/ once fixed, where the Catch2 suite replays it for good.
#   bash scripts/fuzz.sh [SECONDS]        (npm run fuzz -- SECONDS)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
cmake --preset asan >/dev/null
cmake --build --preset asan
mkdir -p build/fuzz/crashes
# the three targets side by side (the machines have 2 cores: each gets about two thirds
# of one, for a third of the wall time of running them one after another)
targets="quantity request evaluate"
for t in $targets; do
  mkdir -p "build/fuzz/corpus/$t"
  echo "== fuzz_$t for ${seconds} s =="
  ASAN_OPTIONS=detect_leaks=1 build/asan/fuzz_$t "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/crashes/$t-" > "build/fuzz/fuzz_$t.log" 2>&1 &
done
wait
for t in $targets; do
  log="build/fuzz/fuzz_$t.log"
  echo "-- fuzz_$t --"
  grep -E "^Done [0-9]+ runs|^stat::(number_of_executed_units|peak_rss_mb)|cov: .* (DONE|INITED)|SUMMARY|ERROR|invariant" "$log" | tail -n 6  || true
  if ! grep -q "^Done [0-9]* runs" "$log" && ! ls build/fuzz/crashes/"$t"-* >/dev/null 2>&1; then
    echo "fuzz_$t did not run to the end; see $log"
    exit 1
  fi
  if ls build/fuzz/crashes/"$t"-* >/dev/null 2>&1; then
    echo "fuzz_$t: a crash was found: $(ls build/fuzz/crashes/"$t"-*)"
    exit 1
  fi
done
echo "fuzz: no crashes"
