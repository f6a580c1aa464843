#!/usr/bin/env bash
# Live conformance run: installs the pinned Express (conformance/js, npm ci),
# then compares every scenario of fast with Express running in node, checks
# that the committed goldens still match live Express, and prints the
# coverage of Express's test map. Fails on any difference that is not on the
# pending or divergence list, and on a listed case that now matches.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "conformance: node and npm are required (the live run starts Express)" >&2
  exit 1
fi
(cd conformance/js && npm ci --no-audit --no-fund --loglevel=error)
go run ./conformance/cmd/conformance -live
go run ./conformance/cmd/conformance -coverage
