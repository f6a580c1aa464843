#!/usr/bin/env bash
# Runs the fuzz targets of the static file leaf (static/: path resolution
# never leaves the root, its shortcuts agree with Node's path.normalize)
# for a short time each (FUZZTIME, default 5s), as fuzz.sh does for the
# body parsers; fast's FuzzStaticStaysInRoot (the same property over HTTP,
# through fast.Static and SendFile) runs with fuzz.sh's ./fast targets. A
# crash fails the run; go test writes the input under
# static/testdata/fuzz/ to replay it.
set -euo pipefail
cd "$(dirname "$0")/../.."

FUZZTIME=${FUZZTIME:-5s}
for t in $(go test -list '^Fuzz' ./static | grep '^Fuzz' || true); do
  echo "fuzz ./static $t ($FUZZTIME)"
  go test -run '^$' -fuzz "^${t}\$" -fuzztime "$FUZZTIME" -parallel 2 ./static 2>&1 | tail -3
done
