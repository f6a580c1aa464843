#!/usr/bin/env bash
# Smoke test of the end-to-end comparison (bench/e2e/run.sh): builds the seven
# servers, checks that each answers both routes with the expected bytes, runs
# one 300 ms round per server and route through fwbench compare (at normal
# priority), and writes the report into a temporary directory, never into
# bench/RESULTS.md. It asserts that the pipeline works and every server
# answered (the report refuses failed or non-200 requests), never a
# performance figure, so the machine's load cannot make it fail.
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in node npm taskset; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "e2e-smoke: $tool is required (the comparison runs Express in node)" >&2
    exit 1
  fi
done
out=$(mktemp -d /tmp/fw-e2e-smoke.XXXXXX)
trap 'rm -rf "$out"' EXIT
# Seven free ports of its own, so that a full run elsewhere on the machine
# does not collide.
free() { for i in 0 1 2 3 4 5 6; do if (exec 3<>"/dev/tcp/127.0.0.1/$(($1 + i))") 2>/dev/null; then return 1; fi; done; }
# A port found free can still be taken by another process before the
# server binds it (other test suites run beside this one): such a run is
# retried on new ports, up to three times; any other failure fails.
for attempt in 1 2 3; do
  port=$((20000 + RANDOM % 20000))
  for _ in $(seq 20); do free "$port" && break; port=$((20000 + RANDOM % 20000)); done
  if OUT=$out RESULTS=$out/RESULTS.md SVG=$out/chart.svg QUICK=1 ROUNDS=1 SECS=300ms WARMUP=0 RT=0 PORT=$port \
    bench/e2e/run.sh 2>"$out/run.log"; then
    break
  fi
  if [ "$attempt" = 3 ] || ! grep -q 'address already in use' "$out/run.log"; then
    cat "$out/run.log" >&2
    exit 1
  fi
  echo "e2e-smoke: a port was taken meanwhile (attempt $attempt); retrying on others" >&2
done

fail() { echo "e2e-smoke: $*" >&2; cat "$out/run.log" >&2; exit 1; }
grep -q '<!-- e2e:generated:end -->' "$out/RESULTS.md" || fail "no e2e section written"
for s in fasthttp fast fiber gin echo nethttp express; do
  [ "$(grep -c "^| $s | " "$out/RESULTS.md")" = 3 ] || fail "$s lacks a row in a table (two routes and the wire check)"
done
grep -q '</svg>' "$out/chart.svg" || fail "no chart written"
echo "e2e-smoke: 7 servers built, checked and measured; report and chart written"
