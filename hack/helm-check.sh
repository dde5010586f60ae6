#!/usr/bin/env bash
# Lints the chart and installs it with a server-side dry run against the test-bed hub.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$("$root/hack/testbed/build.sh")
kc="$root/.cache/testbed/nimbus-hub.kubeconfig"
mkdir -p "$root/.cache/helm"
export HELM_CACHE_HOME="$root/.cache/helm/cache" HELM_CONFIG_HOME="$root/.cache/helm/config" HELM_DATA_HOME="$root/.cache/helm/data"
"$bin/helm" lint "$root/charts/nimbus"
"$bin/kubectl" --kubeconfig "$kc" create namespace nimbus-system --dry-run=client -o yaml |
  "$bin/kubectl" --kubeconfig "$kc" apply -f - >/dev/null
"$bin/helm" --kubeconfig "$kc" install nimbus "$root/charts/nimbus" --namespace nimbus-system \
  --dry-run=server --skip-crds >"$root/.cache/helm/dry-run.yaml"
echo "[helm] server-side dry run rendered $(grep -c '^kind:' "$root/.cache/helm/dry-run.yaml") objects" >&2
