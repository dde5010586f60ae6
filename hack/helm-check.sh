#!/usr/bin/env bash
# Lints the chart and installs it with a server-side dry run against the test-bed hub, with the
# defaults and with a real install's values (ingress + TLS, NetworkPolicy, extra CAs, 2 replicas);
# then tests/chart checks the rendered objects and dry-runs them, the helm test Pod included.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$("$root/hack/testbed/build.sh")
kc="$root/.cache/testbed/nimbus-hub.kubeconfig"
real_install="$root/tests/chart/real-install.values.yaml"
mkdir -p "$root/.cache/helm"
export HELM_CACHE_HOME="$root/.cache/helm/cache" HELM_CONFIG_HOME="$root/.cache/helm/config" HELM_DATA_HOME="$root/.cache/helm/data"
"$bin/helm" lint "$root/charts/nimbus"
"$bin/helm" lint "$root/charts/nimbus" --values "$real_install"
"$bin/kubectl" --kubeconfig "$kc" create namespace nimbus-system --dry-run=client -o yaml |
  "$bin/kubectl" --kubeconfig "$kc" apply -f - >/dev/null
"$bin/helm" --kubeconfig "$kc" install nimbus "$root/charts/nimbus" --namespace nimbus-system \
  --dry-run=server --skip-crds >"$root/.cache/helm/dry-run.yaml"
echo "[helm] server-side dry run rendered $(grep -c '^kind:' "$root/.cache/helm/dry-run.yaml") objects" >&2
"$bin/helm" --kubeconfig "$kc" install nimbus "$root/charts/nimbus" --namespace nimbus-system \
  --dry-run=server --skip-crds --values "$real_install" >"$root/.cache/helm/dry-run-real-install.yaml"
echo "[helm] real-install dry run rendered $(grep -c '^kind:' "$root/.cache/helm/dry-run-real-install.yaml") objects" >&2
NIMBUS_TESTBED_BIN="$bin" NIMBUS_HUB_KUBECONFIG="$kc" \
  npm run --silent test:chart -w tests -- ${NIMBUS_CHART_TEST_ARGS:-}
