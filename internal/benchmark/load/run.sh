#!/usr/bin/env bash
# Load test: 200 connections for 30 s against `designer serve` on loopback, twice, with the server's memory
# (RSS) before, between and after. Needs Debian's wrk and a built web/ (make wasm build). Bounded: it stops
# by itself. Usage: internal/benchmark/load/run.sh [ADDR]
set -euo pipefail
cd "$(dirname "$0")/../../.."
addr=${1:-127.0.0.1:8095}
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
./bin/designer serve --addr "$addr" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -fs "http://$addr/" >/dev/null && break; sleep 0.1; done
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }
echo "RSS at start: $(rss)"
curl -fs "http://$addr/catalogue" >/dev/null
echo "RSS after one request of each kind: $(rss)"
for run in 1 2; do
  echo "run $run: wrk -t2 -c200 -d30s"
  wrk -t2 -c200 -d30s --timeout 10s -s internal/benchmark/load/paths.lua "http://$addr/" | grep -E "Requests/sec|Transfer/sec|requests|latency|Non-2xx|Socket errors" || true
  echo "RSS after run $run: $(rss)"
done
