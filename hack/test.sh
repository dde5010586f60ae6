#!/usr/bin/env bash
# `make test`: every tier, in order of cost. Starts the test bed when it is not running,
# reuses it when it is, and stops only what it started.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
results="$root/.cache/test-results"
rm -rf "$results" && mkdir -p "$results"
started_testbed=0
operator_port=${NIMBUS_TEST_OPERATOR_PORT:-18080}
step() { printf '\n==> %s\n' "$*" >&2; }

cleanup() {
  hack/operator.sh stop test "$operator_port" || true
  if [ "$started_testbed" = 1 ]; then step "stopping the test bed this run started"; hack/testbed/down.sh || true; fi
}
trap cleanup EXIT

step "toolchain, dependencies and build"
make --no-print-directory deps build

step "lint: types, eslint, prettier, CRD drift"
make --no-print-directory lint

vitest_json() { echo "--reporter=default --reporter=json --outputFile.json=$results/$1.json"; }

step "unit tests: api contract"
# shellcheck disable=SC2046
npm run --silent test:unit -w api -- $(vitest_json unit-api)
step "unit tests: operator"
# shellcheck disable=SC2046
npm run --silent test:unit -w operator -- $(vitest_json unit-operator)
step "unit tests: console"
# shellcheck disable=SC2046
npm run --silent test:unit -w console -- $(vitest_json unit-console)

step "test bed"
if hack/testbed/status.sh >/dev/null 2>&1; then
  echo "[test] reusing the running test bed" >&2
else
  started_testbed=1
  hack/testbed/up.sh
fi
hack/install-crds.sh

step "helm chart: lint and server-side dry run against the hub"
NIMBUS_CHART_TEST_ARGS="$(vitest_json chart)" hack/helm-check.sh

step "operator under test on 127.0.0.1:$operator_port"
# Exported, so the index resilience test restarts the same operator with the same settings.
# MFA on: the end-to-end flow binds a TOTP authenticator.
# A 2 s probe: the blackhole test waits for a stopped member to be marked NotReady.
export NIMBUS_MFA_ENABLED=true NIMBUS_CLUSTER_PROBE_INTERVAL_MS=2000
# Every test file registers users from 127.0.0.1, run after run against the same hub.
export NIMBUS_REGISTRATIONS_PER_ADDRESS=100000
export NIMBUS_TEST_OPERATOR_NAME=test NIMBUS_TEST_OPERATOR_PORT="$operator_port"
hack/operator.sh start test "$operator_port"

export NIMBUS_URL="http://127.0.0.1:$operator_port"
export NIMBUS_OPERATOR_LOG="$root/.cache/operator/test/operator.log"
export NIMBUS_HUB_KUBECONFIG="$root/.cache/testbed/nimbus-hub.kubeconfig"
export NIMBUS_MEMBER_KUBECONFIGS="$root/.cache/testbed/member-a.kubeconfig,$root/.cache/testbed/member-b.kubeconfig"
export NIMBUS_TESTBED_BIN
NIMBUS_TESTBED_BIN=$(hack/testbed/build.sh)

step "operator tests that end in the test bed's API servers"
# shellcheck disable=SC2046
npm run --silent test:testbed -w operator -- $(vitest_json testbed-operator)

step "integration tests against the test bed"
# shellcheck disable=SC2046
npm run --silent test:integration -w tests -- $(vitest_json integration)

step "end-to-end tests in Chromium"
# shellcheck disable=SC2046
npm run --silent test:e2e -w tests -- $(vitest_json e2e)

step "summary"
node hack/test-summary.mjs "$results"
