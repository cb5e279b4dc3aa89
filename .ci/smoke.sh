#!/usr/bin/env bash
# Copies the binary alone into an empty directory, starts it with the embedded database,
# checks /api/health and the CLI, and stops it.
set -euo pipefail
binary=$(realpath "$1")
dir=$(mktemp -d)
cp "$binary" "$dir/fitness"
cd "$dir"
export SERVICE_FITNESS_SERVER_PORT=3917 SERVICE_FITNESS_LOG_LEVEL=warn
./fitness serve > server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$dir"' EXIT
for _ in $(seq 1 60); do
  if curl -sf "http://127.0.0.1:3917/api/health" > /dev/null; then break; fi
  sleep 0.5
done
curl -sf "http://127.0.0.1:3917/api/health"; echo
./fitness healthcheck
./fitness user create --email smoke@example.test --password smoke-password --json | grep -q '"email":"smoke@example.test"'
kill -TERM $pid
wait $pid
echo "smoke: ok"
