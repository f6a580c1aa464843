#!/usr/bin/env bash
# Measurements of fwbench for bench/RESULTS.md (issue 7), side by side with
# wrk and bombardier against one server: a fasthttp hello world pinned to
# core 0 with GOMAXPROCS=1, every generator pinned to core 1.
#
#   bench/fwbench/measure.sh [cpu] [rate] [stall] [memory]   (default: all)
#
# The machines are shared: with RT=1 (the default) the server and every
# generator run under SCHED_FIFO priority 10 (chrt), so that other processes on
# the two cores do not preempt them; RT=0 runs them at normal priority.
#
# Environment: ROUNDS (cpu rounds, default 5), SECS (seconds per cpu/rate/stall
# run, default 5), MEMSECS (memory run, default 600), MEMARGS (the memory run's
# mode, default --rate 20000), OUT (raw results,
# default a new temporary directory). Needs Linux, Go, taskset; installs wrk
# and jq from Debian and builds bombardier v1.2.6 from the Go module proxy
# (into $OUT, never into the repository).
set -euo pipefail
cd "$(dirname "$0")"
HERE=$PWD
ROOT=$(cd ../.. && pwd)
ROUNDS=${ROUNDS:-5}
SECS=${SECS:-5}
MEMSECS=${MEMSECS:-600}
MEMARGS=${MEMARGS:---rate 20000}
OUT=${OUT:-$(mktemp -d /tmp/fwbench-measure.XXXXXX)}
mkdir -p "$OUT"
PARTS=${*:-cpu rate stall memory}
PORT=${PORT:-18080}
RT=${RT:-1}
PRIO=()
if [ "$RT" = 1 ]; then PRIO=(chrt -f 10); fi
URL=http://127.0.0.1:$PORT/

log() { printf '%s\n' "$*" | tee -a "$OUT/summary.txt"; }

need_tools() {
  if ! command -v wrk >/dev/null || ! command -v jq >/dev/null; then
    apt-get update -qq && apt-get install -y -qq wrk jq >/dev/null
  fi
  if [ ! -x "$OUT/bombardier" ]; then
    # go install ...@latest is refused for bombardier by the module proxy;
    # a throwaway module that requires it builds it.
    mkdir -p "$OUT/bombardier-build"
    (cd "$OUT/bombardier-build" && printf 'module bombardierbuild\ngo 1.26\n' >go.mod &&
      GOFLAGS=-mod=mod go get github.com/codesenberg/bombardier@v1.2.6 >/dev/null 2>&1 &&
      GOFLAGS=-mod=mod go build -o "$OUT/bombardier" github.com/codesenberg/bombardier)
  fi
  (cd "$HERE" && go build -o "$OUT/server" ./server)
  (cd "$ROOT" && go build -o "$OUT/fwbench" ./cmd/fwbench)
}

SERVER_PID=
start_server() { # extra server flags...
  stop_server
  GOMAXPROCS=1 taskset -c 0 "${PRIO[@]}" "$OUT/server" -addr "127.0.0.1:$PORT" "$@" &
  SERVER_PID=$!
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then return; fi
    sleep 0.1
  done
  echo "server did not start" >&2; exit 1
}
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=; fi
}
trap stop_server EXIT

# server_ticks prints the server's user+system CPU time in clock ticks.
server_ticks() { awk '{print $14 + $15}' "/proc/$SERVER_PID/stat"; }
TCK=$(getconf CLK_TCK)

# timed FILE CMD...: runs CMD on core 1 and writes "user sys" seconds to FILE.
timed() { local f=$1; shift; /usr/bin/time -f '%U %S' -o "$f" taskset -c 1 "${PRIO[@]}" "$@"; }
# on1 CMD...: runs CMD on core 1 at the measurement priority.
on1() { taskset -c 1 "${PRIO[@]}" "$@"; }

cpu_part() {
  log "## cpu: --max / closed loop, -c 50, ${SECS}s runs, $ROUNDS interleaved rounds; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  log "round tool requests req/s client_cpu_us_per_req server_cpu_us_per_req p99"
  start_server
  # warm-up
  on1 wrk -t1 -c50 -d2s "$URL" >/dev/null
  for r in $(seq "$ROUNDS"); do
    for tool in wrk bombardier fwbench; do
      local s0 s1 n p99 f="$OUT/cpu-$r-$tool"
      s0=$(server_ticks)
      case $tool in
        wrk)
          timed "$f.time" wrk -t1 -c50 -d"${SECS}s" --latency "$URL" >"$f.out"
          n=$(awk '/requests in/ {print $1}' "$f.out")
          p99=$(awk '$1=="99%" {print $2}' "$f.out") ;;
        bombardier)
          timed "$f.time" "$OUT/bombardier" -c 50 -d "${SECS}s" -l -p r -o j "$URL" >"$f.out"
          n=$(jq '.result | .req1xx + .req2xx + .req3xx + .req4xx + .req5xx + .others' "$f.out")
          p99=$(jq '.result.latency.percentiles["99"]' "$f.out")us ;;
        fwbench)
          timed "$f.time" "$OUT/fwbench" -q -c 50 -d "${SECS}s" --json "$f.json" "$URL" >"$f.out"
          n=$(jq '.sent' "$f.json")
          p99=$(jq '.latency.p99' "$f.json")us ;;
      esac
      s1=$(server_ticks)
      read -r u s <"$f.time"
      log "$r $tool $n $(awk -v n="$n" -v d="$SECS" 'BEGIN{printf "%.0f", n/d}') $(awk -v u="$u" -v s="$s" -v n="$n" 'BEGIN{printf "%.2f", (u+s)*1e6/n}') $(awk -v a="$s0" -v b="$s1" -v t="$TCK" -v n="$n" 'BEGIN{printf "%.2f", (b-a)/t*1e6/n}') $p99"
    done
  done
  stop_server
}

rate_part() {
  log "## rate: --rate 20000 -c 50, ${SECS}s x 3; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  log "run achieved late dropped lag_p50_us lag_p99_us lag_max_us client_cpu_us_per_req p99_us"
  start_server
  for r in 1 2 3; do
    local f="$OUT/rate-$r"
    timed "$f.time" "$OUT/fwbench" -q -c 50 --rate 20000 -d "${SECS}s" --json "$f.json" "$URL" >"$f.out"
    read -r u s <"$f.time"
    log "$r $(jq -r '[.schedule.achieved, .schedule.late, .schedule.dropped, .schedule.send_lag.p50, .schedule.send_lag.p99, .schedule.send_lag.max] | map(tostring) | join(" ")' "$f.json") $(awk -v u="$u" -v s="$s" -v n="$(jq .sent "$f.json")" 'BEGIN{printf "%.2f", (u+s)*1e6/n}') $(jq .latency.p99 "$f.json")"
  done
  stop_server
}

stall_part() {
  log "## stall: server stalls 100ms every 1s; 5000 req/s, -c 50, 10s; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  log "tool run achieved_rps sent/scheduled p50_us p90_us p95_us p99_us"
  start_server -stall 100ms -period 1s
  for r in 1 2; do
    local f="$OUT/stall-$r"
    on1 "$OUT/fwbench" -q -c 50 --rate 5000 -d 10s --json "$f.json" "$URL" >"$f.out"
    log "fwbench $r $(jq -r '[(.sent / .duration_s | floor), (.schedule.achieved * 10000 | floor / 100 | tostring + "%"), .latency.p50, .latency.p90, .latency.p95, .latency.p99] | map(tostring) | join(" ")' "$f.json")"
    log "fwbench-uncorrected $r $(jq -r '["-", "-", .uncorrected.p50, .uncorrected.p90, .uncorrected.p95, .uncorrected.p99] | map(tostring) | join(" ")' "$f.json")"
    on1 "$OUT/bombardier" -c 50 -r 5000 -d 10s -l -p r -o j "$URL" >"$f-bombardier.json"
    log "bombardier $r $(jq -r '.result | [(.req2xx / (.timeTakenSeconds) | floor), ((.req2xx / 50000 * 10000 | floor) / 100 | tostring + "%"), .latency.percentiles["50"], .latency.percentiles["90"], .latency.percentiles["95"], .latency.percentiles["99"]] | map(tostring) | join(" ")' "$f-bombardier.json")"
  done
  stop_server
}

memory_part() {
  log "## memory: $MEMARGS -c 50 for ${MEMSECS}s, fwbench RSS every 10s; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  start_server
  # shellcheck disable=SC2086 # MEMARGS is a list of flags
  on1 "$OUT/fwbench" -q -c 50 $MEMARGS -d "${MEMSECS}s" --json "$OUT/memory.json" "$URL" >"$OUT/memory.out" &
  local pid=$! t=0
  : >"$OUT/memory-rss.txt"
  while kill -0 "$pid" 2>/dev/null; do
    sleep 10; t=$((t + 10))
    awk -v t="$t" '/VmRSS/ {print t, $2}' "/proc/$pid/status" 2>/dev/null >>"$OUT/memory-rss.txt" || true
  done
  wait "$pid"
  log "seconds rss_kib: $(tr '\n' ' ' <"$OUT/memory-rss.txt")"
  log "requests $(jq .requests "$OUT/memory.json"), max-min RSS over the run after the first minute: $(awk '$1 >= 60 {if (min == "" || $2 < min) min = $2; if ($2 > max) max = $2} END {print max - min " KiB"}' "$OUT/memory-rss.txt")"
  stop_server
}

need_tools
log "# fwbench measurements $(date -u +%FT%TZ) on $(nproc) CPUs, $(uname -r), $(go version | cut -d' ' -f3), RT=$RT; raw results in $OUT"
for p in $PARTS; do "${p}_part"; done
