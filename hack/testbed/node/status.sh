#!/usr/bin/env bash
# Exits 0 when this checkout's real nodes run and are Ready; 2 when another checkout owns them.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
if [ -f "$owner_file" ] && [ "$(cat "$owner_file")" != "$repo_root" ]; then
  echo "real nodes: owned by $(cat "$owner_file") (one set per machine)"
  exit 2
fi
kubectl="$("$testbed_dir/build.sh" --print-only)/kubectl"
status=0
for cluster in "${node_clusters[@]}"; do
  node=$(node_name_of "$cluster")
  ready=$("$kubectl" --kubeconfig "$(kubeconfig_of "$cluster")" --request-timeout=3s get node "$node" \
    -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null || true)
  if [ "$ready" = True ] && running "kubelet-$cluster" && running "containerd-$cluster"; then
    echo "$node: ready"
  else
    echo "$node: down"; status=1
  fi
done
if running kube-proxy && curl -fsS --max-time 2 http://127.0.0.1:10256/healthz >/dev/null 2>&1; then
  echo "kube-proxy: ready"
else
  echo "kube-proxy: down"; status=1
fi
exit "$status"
