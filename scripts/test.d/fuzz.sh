#!/usr/bin/env bash
# Runs every fuzz target of the body-parsing packages for a short time
# each (FUZZTIME, default 5s), so that CI proves they find no crash on top
# of their seed corpora (which go test runs anyway). A crash fails the run;
# go test writes the input under the package's testdata/fuzz/ to replay it.
# Packages: parsers/ (the body parsers, qs, charsets, JSON) and fast/ (the
# middleware over them, with streamed bodies). About a minute in all, with compilation.
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
