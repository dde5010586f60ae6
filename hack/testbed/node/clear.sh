#!/usr/bin/env bash
# Removes everything real nodes leave on this machine, whichever checkout started them and
# without their pid files: containers, containerd, shims, the pods' processes, relays, mounts,
# cgroups, bridges, the node address, iptables/nftables rules, sysctls and state directories.
# down.sh runs it after stopping kube-proxy and the kubelets in order; up.sh runs it before
# starting when no kubelet or containerd runs but a killed run left nodes behind
# (docs/testbed.md "A killed run").
set -euo pipefail
source "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || die "clearing the real nodes needs root"
bin=$("$testbed_dir/build.sh" --print-node)
export PATH="$bin:$PATH"

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
# What no pid file of this checkout names: another checkout's daemons, shims, relays and the
# pods' own processes (found by binary, by the node roots in their command line, by cgroup).
leftover=$("$node_dir/host-state.sh" processes | awk '{print $1}')
if [ -n "$leftover" ]; then
  log "node: stopping what is left: $(echo $leftover)"
  # shellcheck disable=SC2086 # one pid per word
  kill -TERM $leftover 2>/dev/null || true
  for _ in $(seq 20); do
    [ -z "$("$node_dir/host-state.sh" processes)" ] && break
    sleep 0.1
  done
  leftover=$("$node_dir/host-state.sh" processes | awk '{print $1}')
  # shellcheck disable=SC2086
  [ -z "$leftover" ] || kill -KILL $leftover 2>/dev/null || true
  for _ in $(seq 50); do
    [ -z "$("$node_dir/host-state.sh" processes)" ] && break
    sleep 0.1
  done
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

# The pods' veth ends go with their network namespaces, but the kernel frees a namespace later,
# on its own: deleted here, they are gone before the machine is compared with its snapshot.
for cluster in "${node_clusters[@]}"; do
  bridge=${node_bridge[$cluster]}
  ip link show "$bridge" >/dev/null 2>&1 || continue
  for link in $(ip -o link show master "$bridge" | awk -F': ' '{print $2}' | sed 's/@.*//'); do
    ip link del "$link" 2>/dev/null || true
  done
  ip link del "$bridge"
done
if has_node_address; then ip addr del "$node_host_ip/32" dev lo; fi

# Directories the nodes created: their roots, and the fixed paths the kubelet, containerd and
# the CNI plugins use whatever they are told (absent before, present now).
rm -rf "$node_var" "$node_run"
# (Without a snapshot nobody knows which of them were there before.)
if [ -s "$host_before/sysctl.txt" ]; then
  for p in /var/log/containers /var/log/pods /run/containerd /var/lib/cni /run/netns /var/lib/kubelet; do
    if [ -e "$p" ] && ! grep -qx "$p" "$host_before/paths.txt"; then rm -rf "$p"; fi
  done
fi
"$node_dir/host-state.sh" restore
