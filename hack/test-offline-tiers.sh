#!/usr/bin/env bash
# The CPU-bound tiers of `make test` that need no test bed: lint, the operator's and the console's
# unit tests. hack/test.sh runs this beside the integration and fuzz tiers, which leave about half
# of the two cores idle (docs/testing.md "Where the time goes"), and prints its output when it
# ends. Each tier starts with its `==> <step>` header, as in hack/test.sh, and the step it is at
# is in <results>/offline-step, so a failure names its step.
# Usage: hack/test-offline-tiers.sh <results dir>
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
results=${1:?results directory}

step() {
  printf '\n==> %s\n' "$*"
  printf '%s\n' "$*" >"$results/offline-step"
}
vitest_json() { echo "--reporter=default --reporter=json --outputFile.json=$results/$1.json"; }

step "lint: types, eslint, prettier, CRD drift"
make --no-print-directory lint

step "unit tests: operator"
# shellcheck disable=SC2046
npm run --silent test:unit -w operator -- $(vitest_json unit-operator)

step "unit tests: console"
# shellcheck disable=SC2046
npm run --silent test:unit -w console -- $(vitest_json unit-console)

rm -f "$results/offline-step"
