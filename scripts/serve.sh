#!/usr/bin/env bash
# The README's run command: installs what is missing, builds, and serves dist/ on
# 127.0.0.1 (HOST to change it, e.g. 0.0.0.0 from a VM; PORT, default 8000) until interrupted.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh --product  # the page, the module and the CLI; not the tests
port="${PORT:-8000}"
host="${HOST:-127.0.0.1}"
echo
if [ "$host" = "0.0.0.0" ] || [ "$host" = "::" ]; then
  echo "mlsysim is served on every address of this machine, port ${port} (http://127.0.0.1:${port}/ here)  (Ctrl-C stops it)"
else
  echo "mlsysim is served at http://${host}:${port}/  (Ctrl-C stops it)"
fi
exec python3 -m http.server "$port" --bind "$host" --directory dist
