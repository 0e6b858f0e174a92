#!/usr/bin/env bash
# The README's run command: installs what is missing, builds, and serves dist/ on
# 127.0.0.1 (PORT, default 8000) until interrupted.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh --product  # the page, the module and the CLI; not the tests
port="${PORT:-8000}"
echo
echo "mlsysim is served at http://127.0.0.1:${port}/  (Ctrl-C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
