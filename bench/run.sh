#!/usr/bin/env bash
# Measures every benchmark of this module the way shared/reference/performance.md
# recommends on these noisy shared machines, and prints a Markdown table:
#   - callgrind instructions/op: (I(2N) - I(N)) / N, deterministic;
#   - ns/op: min and median of $RUNS runs of -benchtime=$BT, GOMAXPROCS=1, pinned to a core;
#   - allocs/op from -benchmem.
# Usage: bench/run.sh [regexp]   (default: all benchmarks). Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")"
re=${1:-.}
RUNS=${RUNS:-5}
BT=${BT:-1s}
bin=$(mktemp -d)/bench.test
go test -c -o "$bin" .
export GOMAXPROCS=1
pin() { if command -v taskset >/dev/null; then taskset -c "${CPU:-1}" "$@"; else "$@"; fi; }

# the benchmark names, one per line, as "Parent/sub"
names=$("$bin" -test.run '^$' -test.bench "$re" -test.benchtime 1x 2>/dev/null |
  awk '/^Benchmark/ {n=$1; sub(/-[0-9]+$/, "", n); print n}')

instr() { # name n -> total instructions
  local parent=${1%%/*} sub=${1#*/}
  GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" \
    -test.run '^$' -test.bench "^${parent}\$/^${sub}\$" -test.benchtime "${2}x" 2>&1 |
    awk '/Collected/ {gsub(",", "", $NF); print $NF}' | head -1
}

echo "| benchmark | instr/op | ns/op min | ns/op median | allocs/op |"
echo "|---|---:|---:|---:|---:|"
for name in $names; do
  case $name in *Routing/GithubAll*) n=200 ;; *Routing*) n=20000 ;; *) n=100000 ;; esac
  a=$(instr "$name" $n); b=$(instr "$name" $((2 * n)))
  per=$(( (b - a) / n ))
  parent=${name%%/*} sub=${name#*/}
  times=$(for i in $(seq "$RUNS"); do
    pin "$bin" -test.run '^$' -test.bench "^${parent}\$/^${sub}\$" -test.benchtime "$BT" -test.benchmem 2>/dev/null |
      awk '/^Benchmark/ {print $3, $(NF-1)}'
  done)
  min=$(echo "$times" | awk '{print $1}' | sort -g | head -1)
  med=$(echo "$times" | awk '{print $1}' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  allocs=$(echo "$times" | awk '{print $2}' | sort -g | tail -1)
  echo "| $name | $per | $min | $med | $allocs |"
done
