#!/usr/bin/env bash
# Runs every fuzz target of the body-parsing packages for a short time
# each (FUZZTIME, default 5s), so that CI proves they find no crash on top
# of their seed corpora (which go test runs anyway). A crash fails the run;
# go test writes the input under the package's testdata/fuzz/ to replay it.
# Packages: parsers/ (FuzzParseJSON, FuzzQS, FuzzCharset: the JSON path,
# urlencoded/qs, content-type and charset; FuzzBodyParsers) and fast/
# (FuzzBodyRequest: the middleware over them with streamed bodies, and
# every other fast target, FuzzRawRequest included). 12 targets at 5s
# each: about 1.5 minutes with compilation; fuzz-static.sh and
# fuzz-leaves.sh bring CI's fuzzing to about 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."

FUZZTIME=${FUZZTIME:-5s}
for pkg in ./parsers ./fast; do
  targets=$(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true)
  for t in $targets; do
    echo "fuzz $pkg $t ($FUZZTIME)"
    go test -run '^$' -fuzz "^${t}\$" -fuzztime "$FUZZTIME" -parallel 2 "$pkg" 2>&1 | tail -3
  done
done
