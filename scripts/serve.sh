#!/usr/bin/env bash
# Builds the game and serves it locally, rebuilding on changes.
#   bash scripts/serve.sh               # optimised build on port 8080
#   PORT=9000 DEV=1 bash scripts/serve.sh   # faster-to-build debug build
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh

port="${PORT:-8080}"
args=(serve --address 127.0.0.1 --port "$port")
if [ -z "${DEV:-}" ] || [ "${DEV}" = "0" ]; then
    args+=(--release)
fi

echo "Open http://127.0.0.1:${port}/ in a browser"
exec trunk "${args[@]}"
