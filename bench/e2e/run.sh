#!/usr/bin/env bash
# The end-to-end comparison of issue 7: the same two-route service on raw
# fasthttp, fast, Fiber, gin, echo, net/http and Express, measured with
# `fwbench compare` (every server against raw fasthttp in the same rounds),
# written to bench/RESULTS.md (between the e2e markers) and bench/e2e/chart.svg.
#
#   bench/e2e/run.sh            full run: 5 rounds of 5 s per server and route (~9 min)
#   QUICK=1 bench/e2e/run.sh    2 rounds of 1 s (~1 min); writes into $OUT only
#
# Setup: every server on 127.0.0.1, pinned to core 0 (Go with GOMAXPROCS=1,
# node running JavaScript on one thread), fwbench pinned to core 1, all under
# the real-time policy SCHED_RR, priority 10 (chrt -r 10) when allowed,
# because the machine is shared and loaded; fwbench reads each server's CPU
# time per request itself (--pid). Servers are started here and stopped by
# PID on exit. Not SCHED_FIFO (bench/fwbench/measure.sh's choice for its one
# server): there, after a load, node's main thread spins waiting for a V8
# helper thread that a FIFO thread of equal priority on the same core never
# lets run, and every server on core 0 starves; RR's time slices let it run.
#
# Environment: ROUNDS, SECS (one round per server, a Go duration), WARMUP
# (per server, discarded), CONNS (default 50), RT (1: chrt -r 10, the default
# when allowed; 0: normal priority), OUT (raw results; default a new temporary
# directory), RESULTS and SVG (where to write; default bench/RESULTS.md and
# bench/e2e/chart.svg in a full run, $OUT/RESULTS.md and $OUT/chart.svg with
# QUICK=1), PORT (first port, default 18300). Needs Linux, Go, node and npm,
# taskset.
set -euo pipefail
cd "$(dirname "$0")"
HERE=$PWD
BENCH=$(cd .. && pwd)
ROOT=$(cd ../.. && pwd)
OUT=${OUT:-$(mktemp -d /tmp/fw-e2e.XXXXXX)}
mkdir -p "$OUT"
if [ "${QUICK:-0}" = 1 ]; then
  ROUNDS=${ROUNDS:-2} SECS=${SECS:-1s} WARMUP=${WARMUP:-300ms}
  RESULTS=${RESULTS:-$OUT/RESULTS.md} SVG=${SVG:-$OUT/chart.svg}
else
  ROUNDS=${ROUNDS:-5} SECS=${SECS:-5s} WARMUP=${WARMUP:-2s}
  RESULTS=${RESULTS:-$BENCH/RESULTS.md} SVG=${SVG:-$HERE/chart.svg}
fi
CONNS=${CONNS:-50}
PORT=${PORT:-18300}
PRIO=()
if [ "${RT:-1}" = 1 ]; then
  if chrt -r 10 true 2>/dev/null; then PRIO=(chrt -r 10); else echo "e2e: chrt -r not allowed here; running at normal priority" >&2; fi
fi
RTUSED=$([ ${#PRIO[@]} -gt 0 ] && echo 1 || echo 0)
# Pinning needs two cores; with one, nothing is pinned (figures then mean little).
ON0=(taskset -c 0) ON1=(taskset -c 1)
if ! taskset -c 1 true 2>/dev/null; then
  echo "e2e: no core 1 here; nothing is pinned" >&2
  ON0=() ON1=()
fi

# The servers, in the order of the comparison: the first is the baseline.
NAMES=(fasthttp fast fiber gin echo nethttp express)

log() { printf 'e2e: %s\n' "$*" >&2; }

log "building into $OUT/bin"
(cd "$ROOT" && go build -o "$OUT/bin/fwbench" ./cmd/fwbench)
(cd "$BENCH" && go build -o "$OUT/bin/" ./e2e/fasthttp ./e2e/fast ./e2e/fiber ./e2e/gin ./e2e/echo ./e2e/nethttp ./e2e/check ./e2e/report)
(cd "$HERE/express" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)

PIDS=()
stop_servers() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  PIDS=()
}
SAMPLER=
cleanup() {
  if [ -n "$SAMPLER" ]; then kill "$SAMPLER" 2>/dev/null || true; wait "$SAMPLER" 2>/dev/null || true; fi
  stop_servers
}
trap cleanup EXIT

# start NAME PORT: starts the server in the background; taskset and chrt
# exec the server, so $! is the server's own PID (what --pid needs).
start() {
  local name=$1 addr=127.0.0.1:$2
  if [ "$name" = express ]; then
    "${ON0[@]}" "${PRIO[@]}" node "$HERE/express/server.js" "$addr" >"$OUT/$name.log" 2>&1 &
  else
    GOMAXPROCS=1 "${ON0[@]}" "${PRIO[@]}" "$OUT/bin/$name" -addr "$addr" >"$OUT/$name.log" 2>&1 &
  fi
  PIDS+=($!)
}
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() {
  for _ in $(seq 300); do
    if listening "$1"; then return 0; fi
    sleep 0.1
  done
  log "nothing listens on port $1; server log:"; cat "$OUT/$2.log" >&2; exit 1
}

ADDRS=() CHECKS=()
for i in "${!NAMES[@]}"; do
  if listening $((PORT + i)); then log "port $((PORT + i)) is taken: choose another PORT"; exit 1; fi
done
for i in "${!NAMES[@]}"; do
  start "${NAMES[$i]}" $((PORT + i))
  ADDRS+=("127.0.0.1:$((PORT + i))")
  CHECKS+=("${NAMES[$i]}=127.0.0.1:$((PORT + i))")
done
for i in "${!NAMES[@]}"; do wait_port $((PORT + i)) "${NAMES[$i]}"; done
log "servers: $(for i in "${!NAMES[@]}"; do printf '%s=%s ' "${NAMES[$i]}" "${PIDS[$i]}"; done)"
"$OUT/bin/check" -md "$OUT/wire.md" "${CHECKS[@]}"
log "every server answers both routes correctly"

# The load average every 5 s while measuring.
(while :; do echo "$(date +%s) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 5; done) >"$OUT/load.txt" &
SAMPLER=$!

LABELS=$(IFS=,; echo "${NAMES[*]}")
PIDLIST=$(IFS=,; echo "${PIDS[*]}")
# compare ROUTE NAME: one comparison of every server on ROUTE.
compare() {
  local route=$1 name=$2 urls=()
  for a in "${ADDRS[@]}"; do urls+=("http://$a$route"); done
  log "measuring GET $route: $ROUNDS rounds of $SECS per server, $CONNS connections"
  "${ON1[@]}" "${PRIO[@]}" "$OUT/bin/fwbench" compare -c "$CONNS" -d "$SECS" --rounds "$ROUNDS" --warmup "$WARMUP" \
    --labels "$LABELS" --pid "$PIDLIST" --json "$OUT/$name.json" "${urls[@]}" >"$OUT/$name.txt" 2>"$OUT/$name.progress"
  cat "$OUT/$name.txt" >&2
}
STARTED=$(date -u +%FT%TZ)
compare / text
compare /user/alice json
kill "$SAMPLER"; wait "$SAMPLER" 2>/dev/null || true; SAMPLER=
stop_servers

"$OUT/bin/report" -text "$OUT/text.json" -json "$OUT/json.json" -wire "$OUT/wire.md" -load "$OUT/load.txt" \
  -results "$RESULTS" -svg "$SVG" -started "$STARTED" -rt "$RTUSED" \
  -node "$(node --version)" -express "$(node -p "require('$HERE/express/node_modules/express/package.json').version")" \
  -go "$(go version | cut -d' ' -f3)" -cmd "${QUICK:+QUICK=$QUICK }ROUNDS=$ROUNDS SECS=$SECS WARMUP=$WARMUP bench/e2e/run.sh"
log "wrote $RESULTS and $SVG; raw results in $OUT"
