#!/usr/bin/env bash
# Exits 0 when every test-bed cluster answers /readyz.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$("$testbed_dir/build.sh" --print-only)
[ -x "$bin/kubectl" ] || { echo "not built"; exit 1; }
"$testbed_dir/registry.sh" status
"$testbed_dir/secure-registry.sh" status
"$testbed_dir/oidc.sh" status
for name in "$hub_cluster" "${member_clusters[@]}"; do
  kc=$(kubeconfig_of "$name")
  if [ -f "$kc" ] && "$bin/kubectl" --kubeconfig "$kc" --request-timeout=3s get --raw /readyz >/dev/null 2>&1; then
    echo "$name: ready"
  else
    echo "$name: down"; exit 1
  fi
done
"$testbed_dir/monitoring.sh" status
"$testbed_dir/monitor-services.sh" status
# The real nodes: expected when this checkout starts them (NIMBUS_TESTBED_NODE, root).
if [ "${NIMBUS_TESTBED_NODE:-1}" = 1 ] && [ "$(id -u)" -eq 0 ]; then
  "$testbed_dir/node/status.sh"
fi
