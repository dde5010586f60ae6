#!/usr/bin/env bash
# Stops the real nodes this checkout started and undoes everything they changed: kube-proxy and
# the kubelets in order here, the rest with clear.sh (containers, shims, mounts, cgroups, bridges,
# the node address, iptables chains, sysctls, state directories). Ends with host-state.sh check,
# which fails if the machine differs from before the nodes first started.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

if [ -f "$owner_file" ] && [ "$(cat "$owner_file")" != "$repo_root" ]; then
  log "node: the real nodes belong to $(cat "$owner_file"); leaving them"
  exit 0
fi
# Nodes this checkout did not start (none, or killed ones another's up.sh clears) are not its to
# stop; the snapshot is the machine's, and may be kept from another checkout's failed check.
if [ ! -f "$owner_file" ]; then
  [ -z "$("$node_dir/host-state.sh" processes)" ] || die "node: node processes run but no checkout owns them ($owner_file is gone)"
  exit 0
fi
[ "$(id -u)" -eq 0 ] || die "stopping the real nodes needs root"
bin=$("$testbed_dir/build.sh" --print-node)
export PATH="$bin:$PATH"

# kube-proxy first, then its rules; the kubelets next so they restart nothing.
stop_process kube-proxy
[ -x "$bin/kube-proxy" ] && "$bin/kube-proxy" --cleanup >"$node_conf/logs/kube-proxy-cleanup.log" 2>&1 || true
for cluster in "${node_clusters[@]}"; do stop_process "kubelet-$cluster" 30; done

# The Node objects go too (the clusters may stay up): their pods are then garbage-collected.
kubectl_bin="$("$testbed_dir/build.sh" --print-only)/kubectl"
for cluster in "${node_clusters[@]}"; do
  "$kubectl_bin" --kubeconfig "$(kubeconfig_of "$cluster")" --request-timeout=5s delete node \
    "$(node_name_of "$cluster")" --ignore-not-found --wait=false >/dev/null 2>&1 || true
done

# The rest, whatever started it: containers, containerd, shims, relays, mounts, cgroups, bridges,
# the node address, directories, iptables and sysctls.
"$node_dir/clear.sh"
rm -rf "$node_conf/pids"

if "$node_dir/host-state.sh" check; then
  "$node_dir/host-state.sh" forget
else
  die "node: the machine is not as it was before the nodes started (snapshot kept in $host_before)"
fi
