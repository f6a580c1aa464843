#!/usr/bin/env bash
# The project's full test run: what CI runs and what the README tells a new
# user to run. Every step must pass; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './node_modules/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

step "go vet"
go vet ./...

step "go test -race"
go test -race -count=1 ./...

step "go test -tags fwpoison (pooled memory overwritten when a request ends)"
go test -tags fwpoison -count=1 ./...

if [ -f bench/go.mod ]; then
  step "bench module: vet and allocation tests"
  (cd bench && go vet ./... && go test -count=1 ./...)
fi

for hook in scripts/test.d/*.sh; do
  [ -e "$hook" ] || continue
  step "$hook"
  bash "$hook"
done

step "all tests passed"
