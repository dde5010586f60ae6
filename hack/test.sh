#!/usr/bin/env bash
# `make test`: every tier, in order of cost. Starts the test bed when it is not running,
# reuses it when it is, and stops only what it started.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
results="$root/.cache/test-results"
rm -rf "$results" && mkdir -p "$results"
started_testbed=0
started_nodes=0
nodes_were_up=0
started_registry=0
started_otelcol=0
operator_port=${NIMBUS_TEST_OPERATOR_PORT:-18080}
# Everything the run prints also goes to run.log, through one tee (stderr joins stdout, so the
# log keeps their order), for the summary to show the last lines of a step that failed. The
# tee ignores INT and TERM: a stopped run still prints its teardown and its summary.
exec > >(trap '' INT TERM && exec tee -a "$results/run.log") 2>&1
tee_pid=$!
# Waits (5 s at most) until run.log holds a line: the tee has written everything before it.
logged() {
  local tries=0
  until grep -qxF -- "$1" "$results/run.log" 2>/dev/null || [ $((tries++)) -ge 50 ]; do sleep 0.1; done
}
# Closes the shell's end of the tee and waits (5 s at most) until the tee has written the rest,
# so the summary is the last thing the run prints.
close_log() {
  exec >&- 2>&-
  local tries=0
  while kill -0 "$tee_pid" 2>/dev/null && [ $((tries++)) -lt 50 ]; do sleep 0.1; done
}
# announce prints a step's header (the summary finds a step's output in run.log by it); step
# also records it as the step the run is at.
announce() { printf '\n==> %s\n' "$*" >&2; }
step() {
  announce "$@"
  printf '%s\n' "$*" >"$results/step"
}

# Heavy background jobs: start_background and wait_background.
# shellcheck source=hack/background-jobs.sh
source "$root/hack/background-jobs.sh"

# On every exit: stop what the run started, then print the summary (hack/test-summary.mjs)
# last, because CI keeps only the tail of the output: a failed run ends with the step it
# stopped at, the tests that failed or the step's last lines, a failed teardown, and the
# closing line `N passed, M failed`.
cleanup() {
  local status=$? name teardown=''
  [ "$status" = 0 ] || cp "$results/step" "$results/failed-step" 2>/dev/null || true
  # A header of its own ends the last step's output in run.log.
  announce "stopping what this run started"
  for name in "${!background_pid[@]}"; do kill -TERM -- "-${background_pid[$name]}" 2>/dev/null || true; done
  hack/operator.sh stop test "$operator_port" || true
  # Stopping the real nodes ends with a check that the machine is as before they started
  # (hack/testbed/node/host-state.sh): a difference fails the run.
  if [ "$started_testbed" = 1 ]; then
    announce "stopping the test bed this run started"
    hack/testbed/down.sh || {
      teardown="stopping the test bed this run started"
      echo "[test] make down did not leave the machine as it found it" >&2
    }
  elif [ "$started_nodes" = 1 ]; then
    announce "stopping the real nodes this run started"
    hack/testbed/node/down.sh || {
      teardown="stopping the real nodes this run started"
      echo "[test] the real nodes did not leave the machine as they found it" >&2
    }
  fi
  # The registry runs in its own session, which no job's process group takes with it: a run
  # that fails before the test bed starts would leave it serving.
  if [ "$started_testbed" = 0 ] && [ "$started_registry" = 1 ]; then hack/testbed/registry.sh stop || true; fi
  if [ "$started_testbed" = 0 ] && [ "$started_otelcol" = 1 ]; then hack/testbed/otelcol.sh stop || true; fi
  if [ -n "$teardown" ]; then
    printf '%s\n' "$teardown" >"$results/failed-teardown"
    [ "$status" != 0 ] || status=1
  fi
  name=summary
  [ "$status" = 0 ] || name="what failed"
  announce "$name"
  logged "==> $name"
  if command -v node >/dev/null; then
    node hack/test-summary.mjs "$results" || [ "$status" != 0 ] || status=1
  else
    # No Node.js yet (the toolchain step failed): the step and its last lines.
    echo "failed step: $(cat "$results/failed-step")"
    tail -25 "$results/run.log" || true
    echo "0 passed, 0 failed (stopped at $(cat "$results/failed-step"))"
  fi
  close_log
  exit "$status"
}
trap cleanup EXIT
# Stopped by a signal, the run still fails and says where it stopped.
trap 'exit 130' INT
trap 'exit 143' TERM

step "toolchain, dependencies and build"
make --no-print-directory deps build
# The install tier needs the real nodes (kubelet, containerd, iptables): root only.
[ "$(id -u)" -eq 0 ] || { echo "[test] the install tier needs root (real nodes); run make test as root" >&2; exit 1; }
# Cold, these take most of a run (docs/testbed.md "Measured times"): the control plane's
# binaries and the Nimbus image (pushed to the registry, which needs no cluster). The real
# node's binaries follow the control plane's (they share its Go build cache); only the install
# tier needs them.
start_background control-plane "hack/testbed/build.sh"
hack/testbed/registry.sh status >/dev/null 2>&1 || started_registry=1
# The release (image and chart, pushed to the test bed's registry) the install tier installs.
# The registry itself runs at normal priority: tests pull from it while the release builds.
hack/testbed/registry.sh start
start_background release "hack/release.sh >'$background/release.env'"

vitest_json() { echo "--reporter=default --reporter=json --outputFile.json=$results/$1.json"; }

# Lint and the unit tests need no test bed and keep both cores busy; the tiers that wait on the
# test bed's servers leave much of them idle. So they run in the background beside those, a little
# below them in priority (the waits of the tests beside them stay as they were), and their output
# is printed when they end (docs/testing.md "Where the time goes"): lint and the api, tooling and
# operator unit tests beside the test bed's start and the integration and fuzz tiers (and the
# start of the end-to-end tier when they outlast fuzz), the console's beside the install tier,
# whose pods leave both cores mostly idle. Lint goes last: what runs into the end-to-end tier
# gets little CPU there, and lint has no deadlines, where some operator unit tests call loopback
# servers with sub-second ones.
announce "lint, api, tooling and operator unit tests: beside the test bed tiers (output when they end)"
start_background offline "hack/test-offline-tiers.sh '$results' offline api tooling operator lint" 10
# Prints the output of a background tier job and fails the run at the step it failed in (not as a
# failed background job: its test failures are in its vitest reports). Every tier job keeps the
# step it is at in `$results/<name>-step`; one whose log has no header of its own passes it.
wait_tier_job() { # name [header]
  local status=0 name=$1
  wait "${background_pid[$name]}" || status=$?
  unset "background_pid[$name]"
  [ -z "${2:-}" ] || announce "$2"
  cat "$background/$name.log"
  if [ "$status" != 0 ]; then
    cp "$results/$name-step" "$results/step" 2>/dev/null || true
    echo "[test] $(cat "$results/step") failed (output above, log $background/$name.log)" >&2
    exit 1
  fi
}

step "test bed"
wait_background control-plane
start_background node-binaries "hack/testbed/build.sh --node"
# The tracing test's OTLP receiver (an OpenTelemetry Collector), needed from the integration tier.
start_background otelcol "hack/testbed/build.sh --otelcol"
if NIMBUS_TESTBED_NODE=0 hack/testbed/status.sh >/dev/null 2>&1; then
  echo "[test] reusing the running test bed" >&2
  # A bed from `make up` has the real nodes joined to the hub and member-a, and the tiers before
  # the install tier count member-a's nodes (integration/cost.test.ts): they run on the simulated
  # nodes alone, as on a fresh bed. The install tier starts the real nodes again, and they stay.
  if hack/testbed/node/status.sh >/dev/null 2>&1; then
    echo "[test] stopping the real nodes until the install tier" >&2
    hack/testbed/node/down.sh
    nodes_were_up=1
  fi
else
  started_testbed=1
  NIMBUS_TESTBED_NODE=0 hack/testbed/up.sh
fi
hack/install-crds.sh

step "helm chart: lint and server-side dry run against the hub"
NIMBUS_CHART_TEST_ARGS="$(vitest_json chart)" hack/helm-check.sh

wait_background otelcol
hack/testbed/otelcol.sh status >/dev/null 2>&1 || started_otelcol=1
hack/testbed/otelcol.sh start

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

# The integration files wait on the operator and the member API servers far more than they
# compute, so they run in two lanes side by side (tests/integration/lanes.ts): side-b in the
# background, side-a here; then the files that change the whole test bed, alone.
side_b_step="integration tests against the test bed: side-b"
printf '%s\n' "$side_b_step" >"$results/integration-side-b-step"
start_background integration-side-b \
  "npm run --silent test:integration -w tests -- --project side-b $(vitest_json integration-side-b)" 0
side_a_step="integration tests against the test bed: side-a, side-b beside it (output when it ends)"
step "$side_a_step"
side_a=0
# shellcheck disable=SC2046
npm run --silent test:integration -w tests -- --project side-a $(vitest_json integration-side-a) || side_a=$?
wait_tier_job integration-side-b "$side_b_step"
# side-b's header and output came after side-a's: the run failed at side-a's step.
if [ "$side_a" != 0 ]; then
  printf '%s\n' "$side_a_step" >"$results/step"
  exit "$side_a"
fi
step "integration tests against the test bed: the files that need it alone"
# shellcheck disable=SC2046
npm run --silent test:integration -w tests -- --project alone $(vitest_json integration-alone)

step "fuzz: every endpoint of the OpenAPI document with generated bad input (docs/fuzz.md)"
# shellcheck disable=SC2046
npm run --silent test:fuzz -w tests -- $(vitest_json fuzz)

step "end-to-end tests in Chromium"
# The offline lane's last tier may still run here, one step below in priority: it takes what the
# browsers leave idle (docs/testing.md "How `make test` is laid out").
# shellcheck disable=SC2046
npm run --silent test:e2e -w tests -- $(vitest_json e2e)

# The install tier waits on pods far more than it computes: the console's unit tests run beside it,
# and so does the end of the offline lane (lint) when it outlasts the end-to-end tier, rather than
# the install tier waiting for it (docs/testing.md "How `make test` is laid out").
announce "console unit tests: beside the install tier (output when they end)"
start_background console-unit "hack/test-offline-tiers.sh '$results' console-unit console" 10
step "install: helm install on the real node, two replicas sharing state, upgrade, helm test, uninstall"
# The release's pods take the leader Lease: the local operator under test must not compete.
hack/operator.sh stop test "$operator_port"
wait_background node-binaries
[ "$nodes_were_up" = 1 ] || hack/testbed/node/status.sh >/dev/null 2>&1 || started_nodes=1
NIMBUS_TESTBED_NODE=1 hack/testbed/up.sh
wait_background release
set -a && source "$background/release.env" && set +a
eval "$(hack/install-tier-env.sh)"
# shellcheck disable=SC2046
npm run --silent test:install -w tests -- $(vitest_json install)

step "lint, api, tooling and operator unit tests: waiting for them to end"
wait_tier_job offline
step "console unit tests: waiting for them to end"
wait_tier_job console-unit

# The summary follows the teardown, in cleanup.
