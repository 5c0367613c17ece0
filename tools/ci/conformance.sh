#!/usr/bin/env bash
# Runs @modelcontextprotocol/conformance (0.1.13: later versions need Node 22) against the built server
# for its generic scenarios. Used by .ci/run; runnable by hand after `npm install`.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx nx run @propfolio/server:build --output-style=static >/dev/null

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
data_dir=$(mktemp -d)
log=$(mktemp)
PORT=$port HOST=127.0.0.1 DATA_DIR=$data_dir LOG_LEVEL=warn node apps/server/dist/main.js >"$log" 2>&1 &
server_pid=$!
cleanup() { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$data_dir" "$log"; }
trap cleanup EXIT

for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.5
done

status=0
for scenario in server-initialize tools-list ping dns-rebinding-protection; do
  echo "== conformance: $scenario"
  npx conformance server --url "http://127.0.0.1:$port/mcp" --scenario "$scenario" || status=1
done
exit "$status"
