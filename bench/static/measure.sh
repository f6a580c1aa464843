#!/usr/bin/env bash
# Static files, side by side (issue 6): nginx (Debian package), Fiber v2's
# static middleware and fast.Static serve the same 1 KiB and 1 MiB files;
# for each, the server's CPU per request and requests per second, measured
# with fwbench in one run, rounds interleaved. Also, per server and file:
# system calls per request (perf tracepoints) and the server's peak RSS.
#
#   bench/static/measure.sh
#
# Every server runs on core 0 as one process with one worker (nginx:
# master_process off, worker_processes 1; Go: GOMAXPROCS=1); the load
# generator (fwbench, closed loop, keep-alive) runs on core 1. With RT=1
# (the default) both run under SCHED_FIFO priority 10 (chrt), as
# bench/fwbench/measure.sh does, because the 2-core machine is shared.
# Server CPU is user+system time from /proc/PID/stat over the requests
# answered. nginx keeps its defaults but for access_log off and sendfile
# on; "nginx" has open_file_cache off, as in Debian's configuration (an
# open, fstat and close per request), "nginx-ofc" turns it on (descriptors
# and metadata cached for 60 s, as fast and Fiber cache them).
#
# Environment: ROUNDS (default 5), SECS (seconds per run, default 5), CONNS
# (connections, default 50), PORT (default 18090), OUT (raw results,
# default a new temporary directory). Needs Linux, Go, taskset, perf;
# installs nginx and jq from Debian when missing. Started processes are
# stopped by PID.
set -euo pipefail
cd "$(dirname "$0")"
HERE=$PWD
ROOT=$(cd ../.. && pwd)
ROUNDS=${ROUNDS:-5}
SECS=${SECS:-5}
CONNS=${CONNS:-50}
PORT=${PORT:-18090}
OUT=${OUT:-$(mktemp -d /tmp/static-measure.XXXXXX)}
mkdir -p "$OUT"
RT=${RT:-1}
PRIO=()
if [ "$RT" = 1 ]; then PRIO=(chrt -f 10); fi
IMPLS=${IMPLS:-nginx nginx-ofc fiber fast}
FILES=${FILES:-small.bin big.bin}
TCK=$(getconf CLK_TCK)

log() { printf '%s\n' "$*" | tee -a "$OUT/summary.txt"; }

need_tools() {
  if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] || ! command -v jq >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx jq >/dev/null
  fi
  # Debian's package starts a service; this script uses its own instance.
  (cd "$HERE/.." && go build -o "$OUT/server" ./static/server)
  (cd "$ROOT" && go build -o "$OUT/fwbench" ./cmd/fwbench)
}

make_files() {
  mkdir -p "$OUT/www"
  head -c 1024 /dev/urandom >"$OUT/www/small.bin"
  head -c $((1 << 20)) /dev/urandom >"$OUT/www/big.bin"
  nginx_conf "" >"$OUT/nginx.conf"
  nginx_conf "open_file_cache max=1000 inactive=60s; open_file_cache_valid 60s;" >"$OUT/nginx-ofc.conf"
}

nginx_conf() { # extra http directives
  cat <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $OUT/nginx.pid;
error_log $OUT/nginx-error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  keepalive_requests 100000000;
  $1
  server {
    listen 127.0.0.1:$PORT;
    root $OUT/www;
  }
}
EOF
}

SERVER_PID=
start_server() { # impl
  stop_server
  case $1 in
    nginx | nginx-ofc) taskset -c 0 "${PRIO[@]}" /usr/sbin/nginx -c "$OUT/$1.conf" -p "$OUT" & ;;
    *) GOMAXPROCS=1 taskset -c 0 "${PRIO[@]}" "$OUT/server" -impl "$1" -root "$OUT/www" -addr "127.0.0.1:$PORT" & ;;
  esac
  SERVER_PID=$!
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
      # warm-up: fills caches, grows buffers
      taskset -c 1 "$OUT/fwbench" -q -c "$CONNS" -d 1s "http://127.0.0.1:$PORT/small.bin" >/dev/null
      taskset -c 1 "$OUT/fwbench" -q -c "$CONNS" -d 1s "http://127.0.0.1:$PORT/big.bin" >/dev/null
      return
    fi
    sleep 0.1
  done
  echo "$1 did not start" >&2
  exit 1
}
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=; fi
}
trap stop_server EXIT

server_ticks() { awk '{print $14 + $15}' "/proc/$SERVER_PID/stat"; }

# run IMPL FILE ROUND: one closed-loop run; logs requests/s and CPU/request.
run() {
  local impl=$1 file=$2 r=$3 f="$OUT/$impl-${2%.bin}-$3" s0 s1 n d
  s0=$(server_ticks)
  taskset -c 1 "${PRIO[@]}" "$OUT/fwbench" -q -c "$CONNS" -d "${SECS}s" --json "$f.json" \
    "http://127.0.0.1:$PORT/$file" >"$f.out"
  s1=$(server_ticks)
  n=$(jq '.status["200"] // 0' "$f.json")
  d=$(jq '.duration_s' "$f.json")
  if [ "$(jq '.requests' "$f.json")" != "$n" ] || [ "$(jq '.error_count' "$f.json")" != 0 ]; then
    echo "$impl $file: responses other than 200, or errors: $(jq -c '{status, errors}' "$f.json")" >&2
    exit 1
  fi
  log "$r $impl ${file%.bin} $n $(awk -v n="$n" -v d="$d" 'BEGIN{printf "%.0f", n/d}') $(awk -v a="$s0" -v b="$s1" -v t="$TCK" -v n="$n" 'BEGIN{printf "%.2f", (b-a)/t*1e6/n}')"
}

# syscalls IMPL FILE: system calls per request over a 3 s run, by kind.
syscalls() {
  local impl=$1 file=$2 f="$OUT/$impl-${2%.bin}-perf"
  perf stat -x, -o "$f.txt" -p "$SERVER_PID" \
    -e raw_syscalls:sys_enter,syscalls:sys_enter_newfstatat,syscalls:sys_enter_statx,syscalls:sys_enter_newfstat \
    -e syscalls:sys_enter_openat,syscalls:sys_enter_close,syscalls:sys_enter_pread64,syscalls:sys_enter_read \
    -e syscalls:sys_enter_sendfile64,syscalls:sys_enter_write,syscalls:sys_enter_writev \
    -e syscalls:sys_enter_epoll_wait,syscalls:sys_enter_recvfrom,syscalls:sys_enter_sendto -- \
    taskset -c 1 "$OUT/fwbench" -q -c "$CONNS" -d 3s --json "$f.json" "http://127.0.0.1:$PORT/$file" >/dev/null 2>&1
  local n
  n=$(jq '.requests' "$f.json")
  log "$impl ${file%.bin} $(awk -F, -v n="$n" '/sys_enter/ {split($3, a, ":"); printf "%s=%.2f ", a[2], $1/n}' "$f.txt")"
}

need_tools
make_files
log "# static: $IMPLS x $FILES, $ROUNDS rounds of ${SECS}s, -c $CONNS; $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
log "# round impl file requests req/s server_cpu_us_per_req"
for r in $(seq "$ROUNDS"); do
  for impl in $IMPLS; do
    start_server "$impl"
    for file in $FILES; do run "$impl" "$file" "$r"; done
    stop_server
  done
done
log "# syscalls per request (3 s runs): impl file kind=count ..."
for impl in $IMPLS; do
  start_server "$impl"
  for file in $FILES; do syscalls "$impl" "$file"; done
  log "$impl peak_rss_kib $(awk '/VmHWM/ {print $2}' "/proc/$SERVER_PID/status")"
  stop_server
done
log "# medians: impl file req/s server_cpu_us_per_req"
for impl in $IMPLS; do
  for file in $FILES; do
    f=${file%.bin}
    awk -v i="$impl" -v f="$f" '$2 == i && $3 == f {print $5, $6}' "$OUT/summary.txt" |
      sort -g | awk -v i="$impl" -v f="$f" '{rps[NR]=$1} END {printf "%s %s %s ", i, f, rps[int((NR+1)/2)]}' | tee -a "$OUT/summary.txt"
    awk -v i="$impl" -v f="$f" '$2 == i && $3 == f {print $6}' "$OUT/summary.txt" |
      sort -g | awk '{c[NR]=$1} END {print c[int((NR+1)/2)]}' | tee -a "$OUT/summary.txt"
  done
done
log "# paired by round, CPU/request of fast over the other: file other median [min-max] rounds_at_or_below"
for file in $FILES; do
  for other in $IMPLS; do
    [ "$other" = fast ] && continue
    awk -v o="$other" -v f="${file%.bin}" '
      $1 ~ /^[0-9]+$/ && $3 == f && $2 == "fast" { a[$1] = $6 }
      $1 ~ /^[0-9]+$/ && $3 == f && $2 == o { b[$1] = $6 }
      END {
        n = 0; le = 0
        for (r in a) if (r in b && b[r] > 0) { x[++n] = a[r] / b[r]; if (a[r] <= b[r]) le++ }
        if (n == 0) exit
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
        printf "%s %s %.3f [%.3f-%.3f] %d/%d\n", f, o, x[int((n + 1) / 2)], x[1], x[n], le, n
      }' "$OUT/summary.txt" | tee -a "$OUT/summary.txt"
  done
done
echo "raw results in $OUT"
