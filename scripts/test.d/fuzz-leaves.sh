#!/usr/bin/env bash
# Runs every fuzz target that fuzz.sh (parsers/, fast/) and fuzz-static.sh
# (static/) do not: the request-input parsers under internal/ (cookies and
# signed cookies, Range, Accept-*, Content-Type, Content-Disposition,
# X-Forwarded-For, ETag and dates, URI decoding), router/, adaptor/ and
# middleware/ (basic auth, cookie sessions, csrf tokens, multipart, forms),
# briefly each (FUZZTIME, default 2s; with the other two scripts CI fuzzes
# for about three minutes). A crash fails the run; go test writes the input
# under the package's testdata/fuzz/ to replay it.
set -euo pipefail
cd "$(dirname "$0")/../.."

FUZZTIME=${FUZZTIME:-2s}
for pkg in $(go list ./internal/... ./router/... ./adaptor/... ./middleware/...); do
  targets=$(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true)
  for t in $targets; do
    echo "fuzz $pkg $t ($FUZZTIME)"
    go test -run '^$' -fuzz "^${t}\$" -fuzztime "$FUZZTIME" -parallel 2 "$pkg" 2>&1 | tail -3
  done
done
