#!/usr/bin/env bash
# The CPU-bound tiers of `make test` that need no test bed: lint and the unit tests. hack/test.sh
# runs them in the background beside the tiers that wait on the test bed and leave a core idle
# (docs/testing.md "Where the time goes"), and prints their output when they end. Each tier
# starts with its `==> <step>` header, as in hack/test.sh, and the step it is at is in
# <results>/<lane>-step, so a failure names its step.
# Usage: hack/test-offline-tiers.sh <results dir> <lane> <tier>... (tiers: api tooling lint
# operator console, run in the order given)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
results=${1:?results directory}
lane=${2:?lane name}
shift 2

step() {
  printf '\n==> %s\n' "$*"
  printf '%s\n' "$*" >"$results/$lane-step"
}
# One tier: lint, or a workspace's vitest script with its JSON report named after the tier.
run_tier() { # tier
  case $1 in
    lint)
      step "lint: types, eslint, prettier, CRD drift"
      make --no-print-directory lint
      return ;;
    api) set -- "unit tests: api contract" test:unit api unit-api ;;
    tooling) set -- "unit tests: test tooling" test:tooling tests unit-tooling ;;
    operator) set -- "unit tests: operator" test:unit operator unit-operator ;;
    console) set -- "unit tests: console" test:unit console unit-console ;;
    *)
      echo "test-offline-tiers: unknown tier $1" >&2
      exit 2 ;;
  esac
  step "$1"
  npm run --silent "$2" -w "$3" -- --reporter=default --reporter=json --outputFile.json="$results/$4.json"
}

for tier in "$@"; do run_tier "$tier"; done

rm -f "$results/$lane-step"
