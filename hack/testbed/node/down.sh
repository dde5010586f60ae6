#!/usr/bin/env bash
# Stops the real nodes this checkout started and undoes everything they changed: containers,
# shims, mounts, cgroups, bridges, the node address, iptables chains, sysctls, state directories.
# Ends with host-state.sh check, which fails if the machine differs from before the nodes started.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

if [ -f "$owner_file" ] && [ "$(cat "$owner_file")" != "$repo_root" ]; then
  log "node: the real nodes belong to $(cat "$owner_file"); leaving them"
  exit 0
fi
if [ ! -s "$host_before/sysctl.txt" ]; then
  [ -z "$("$node_dir/host-state.sh" processes)" ] || die "node: node processes run but this checkout has no host snapshot"
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

# Containers: killed and deleted with runc itself (this also removes their cgroups), then
# containerd, then any shim left (shims outlive containerd by design).
for cluster in "${node_clusters[@]}"; do
  runc_root="$(run_of "$cluster")/runc/k8s.io"
  if [ -d "$runc_root" ]; then
    for id in $(runc --root "$runc_root" list -q 2>/dev/null); do
      runc --root "$runc_root" delete --force "$id" >/dev/null 2>&1 || log "node: runc could not delete $id"
    done
  fi
  stop_process "containerd-$cluster" 30
done
for cluster in "$hub_cluster" "${member_clusters[@]}"; do stop_process "relay-$cluster" 5; done
leftover=$("$node_dir/host-state.sh" processes | awk '{print $1}')
if [ -n "$leftover" ]; then
  log "node: stopping what is left (runc shims outlive containerd): $(echo $leftover)"
  # shellcheck disable=SC2086 # one pid per word
  kill -TERM $leftover 2>/dev/null || true
  sleep 2
  # shellcheck disable=SC2086
  kill -KILL $leftover 2>/dev/null || true
fi

# Mounts under the node roots (rootfs overlays, shm, netns, secret and token tmpfs), deepest first.
for root in "$node_run" "$node_var"; do
  awk -v r="$root" '$5 == r || index($5, r "/") == 1 {print $5}' /proc/self/mountinfo | sort -r | while read -r m; do
    umount "$m" 2>/dev/null || umount -l "$m" || log "node: cannot unmount $m"
  done
done

# cgroups: children before parents, in every hierarchy.
for cluster in "${node_clusters[@]}"; do
  for hierarchy in $(cgroup_hierarchies); do
    dir="$hierarchy$(cgroup_root_of "$cluster")"
    [ -d "$dir" ] || continue
    find "$dir" -depth -type d -exec rmdir {} + 2>/dev/null || true
    [ -d "$dir" ] && log "node: cannot remove cgroup $dir"
  done
done

for cluster in "${node_clusters[@]}"; do
  ip link show "${node_bridge[$cluster]}" >/dev/null 2>&1 && ip link del "${node_bridge[$cluster]}"
done
ip -o addr show dev lo | grep -q " $node_host_ip/32 " && ip addr del "$node_host_ip/32" dev lo

# Directories the nodes created: their roots, and the fixed paths the kubelet, containerd and
# the CNI plugins use whatever they are told (absent before, present now).
rm -rf "$node_var" "$node_run"
for p in /var/log/containers /var/log/pods /run/containerd /var/lib/cni /run/netns /var/lib/kubelet; do
  if [ -e "$p" ] && ! grep -qx "$p" "$host_before/paths.txt"; then rm -rf "$p"; fi
done
"$node_dir/host-state.sh" restore
rm -rf "$node_conf/pids"

if "$node_dir/host-state.sh" check; then
  "$node_dir/host-state.sh" forget
else
  die "node: the machine is not as it was before the nodes started (snapshot kept in $host_before)"
fi
