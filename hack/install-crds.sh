#!/usr/bin/env bash
# Applies the Nimbus CRDs to the test-bed hub (server-side apply) and waits until established.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$("$root/hack/testbed/build.sh")
kc="$root/.cache/testbed/nimbus-hub.kubeconfig"
[ -f "$kc" ] || { echo "[crds] hub is not running: run make testbed-up" >&2; exit 1; }
echo "[crds] applying crds/ to the hub" >&2
"$bin/kubectl" --kubeconfig "$kc" apply --server-side --field-manager=nimbus --force-conflicts -f "$root/crds/" >/dev/null
"$bin/kubectl" --kubeconfig "$kc" wait --for=condition=Established crd -l app.kubernetes.io/part-of=nimbus --timeout=60s >/dev/null 2>&1 ||
  "$bin/kubectl" --kubeconfig "$kc" wait --for=condition=Established -f "$root/crds/" --timeout=60s >/dev/null
echo "[crds] established" >&2
